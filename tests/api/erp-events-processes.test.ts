import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createApiClientRepository } from '../../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../../server/modules/erp/api-client.service.ts';
import { createErpEventRepository, recordErpEvent } from '../../server/modules/erp-events/erp-event.repository.ts';
import { copyTemplateDatabase, testEngine, type TestDatabase } from '../setup/test-database.ts';
import { orderAt, startAppProcess, stopAppProcess, type AppProcess } from './app-process-fixtures.ts';
import { createBuyers, orderableProduct, shippingAddressOf } from './buyer-fixtures.ts';
import type { FeedEvent } from './erp-order-fixtures.ts';

// The ERP's event feed with everything real (docs/decisions/0021-erp-event-feed.md): two app processes on
// one database (SQLite: one file both write; PostgreSQL: one database), 50 buyers checking out at once, half
// on each, while three ERP readers poll GET /erp/v1/events?after=<last seq> on both processes all the while.
// Every reader must see every order's `order.placed` exactly once, seqs without a gap, in order. A slower
// transaction whose event turned up behind a seq a reader had already passed would be missing from that
// reader's sequence while the final full feed has it: so each reader's sequence must be that feed itself.
//
// Orders alone cannot show that hole: each takes the order counter's row lock before it writes its event,
// so their events are written in commit order anyway. On PostgreSQL the test therefore also holds open
// transactions of its own that write an event before the first checkout and commit only once a reader has
// passed that many seqs, as a slow change of another kind would (numbering events by id or at insert would
// put those events behind seqs the readers had passed). SQLite has one writer at a time: a transaction held
// open there would only stop both processes, and no transaction can commit out of the order it wrote in.

const checkouts = 50;
const readers = 3;
/** Small pages, so a reader passes many seqs per checkout wave and reads while the orders commit. */
const pageSize = 7;
/** How long readers go on asking for events still missing once every checkout has answered. */
const catchUpMs = 30_000;
/** PostgreSQL: each slow transaction commits once a reader has read this many events. */
const slowCommitsOnceRead = testEngine === 'postgres' ? [10, 25, 40] : [];

let database: TestDatabase;
let handle: DatabaseHandle;
let apps: AppProcess[] = [];
let tenantId: number;
let erpSecret: string;
let addressId: number;
let buyers: { userId: number; token: string }[];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A transaction that writes its event now and commits when released, then numbers what is committed as
 * any process's sequencer loop would (no commit of an app process asks a round for it).
 */
async function slowTransaction(index: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const wasWritten = new Promise<void>((resolve) => (written = resolve));
  const committed = handle.db
    .transaction()
    .execute(async (trx) => {
      await recordErpEvent(trx, { tenantId, type: 'signupRequest.created', data: { id: 900_000 + index }, occurredAt: new Date().toISOString() });
      written();
      await released;
    })
    .then(() => createErpEventRepository(handle.db).sequencePending());
  await wasWritten;
  return { release, committed };
}

async function feedPage(app: AppProcess, after: number): Promise<{ events: FeedEvent[]; next: number }> {
  const response = await fetch(`http://127.0.0.1:${app.port}/erp/v1/events?after=${after}&limit=${pageSize}`, { headers: { authorization: `Bearer ${erpSecret}` } });
  const body = await response.text();
  expect(response.status, body).toBe(200);
  return JSON.parse(body);
}

/** The whole feed after `after`, page by page, from one process. */
async function fullFeed(app: AppProcess, after: number): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  for (;;) {
    const page = await feedPage(app, after);
    if (page.events.length === 0) return events;
    events.push(...page.events);
    after = page.next;
  }
}

beforeAll(async () => {
  database = await copyTemplateDatabase(inject('databaseTemplate'));
  // A connection for each slow transaction, and one for the rest.
  handle = openDatabase(database.url, { poolSize: slowCommitsOnceRead.length + 1 });
  const db = handle.db;
  tenantId = (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
  erpSecret = (await clients.create({ tenantId, name: 'ERP feed reader', scopes: ['orders:read'], expiresAt: null })).secret;
  addressId = await shippingAddressOf(db, '10001');
  // A product that may go into backorder: fifty orders never run out of it.
  const product = await orderableProduct(db, false);
  buyers = await createBuyers(db, 'feed-proc', checkouts);
  apps = await Promise.all([startAppProcess(database.url), startAppProcess(database.url)]);
  for (const [i, buyer] of buyers.entries()) {
    const response = await fetch(`http://127.0.0.1:${apps[i % 2]!.port}/api/basket`, {
      method: 'POST',
      headers: { authorization: `Basic ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 1 }] }),
    });
    expect(response.status, await response.text()).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map(stopAppProcess));
  await handle?.close();
  await database?.drop();
});

it('gives every polling reader every order placed on two processes exactly once, in seq order, without gaps', async () => {
  const [first, second] = apps as [AppProcess, AppProcess];
  // Readers start after the newest event there is, as a new ERP would.
  const start = (await fullFeed(first, 0)).at(-1)?.seq ?? 0;
  // Their events are written before any order's, so they have the lowest ids.
  const slow = await Promise.all(slowCommitsOnceRead.map((_, index) => slowTransaction(index)));
  /** The most events a reader has read so far. */
  let mostRead = 0;
  function readerRead(count: number) {
    mostRead = Math.max(mostRead, count);
    for (const [index, threshold] of slowCommitsOnceRead.entries()) if (mostRead >= threshold) slow[index]!.release();
  }

  let checkoutsDone = false;
  let checkoutsDoneAt = 0;
  /** Reads until it has every order and the feed answers nothing more, each poll on the other process. */
  async function reader(index: number) {
    const seen: FeedEvent[] = [];
    let after = start;
    let polls = index;
    for (;;) {
      const page = await feedPage(apps[polls++ % 2]!, after);
      seen.push(...page.events);
      readerRead(seen.length);
      after = page.next;
      if (page.events.length > 0) continue;
      if (checkoutsDone && (seen.length >= checkouts + slow.length || Date.now() - checkoutsDoneAt > catchUpMs)) return { seen, next: after };
      await pause(5);
    }
  }
  // Every reader has asked once before the first checkout is sent: they poll all the while.
  const firstPages = await Promise.all(Array.from({ length: readers }, (_, index) => feedPage(apps[index % 2]!, start)));
  expect(firstPages.map((page) => page.events)).toEqual(Array.from({ length: readers }, () => []));
  const reading = Array.from({ length: readers }, (_, index) => reader(index));

  const answers = await Promise.all(
    buyers.map(async (buyer, i) => {
      const response = await orderAt((i % 2 === 0 ? first : second).port, buyer.token, `feed-proc-${i}`, addressId);
      return { status: response.status, body: await response.text() };
    }),
  ).finally(() => {
    checkoutsDone = true;
    checkoutsDoneAt = Date.now();
  });
  const read = await Promise.all(reading);
  // Released already unless readers fell short (then the assertions below say so): never left hanging.
  for (const transaction of slow) transaction.release();
  await Promise.all(slow.map((transaction) => transaction.committed));
  for (const answer of answers) expect(answer.status, answer.body).toBe(201);
  const orderNumbers = answers.map((answer) => (JSON.parse(answer.body) as { orderNumber: string }).orderNumber);

  // The feed as it stands once all is committed and numbered, the same from both processes.
  const final = await fullFeed(first, start);
  expect(await fullFeed(second, start)).toEqual(final);
  const total = checkouts + slow.length;
  expect(final.map((event) => event.seq)).toEqual(Array.from({ length: total }, (_, i) => start + i + 1));
  expect(new Set(final.map((event) => event.id)).size).toBe(total);
  const placed = final.filter((event) => event.type === 'order.placed');
  expect(placed.map((event) => event.data.orderNumber).sort()).toEqual([...orderNumbers].sort());
  const slowEvents = final.filter((event) => event.type === 'signupRequest.created');
  expect(slowEvents.map((event) => event.data.id).sort()).toEqual(slow.map((_, index) => 900_000 + index));
  // Written first, committed after a reader had passed `threshold` seqs: numbered after all of them.
  for (const [index, threshold] of slowCommitsOnceRead.entries()) {
    const event = slowEvents.find((candidate) => candidate.data.id === 900_000 + index)!;
    expect(event.seq).toBeGreaterThan(start + threshold);
    expect(event.id).toBeLessThan(Math.min(...placed.map((order) => order.id)));
  }

  for (const [index, { seen, next }] of read.entries()) {
    // Not just the same orders: the same events at the same seqs, in the same order. An event numbered
    // behind a seq this reader had passed would be in `final` and not here.
    expect(seen, `reader ${index}`).toEqual(final);
    expect(next, `reader ${index}`).toBe(start + total);
    for (const app of apps) expect(await feedPage(app, next), `reader ${index}`).toEqual({ events: [], next });
  }
}, 180_000);
