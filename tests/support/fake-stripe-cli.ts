import { startFakeStripe } from './fake-stripe.ts';

// The fake Stripe as a process of its own, for the browser tests: Playwright's webServer starts it next to
// the shop, which reaches it through the Stripe SDK as it would Stripe, and the browser is sent to its payment
// page. Tests drive it over HTTP under /__control/ (no authentication):
//   GET  /__control/sessions                 every session, oldest first
//   GET  /__control/sessions/:id             one session
//   POST /__control/sessions/:id/pay         the customer pays: checkout.session.completed
//   POST /__control/sessions/:id/fail-async  a delayed payment fails: checkout.session.completed (unpaid), then .async_payment_failed
//   POST /__control/sessions/:id/expire      the session runs out: checkout.session.expired
//        (the three take an optional JSON body { "deliverWebhook": false } and answer once the webhooks are delivered)
//   GET  /__control/events, /__control/deliveries
//   POST /__control/events/:id/redeliver
//   POST /__control/down                     { "down": true } answers every API call with 503 until { "down": false }
//
//   FAKE_STRIPE_PORT            (required) the port to listen on, on 127.0.0.1
//   FAKE_STRIPE_SECRET_KEY      the secret key it accepts (default 'sk_test_fake')
//   FAKE_STRIPE_WEBHOOK_SECRET  the secret webhooks are signed with (default 'whsec_fake')
//   FAKE_STRIPE_WEBHOOK_URL     the shop's webhook, e.g. http://127.0.0.1:3100/api/payment/webhook (none: events are not sent)
//   FAKE_STRIPE_PUBLIC_HOST     the host (optionally host:port) in the payment page links (default 127.0.0.1 and the port)

const portText = process.env.FAKE_STRIPE_PORT ?? '';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65_535) {
  console.error(`FAKE_STRIPE_PORT must be a port number, not "${portText}".`);
  process.exit(1);
}

const stripe = await startFakeStripe({
  port,
  secretKey: process.env.FAKE_STRIPE_SECRET_KEY || 'sk_test_fake',
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET || 'whsec_fake',
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || undefined,
  publicHost: process.env.FAKE_STRIPE_PUBLIC_HOST || undefined,
});
console.log(`fake Stripe listening on ${stripe.url}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stripe.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('fake Stripe: closing failed', error);
        process.exit(1);
      },
    );
  });
}
