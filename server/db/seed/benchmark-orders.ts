import { sql } from 'kysely';
import { hashPassword } from '../../modules/auth/password.ts';
import type { Database } from '../database.ts';
import { engineOf } from '../migration-helpers.ts';
import type { DB } from '../schema.ts';
import { seedOrderHistories } from './company-history.ts';
import { builderHabits, demoHistoryDays, punctualPayer } from './demo-history.ts';
import { historyCatalogueSize, loadHistoryContext } from './history-context.ts';
import type { Numbering } from './history-writer.ts';
import { DEMO_TENANT, SEED_TIME } from './reference-data.ts';

// The benchmark company (npm run db:seed -- --orders N): company BENCH-ORDERS of the demo tenant with
// N orders over two years and exactly N invoices and credits, made by the same generators as the demo
// history, and its customer admin "bench-admin". Running it again rebuilds the company's generated
// orders and documents with the new N; orders placed through the shop stay.

export const benchmarkCompanyNo = 'BENCH-ORDERS';
export const benchmarkLogin = { username: 'bench-admin', password: 'Bench-Orders-1' } as const;
const benchmarkNumbering: Numbering = { order: 'BAU', confirmation: 'BAB', invoice: 'BRE', credit: 'BGS', digits: 6 };
export const maxBenchmarkOrders = 1_000_000;

/** The tables the benchmark fills: PostgreSQL's planner must know their new size. */
const filledTables = ['orders', 'order_items', 'order_notes', 'order_packs', 'order_status_events', 'finance_documents'] as const satisfies readonly (keyof DB)[];

function checkBenchmarkOrders(orders: number): void {
  if (!Number.isInteger(orders) || orders < 1 || orders > maxBenchmarkOrders) {
    throw new Error(`The number of benchmark orders must be an integer from 1 to ${maxBenchmarkOrders}, not ${orders}.`);
  }
}

async function ensureCompany(trx: Database, tenantId: number): Promise<number> {
  const existing = await trx.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', benchmarkCompanyNo).executeTakeFirst();
  if (existing) return existing.id;
  const company = await trx
    .insertInto('companies')
    .values({ tenant_id: tenantId, customer_no: benchmarkCompanyNo, name: 'Benchmark Handel GmbH', vat_country_code: 'DE', show_net_prices: 1, discount_type: 'percent', discount_percent_bp: 300, created_at: SEED_TIME })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = { tenant_id: tenantId, company_id: company.id, street2: null, addressline2: null, apartment: null, state: null, country_code: 'DE', country_name: 'Deutschland', created_at: SEED_TIME };
  await trx
    .insertInto('addresses')
    .values([
      { ...address, type: 0, is_default: 1, first_name: 'Berit', last_name: 'Bench', street: 'Messeweg 1', zip_code: '20357', city: 'Hamburg', phone_number: '+49 40 555090' },
      { ...address, type: 1, is_default: 0, first_name: 'Warenannahme', last_name: 'Halle 4', street: 'Billstraße 80', zip_code: '20539', city: 'Hamburg', phone_number: '+49 40 555091' },
    ])
    .execute();
  return company.id;
}

async function ensureAdmin(trx: Database, tenantId: number, companyId: number, passwordHash: string): Promise<number> {
  const existing = await trx.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', '=', benchmarkLogin.username).executeTakeFirst();
  if (existing) {
    await trx.updateTable('users').set({ company_id: companyId, role: 'customer_admin', password_hash: passwordHash, is_active: 1, is_locked: 0 }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const user = await trx
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      company_id: companyId,
      current_company_id: null,
      username: benchmarkLogin.username,
      email: 'bench-admin@benchmark-handel.example',
      first_name: 'Berit',
      last_name: 'Bench',
      phone: null,
      password_hash: passwordHash,
      role: 'customer_admin',
      locale: 'de',
      password_changed_at: SEED_TIME,
      created_at: SEED_TIME,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/**
 * The company's documents go first, on their own: each deleted order then looks for documents that
 * refer to it (finance_documents.order_id, on delete set null, has no index), and on PostgreSQL that
 * scan would also walk the deleted documents' dead rows until a vacuum removes them — minutes instead
 * of seconds for 20,000 orders.
 */
async function removeDocuments(db: Database, tenantId: number): Promise<void> {
  const company = await db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', benchmarkCompanyNo).executeTakeFirst();
  if (!company) return;
  await db.deleteFrom('finance_documents').where('tenant_id', '=', tenantId).where('company_id', '=', company.id).execute();
  if (engineOf(db) === 'postgres') await sql`vacuum finance_documents`.execute(db);
}

/** Builds or rebuilds the benchmark company with `orders` orders and as many finance documents; needs the demo tenant. */
export async function seedBenchmarkOrders(db: Database, options: { orders: number }): Promise<{ companyId: number; orders: number; documents: number }> {
  checkBenchmarkOrders(options.orders);
  const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', DEMO_TENANT.slug).executeTakeFirst();
  if (!tenant) throw new Error('The demo tenant does not exist yet; seed the demo data first.');
  const engine = engineOf(db);
  const passwordHash = await hashPassword(benchmarkLogin.password);
  await removeDocuments(db, tenant.id);
  const result = await db.transaction().execute(async (trx) => {
    const companyId = await ensureCompany(trx, tenant.id);
    const adminId = await ensureAdmin(trx, tenant.id, companyId, passwordHash);
    // Lines, notes, packs and status events go with their orders (on delete cascade).
    await trx.deleteFrom('orders').where('tenant_id', '=', tenant.id).where('company_id', '=', companyId).where('order_number', 'like', `${benchmarkNumbering.order}-%`).execute();
    const ctx = await loadHistoryContext(trx, tenant.id, Date.parse(SEED_TIME), historyCatalogueSize);
    if (ctx.products.length === 0) throw new Error('The demo catalogue has no products to order; seed it with --products first.');
    await seedOrderHistories(
      trx,
      engine,
      ctx,
      [
        {
          customerNo: benchmarkCompanyNo,
          vatId: 'DE298765432',
          buyers: [
            { userId: adminId, weight: 9 },
            { userId: null, weight: 1 },
          ],
          orderCount: options.orders,
          days: demoHistoryDays,
          stream: 0xbe4c,
          habits: builderHabits,
          payer: punctualPayer,
          documentCount: options.orders,
        },
      ],
      benchmarkNumbering,
    );
    const count = async (table: 'orders' | 'finance_documents') =>
      Number((await trx.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n);
    return { companyId, orders: await count('orders'), documents: await count('finance_documents') };
  });
  if (engine === 'postgres') await sql`analyze ${sql.join(filledTables.map((table) => sql.table(table)))}`.execute(db);
  return result;
}
