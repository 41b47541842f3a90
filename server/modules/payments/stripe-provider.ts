import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import { InvalidWebhook, type PaymentEvent, type PaymentProvider, type SessionState } from './payment-provider.ts';

// Stripe Checkout through the official SDK. The SDK's host, port and protocol come from STRIPE_API_BASE
// when it is set (a local stand-in in tests); the webhook signature is checked by the SDK itself.
// The SDK is loaded only when Stripe is configured: it adds about 200 ms and 35 MB to a start.

function stateOf(session: Stripe.Checkout.Session): SessionState {
  const status = session.status;
  return {
    sessionId: session.id,
    status: status === 'complete' ? 'complete' : status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountCents: session.amount_total,
    currency: session.currency,
  };
}

const eventTypes: Partial<Record<string, PaymentEvent['type']>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const base = config.apiBase;
  const sdk = import('stripe').then(
    ({ default: StripeSdk }) =>
      new StripeSdk(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 15_000,
        telemetry: false,
        ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
      }),
  );
  const invalidRequest = import('stripe').then(({ default: StripeSdk }) => StripeSdk.errors.StripeInvalidRequestError);

  return {
    async createCheckout(request) {
      const stripe = await sdk;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.grossCents,
                product_data: { name: `${request.locale === 'en' ? 'Order' : 'Bestellung'} ${request.orderNumber}` },
              },
            },
          ],
          client_reference_id: String(request.orderId),
          metadata: { orderId: String(request.orderId), tenantId: String(request.tenantId), orderNumber: request.orderNumber },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          locale: request.locale === 'en' ? 'en' : 'de',
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      return { sessionId: session.id, url: session.url, expiresAt: new Date((session.expires_at ?? 0) * 1000) };
    },

    async retrieve(sessionId) {
      return stateOf(await (await sdk).checkout.sessions.retrieve(sessionId));
    },

    async expire(sessionId) {
      const stripe = await sdk;
      try {
        return stateOf(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // A session that is no longer open (paid, or expired already) cannot be expired: its state tells which.
        if (error instanceof (await invalidRequest)) return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
        throw error;
      }
    },

    async readWebhook(rawBody, signature) {
      const stripe = await sdk;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        throw new InvalidWebhook(error instanceof Error ? error.message : 'invalid signature');
      }
      const type = eventTypes[event.type];
      if (!type) return null;
      return { eventId: event.id, type, session: stateOf(event.data.object as Stripe.Checkout.Session) };
    },
  };
}
