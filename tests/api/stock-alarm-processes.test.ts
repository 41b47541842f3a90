import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createApiClientRepository } from '../../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../../server/modules/erp/api-client.service.ts';
import { copyTemplateDatabase, type TestDatabase } from '../setup/test-database.ts';
import { startAppProcess, stopAppProcess, type AppProcess } from './app-process-fixtures.ts';
import { companyId, createUser, demoTenantId } from './order-history-fixtures.ts';

// Stock alarms with real app processes on one database (ADR 0027): two processes whose workers (on their
// job threads) both judge the checks while 20 stock writes of one product arrive on both at once fire each
// alarm exactly once; and a process killed (SIGKILL) between the stock write and the notification loses
// nothing: the check waits in the outbox, and the next process's worker fires the alarm, once.

let database: TestDatabase;
let handle: DatabaseHandle;
let apps: AppProcess[] = [];
let tenantId: number;
/** Five ERP clients: a client has at most four requests in flight (server/erp/erp-api.ts). */
let secrets: string[];
let buyerCompanyId: number;
let categoryId: number;
let users = 0;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// As in production: the loads and the alarms' worker on each process's job thread, woken by its own loads.
const withWorker = { ALARM_WORKER: 'on', ALARM_POLL_MS: '100', ERP_JOBS: 'thread' };

beforeAll(async () => {
  database = await copyTemplateDatabase(inject('databaseTemplate'));
  handle = openDatabase(database.url, { poolSize: 2 });
  tenantId = await demoTenantId(handle.db);
  buyerCompanyId = await companyId(handle.db, '10001');
  const clients = createApiClientService({ clients: createApiClientRepository(handle.db), clock: systemClock });
  secrets = [];
  for (let i = 0; i < 5; i++) secrets.push((await clients.create({ tenantId, name: `alarms-${i}`, scopes: ['stock:write'], expiresAt: null })).secret);
  categoryId = (
    await handle.db.selectFrom('categories').select('id').where('tenant_id', '=', tenantId).where('parent_id', 'is', null).where('is_deal', '=', 0).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()
  ).id;
}, 60_000);

afterAll(async () => {
  for (const app of apps) await stopAppProcess(app);
  await handle.close();
  await database.drop();
});

const putStock = (app: AppProcess, sku: string, quantity: number, client = 0) =>
  fetch(`http://127.0.0.1:${app.port}/erp/v1/stock`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${secrets[client]}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ sku, quantity }]),
  });

/** A product at stock 0 with an alarm of a new buyer for `quantity`. */
async function watchedProduct(sku: string, quantity: number) {
  const product = await handle.db
    .insertInto('products')
    .values({ tenant_id: tenantId, category_id: categoryId, sku, name: `Alarmartikel ${sku}`, price_cents: 500, vat_rate_bp: 1900, stock: 0, is_active: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  users += 1;
  const buyer = await createUser(handle.db, tenantId, buyerCompanyId, `alarm-process-${users}`, 'customer');
  await handle.db.updateTable('users').set({ stock_mail: 'off' }).where('id', '=', buyer.userId).execute();
  await handle.db
    .insertInto('stock_alarms')
    .values({ tenant_id: tenantId, user_id: buyer.userId, company_id: buyerCompanyId, product_id: product.id, variant_id: null, name: sku, domain_reference: sku, quantity })
    .execute();
  return { productId: product.id, userId: buyer.userId };
}

const notificationsOf = (userId: number) => handle.db.selectFrom('notifications').select(['type', 'product_id']).where('user_id', '=', userId).execute();
const pendingChecks = async (productId: number) => (await handle.db.selectFrom('stock_alarm_checks').select('id').where('product_id', '=', productId).execute()).length;

/** Waits until the product's checks were all judged (at most 15 s). */
async function judged(productId: number): Promise<void> {
  for (let tries = 0; tries < 300 && (await pendingChecks(productId)) > 0; tries++) await pause(50);
  expect(await pendingChecks(productId)).toBe(0);
}

it('fires an alarm once while 20 stock writes of its product arrive on two processes at once', async () => {
  apps = [await startAppProcess(database.url, withWorker), await startAppProcess(database.url, withWorker)];
  const watched = await watchedProduct('ALARM-PAR', 5);
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => putStock(apps[i % 2]!, 'ALARM-PAR', i % 3 === 0 ? 0 : 5 + i, i % 5)));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  expect((await putStock(apps[0]!, 'ALARM-PAR', 40)).status).toBe(200);
  await judged(watched.productId);
  // Another round of both workers finds nothing left to do.
  await pause(300);
  expect(await notificationsOf(watched.userId)).toEqual([{ type: 'backInStock', product_id: watched.productId }]);
  for (const app of apps) await stopAppProcess(app);
  apps = [];
}, 120_000);

it('loses nothing and doubles nothing when the process is killed between the stock write and the notification', async () => {
  const watched = await watchedProduct('ALARM-KILL', 3);
  // This process judges no alarms: its stock write is noted, then the process dies before anything fires it.
  const first = await startAppProcess(database.url, { ALARM_WORKER: 'off' });
  apps = [first];
  expect((await putStock(first, 'ALARM-KILL', 10)).status).toBe(200);
  await stopAppProcess(first);
  expect(await pendingChecks(watched.productId)).toBe(1);
  expect(await notificationsOf(watched.userId)).toEqual([]);
  // A worker had claimed the check when the process died: its lease ran out (a minute; here at once).
  await handle.db.updateTable('stock_alarm_checks').set({ claimed_until: '2000-01-01T00:00:00.000Z' }).where('product_id', '=', watched.productId).execute();

  const second = await startAppProcess(database.url, withWorker);
  apps = [second];
  await judged(watched.productId);
  await pause(300);
  expect(await notificationsOf(watched.userId)).toEqual([{ type: 'backInStock', product_id: watched.productId }]);
  // A restart of the process fires nothing again.
  await stopAppProcess(second);
  const third = await startAppProcess(database.url, withWorker);
  apps = [third];
  await pause(500);
  expect(await notificationsOf(watched.userId)).toHaveLength(1);
}, 120_000);
