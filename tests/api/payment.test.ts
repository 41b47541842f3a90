import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { orderableProduct, shippingAddressOf } from './buyer-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Online payment through Stripe Checkout (ADR 0011), against a local stand-in that speaks the
// few Stripe endpoints the shop uses and signs its webhooks like Stripe. The shop listens on a port so
// the stand-in's webhooks reach it over HTTP, verified by the SDK.

const secretKey = 'sk_test_shop';
const webhookSecret = 'whsec_shop';

let fake: FakeStripe;
let shop: TestShop;
let customer: ApiClient;
let customer2: ApiClient;
let addressId: number;
let methods: { invoice: number; stripe: number };
let guarded: { id: number; sku: string; price_cents: number };
let keySeq = 0;

const newKey = () => `pay-key-${process.pid}-${++keySeq}-${Date.now()}`;

const orderBody = (paymentMethodId = methods.stripe) => ({ orderType: 'order', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId, termsAccepted: true });

function post(client: ApiClient, url: string, body: unknown, key?: string) {
  return shop.app.inject({ method: 'POST', url, headers: { authorization: client.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload: body as object });
}

async function fillCart(quantity = 10) {
  const response = await customer.post('/api/basket', { items: [{ _id: guarded.id, sku: guarded.sku, orderType: 'order', quantity }] });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
}

async function stockOf(productId: number): Promise<number> {
  return (await shop.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
}

async function orderRow(orderId: number) {
  return shop.db.selectFrom('orders').select(['payment_status', 'status_id', 'paid_at', 'payment_method', 'gross_total_cents']).where('id', '=', orderId).executeTakeFirstOrThrow();
}

async function mailsOf(orderId: number): Promise<number> {
  const row = await shop.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Places a 10-unit order paid online; answers the order, its session and the stock before it. */
async function placeOnline() {
  await fillCart();
  const stockBefore = await stockOf(guarded.id);
  const response = await post(customer, '/api/payment/createOrder', orderBody(), newKey());
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json<{ orderId: number; orderNumber: string; redirectUrl: string }>();
  const sessionId = answer.redirectUrl.split('/pay/')[1]!;
  return { ...answer, sessionId, stockBefore };
}

/** How long an online order waits for its payment. */
const paymentTimeoutMinutes = 30;

async function makeOverdue(orderId: number) {
  await shop.db.updateTable('orders').set({ payment_due_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', orderId).execute();
}

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey, webhookSecret });
  shop = await startTestShop({ PAYMENT_TIMEOUT_MINUTES: String(paymentTimeoutMinutes), STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: fake.url, PUBLIC_URL: 'http://shop.test' });
  const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  fake.setWebhookUrl(`${address}/api/payment/webhook`);
  customer = await clientFor(shop, 'customer');
  customer2 = await clientFor(shop, 'customer2');
  addressId = await shippingAddressOf(shop.db, '10001');
  const methodId = async (code: string) => (await shop.db.selectFrom('payment_methods').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  methods = { invoice: await methodId('invoice'), stripe: await methodId('stripe') };
  guarded = await orderableProduct(shop.db, true);
  await shop.db.updateTable('products').set({ stock: 10_000 }).where('id', '=', guarded.id).execute();
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});
beforeEach(async () => {
  fake.setDown(false);
  await customer.post('/api/basket', { items: [] });
});

describe('the online payment method', () => {
  it('is offered where the provider is configured, and nowhere else', async () => {
    const offered = (await customer.get('/api/configuration')).body.paymentMethods.map((method: { code: string }) => method.code);
    expect(offered).toContain('stripe');
    const plain = await startTestShop();
    try {
      const client = await clientFor(plain, 'customer');
      expect((await client.get('/api/configuration')).body.paymentMethods.map((method: { code: string }) => method.code)).not.toContain('stripe');
      expect((await client.get('/api/lookup?lookupName=paymentType')).body.data.map((method: { code: string }) => method.code)).not.toContain('stripe');
      // Asked for anyway, it answers like an unknown method, and nothing is ordered.
      await client.post('/api/basket', { items: [{ _id: guarded.id, sku: guarded.sku, orderType: 'order', quantity: 10 }] });
      const refused = await plain.app.inject({ method: 'POST', url: '/api/payment/createOrder', headers: { authorization: client.auth, 'idempotency-key': newKey() }, payload: orderBody() });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().messageKey).toBe('checkout.payment_method.not_found');
    } finally {
      await plain.close();
    }
  });

  it('is placed through /api/payment/createOrder only, and that endpoint takes online methods only', async () => {
    await fillCart();
    const viaOrder = await post(customer, '/api/order/create', orderBody(methods.stripe), newKey());
    expect(viaOrder.statusCode).toBe(422);
    expect(viaOrder.json().messageKey).toBe('checkout.payment_method.online');
    const viaPayment = await post(customer, '/api/payment/createOrder', orderBody(methods.invoice), newKey());
    expect(viaPayment.statusCode).toBe(422);
    expect(viaPayment.json().messageKey).toBe('checkout.payment_method.on_account');
    expect((await customer.get('/api/basket')).body.items).toHaveLength(1);
  });
});

describe('POST /api/payment/createOrder', () => {
  it('places the order awaiting payment with its stock taken, and answers where to pay it', async () => {
    const placed = await placeOnline();
    expect(placed.orderNumber).toMatch(/^WEB-\d{6}$/);
    expect(placed.redirectUrl).toBe(`${fake.url}/pay/${placed.sessionId}`);
    expect(await stockOf(guarded.id)).toBe(placed.stockBefore - 10);
    expect((await customer.get('/api/basket')).body.items).toEqual([]);
    const order = (await customer.get(`/api/order/${placed.orderId}`)).body;
    expect(order.paymentStatus).toBe('awaiting');
    expect(Date.parse(order.paymentDueAt)).toBeGreaterThan(Date.now() + 29 * 60_000);
    // No confirmation before the payment.
    expect(await mailsOf(placed.orderId)).toBe(0);
    // The provider charges the order's gross total, and sends the buyer back to the shop's own address.
    const session = fake.session(placed.sessionId)!;
    expect(session.amount_total).toBe((await orderRow(placed.orderId)).gross_total_cents);
    expect(session.currency).toBe('eur');
    expect(session.metadata.orderId).toBe(String(placed.orderId));
    expect(session.success_url).toBe(`http://shop.test/thank-you?order=${placed.orderId}&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`http://shop.test/order-failed?order=${placed.orderId}`);
  });

  it('answers a repeated request with the same order and the same payment page', async () => {
    await fillCart();
    const key = newKey();
    const first = await post(customer, '/api/payment/createOrder', orderBody(), key);
    const sessions = fake.sessions().length;
    const again = await post(customer, '/api/payment/createOrder', orderBody(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(fake.sessions()).toHaveLength(sessions);
  });

  it('keeps the order when the provider is down, and the same request later brings the payment page', async () => {
    await fillCart();
    const key = newKey();
    fake.setDown(true);
    const down = await post(customer, '/api/payment/createOrder', orderBody(), key);
    expect(down.statusCode).toBe(503);
    expect(down.json().messageKey).toBe('payment.provider.unavailable');
    const { orderId } = down.json().details;
    expect((await orderRow(orderId)).payment_status).toBe('awaiting');
    fake.setDown(false);
    const later = await post(customer, '/api/payment/createOrder', orderBody(), key);
    expect(later.statusCode).toBe(200);
    expect(later.json().orderId).toBe(orderId);
    expect(later.json().redirectUrl).toMatch(new RegExp(`^${fake.url}/pay/cs_`));
  });
});

describe('the provider webhook', () => {
  it('marks the order paid and notes its confirmation mail, once, however often the event comes', async () => {
    const placed = await placeOnline();
    const outcome = await fake.pay(placed.sessionId);
    expect(outcome.deliveries.map((delivery) => delivery.status)).toEqual([200]);
    const paid = await orderRow(placed.orderId);
    expect(paid.payment_status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    expect(await mailsOf(placed.orderId)).toBe(1);

    const again = await fake.redeliver(outcome.events[0]!.id);
    expect(again.status).toBe(200);
    expect(await mailsOf(placed.orderId)).toBe(1);
    expect((await customer.get(`/api/order/${placed.orderId}`)).body.paymentStatus).toBe('paid');
    // Paid stays paid: no second payment page, no switch to payment on account.
    expect((await customer.post('/api/payment/retry', { orderId: placed.orderId })).body.messageKey).toBe('payment.already.paid');
  });

  it('refuses an event whose signature does not match, and changes nothing', async () => {
    const placed = await placeOnline();
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: { id: placed.sessionId, payment_status: 'paid', status: 'complete', amount_total: 1, currency: 'eur' } } });
    for (const signature of [undefined, 't=1,v1=deadbeef', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`]) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().messageKey).toBe('payment.webhook.signature');
    }
    expect((await orderRow(placed.orderId)).payment_status).toBe('awaiting');
    expect(await mailsOf(placed.orderId)).toBe(0);
  });

  it('lets a buyer pay again after a declined delayed payment', async () => {
    const placed = await placeOnline();
    await fake.failAsync(placed.sessionId);
    expect((await orderRow(placed.orderId)).payment_status).toBe('failed');
    const retry = await customer.post('/api/payment/retry', { orderId: placed.orderId });
    expect(retry.statusCode).toBe(200);
    const secondSession = retry.body.redirectUrl.split('/pay/')[1];
    expect(secondSession).not.toBe(placed.sessionId);
    await fake.pay(secondSession);
    expect((await orderRow(placed.orderId)).payment_status).toBe('paid');
    expect(await mailsOf(placed.orderId)).toBe(1);
  });
});

describe('the buyer back from the provider', () => {
  it('finds the order paid even before the webhook arrives', async () => {
    const placed = await placeOnline();
    await fake.pay(placed.sessionId, { deliverWebhook: false });
    const token = customer.auth.replace(/^Basic /, '');
    const tenant = (await shop.services.tenants.findBySlug('demo'))!;
    const identity = await shop.services.auth.authenticate(tenant, token);
    await shop.services.onlinePayments.confirmReturn({ tenant, locale: 'de', identity }, placed.orderId);
    expect((await orderRow(placed.orderId)).payment_status).toBe('paid');
    expect(await mailsOf(placed.orderId)).toBe(1);
  });
});

describe('paying on account instead', () => {
  it('places the order on account, closes its payment page and notes the mail', async () => {
    const placed = await placeOnline();
    const response = await customer.post('/api/payment/payOnAccount', { orderId: placed.orderId, paymentMethodId: methods.invoice });
    expect(response.statusCode).toBe(200);
    expect(response.body.paymentStatus).toBe('open');
    expect(response.body.paymentMethod).toBe('Rechnung');
    expect(fake.session(placed.sessionId)!.status).toBe('expired');
    expect(await mailsOf(placed.orderId)).toBe(1);
    // The stock stays with the order.
    expect(await stockOf(guarded.id)).toBe(placed.stockBefore - 10);
    const again = await customer.post('/api/payment/payOnAccount', { orderId: placed.orderId, paymentMethodId: methods.invoice });
    expect(again.statusCode).toBe(409);
    expect(again.body.messageKey).toBe('payment.not.payable');
  });

  it('refuses the online method as the method on account', async () => {
    const placed = await placeOnline();
    const response = await customer.post('/api/payment/payOnAccount', { orderId: placed.orderId, paymentMethodId: methods.stripe });
    expect(response.statusCode).toBe(422);
    expect((await orderRow(placed.orderId)).payment_status).toBe('awaiting');
  });
});

describe('an order not paid in time', () => {
  it('is cancelled, its stock released exactly once and its payment page closed', async () => {
    const placed = await placeOnline();
    await makeOverdue(placed.orderId);
    expect(await shop.services.paymentTimeout.runNow()).toBe(1);
    const cancelled = await orderRow(placed.orderId);
    expect(cancelled.payment_status).toBe('cancelled');
    expect(cancelled.status_id).toBe('5');
    expect(await stockOf(guarded.id)).toBe(placed.stockBefore);
    expect(fake.session(placed.sessionId)!.status).toBe('expired');
    expect(await shop.services.paymentTimeout.runNow()).toBe(0);
    expect(await stockOf(guarded.id)).toBe(placed.stockBefore);
    expect(await mailsOf(placed.orderId)).toBe(0);
    const retry = await customer.post('/api/payment/retry', { orderId: placed.orderId });
    expect(retry.statusCode).toBe(409);
    expect(retry.body.messageKey).toBe('payment.not.payable');
  });

  it('is paid, not cancelled, when the provider has its payment but the webhook never came', async () => {
    const placed = await placeOnline();
    await fake.pay(placed.sessionId, { deliverWebhook: false });
    await makeOverdue(placed.orderId);
    expect(await shop.services.paymentTimeout.runNow()).toBe(0);
    expect((await orderRow(placed.orderId)).payment_status).toBe('paid');
    expect(await stockOf(guarded.id)).toBe(placed.stockBefore - 10);
    expect(await mailsOf(placed.orderId)).toBe(1);
  });

  it('runs out on the shop’s clock: once the clock passes its payment time, the round cancels it', async () => {
    const placed = await placeOnline();
    expect(await shop.services.paymentTimeout.runNow()).toBe(0);
    expect((await orderRow(placed.orderId)).payment_status).toBe('awaiting');
    shop.clock.advance(paymentTimeoutMinutes * 60_000 + 1_000);
    // Every order of this file still awaiting its payment has run out by now, this one among them.
    expect(await shop.services.paymentTimeout.runNow()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(placed.orderId)).payment_status).toBe('cancelled');
  });

  it('stays awaiting while the provider cannot be reached', async () => {
    const placed = await placeOnline();
    await makeOverdue(placed.orderId);
    fake.setDown(true);
    expect(await shop.services.paymentTimeout.runNow()).toBe(0);
    expect((await orderRow(placed.orderId)).payment_status).toBe('awaiting');
    fake.setDown(false);
    expect(await shop.services.paymentTimeout.runNow()).toBe(1);
  });
});

describe('isolation', () => {
  it("answers another company's order exactly like an unknown one", async () => {
    const placed = await placeOnline();
    for (const [url, body] of [
      ['/api/payment/retry', { orderId: placed.orderId }],
      ['/api/payment/payOnAccount', { orderId: placed.orderId, paymentMethodId: methods.invoice }],
    ] as const) {
      const foreign = await customer2.post(url, body);
      const unknown = await customer2.post(url, { ...body, orderId: 2_000_000_000 });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toEqual(unknown.body);
    }
    expect((await orderRow(placed.orderId)).payment_status).toBe('awaiting');
  });
});
