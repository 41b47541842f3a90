import type { Database } from '../server/db/database.ts';

// The data of bench/stock-alarms.ts, built once per database and size and kept between runs:
// `users` customers `bench-alarm-00001`… in companies of 10 (`AL-50000`…), each with 10 open alarms on
// products of the catalogue, 5 alarms on each watched product (200,000 alarms on 40,000 products for
// the default 20,000 users). The first `freed` watched products are out of stock before each run; the
// run's stock job brings them back. Rows go in with multi-row inserts in one transaction.

const userPrefix = 'bench-alarm-';
const alarmsPerUser = 10;
const alarmsPerProduct = 5;
const usersPerCompany = 10;

export interface AlarmBenchData {
  tenantId: number;
  userIds: number[];
  /** The watched products in the order alarms were spread over them: id, sku, batch size. */
  watched: { id: number; sku: string; batch: number }[];
}

async function demoTenantId(db: Database): Promise<number> {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
}

/** Products a customer sees: active, in an active leaf category that is not the deals'. */
async function visibleProducts(db: Database, tenantId: number, count: number) {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'sku', 'sales_batch_size'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .where('category_id', 'in', db.selectFrom('categories').select('id').where('tenant_id', '=', tenantId).where('is_active', '=', 1).where('is_deal', '=', 0).where('parent_id', 'is not', null))
    .orderBy('id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`the catalogue has ${rows.length} visible products, the bench needs ${count}`);
  return rows.map((row) => ({ id: row.id, sku: row.sku, batch: Math.max(1, row.sales_batch_size ?? 1) }));
}

/** Builds the users, companies and alarms when they are missing (or of another size); answers what the bench needs. */
export async function ensureAlarmBenchData(db: Database, users: number): Promise<AlarmBenchData> {
  const tenantId = await demoTenantId(db);
  const watchedCount = (users * alarmsPerUser) / alarmsPerProduct;
  const watched = await visibleProducts(db, tenantId, watchedCount);
  const existing = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', 'like', `${userPrefix}%`).orderBy('id').execute();
  const alarmCount = Number((await db.selectFrom('stock_alarms').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', db.selectFrom('users').select('id').where('username', 'like', `${userPrefix}%`)).executeTakeFirstOrThrow()).n);
  if (existing.length === users && alarmCount === users * alarmsPerUser) return { tenantId, userIds: existing.map((row) => row.id), watched };

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('users').where('tenant_id', '=', tenantId).where('username', 'like', `${userPrefix}%`).execute();
    await trx.deleteFrom('companies').where('tenant_id', '=', tenantId).where('customer_no', 'like', 'AL-%').execute();
    const companyIds: number[] = [];
    const companyCount = Math.ceil(users / usersPerCompany);
    for (let from = 0; from < companyCount; from += 500) {
      const rows = Array.from({ length: Math.min(500, companyCount - from) }, (_, i) => ({ tenant_id: tenantId, customer_no: `AL-${50_000 + from + i}`, name: `Alarm Bench ${from + i} GmbH`, vat_country_code: 'DE' }));
      companyIds.push(...(await trx.insertInto('companies').values(rows).returning('id').execute()).map((row) => row.id));
    }
    const userIds: number[] = [];
    for (let from = 0; from < users; from += 500) {
      const rows = Array.from({ length: Math.min(500, users - from) }, (_, i) => {
        const username = `${userPrefix}${String(from + i + 1).padStart(5, '0')}`;
        return { tenant_id: tenantId, company_id: companyIds[Math.floor((from + i) / usersPerCompany)]!, current_company_id: null, username, email: `${username}@example.com`, first_name: 'Bench', last_name: 'Alarm', phone: null, password_hash: 'no-sign-in', role: 'customer' as const, locale: null, is_deal: 0 as const };
      });
      userIds.push(...(await trx.insertInto('users').values(rows).returning('id').execute()).map((row) => row.id));
    }
    const created = '2026-11-01T08:00:00.000Z';
    const alarms = Array.from({ length: users * alarmsPerUser }, (_, index) => {
      const user = Math.floor(index / alarmsPerUser);
      const product = watched[index % watched.length]!;
      return { tenant_id: tenantId, user_id: userIds[user]!, company_id: companyIds[Math.floor(user / usersPerCompany)]!, product_id: product.id, name: product.sku, domain_reference: product.sku, quantity: product.batch * (1 + (index % 3)), created_at: created };
    });
    for (let from = 0; from < alarms.length; from += 2000) await trx.insertInto('stock_alarms').values(alarms.slice(from, from + 2000)).execute();
  });
  const userIds = (await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', 'like', `${userPrefix}%`).orderBy('id').execute()).map((row) => row.id);
  return { tenantId, userIds, watched };
}

/**
 * Before a run: the freed products out of stock, every bench alarm armed and never fired, no bench
 * notifications, counts, pending checks or mails left from the last run.
 */
export async function resetAlarmBench(db: Database, data: AlarmBenchData, freed: number): Promise<void> {
  const benchUsers = db.selectFrom('users').select('id').where('username', 'like', `${userPrefix}%`);
  await db.transaction().execute(async (trx) => {
    const freedIds = data.watched.slice(0, freed).map((product) => product.id);
    for (let from = 0; from < freedIds.length; from += 1000) await trx.updateTable('products').set({ stock: 0 }).where('id', 'in', freedIds.slice(from, from + 1000)).execute();
    await trx.updateTable('stock_alarms').set({ fired_at: null, last_fired_at: null }).where('user_id', 'in', benchUsers).execute();
    await trx.deleteFrom('notifications').where('user_id', 'in', benchUsers).execute();
    await trx.deleteFrom('notification_counts').where('user_id', 'in', benchUsers).execute();
    await trx.deleteFrom('stock_alarm_checks').execute();
    await trx.deleteFrom('mail_outbox').where('recipient', 'like', `${userPrefix}%`).execute();
  });
}

/** How many notifications the bench users have. */
export async function countBenchNotifications(db: Database): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', 'in', db.selectFrom('users').select('id').where('username', 'like', `${userPrefix}%`))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The alarms on the first `freed` watched products: the notifications the run must bring. */
export const expectedNotifications = (freed: number) => freed * alarmsPerProduct;
