import { sql } from 'kysely';
import type { Database } from '../database.ts';
import { engineOf } from '../migration-helpers.ts';
import { seedAccounts } from './accounts.ts';
import { insertProducts, seedCategories, seedSalesUnits, type CatalogIds } from './catalog.ts';
import { seedDocuments } from './documents.ts';
import { writeDemoMedia } from './media.ts';
import { seedBoughtProductFiles, seedGeneratedProductDocuments, writeDemoFiles } from './product-files.ts';
import { DEMO_TENANT, SEED_TIME, seedReferenceData } from './reference-data.ts';

// The deterministic demo data set: tenant "demo" with seller, settings, reference data, companies,
// demo accounts, a generated catalogue, orders, invoices, credits, alarms and notifications.
// Everything except the argon2 password hashes (salted) is identical on every run.

export interface DemoSeedOptions {
  /** Number of products (1 … 999,999); products are MAT-000001 … in a fixed order. */
  products: number;
  /** Where the demo images go (./data/media in production; served as /media/…). */
  mediaDir: string;
  /** The file store of product documents and downloads (./data/files in production). */
  filesDir: string;
}

export { demoAccounts } from './accounts.ts';
export { benchmarkCompanyNo, benchmarkLogin, maxBenchmarkOrders, seedBenchmarkOrders } from './benchmark-orders.ts';

/** Seeds the demo tenant; does nothing (seeded: false) when tenant "demo" already exists. */
export async function seedDemo(db: Database, options: DemoSeedOptions): Promise<{ seeded: boolean }> {
  checkCount(options.products);
  if (await findDemoTenant(db)) return { seeded: false };
  const engine = engineOf(db);
  await writeDemoMedia(options.mediaDir);
  await writeDemoFiles(options.filesDir);
  await db.transaction().execute(async (trx) => {
    const { tenantId, seasonIds } = await seedReferenceData(trx);
    const { companyIds, userIds } = await seedAccounts(trx, tenantId);
    const categoryIds = await seedCategories(trx, tenantId, SEED_TIME);
    const unitIds = await seedSalesUnits(trx, tenantId);
    await insertProducts(trx, engine, { tenantId, categoryIds, unitIds, seasonIds, companyIds }, 1, options.products);
    await seedGeneratedProductDocuments(trx, engine, tenantId, 1, options.products);
    await seedDocuments({ db: trx, engine, tenantId, userIds }, options.products);
    await seedBoughtProductFiles(trx, engine, tenantId, '10001');
  });
  await refreshPlannerStatistics(db);
  return { seeded: true };
}

/**
 * After a bulk load PostgreSQL's planner still believes the tables are as small as they were, and
 * autovacuum may be off or late: a search would then walk 100,000 products for one page.
 */
async function refreshPlannerStatistics(db: Database): Promise<void> {
  if (engineOf(db) === 'postgres') await sql`vacuum analyze`.execute(db);
}

/** Number of generated demo products present (the highest MAT-nnnnnn number), 0 without demo tenant. */
export async function countDemoProducts(db: Database): Promise<number> {
  const tenant = await findDemoTenant(db);
  if (!tenant) return 0;
  // Generated skus are MAT- and six digits, the millionth seven (variants add a suffix): compared as numbers.
  const row = await db
    .selectFrom('products')
    .select(sql<number | string | null>`max(cast(substr(sku, 5) as integer))`.as('max_number'))
    .where('tenant_id', '=', tenant.id)
    .where((eb) => eb.or([eb('sku', 'like', 'MAT-______'), eb('sku', 'like', 'MAT-_______')]))
    .executeTakeFirst();
  return Number(row?.max_number ?? 0);
}

/**
 * Adds the generated products missing up to `products` (e.g. 2,000 seeded, 100,000 requested),
 * exactly as a fresh seed with that count would have created them. Orders, alarms etc. stay as they are.
 */
export async function addDemoProducts(db: Database, options: DemoSeedOptions): Promise<{ added: number }> {
  checkCount(options.products);
  const tenant = await findDemoTenant(db);
  if (!tenant) throw new Error('The demo tenant does not exist yet; run seedDemo first.');
  const existing = await countDemoProducts(db);
  if (existing >= options.products) return { added: 0 };
  const engine = engineOf(db);
  await writeDemoMedia(options.mediaDir);
  await writeDemoFiles(options.filesDir);
  const ids = await loadCatalogIds(db, tenant.id);
  await db.transaction().execute(async (trx) => {
    await insertProducts(trx, engine, ids, existing + 1, options.products);
    await seedGeneratedProductDocuments(trx, engine, tenant.id, existing + 1, options.products);
  });
  await refreshPlannerStatistics(db);
  return { added: options.products - existing };
}

function checkCount(products: number): void {
  if (!Number.isInteger(products) || products < 0 || products > 1_000_000) {
    throw new Error(`The number of demo products must be an integer from 0 to 1000000, not ${products}.`);
  }
}

function findDemoTenant(db: Database) {
  return db.selectFrom('tenants').select('id').where('slug', '=', DEMO_TENANT.slug).executeTakeFirst();
}

async function loadCatalogIds(db: Database, tenantId: number): Promise<CatalogIds> {
  const [categories, units, seasons, companies] = await Promise.all([
    db.selectFrom('categories').select(['id', 'slug']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('sales_units').select(['id', 'code']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('seasons').select('id').where('tenant_id', '=', tenantId).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('companies').select(['id', 'customer_no']).where('tenant_id', '=', tenantId).execute(),
  ]);
  return {
    tenantId,
    categoryIds: new Map(categories.map((c) => [c.slug, c.id])),
    unitIds: new Map(units.map((u) => [u.code, u.id])),
    seasonIds: seasons.map((s) => s.id),
    companyIds: new Map(companies.map((c) => [c.customer_no, c.id])),
  };
}
