import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordErpEvent } from '../../server/modules/erp-events/erp-event.repository.ts';
import { createWebhookRepository } from '../../server/modules/erp-webhooks/webhook.repository.ts';
import { createWebhookWorker } from '../../server/modules/erp-webhooks/webhook-worker.ts';
import type { ErpEventType } from '../../server/modules/erp-events/erp-event-types.ts';
import { demoTenantId, erpCall, erpKey, fillBasket, orderableProduct, otherTenant, placeOrder, shippingAddressOf } from './erp-order-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Webhooks (docs/erp-integration.md, Webhooks): the ERP registers an endpoint for event types and is sent
// each sequenced event of those types, signed as the Standard Webhooks spec has it, one at a time in seq
// order; failures are retried (honouring Retry-After) for 24 hours, then the endpoint is disabled.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Told when the request has come in; the answer waits for `held`. */
  arrived?: () => void;
  held?: Promise<void>;
}

const quietLog = { warn: () => undefined, error: () => undefined };

/** A local HTTP receiver that notes what it is sent and answers from a script (200 once the script ran out; status 0: no answer). */
async function receiver(script: Answer[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', async () => {
      const answer = script.shift() ?? { status: 200 };
      if (answer.status === 0) return;
      received.push({ headers: request.headers, body });
      answer.arrived?.();
      await answer.held;
      response.writeHead(answer.status, answer.headers ?? {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Verifies a delivery's signature as the Standard Webhooks spec says a receiver should. */
function signatureValid(secret: string, delivery: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`).digest('base64');
  return String(delivery.headers['webhook-signature'])
    .split(' ')
    .some((signature) => signature === `v1,${expected}`);
}

let shop: TestShop;
let tenants = 0;

/** A tenant of its own for a test, with a key that may manage webhooks. */
async function tenantWithKey(): Promise<{ tenantId: number; key: string }> {
  tenants += 1;
  const tenantId = await otherTenant(shop, `hooks-${tenants}-${process.pid}`);
  return { tenantId, key: await erpKey(shop, tenantId, ['webhooks:manage']) };
}

async function register(key: string, url: string, types: ErpEventType[]) {
  const answer = await erpCall(shop.app, key, 'POST', '/erp/v1/webhooks', { url, types });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: number; url: string; types: string[]; secret: string };
}

async function remove(key: string, id: number) {
  return shop.app.inject({ method: 'DELETE', url: `/erp/v1/webhooks/${id}`, headers: { authorization: `Bearer ${key}` } });
}

/** An event of the tenant, committed and sequenced as a change in the shop would have it. */
async function happen(tenantId: number, type: ErpEventType, data: Record<string, unknown>): Promise<void> {
  await shop.db.transaction().execute((trx) => recordErpEvent(trx, { tenantId, type, data: data as never, occurredAt: shop.clock.now().toISOString() }));
  await shop.services.erpEventSequencer.runNow();
}

const deliver = () => shop.services.webhookWorker.deliverOnce();

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('registering webhook endpoints', () => {
  it('answers the secret once, lists the endpoints without it, and deletes one', async () => {
    const { key } = await tenantWithKey();
    const created = await register(key, 'https://erp.example.com/shop-events', ['order.placed', 'order.cancelled']);
    expect(created).toMatchObject({ url: 'https://erp.example.com/shop-events', types: ['order.placed', 'order.cancelled'], disabled: false });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const list = await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.id, url: created.url, types: created.types, disabled: false })]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(list.body[0]).not.toHaveProperty('secret');

    expect((await remove(key, created.id)).statusCode).toBe(204);
    expect((await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks')).body).toEqual([]);
    expect((await remove(key, created.id)).statusCode).toBe(404);
  });

  it('refuses plain http to another host, an unknown event type, and no types', async () => {
    const { key } = await tenantWithKey();
    const plain = await erpCall(shop.app, key, 'POST', '/erp/v1/webhooks', { url: 'http://erp.example.com/hooks', types: ['order.placed'] });
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toMatchObject({ messageKey: 'erp.webhooks.url.invalid' });
    expect((await erpCall(shop.app, key, 'POST', '/erp/v1/webhooks', { url: 'https://erp.example.com/h', types: ['order.shipped'] })).statusCode).toBe(400);
    expect((await erpCall(shop.app, key, 'POST', '/erp/v1/webhooks', { url: 'https://erp.example.com/h', types: [] })).statusCode).toBe(400);
    expect((await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks')).body).toEqual([]);
  });

  it('needs a key with webhooks:manage, and a key never sees or removes another tenant\'s endpoints', async () => {
    const { tenantId, key } = await tenantWithKey();
    const created = await register(key, 'https://erp.example.com/a', ['order.placed']);

    expect((await erpCall(shop.app, null, 'GET', '/erp/v1/webhooks')).statusCode).toBe(401);
    const reader = await erpKey(shop, tenantId, ['orders:read']);
    const refused = await erpCall(shop.app, reader, 'POST', '/erp/v1/webhooks', { url: 'https://erp.example.com/b', types: ['order.placed'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ messageKey: 'api.scope.missing' });

    const other = await tenantWithKey();
    expect((await erpCall(shop.app, other.key, 'GET', '/erp/v1/webhooks')).body).toEqual([]);
    expect((await remove(other.key, created.id)).statusCode).toBe(404);
    expect((await erpCall(shop.app, other.key, 'GET', `/erp/v1/webhooks/${created.id}/deliveries`)).statusCode).toBe(404);
    expect((await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks')).body).toHaveLength(1);
  });
});

describe('delivering events', () => {
  it('sends a placed order signed by the spec, thin, with its seq', async () => {
    const tenantId = await demoTenantId(shop);
    const key = await erpKey(shop, tenantId, ['webhooks:manage']);
    const local = await receiver();
    const endpoint = await register(key, local.url, ['order.placed']);

    const auth = await shop.login('customer');
    await fillBasket(shop.app, auth, await orderableProduct(shop));
    const placed = await placeOrder(shop.app, auth, `webhook-order-${process.pid}`, await shippingAddressOf(shop, '10001'));
    expect(placed.statusCode, placed.body).toBe(201);
    await shop.services.erpEventSequencer.runNow();
    expect(await deliver()).toBe(1);

    expect(local.received).toHaveLength(1);
    const [delivery] = local.received;
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(signatureValid(endpoint.secret, delivery!)).toBe(true);
    expect(signatureValid('whsec_' + Buffer.alloc(32, 1).toString('base64'), delivery!)).toBe(false);
    expect(Math.abs(Number(delivery!.headers['webhook-timestamp']) - shop.clock.now().getTime() / 1000)).toBeLessThan(5);
    const body = JSON.parse(delivery!.body);
    expect(body).toEqual({ id: Number(delivery!.headers['webhook-id']), type: 'order.placed', seq: expect.any(Number), occurredAt: expect.any(String), data: { orderNumber: placed.json().orderNumber } });

    const deliveries = await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`);
    expect(deliveries.body).toEqual([{ eventId: body.id, type: 'order.placed', attempt: 1, status: 200, error: null, at: expect.any(String) }]);
    expect(await deliver()).toBe(0);
    expect(local.received).toHaveLength(1);
    await remove(key, endpoint.id);
    await local.close();
  });

  it('sends only the subscribed types, one event after the other in seq order', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver();
    await happen(tenantId, 'order.placed', { orderNumber: 'BEFORE-REGISTERING' });
    const endpoint = await register(key, local.url, ['order.placed', 'order.cancelled']);
    await happen(tenantId, 'order.placed', { orderNumber: 'A-1' });
    await happen(tenantId, 'signupRequest.created', { id: 7 });
    await happen(tenantId, 'order.cancelled', { orderNumber: 'A-1' });
    await happen(tenantId, 'order.placed', { orderNumber: 'A-2' });
    await deliver();

    const bodies = local.received.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.map((body) => [body.type, body.data.orderNumber])).toEqual([
      ['order.placed', 'A-1'],
      ['order.cancelled', 'A-1'],
      ['order.placed', 'A-2'],
    ]);
    const seqs = bodies.map((body) => body.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    await remove(key, endpoint.id);
    await local.close();
  });

  it('sends nothing more to a removed endpoint', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver();
    const endpoint = await register(key, local.url, ['order.placed']);
    await happen(tenantId, 'order.placed', { orderNumber: 'GONE-1' });
    expect((await remove(key, endpoint.id)).statusCode).toBe(204);
    await deliver();
    expect(local.received).toEqual([]);
    await local.close();
  });

  it('moves past events of other types without sending them', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver();
    const endpoint = await register(key, local.url, ['order.placed']);
    await happen(tenantId, 'signupRequest.created', { id: 1 });
    await happen(tenantId, 'address.changed', { id: 2, externalId: null, customerNo: null, deleted: false });
    await deliver();

    expect(local.received).toEqual([]);
    const stored = await shop.db.selectFrom('webhook_endpoints').select('last_seq').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    const head = await shop.db.selectFrom('erp_events').select((eb) => eb.fn.max<number>('seq').as('seq')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(Number(stored.last_seq)).toBe(Number(head.seq));
    await remove(key, endpoint.id);
    await local.close();
  });

  it('retries after a 500 with the same webhook-id, and holds back later events until then', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver([{ status: 500 }]);
    const endpoint = await register(key, local.url, ['order.placed']);
    await happen(tenantId, 'order.placed', { orderNumber: 'R-1' });
    await happen(tenantId, 'order.placed', { orderNumber: 'R-2' });

    expect(await deliver()).toBe(0);
    expect(local.received).toHaveLength(1);
    expect(await deliver()).toBe(0);
    expect(local.received).toHaveLength(1);

    shop.clock.advance(5_000);
    expect(await deliver()).toBe(2);
    expect(local.received.map((delivery) => JSON.parse(delivery.body).data.orderNumber)).toEqual(['R-1', 'R-1', 'R-2']);
    expect(local.received[1]!.headers['webhook-id']).toBe(local.received[0]!.headers['webhook-id']);
    expect(signatureValid(endpoint.secret, local.received[1]!)).toBe(true);

    const deliveries = await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`);
    expect(deliveries.body.map((attempt: { attempt: number; status: number }) => [attempt.attempt, attempt.status])).toEqual([
      [1, 200],
      [2, 200],
      [1, 500],
    ]);
    await remove(key, endpoint.id);
    await local.close();
  });

  it('honours Retry-After, and ends an event refused with another 4xx as failed', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver([{ status: 429, headers: { 'retry-after': '120' } }, { status: 422 }]);
    const endpoint = await register(key, local.url, ['order.placed']);
    await happen(tenantId, 'order.placed', { orderNumber: 'T-1' });
    await happen(tenantId, 'order.placed', { orderNumber: 'T-2' });

    await deliver();
    shop.clock.advance(60_000);
    await deliver();
    expect(local.received).toHaveLength(1);

    shop.clock.advance(60_000);
    expect(await deliver()).toBe(1);
    expect(local.received.map((delivery) => JSON.parse(delivery.body).data.orderNumber)).toEqual(['T-1', 'T-1', 'T-2']);
    const deliveries = await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`);
    expect(deliveries.body.map((attempt: { attempt: number; status: number }) => [attempt.attempt, attempt.status])).toEqual([
      [1, 200],
      [2, 422],
      [1, 429],
    ]);
    await remove(key, endpoint.id);
    await local.close();
  });

  it('retries a receiver that does not answer, and disables the endpoint after 24 hours of failures', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver();
    const endpoint = await register(key, local.url, ['order.paid']);
    await local.close();
    await happen(tenantId, 'order.paid', { orderNumber: 'D-1' });

    await deliver();
    for (let hour = 0; hour < 24; hour += 2) {
      shop.clock.advance(2 * 3_600_000);
      await deliver();
    }
    const list = await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks');
    expect(list.body).toEqual([expect.objectContaining({ id: endpoint.id, disabled: true, disabledAt: expect.any(String) })]);
    const deliveries = await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`);
    const attempts = deliveries.body as { attempt: number; status: number | null; error: string | null }[];
    expect(attempts.length).toBeGreaterThan(3);
    expect(attempts.every((attempt) => attempt.status === null && attempt.error !== null)).toBe(true);

    shop.clock.advance(24 * 3_600_000);
    await deliver();
    expect((await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`)).body).toHaveLength(attempts.length);
  });

  it('never sends a tenant\'s events to another tenant\'s endpoints', async () => {
    const first = await tenantWithKey();
    const second = await tenantWithKey();
    const firstReceiver = await receiver();
    const secondReceiver = await receiver();
    const firstEndpoint = await register(first.key, firstReceiver.url, ['order.placed']);
    const secondEndpoint = await register(second.key, secondReceiver.url, ['order.placed']);
    await happen(first.tenantId, 'order.placed', { orderNumber: 'FIRST-1' });
    await happen(second.tenantId, 'order.placed', { orderNumber: 'SECOND-1' });
    await deliver();

    expect(firstReceiver.received.map((delivery) => JSON.parse(delivery.body).data.orderNumber)).toEqual(['FIRST-1']);
    expect(secondReceiver.received.map((delivery) => JSON.parse(delivery.body).data.orderNumber)).toEqual(['SECOND-1']);
    await remove(first.key, firstEndpoint.id);
    await remove(second.key, secondEndpoint.id);
    await Promise.all([firstReceiver.close(), secondReceiver.close()]);
  });

  it('retries a receiver that does not answer within the timeout with the same webhook-id', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver([{ status: 0 }]);
    const endpoint = await register(key, local.url, ['order.placed']);
    await happen(tenantId, 'order.placed', { orderNumber: 'SLOW-1' });
    const impatient = createWebhookWorker({ webhooks: createWebhookRepository(shop.db), clock: shop.clock, pauseMs: 1_000, log: quietLog, timeoutMs: 300 });

    expect(await impatient.deliverOnce()).toBe(0);
    const [timedOut] = (await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`)).body;
    expect(timedOut).toMatchObject({ attempt: 1, status: null, error: 'no answer within 0.3 s' });

    expect(local.received).toHaveLength(0);
    shop.clock.advance(5_000);
    expect(await impatient.deliverOnce()).toBe(1);
    expect(local.received).toHaveLength(1);
    expect(local.received[0]!.headers['webhook-id']).toBe(String(timedOut.eventId));
    await remove(key, endpoint.id);
    await local.close();
  });

  it('sends an event once while two app processes deliver at the same time', async () => {
    const { tenantId, key } = await tenantWithKey();
    const local = await receiver();
    const endpoint = await register(key, local.url, ['order.placed']);
    for (let index = 1; index <= 6; index++) await happen(tenantId, 'order.placed', { orderNumber: `TWO-${index}` });
    const other = createWebhookWorker({ webhooks: createWebhookRepository(shop.db), clock: shop.clock, pauseMs: 1_000, log: quietLog });

    for (let round = 0; round < 3; round++) await Promise.all([deliver(), other.deliverOnce()]);
    expect(local.received.map((delivery) => JSON.parse(delivery.body).data.orderNumber)).toEqual(['TWO-1', 'TWO-2', 'TWO-3', 'TWO-4', 'TWO-5', 'TWO-6']);
    await remove(key, endpoint.id);
    await local.close();
  });
});

describe('changing an endpoint, and enabling it again', () => {
  const change = (key: string | null, id: number, payload: object) => erpCall(shop.app, key, 'PATCH', `/erp/v1/webhooks/${id}`, payload);
  const orderNumbersOf = (received: Received[]) => received.map((delivery) => JSON.parse(delivery.body).data.orderNumber);

  it('resumes a disabled endpoint where it stopped: the event it failed on, then those since, the retries counted afresh', async () => {
    const { tenantId, key } = await tenantWithKey();
    const failures: Answer[] = Array.from({ length: 40 }, () => ({ status: 503 }));
    const local = await receiver(failures);
    const endpoint = await register(key, local.url, ['order.placed']);
    await happen(tenantId, 'order.placed', { orderNumber: 'E-1' });
    await deliver();
    for (let hour = 0; hour < 24; hour += 2) {
      shop.clock.advance(2 * 3_600_000);
      await deliver();
    }
    const disabled = (await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks')).body[0];
    expect(disabled).toMatchObject({ id: endpoint.id, disabled: true });
    const failedOn = local.received[0]!.headers['webhook-id'];
    // What happens while it is disabled waits for it.
    await happen(tenantId, 'order.placed', { orderNumber: 'E-2' });
    await happen(tenantId, 'order.placed', { orderNumber: 'E-3' });
    await deliver();
    const triedBefore = local.received.length;
    expect(orderNumbersOf(local.received)).toEqual(Array.from({ length: triedBefore }, () => 'E-1'));

    failures.length = 0;
    const enabled = await change(key, endpoint.id, { enabled: true });
    expect(enabled.statusCode, JSON.stringify(enabled.body)).toBe(200);
    expect(enabled.body).toEqual({ id: endpoint.id, url: local.url, types: ['order.placed'], disabled: false, disabledAt: null, createdAt: disabled.createdAt });
    expect(await deliver()).toBe(3);
    const resumed = local.received.slice(triedBefore);
    expect(orderNumbersOf(resumed)).toEqual(['E-1', 'E-2', 'E-3']);
    expect(resumed[0]!.headers['webhook-id']).toBe(failedOn);
    expect(signatureValid(endpoint.secret, resumed[0]!)).toBe(true);
    const deliveries = (await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`)).body as { attempt: number; status: number }[];
    expect(deliveries.slice(0, 3).map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 200],
      [1, 200],
      [1, 200],
    ]);
    expect(await deliver()).toBe(0);
    await remove(key, endpoint.id);
    await local.close();
  });

  it('disables an endpoint and changes its address and types; enabled, it is sent what waited, at the new address', async () => {
    const { tenantId, key } = await tenantWithKey();
    const old = await receiver();
    const endpoint = await register(key, old.url, ['order.placed']);
    const stopped = await change(key, endpoint.id, { enabled: false });
    expect(stopped.body).toMatchObject({ disabled: true, disabledAt: expect.any(String) });
    await happen(tenantId, 'order.placed', { orderNumber: 'P-1' });
    await happen(tenantId, 'order.paid', { orderNumber: 'P-1' });
    expect(await deliver()).toBe(0);
    shop.clock.advance(1_000);
    // Disabling again keeps the time it was first disabled.
    expect((await change(key, endpoint.id, { enabled: false })).body.disabledAt).toBe(stopped.body.disabledAt);

    const moved = await receiver();
    const changed = await change(key, endpoint.id, { url: moved.url, types: ['order.placed', 'order.paid', 'order.paid'] });
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ url: moved.url, types: ['order.placed', 'order.paid'], disabled: true });
    expect(await deliver()).toBe(0);
    expect((await change(key, endpoint.id, {})).body).toEqual(changed.body);

    expect((await change(key, endpoint.id, { enabled: true })).body).toMatchObject({ disabled: false, disabledAt: null });
    expect(await deliver()).toBe(2);
    expect(old.received).toEqual([]);
    expect(moved.received.map((delivery) => JSON.parse(delivery.body).type)).toEqual(['order.placed', 'order.paid']);
    expect(moved.received.every((delivery) => signatureValid(endpoint.secret, delivery))).toBe(true);
    await remove(key, endpoint.id);
    await Promise.all([old.close(), moved.close()]);
  });

  it('tries a new address at once, without the pause the old one\'s failures had earned', async () => {
    const { tenantId, key } = await tenantWithKey();
    const failing = await receiver([{ status: 503 }, { status: 503 }]);
    const endpoint = await register(key, failing.url, ['order.placed']);
    await happen(tenantId, 'order.placed', { orderNumber: 'N-1' });
    await deliver();
    shop.clock.advance(5_000);
    await deliver();
    // Two failures: the next attempt would be five minutes away.
    expect(await deliver()).toBe(0);

    const working = await receiver();
    await change(key, endpoint.id, { url: working.url });
    expect(await deliver()).toBe(1);
    expect(orderNumbersOf(working.received)).toEqual(['N-1']);
    expect((await erpCall(shop.app, key, 'GET', `/erp/v1/webhooks/${endpoint.id}/deliveries`)).body[0]).toMatchObject({ attempt: 1, status: 200 });
    await remove(key, endpoint.id);
    await Promise.all([failing.close(), working.close()]);
  });

  it('sends nothing more once disabled while a delivery is on its way', async () => {
    const { tenantId, key } = await tenantWithKey();
    let arrived!: () => void;
    const onItsWay = new Promise<void>((resolve) => (arrived = resolve));
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const local = await receiver([{ status: 200, arrived, held }]);
    const endpoint = await register(key, local.url, ['order.placed']);
    await happen(tenantId, 'order.placed', { orderNumber: 'W-1' });
    await happen(tenantId, 'order.placed', { orderNumber: 'W-2' });

    const round = deliver();
    await onItsWay;
    expect((await change(key, endpoint.id, { enabled: false })).body).toMatchObject({ disabled: true });
    answer();
    await round;
    expect(orderNumbersOf(local.received)).toEqual(['W-1']);
    expect((await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks')).body).toEqual([expect.objectContaining({ id: endpoint.id, disabled: true })]);

    // Enabled, it starts again with the event whose answer came after the disable: delivery is at least once.
    await change(key, endpoint.id, { enabled: true });
    expect(await deliver()).toBe(2);
    expect(orderNumbersOf(local.received)).toEqual(['W-1', 'W-1', 'W-2']);
    await remove(key, endpoint.id);
    await local.close();
  });

  it('refuses malformed changes and keys without webhooks:manage, answers another tenant\'s endpoint as unknown, and changes nothing then', async () => {
    const { tenantId, key } = await tenantWithKey();
    const endpoint = await register(key, 'https://erp.example.com/hooks', ['order.placed']);
    const before = (await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks')).body;

    const plain = await change(key, endpoint.id, { url: 'http://erp.example.com/hooks', enabled: false });
    expect(plain).toMatchObject({ statusCode: 400, body: { messageKey: 'erp.webhooks.url.invalid', field: 'url' } });
    for (const payload of [{ types: [] }, { types: ['order.shipped'] }, { enabled: 'yes' }, { secret: 'whsec_x' }, { url: 42 }]) {
      expect((await change(key, endpoint.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await erpCall(shop.app, key, 'PATCH', '/erp/v1/webhooks/x', { enabled: true })).statusCode).toBe(400);
    expect((await change(key, endpoint.id + 100_000, { enabled: true })).body).toMatchObject({ messageKey: 'erp.webhooks.not_found' });

    expect((await change(null, endpoint.id, { enabled: false })).statusCode).toBe(401);
    const reader = await erpKey(shop, tenantId, ['orders:read']);
    expect((await change(reader, endpoint.id, { enabled: false })).body).toMatchObject({ messageKey: 'api.scope.missing', details: { scope: 'webhooks:manage' } });
    const other = await tenantWithKey();
    const foreign = await change(other.key, endpoint.id, { enabled: false, url: 'https://evil.example.com/' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toMatchObject({ messageKey: 'erp.webhooks.not_found' });

    expect((await erpCall(shop.app, key, 'GET', '/erp/v1/webhooks')).body).toEqual(before);
    await remove(key, endpoint.id);
  });
});
