import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { FormBodyError, parseFormBody } from './fake-stripe/form-body.ts';

// The fake Stripe that the shop's payment tests run against (tests/support/fake-stripe.ts), driven with the
// real SDK the shop uses, so that what passes here is what the shop's client sees. Webhooks go to a receiver
// in this file, which keeps the raw bodies: the SDK must accept the fake's signatures as it would Stripe's.

const secretKey = 'sk_test_fake_stripe_test_key';
const webhookSecret = 'whsec_fake_stripe_test_secret';

interface Received {
  signature: string;
  contentType: string;
  body: string;
}

let fake: FakeStripe;
let receiver: http.Server;
let received: Received[] = [];
/** What the receiver answers next; a test that changes it sets it back. */
let receiverStatus = 200;

function client(key = secretKey) {
  const base = new URL(fake.url);
  return new Stripe(key, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

type CreateParams = Stripe.Checkout.SessionCreateParams;

/** What the shop sends, with a fresh expiry. */
function shopParams(overrides: Partial<CreateParams> = {}): CreateParams {
  return {
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 12345, product_data: { name: 'Bestellung WEB-000001' } } }],
    client_reference_id: '42',
    metadata: { orderId: '42', tenantId: '1' },
    customer_email: 'buyer@example.com',
    success_url: 'http://shop/thank-you?order=42&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop/order-failed?order=42',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    locale: 'de',
    ...overrides,
  };
}

const createSession = (overrides: Partial<CreateParams> = {}) => client().checkout.sessions.create(shopParams(overrides));

/** The event in a received webhook, checked with the SDK. */
const verified = (webhook: Received, secret = webhookSecret) => client().webhooks.constructEvent(webhook.body, webhook.signature, secret);

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ signature: String(request.headers['stripe-signature']), contentType: String(request.headers['content-type']), body });
      response.writeHead(receiverStatus, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  fake = await startFakeStripe({ secretKey, webhookSecret, webhookUrl: `http://127.0.0.1:${port}/api/payment/webhook` });
});

afterAll(async () => {
  await fake?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(() => {
  received = [];
  receiverStatus = 200;
  fake.setDown(false);
});

describe('form bodies', () => {
  it('reads bracket keys into the nested object the SDK was given', () => {
    const body = 'mode=payment&line_items[0][quantity]=2&line_items[0][price_data][product_data][name]=A%20%26%20B&line_items[1][quantity]=1&metadata[orderId]=42&payment_method_types[0]=card&payment_method_types[1]=sepa_debit&note=a+b';
    expect(parseFormBody(body)).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '2', price_data: { product_data: { name: 'A & B' } } }, { quantity: '1' }],
      metadata: { orderId: '42' },
      payment_method_types: ['card', 'sepa_debit'],
      note: 'a b',
    });
    // Encoded brackets read the same.
    expect(parseFormBody('metadata%5Bkey%5D=v')).toEqual({ metadata: { key: 'v' } });
  });

  it('closes gaps in indices, keeps a __proto__ key as data and refuses what does not fit together', () => {
    expect(parseFormBody('list[3]=c&list[0]=a')).toEqual({ list: ['a', 'c'] });
    const withProto = parseFormBody('metadata[__proto__][polluted]=yes');
    expect(Object.getPrototypeOf(withProto.metadata)).toBe(Object.prototype);
    expect(Object.keys(withProto.metadata as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => parseFormBody('a=1&a[b]=2')).toThrow(FormBodyError);
    expect(() => parseFormBody('a[0]=1&a[b]=2')).toThrow(FormBodyError);
    expect(() => parseFormBody('a[b=1')).toThrow(FormBodyError);
    expect(() => parseFormBody('a[5000]=1')).toThrow(FormBodyError);
  });
});

describe('checkout sessions through the SDK', () => {
  it('creates a session from the form body, with the amount of all line items', async () => {
    const session = await createSession({
      line_items: [
        { quantity: 2, price_data: { currency: 'eur', unit_amount: 12345, product_data: { name: 'Bestellung WEB-000001' } } },
        { quantity: 3, price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'Versand' } } },
      ],
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2 * 12345 + 3 * 100,
      currency: 'eur',
      client_reference_id: '42',
      metadata: { orderId: '42', tenantId: '1' },
      customer_email: 'buyer@example.com',
      success_url: 'http://shop/thank-you?order=42&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop/order-failed?order=42',
      mode: 'payment',
      livemode: false,
      payment_intent: null,
      locale: 'de',
      payment_method_types: ['card'],
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3000);
    expect(fake.session(session.id)).toEqual({ ...session });
  });

  it('gives the first session again for the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const params = shopParams();
    const key = `order-42-${Date.now()}`;
    const before = fake.sessions().length;
    const first = await client().checkout.sessions.create(params, { idempotencyKey: key });
    const again = await client().checkout.sessions.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.sessions()).toHaveLength(before + 1);

    const other = client().checkout.sessions.create({ ...params, client_reference_id: '43' }, { idempotencyKey: key });
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(other).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError', rawType: 'idempotency_error' });
  });

  it('retrieves a session, and answers an unknown one with resource_missing', async () => {
    const created = await createSession();
    const retrieved = await client().checkout.sessions.retrieve(created.id);
    expect({ ...retrieved }).toEqual({ ...created });

    const missing = client().checkout.sessions.retrieve('cs_test_nothing');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nothing'" });
  });

  it('expires an open session, sends checkout.session.expired, and refuses to expire it again', async () => {
    const created = await createSession();
    const expired = await client().checkout.sessions.expire(created.id);
    expect(expired).toMatchObject({ id: created.id, status: 'expired', payment_status: 'unpaid', url: null });
    await fake.settled();
    expect(received).toHaveLength(1);
    expect(verified(received[0]!)).toMatchObject({ type: 'checkout.session.expired', data: { object: { id: created.id, status: 'expired' } } });

    const again = client().checkout.sessions.expire(created.id);
    await expect(again).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(again).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('status of `expired`') });
  });

  it('refuses a wrong or missing API key', async () => {
    await expect(client('sk_test_wrong_key_0000').checkout.sessions.retrieve('cs_test_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(client('sk_test_wrong_key_0000').checkout.sessions.create(shopParams())).rejects.toMatchObject({
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+0000$/),
    });
    const bare = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_x`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') } });
  });

  it('refuses parameters it does not implement and parameters Stripe would refuse', async () => {
    const unknown = createSession({ allow_promotion_codes: true });
    await expect(unknown).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'allow_promotion_codes' });
    await expect(createSession({ expires_at: Math.floor(Date.now() / 1000) + 600 })).rejects.toMatchObject({ statusCode: 400, param: 'expires_at' });
    await expect(createSession({ success_url: undefined })).rejects.toMatchObject({ code: 'parameter_missing', param: 'success_url' });
    const noName = createSession({ line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 1, product_data: { name: '' } } }] });
    await expect(noName).rejects.toMatchObject({ code: 'parameter_missing', param: 'line_items[0][price_data][product_data][name]' });
  });

  it('answers 503 while down, which the SDK turns into an error at once', async () => {
    fake.setDown(true);
    const started = Date.now();
    const failed = client().checkout.sessions.create(shopParams());
    await expect(failed).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(failed).rejects.toMatchObject({ statusCode: 503 });
    expect(Date.now() - started).toBeLessThan(2000);
    fake.setDown(false);
    await expect(createSession()).resolves.toMatchObject({ status: 'open' });
  });
});

describe('webhooks', () => {
  it('pay() delivers checkout.session.completed, signed so that the SDK accepts it with the secret and only with it', async () => {
    const created = await createSession();
    const outcome = await fake.pay(created.id);
    expect(outcome.session).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(outcome.session.payment_intent).toMatch(/^pi_/);
    expect(received).toHaveLength(1);
    const webhook = received[0]!;
    expect(webhook.contentType).toMatch(/^application\/json/);
    expect(webhook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verified(webhook);
    expect(event).toMatchObject({ id: outcome.events[0]!.id, object: 'event', type: 'checkout.session.completed', livemode: false });
    expect(event.data.object).toMatchObject({ id: created.id, status: 'complete', payment_status: 'paid', metadata: { orderId: '42', tenantId: '1' } });
    expect(() => verified(webhook, 'whsec_wrong')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => client().webhooks.constructEvent(webhook.body.replace('"paid"', '"unpaid"'), webhook.signature, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(fake.deliveries().at(-1)).toEqual({ eventId: event.id, type: 'checkout.session.completed', status: 200 });
    await expect(client().checkout.sessions.retrieve(created.id)).resolves.toMatchObject({ status: 'complete', payment_status: 'paid' });
    await expect(fake.pay(created.id)).rejects.toThrow(/is complete, not open/);
  });

  it('failAsync() completes the session unpaid, then reports the failure', async () => {
    const created = await createSession();
    const outcome = await fake.failAsync(created.id);
    expect(outcome.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(received.map((webhook) => verified(webhook).type)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_failed']);
    expect(verified(received[0]!).data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
  });

  it('expire() sends checkout.session.expired', async () => {
    const created = await createSession();
    const outcome = await fake.expire(created.id);
    expect(outcome.deliveries).toEqual([{ eventId: outcome.events[0]!.id, type: 'checkout.session.expired', status: 200 }]);
    await expect(client().checkout.sessions.retrieve(created.id)).resolves.toMatchObject({ status: 'expired', url: null });
  });

  it('records what the endpoint answered, and redelivers an event signed afresh', async () => {
    const created = await createSession();
    receiverStatus = 500;
    const outcome = await fake.pay(created.id);
    expect(outcome.deliveries).toEqual([{ eventId: outcome.events[0]!.id, type: 'checkout.session.completed', status: 500 }]);
    receiverStatus = 200;
    await expect(fake.redeliver(outcome.events[0]!.id)).resolves.toEqual({ eventId: outcome.events[0]!.id, type: 'checkout.session.completed', status: 200 });
    expect(received).toHaveLength(2);
    expect(verified(received[1]!).id).toBe(outcome.events[0]!.id);
  });

  it('keeps an event undelivered when asked, for a test of a late webhook', async () => {
    const created = await createSession();
    const outcome = await fake.pay(created.id, { deliverWebhook: false });
    expect(outcome.deliveries).toEqual([]);
    expect(received).toHaveLength(0);
    expect(fake.events().map((event) => event.id)).toContain(outcome.events[0]!.id);
    await fake.redeliver(outcome.events[0]!.id);
    expect(verified(received[0]!).type).toBe('checkout.session.completed');
  });
});

describe('the payment page', () => {
  const post = (path: string) => fetch(`${fake.url}${path}`, { method: 'POST', redirect: 'manual' });

  it('shows the amount and three buttons', async () => {
    const created = await createSession();
    const page = await fetch(created.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Fake Stripe Checkout</title>');
    expect(html).toContain('€123.45');
    expect(html).toContain('Bestellung WEB-000001');
    for (const label of ['Pay', 'Decline card', 'Cancel and return']) expect(html).toContain(`<button type="submit">${label}</button>`);
  });

  it('declines a card and leaves the session open', async () => {
    const created = await createSession();
    const page = await post(`/pay/${created.id}/decline`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<p role="alert" class="alert">Your card was declined.</p>');
    expect(fake.session(created.id)?.status).toBe('open');
  });

  it('returns to cancel_url on cancel, the session still open', async () => {
    const created = await createSession();
    const page = await post(`/pay/${created.id}/cancel`);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('http://shop/order-failed?order=42');
    expect(fake.session(created.id)?.status).toBe('open');
  });

  it('pays, delivers the webhook, then returns to success_url with the session id', async () => {
    const created = await createSession();
    const page = await post(`/pay/${created.id}/pay`);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`http://shop/thank-you?order=42&session_id=${created.id}`);
    expect(received.map((webhook) => verified(webhook).type)).toEqual(['checkout.session.completed']);
    const paidPage = await fetch(`${fake.url}/pay/${created.id}`);
    expect(await paidPage.text()).toContain('This checkout session is complete. The payment was received.');
    expect((await post(`/pay/${created.id}/pay`)).status).toBe(409);
  });

  it('says when a session has expired, and when there is none', async () => {
    const created = await createSession();
    await fake.expire(created.id);
    expect(await (await fetch(created.url!)).text()).toContain('This checkout session has expired.');
    expect((await fetch(`${fake.url}/pay/cs_test_nothing`)).status).toBe(404);
  });
});

describe('control endpoints', () => {
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${fake.url}/__control/${path}`, { method, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('lists sessions, changes them and switches the outage', async () => {
    const created = await createSession();
    const listed = (await control('GET', 'sessions')).body as { id: string }[];
    expect(listed.map((session) => session.id)).toContain(created.id);
    const failed = await control('POST', `sessions/${created.id}/fail-async`);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ session: { status: 'complete', payment_status: 'unpaid' } });
    expect((await control('POST', `sessions/${created.id}/pay`)).status).toBe(409);
    expect((await control('POST', 'sessions/cs_test_nothing/expire')).status).toBe(404);
    expect((await control('POST', 'down', { down: true })).body).toEqual({ down: true });
    await expect(client().checkout.sessions.retrieve(created.id)).rejects.toMatchObject({ statusCode: 503 });
    await control('POST', 'down', { down: false });
    await expect(client().checkout.sessions.retrieve(created.id)).resolves.toMatchObject({ id: created.id });
  });
});
