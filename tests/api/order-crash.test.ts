import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { orderAt, startAppProcess, stopAppProcess, type AppProcess } from './app-process-fixtures.ts';
import { createBuyers } from './buyer-fixtures.ts';
import { copyTemplateDatabase, type TestDatabase } from '../setup/test-database.ts';

// A crash while ordering: the shop process is killed (SIGKILL, no shutdown) while checkouts are running.
// After a restart every order is complete or absent, order numbers have no gaps, and no basket lost a
// line without an order; a buyer who retries with the same key gets the one order, never a second.

const buyers = 60;
let database: TestDatabase;
let handle: DatabaseHandle;
let product: { id: number; sku: string };
let addressId: number;
const tokens: string[] = [];
let server: AppProcess | undefined;

beforeAll(async () => {
  database = await copyTemplateDatabase(inject('databaseTemplate'));
  handle = openDatabase(database.url, { poolSize: 2 });
  const db = handle.db;
  const company = await db.selectFrom('companies').select(['id', 'tenant_id']).where('customer_no', '=', '10001').executeTakeFirstOrThrow();
  addressId = (await db.selectFrom('addresses').select('id').where('company_id', '=', company.id).where('type', '=', 1).executeTakeFirstOrThrow()).id;
  product = await db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('is_only_sellable_with_positive_stock', '=', 1)
    .where('sales_batch_size', '=', 1)
    .where('is_active', '=', 1)
    .where('price_cents', '>', 5000)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable('products').set({ stock: 1000 }).where('id', '=', product.id).execute();
  const now = new Date().toISOString();
  const price = await db.selectFrom('products').select('price_cents').where('id', '=', product.id).executeTakeFirstOrThrow();
  for (const { userId, token } of await createBuyers(db, 'crash', buyers)) {
    const basket = await db.insertInto('baskets').values({ tenant_id: company.tenant_id, user_id: userId, company_id: company.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('basket_lines')
      .values({ tenant_id: company.tenant_id, basket_id: basket.id, product_id: product.id, variant_id: null, sku: product.sku, variant_sku: null, order_type: 'order', quantity: 1, quantities: '[]', custom_attributes: null, packs: null, unit_price_cents: price.price_cents, old_price_cents: null, sort_order: 0, created_at: now, updated_at: now })
      .execute();
    tokens.push(token);
  }
}, 120_000);

afterAll(async () => {
  await stopAppProcess(server);
  await handle.close();
  await database.drop();
});

it('keeps every order whole or absent when the process is killed during checkouts', async () => {
  const first = await startAppProcess(database.url);
  server = first;
  // Pull the plug as soon as a few orders are answered, in the middle of the others.
  let answered = 0;
  let pullPlug = () => {};
  const fewAnswered = new Promise<void>((resolve) => (pullPlug = resolve));
  const inFlight = tokens.map((token, i) =>
    orderAt(first.port, token, `crash-key-${i}`, addressId).then(
      (response) => {
        if (++answered === 5) pullPlug();
        return response.status;
      },
      () => 0,
    ),
  );
  await Promise.race([fewAnswered, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  first.process.kill('SIGKILL');
  await Promise.all(inFlight);

  const second = await startAppProcess(database.url);
  server = second;
  const db = handle.db;
  const orders = await db.selectFrom('orders').select(['id', 'order_number', 'user_id', 'costs', 'net_total_cents', 'vat_total_cents', 'gross_total_cents']).where('order_number', 'like', 'WEB-%').execute();
  const items = await db.selectFrom('order_items').select(['order_id', 'quantity']).where('order_id', 'in', orders.length ? orders.map((o) => o.id) : [0]).execute();
  for (const placed of orders) {
    expect(items.filter((item) => item.order_id === placed.id)).toEqual([{ order_id: placed.id, quantity: 1 }]);
    expect(placed.costs).not.toBeNull();
    expect(placed.net_total_cents + placed.vat_total_cents).toBe(placed.gross_total_cents);
  }
  // Numbers without gaps or doubles, and the counter where the last committed order left it.
  expect(orders.map((o) => o.order_number).sort()).toEqual(Array.from({ length: orders.length }, (_, i) => `WEB-${String(i + 1).padStart(6, '0')}`));
  const counter = await db.selectFrom('order_counters').select('last_number').executeTakeFirst();
  expect(counter?.last_number ?? 0).toBe(orders.length);
  // Each committed order queued its confirmation mail exactly once, in its own transaction.
  const queued = await db.selectFrom('mail_outbox').select('order_id').where('kind', '=', 'order_confirmation').execute();
  expect(queued.map((row) => row.order_id!).sort((a, b) => a - b)).toEqual(orders.map((o) => o.id).sort((a, b) => a - b));
  // Stock went exactly with the orders.
  expect((await db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()).stock).toBe(1000 - orders.length);
  // A buyer has an order or still the line, never neither and never both.
  // Some orders were committed before the kill and some were not.
  expect(orders.length).toBeGreaterThanOrEqual(5);
  expect(orders.length).toBeLessThan(buyers);
  const ordered = new Set(orders.map((o) => o.user_id));
  const withLine = new Set(
    (await db.selectFrom('basket_lines').innerJoin('baskets', 'baskets.id', 'basket_lines.basket_id').select('baskets.user_id').where('basket_lines.product_id', '=', product.id).execute()).map((row) => row.user_id),
  );
  const buyerIds = (await db.selectFrom('users').select('id').where('username', 'like', 'crash-%').execute()).map((row) => row.id);
  for (const id of buyerIds) expect(ordered.has(id) !== withLine.has(id), `buyer ${id}`).toBe(true);

  // Retrying after the crash: claims of killed requests count as abandoned once old enough.
  await db.updateTable('checkout_requests').set({ started_at: '2000-01-01T00:00:00.000Z' }).where('order_id', 'is', null).execute();
  const retried = await Promise.all(tokens.map((token, i) => orderAt(second.port, token, `crash-key-${i}`, addressId).then((r) => r.status)));
  expect(retried.every((status) => status === 200 || status === 201)).toBe(true);
  expect(retried.filter((status) => status === 200)).toHaveLength(orders.length);
  const total = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('order_number', 'like', 'WEB-%').executeTakeFirstOrThrow();
  expect(Number(total.n)).toBe(buyers);
}, 120_000);
