import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { recordErpEvent } from '../../server/modules/erp-events/erp-event.repository.ts';
import { createPaymentRepository } from '../../server/modules/payments/payment.repository.ts';
import { testDataRoot, testEngine } from '../setup/test-database.ts';
import { createBuyers } from './buyer-fixtures.ts';
import { demoTenantId, erpCall, erpKey, fillBasket, orderableProduct, otherTenant, placeOrder, shippingAddressOf, type FeedEvent } from './erp-order-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The ERP's event feed (GET /erp/v1/events; docs/decisions/0021-erp-event-feed.md): every change writes its
// event in its own transaction, the sequencer numbers the committed ones, and a reader that keeps the
// last seq sees every event exactly once, in order, even while orders commit in parallel on two app
// processes of one database.

let shop: TestShop;
let tenantId: number;
let reader: string;
let addressId: number;
let product: { id: number; sku: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function feed(after: number, query = '', secret = reader): Promise<{ events: FeedEvent[]; next: number }> {
  const answer = await erpCall(shop.app, secret, 'GET', `/erp/v1/events?after=${after}${query}`);
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Every event after `after`, page by page. */
async function feedFrom(after: number): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  for (;;) {
    const page = await feed(after, '&limit=500');
    events.push(...page.events);
    if (page.events.length === 0) return events;
    after = page.next;
  }
}

/** The seq a new reader would start after: the newest one sequenced so far. */
async function head(): Promise<number> {
  await shop.services.erpEventSequencer.runNow();
  const events = await feedFrom(0);
  return events.at(-1)?.seq ?? 0;
}

async function customerOrder(key: string, extra: Record<string, unknown> = {}) {
  const auth = await shop.login('customer');
  await fillBasket(shop.app, auth, product);
  const answer = await placeOrder(shop.app, auth, `${key}-${process.pid}`, addressId, extra);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ _id: number; orderNumber: string }>();
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  reader = await erpKey(shop, tenantId, ['orders:read']);
  addressId = await shippingAddressOf(shop, '10001');
  product = await orderableProduct(shop);
});
afterAll(() => shop.close());

describe('events written with their change', () => {
  it('an order placed is in the feed within a second of its commit, naming its order number', async () => {
    const start = await head();
    const order = await customerOrder('feed-one');
    const placedAt = Date.now();
    let events: FeedEvent[] = [];
    // No background loop runs in tests: the placement's own commit asks for the round.
    while (events.length === 0 && Date.now() - placedAt < 1_000) {
      events = (await feed(start)).events;
      if (events.length === 0) await sleep(10);
    }
    expect(events).toEqual([{ id: expect.any(Number), type: 'order.placed', seq: start + 1, occurredAt: expect.any(String), data: { orderNumber: order.orderNumber } }]);
    const stored = await shop.db.selectFrom('orders').select('order_date').where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(events[0]!.occurredAt).toBe(stored.order_date);
  });

  it('an event no commit of this process asked a round for (its process died) is numbered by the loop within a second', async () => {
    const start = await head();
    // The loop runs its first round at once; the event commits after it, so a later round numbers it.
    shop.services.erpEventSequencer.start();
    try {
      await shop.services.erpEventSequencer.runNow();
      await shop.db.transaction().execute((trx) =>
        recordErpEvent(trx, { tenantId, type: 'order.placed', data: { orderNumber: 'OTHER-PROCESS-1' }, occurredAt: new Date().toISOString() }),
      );
      const committedAt = Date.now();
      let events: FeedEvent[] = [];
      while (events.length === 0 && Date.now() - committedAt < 1_000) {
        events = (await feed(start)).events;
        if (events.length === 0) await sleep(20);
      }
      expect(events.map((event) => [event.seq, event.data])).toEqual([[start + 1, { orderNumber: 'OTHER-PROCESS-1' }]]);
    } finally {
      await shop.services.erpEventSequencer.stop();
    }
  });

  it('a transaction that rolls back writes none, and neither does a refused order', async () => {
    const start = await head();
    await expect(
      shop.db.transaction().execute(async (trx) => {
        await recordErpEvent(trx, { tenantId, type: 'order.placed', data: { orderNumber: 'NEVER-COMMITTED' }, occurredAt: new Date().toISOString() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // A product that must never be oversold, without stock: the order is refused inside its transaction.
    const scarce = await shop.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('is_only_sellable_with_positive_stock', '=', 1)
      .where('is_active', '=', 1)
      .where('sales_batch_size', '=', 1)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const auth = await shop.login('customer2');
    await fillBasket(shop.app, auth, scarce);
    await shop.db.updateTable('products').set({ stock: 0 }).where('id', '=', scarce.id).execute();
    const buyer = await shop.db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.company_id').select('companies.customer_no').where('users.username', '=', 'customer2').executeTakeFirstOrThrow();
    const refused = await placeOrder(shop.app, auth, `feed-refused-${process.pid}`, await shippingAddressOf(shop, buyer.customer_no));
    expect(refused.statusCode, refused.body).toBe(409);

    await shop.services.erpEventSequencer.runNow();
    expect(await feedFrom(start)).toEqual([]);
    expect(await shop.db.selectFrom('erp_events').select('id').where('seq', 'is', null).execute()).toEqual([]);
  });

  it('an online order paid, and one cancelled for want of its payment, are in the feed once', async () => {
    const payments = createPaymentRepository(shop.db);
    const paid = await customerOrder('feed-paid');
    const unpaid = await customerOrder('feed-unpaid');
    // Both waiting for their online payment, as POST /api/payment/createOrder leaves them.
    await shop.db.updateTable('orders').set({ payment_status: 'awaiting' }).where('id', 'in', [paid._id, unpaid._id]).execute();
    await shop.db.deleteFrom('mail_outbox').where('order_id', 'in', [paid._id, unpaid._id]).execute();
    const start = await head();
    const sessionId = `cs_feed_${process.pid}`;
    const stored = await shop.db.selectFrom('orders').select(['gross_total_cents', 'currency']).where('id', '=', paid._id).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await shop.db.insertInto('payment_sessions').values({ session_id: sessionId, tenant_id: tenantId, order_id: paid._id, url: 'https://pay.example/x', status: 'open', expires_at: now, created_at: now }).execute();
    const state = { sessionId, status: 'complete' as const, paid: true, amountCents: stored.gross_total_cents, currency: stored.currency };
    expect(await payments.applyPaid(state, `evt_feed_${process.pid}`)).toBe('paid');
    // The provider's event again, and the buyer's return after it: the order is paid once.
    expect(await payments.applyPaid(state, `evt_feed_${process.pid}`)).toBe('already');
    expect(await payments.applyPaid(state, null)).toBe('already');
    expect(await payments.cancelUnpaid(tenantId, unpaid._id)).toBe(true);
    expect(await payments.cancelUnpaid(tenantId, paid._id)).toBe(false);

    await shop.services.erpEventSequencer.runNow();
    expect((await feedFrom(start)).map((event) => [event.type, event.data])).toEqual([
      ['order.paid', { orderNumber: paid.orderNumber }],
      ['order.cancelled', { orderNumber: unpaid.orderNumber }],
    ]);
  });

  it('a signup request and the address a buyer adds, changes and deletes are in the feed', async () => {
    const start = await head();
    const signup = await shop.app.inject({
      method: 'POST',
      url: '/api/user/requestAccount',
      remoteAddress: '198.51.100.77',
      payload: {
        companyName: 'Feed GmbH', vatId: '', customerNo: '', street: 'Weg 1', zipCode: '20457', city: 'Hamburg', countryCode: 'DE',
        firstName: 'Fee', lastName: 'Dee', email: `feed-${process.pid}@firma.example`, phone: '+49 40 1', message: '', privacyAccepted: true,
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const request = await shop.db.selectFrom('signup_requests').select('id').where('email', '=', `feed-${process.pid}@firma.example`).executeTakeFirstOrThrow();

    const auth = await shop.login('customeradmin');
    const address = { firstName: 'Erika', lastName: 'Muster', street: 'Hafenstraße 12', zipCode: '20457', city: 'Hamburg', country: 'DE', phoneNumber: '+49 40 2' };
    const created = await shop.app.inject({ method: 'POST', url: '/api/address', headers: { authorization: auth }, payload: address });
    expect(created.statusCode, created.body).toBe(201);
    const addressId = created.json<{ data: { _id: number } }>().data._id;
    const changed = await shop.app.inject({ method: 'PUT', url: `/api/address/${addressId}`, headers: { authorization: auth }, payload: { ...address, city: 'Bremen' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const deleted = await shop.app.inject({ method: 'DELETE', url: `/api/address/${addressId}`, headers: { authorization: auth } });
    expect(deleted.statusCode, deleted.body).toBe(204);

    await shop.services.erpEventSequencer.runNow();
    const events = await feedFrom(start);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['signupRequest.created', { id: request.id }],
      ['address.changed', { id: addressId, externalId: null, customerNo: '10001', deleted: false }],
      ['address.changed', { id: addressId, externalId: null, customerNo: '10001', deleted: false }],
      ['address.changed', { id: addressId, externalId: null, customerNo: '10001', deleted: true }],
    ]);
    expect(events.map((event) => event.seq)).toEqual([start + 1, start + 2, start + 3, start + 4]);
  });

  it('a user the customer admin adds or changes is in the feed with the company and the ERP key', async () => {
    const start = await head();
    const auth = await shop.login('customeradmin');
    const name = `feed-user-${process.pid}`;
    const saved = await shop.app.inject({
      method: 'POST',
      url: '/api/user/saveCompanyUser',
      headers: { authorization: auth },
      payload: { firstName: 'Nora', lastName: 'Neu', email: `${name}@example.com`, username: name, phone: '', active: true, locked: false, customerAdmin: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const user = await shop.db.selectFrom('users').select(['id', 'company_id']).where('username', '=', name).executeTakeFirstOrThrow();
    await shop.db.updateTable('users').set({ external_id: `ERP-${name}` }).where('id', '=', user.id).execute();
    const locked = await shop.app.inject({
      method: 'POST',
      url: '/api/user/saveCompanyUser',
      headers: { authorization: auth },
      payload: { _id: user.id, firstName: 'Nora', lastName: 'Neu', email: `${name}@example.com`, username: name, phone: '', active: true, locked: true, customerAdmin: false },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const company = await shop.db.selectFrom('companies').select('customer_no').where('id', '=', user.company_id!).executeTakeFirstOrThrow();

    await shop.services.erpEventSequencer.runNow();
    expect((await feedFrom(start)).map((event) => [event.type, event.data])).toEqual([
      ['company.user.changed', { id: user.id, externalId: null, customerNo: company.customer_no }],
      ['company.user.changed', { id: user.id, externalId: `ERP-${name}`, customerNo: company.customer_no }],
    ]);
  });

  it.runIf(testEngine === 'postgres')('gives a slower transaction’s event a seq after every one a reader has passed', async () => {
    const start = await head();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const wasInserted = new Promise<void>((resolve) => (inserted = resolve));
    // The slower transaction takes its event id first and commits last.
    const slow = shop.db.transaction().execute(async (trx) => {
      await recordErpEvent(trx, { tenantId, type: 'order.placed', data: { orderNumber: 'SLOW-1' }, occurredAt: new Date().toISOString() });
      inserted();
      await held;
    });
    await wasInserted;
    const fast = await customerOrder('feed-fast');
    await shop.services.erpEventSequencer.runNow();
    const first = await feed(start);
    expect(first.events.map((event) => [event.seq, event.data])).toEqual([[start + 1, { orderNumber: fast.orderNumber }]]);

    release();
    await slow;
    await shop.services.erpEventSequencer.runNow();
    const second = await feed(first.next);
    expect(second.events.map((event) => [event.seq, event.data])).toEqual([[start + 2, { orderNumber: 'SLOW-1' }]]);
    // Its id is the older one: seqs follow the commits, not the ids.
    expect(second.events[0]!.id).toBeLessThan(first.events[0]!.id);
  });
});

describe('the feed under parallel checkouts on two app processes', () => {
  it('gives a polling reader every order exactly once, in seq order, without gaps', async () => {
    const checkouts = 40;
    const start = await head();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: shop.databaseUrl, LOG_LEVEL: 'silent', MEDIA_DIR: path.join(testDataRoot, 'media') });
    const handle = openDatabase(shop.databaseUrl, { poolSize: 4 });
    const second = await buildApp({ config, db: handle.db, pages: false });
    const buyers = await createBuyers(shop.db, `feed-${process.pid}`, checkouts);
    await Promise.all(buyers.map((buyer) => fillBasket(shop.app, `Basic ${buyer.token}`, product)));
    // Both processes run their sequencer loops too, besides the rounds each commit asks for.
    shop.services.erpEventSequencer.start();
    second.services.erpEventSequencer.start();
    try {
      const seen: FeedEvent[] = [];
      let checkoutsDone = false;
      let expected = Number.POSITIVE_INFINITY;
      let lastAnswerAt = Date.now();
      const polling = (async () => {
        let after = start;
        const deadline = () => checkoutsDone && Date.now() > lastAnswerAt + 5_000;
        while (seen.length < expected && !deadline()) {
          const page = await feed(after, '&limit=7');
          for (const event of page.events) {
            // Each event directly follows the one before: nothing was skipped to come later.
            expect(event.seq).toBe((seen.at(-1)?.seq ?? start) + 1);
            seen.push(event);
          }
          after = page.next;
          if (page.events.length === 0) await sleep(2);
        }
      })();
      const answers = await Promise.all(
        buyers.map((buyer, i) => placeOrder(i % 2 === 0 ? shop.app : second.app, `Basic ${buyer.token}`, `feed-race-${i}-${process.pid}`, addressId)),
      );
      lastAnswerAt = Date.now();
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
      const numbers = answers.map((answer) => answer.json<{ orderNumber: string }>().orderNumber);
      expected = numbers.length;
      checkoutsDone = true;
      await polling;

      expect(seen.map((event) => event.type)).toEqual(numbers.map(() => 'order.placed'));
      const fed = seen.map((event) => event.data.orderNumber as string);
      expect(new Set(fed).size).toBe(fed.length);
      expect([...fed].sort()).toEqual([...numbers].sort());
      // Nothing more comes after: every event was answered once.
      expect((await feed(seen.at(-1)!.seq)).events).toEqual([]);
    } finally {
      await shop.services.erpEventSequencer.stop();
      await second.app.close();
      await handle.close();
    }
  }, 60_000);
});

describe('GET /erp/v1/events', () => {
  let start: number;
  beforeAll(async () => {
    start = await head();
    for (const key of ['filter-a', 'filter-b', 'filter-c']) await customerOrder(key);
    await shop.db.transaction().execute((trx) =>
      recordErpEvent(trx, { tenantId, type: 'signupRequest.created', data: { id: 4711 }, occurredAt: new Date().toISOString() }),
    );
    await shop.services.erpEventSequencer.runNow();
  });

  it('answers only the types asked for, and the seq to continue from', async () => {
    const placed = await feed(start, '&types=order.placed,order.cancelled');
    expect(placed.events.map((event) => event.type)).toEqual(['order.placed', 'order.placed', 'order.placed']);
    expect(placed.next).toBe(placed.events.at(-1)!.seq);
    const signups = await feed(start, '&types=signupRequest.created');
    expect(signups.events.map((event) => event.data)).toEqual([{ id: 4711 }]);
    const none = await feed(signups.next, '&types=order.paid');
    expect(none).toEqual({ events: [], next: signups.next });
    const unknown = await erpCall(shop.app, reader, 'GET', `/erp/v1/events?after=${start}&types=order.placed,order.shipped`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatchObject({ messageKey: 'erp.events.type.unknown', field: 'types' });
  });

  it('pages by limit (100 by default, at most 500)', async () => {
    const first = await feed(start, '&limit=2');
    expect(first.events.map((event) => event.seq)).toEqual([start + 1, start + 2]);
    expect(first.next).toBe(start + 2);
    const rest = await feed(first.next, '&limit=2');
    expect(rest.events.map((event) => event.seq)).toEqual([start + 3, start + 4]);
    expect((await feed(0)).events.length).toBeLessThanOrEqual(100);
    for (const query of ['&limit=501', '&limit=0', '&limit=x']) {
      const refused = await erpCall(shop.app, reader, 'GET', `/erp/v1/events?after=0${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toMatchObject({ field: 'limit' });
    }
    const negative = await erpCall(shop.app, reader, 'GET', '/erp/v1/events?after=-1');
    expect(negative).toMatchObject({ statusCode: 400, body: { field: 'after' } });
  });

  it('needs a key with orders:read: 401 without one, 403 naming the scope', async () => {
    expect((await erpCall(shop.app, null, 'GET', '/erp/v1/events')).statusCode).toBe(401);
    const writer = await erpKey(shop, tenantId, ['orders:write', 'catalog:write']);
    const refused = await erpCall(shop.app, writer, 'GET', '/erp/v1/events');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ messageKey: 'api.scope.missing', details: { scope: 'orders:read' } });
  });

  it('answers another tenant’s client only its own events', async () => {
    const otherId = await otherTenant(shop, `feed-other-${process.pid}`);
    const otherKey = await erpKey(shop, otherId, ['orders:read']);
    expect(await feed(0, '', otherKey)).toEqual({ events: [], next: 0 });
    await shop.db.transaction().execute((trx) => recordErpEvent(trx, { tenantId: otherId, type: 'signupRequest.created', data: { id: 1 }, occurredAt: new Date().toISOString() }));
    await shop.services.erpEventSequencer.runNow();
    // Each tenant counts its own seqs.
    expect((await feed(0, '', otherKey)).events.map((event) => [event.seq, event.data])).toEqual([[1, { id: 1 }]]);
    expect((await feedFrom(start)).some((event) => event.data.id === 1)).toBe(false);
  });
});

describe('housekeeping', () => {
  it('deletes events older than 30 days but the newest, so seqs go on from it', async () => {
    await shop.services.erpEventSequencer.runNow();
    const newest = await head();
    shop.clock.advance(31 * 24 * 3_600_000);
    try {
      await shop.services.housekeeping.runNow();
      const left = await shop.db.selectFrom('erp_events').select('seq').where('tenant_id', '=', tenantId).execute();
      expect(left).toEqual([{ seq: newest }]);
      await customerOrder('after-purge');
      await shop.services.erpEventSequencer.runNow();
      expect((await feed(newest)).events.map((event) => event.seq)).toEqual([newest + 1]);
    } finally {
      shop.clock.advance(-31 * 24 * 3_600_000);
    }
  });
});
