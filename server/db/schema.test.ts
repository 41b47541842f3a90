import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../core/site-settings.ts';
import { verifyPassword } from '../modules/auth/password.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { applyMigrations, migrateToLatest } from './migrator.ts';
import { demoAccounts, seedDemo } from './seed/index.ts';
import { generateProduct } from './seed/product-generator.ts';

// Migrates a fresh SQLite file and (when reachable) a fresh PostgreSQL database, seeds 300 demo
// products into each and checks the facts other modules rely on.

const PRODUCTS = 300;
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tag = `${process.pid}_${Date.now()}`;

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface EngineSetup {
  name: 'sqlite' | 'postgres';
  create(): Promise<string>;
  destroy(): Promise<void>;
}

const sqliteFile = path.join(os.tmpdir(), `shop-schema-test-${tag}.sqlite`);
const pgDatabase = `shop_schema_test_${tag}`;
const engines: EngineSetup[] = [
  {
    name: 'sqlite',
    create: () => Promise.resolve(sqliteFile),
    destroy: async () => {
      for (const ext of ['', '-wal', '-shm']) fs.rmSync(sqliteFile + ext, { force: true });
    },
  },
];
if (await postgresReachable()) {
  engines.push({
    name: 'postgres',
    create: async () => {
      await adminQuery(`CREATE DATABASE ${pgDatabase}`);
      const url = new URL(adminUrl);
      url.pathname = `/${pgDatabase}`;
      return url.toString();
    },
    destroy: () => adminQuery(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`),
  });
} else {
  console.warn(`PostgreSQL not reachable at ${adminUrl}: testing the schema on SQLite only.`);
}

const expectedTables = [
  'tenants', 'tenant_hosts', 'seller_companies', 'site_settings', 'companies', 'users', 'sales_person_companies',
  'sessions', 'login_attempts', 'statistics_events', 'password_reset_tokens', 'signup_requests', 'addresses',
  'vat_rates', 'seasons', 'shipping_methods', 'shipping_method_countries', 'payment_methods', 'order_statuses',
  'sales_head_statuses', 'content_pages', 'categories', 'sales_units', 'products', 'product_variants', 'product_images',
  'material_units', 'product_pre_stocks', 'product_facets', 'customer_prices', 'downloads', 'reviews', 'baskets', 'basket_lines',
  'wishlists', 'wishlist_items', 'stock_alarms', 'notifications', 'orders', 'order_items', 'order_notes', 'order_packs',
  'invoices', 'credits', 'product_search', 'search_engine_outbox', 'search_engine_sync', 'login_throttle', 'order_counters', 'checkout_requests',
  'mail_outbox', 'payment_sessions', 'payment_events',
];
// The words of the names for typo correction: an FTS5 index and its vocabulary, or a table (migration 0009).
const engineTables = { sqlite: ['product_words', 'product_words_vocab'], postgres: ['search_words'] } as const;
// FTS5 tables carry no column types: the SQLite search indexes are text by construction.
const ftsTables = ['product_search', 'product_words', 'product_words_vocab'];
const isoTimestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(engines)('schema and demo seed on $name', (engine) => {
  let handle: DatabaseHandle;
  let firstSeed: { seeded: boolean };
  const mediaDir = path.join(os.tmpdir(), `shop-schema-test-media-${tag}-${engine.name}`);

  beforeAll(async () => {
    handle = openDatabase(await engine.create(), { poolSize: 2 });
    await migrateToLatest(handle.db);
    firstSeed = await seedDemo(handle.db, { products: PRODUCTS, mediaDir });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await engine.destroy();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }, 60_000);

  async function columns(): Promise<{ table_name: string; column_name: string; data_type: string }[]> {
    const query =
      engine.name === 'sqlite'
        ? // Virtual tables (the FTS5 search index) count as tables; their shadow tables are FTS5's own.
          sql<{ table_name: string; column_name: string; data_type: string }>`select t.name as table_name, p.name as column_name, lower(p.type) as data_type from pragma_table_list t join pragma_table_info(t.name) p where t.schema = 'main' and t.type in ('table', 'virtual') and t.name not like 'sqlite_%' and t.name not like 'kysely_%'`
        : sql<{ table_name: string; column_name: string; data_type: string }>`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' and table_name not like 'kysely_%'`;
    return (await query.execute(handle.db)).rows;
  }

  it('creates every table, and migrating again changes nothing', async () => {
    const tables = new Set((await columns()).map((c) => c.table_name));
    expect([...tables].sort()).toEqual([...expectedTables, ...engineTables[engine.name]].sort());
    expect(await applyMigrations(handle.db)).toEqual([]);
  });

  it('uses only integer, bigint and text columns; money, rates and ratios are integers', async () => {
    const cols = await columns();
    const typed = cols.filter((c) => !(engine.name === 'sqlite' && ftsTables.includes(c.table_name)));
    for (const c of typed) expect(['integer', 'bigint', 'text'], `${c.table_name}.${c.column_name}`).toContain(c.data_type);
    const numeric = cols.filter((c) => /_(cents|bp|milli)$/.test(c.column_name));
    expect(numeric.length).toBeGreaterThan(20);
    for (const c of numeric) expect(['integer', 'bigint'], `${c.table_name}.${c.column_name}`).toContain(c.data_type);
    const sums = cols.filter((c) => ['orders', 'invoices', 'credits'].includes(c.table_name) && /total_cents|amount_cents|balance_cents/.test(c.column_name));
    for (const c of sums) expect(c.data_type, `${c.table_name}.${c.column_name}`).toBe('bigint');

    const orders = await handle.db.selectFrom('orders').select(['net_total_cents', 'vat_total_cents', 'gross_total_cents', 'shipping_price_cents']).execute();
    const products = await handle.db.selectFrom('products').select(['price_cents', 'retail_price_cents', 'vat_rate_bp']).limit(50).execute();
    const invoices = await handle.db.selectFrom('invoices').select(['amount_cents', 'open_amount_cents']).execute();
    for (const value of [...orders, ...products, ...invoices].flatMap((row) => Object.values(row))) {
      if (value !== null) expect(Number.isInteger(value), String(value)).toBe(true);
    }
    for (const o of orders) expect(o.gross_total_cents).toBe(o.net_total_cents + o.vat_total_cents);
  });

  it('seeds the demo tenant with hosts, seller, settings and reference data', async () => {
    expect(firstSeed).toEqual({ seeded: true });
    const db = handle.db;
    const tenant = await db.selectFrom('tenants').selectAll().where('slug', '=', 'demo').executeTakeFirstOrThrow();
    expect(tenant.name).toBe('Demo Großhandel');
    const hosts = await db.selectFrom('tenant_hosts').select('host').where('tenant_id', '=', tenant.id).orderBy('host').execute();
    expect(hosts.map((h) => h.host)).toEqual(['127.0.0.1', 'localhost']);
    const seller = await db.selectFrom('seller_companies').selectAll().where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
    expect(seller).toMatchObject({ name: 'Nordlicht Großhandel GmbH', post_code: '20457', country_code: 'DE', logo_url: '/media/logo.svg', maintenance_mode_active: 0 });

    const stored = await db.selectFrom('site_settings').select('settings').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
    const settings = siteSettingsSchema.parse(JSON.parse(stored.settings));
    expect(settings).toMatchObject({ hidePricesForGuests: true, useSearchEngine: false, maintenanceModeActive: false, showGrossPrice: false, allowNotifications: true, minimumOrderAmount: { price: 5000 } });
    expect(settings.heroes).toHaveLength(3);
    expect(settings.banners).toHaveLength(3);
    expect(settings.footer.columns).toHaveLength(3);
    const shipping = await db.selectFrom('shipping_methods').select(['id', 'is_default']).where('tenant_id', '=', tenant.id).execute();
    expect(shipping.find((m) => m.is_default === 1)?.id).toBe(settings.defaultShippingMethodId);

    const vat = await db.selectFrom('vat_rates').select(['country_code', 'tax_category', 'rate_bp']).where('tenant_id', '=', tenant.id).execute();
    expect(vat).toHaveLength(10);
    expect(vat).toContainEqual({ country_code: 'CH', tax_category: 'standard', rate_bp: 810 });
    const statuses = await db.selectFrom('order_statuses').select(['id', 'localizations']).where('tenant_id', '=', tenant.id).orderBy('id').execute();
    expect(statuses.map((s) => s.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(JSON.parse(statuses[0]?.localizations ?? '{}')).toEqual({ de: 'Offen', en: 'Open' });
    const seasons = await db.selectFrom('seasons').select(['name', 'date']).where('tenant_id', '=', tenant.id).orderBy('sort_order').execute();
    expect(seasons.map((s) => s.date)).toEqual(['2027-03-01', '2027-06-01', '2027-09-01']);
  });

  it('creates the demo accounts with argon2id hashes that verify', async () => {
    const users = await handle.db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((u) => u.username)).toEqual(demoAccounts.map((a) => a.username));
    for (const account of demoAccounts) {
      const user = users.find((u) => u.username === account.username);
      expect(user?.role).toBe(account.role);
      expect(user?.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(user?.password_hash ?? '', account.password)).toBe(true);
      expect(await verifyPassword(user?.password_hash ?? '', `${account.password}x`)).toBe(false);
      expect(user?.created_at).toMatch(isoTimestamp);
    }
    const byName = new Map(users.map((u) => [u.username, u]));
    expect(byName.get('guest')?.company_id).toBeNull();
    expect(byName.get('locked')?.is_locked).toBe(1);
    const sales = byName.get('sales');
    const served = await handle.db.selectFrom('sales_person_companies').innerJoin('companies', 'companies.id', 'sales_person_companies.company_id').select('companies.customer_no').where('user_id', '=', sales?.id ?? 0).orderBy('customer_no').execute();
    expect(served.map((c) => c.customer_no)).toEqual(['10001', '10002', '10003']);
    expect(sales?.current_company_id).toBe(byName.get('customer')?.company_id);
    const companies = await handle.db.selectFrom('companies').selectAll().orderBy('customer_no').execute();
    expect(companies.map((c) => [c.customer_no, c.vat_country_code, c.show_net_prices])).toEqual([['10001', 'DE', 1], ['10002', 'AT', 0], ['10003', 'DE', 1]]);
    expect(companies[0]?.discount_percent_bp).toBe(300);
  });

  it('generates the catalogue, documents and customer extras', async () => {
    const db = handle.db;
    const count = async (table: 'products' | 'orders' | 'invoices' | 'credits' | 'stock_alarms' | 'notifications' | 'addresses') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('products')).toBe(PRODUCTS);
    expect(await count('addresses')).toBe(6);
    expect(await count('orders')).toBeGreaterThanOrEqual(8);
    expect(await count('invoices')).toBeGreaterThanOrEqual(3);
    expect(await count('credits')).toBeGreaterThanOrEqual(2);
    expect(await count('stock_alarms')).toBeGreaterThanOrEqual(1);
    expect(await count('notifications')).toBeGreaterThanOrEqual(2);

    const mains = await db.selectFrom('categories').select('name').where('parent_id', 'is', null).where('is_deal', '=', 0).where('is_active', '=', 1).execute();
    expect(mains.length).toBeGreaterThanOrEqual(8);
    expect(await db.selectFrom('categories').select('id').where('is_deal', '=', 1).where('slug', '=', 'angebote').executeTakeFirst()).toBeDefined();

    // The stored product equals the generator's product number 123 (same on every engine and run).
    const expected = generateProduct(123);
    const product = await db.selectFrom('products').selectAll().where('sku', '=', 'MAT-000123').executeTakeFirstOrThrow();
    expect(product).toMatchObject({ name: expected.name, price_cents: expected.priceCents, stock: expected.stock, sales_batch_size: expected.salesBatchSize });
    expect(JSON.parse(product.attributes)).toEqual(expected.attributes);
    const images = await db.selectFrom('product_images').select(['url', 'width', 'height']).where('product_id', '=', product.id).orderBy('sort_order').execute();
    expect(images.map((i) => i.url)).toEqual(expected.images.map((f) => `/media/products/${f}`));
    for (const image of images) expect(fs.existsSync(path.join(mediaDir, image.url.replace('/media/', '')))).toBe(true);
    expect(fs.existsSync(path.join(mediaDir, 'logo.svg'))).toBe(true);

    const variants = await db.selectFrom('product_variants').select('variant_sku').execute();
    for (const v of variants) expect(v.variant_sku).toMatch(/^MAT-\d{6}-[A-Z0-9]+$/);
    expect(variants.length).toBeGreaterThan(0);
    const outOfStock = await db.selectFrom('products').select('id').where('stock', '=', 0).execute();
    expect(outOfStock.length).toBeGreaterThan(PRODUCTS * 0.04);
  });

  it('does nothing when seeded a second time', async () => {
    const before = await handle.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await seedDemo(handle.db, { products: PRODUCTS + 50, mediaDir })).toEqual({ seeded: false });
    const after = await handle.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number((await handle.db.selectFrom('tenants').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(1);
  });

  it('enforces the unique keys and fills timestamp defaults as ISO text', async () => {
    const db = handle.db;
    const tenant = await db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    const guest = await db.selectFrom('users').selectAll().where('username', '=', 'guest').executeTakeFirstOrThrow();
    await expect(
      db.insertInto('users').values({ tenant_id: tenant.id, username: 'guest', email: 'x@example.com', first_name: 'X', last_name: 'Y', phone: null, password_hash: guest.password_hash, role: 'guest', company_id: null, current_company_id: null, locale: null }).execute(),
    ).rejects.toThrow();
    const category = await db.selectFrom('categories').select('id').where('slug', '=', 'schrauben').executeTakeFirstOrThrow();
    await expect(db.insertInto('products').values({ tenant_id: tenant.id, category_id: category.id, sku: 'MAT-000001', name: 'x', price_cents: 1, vat_rate_bp: 1900, bestseller_rank: null, sales_unit_id: null, release_date: null, name_en: null, description: null, description_en: null, retail_price_cents: null, pre_order_price_cents: null }).execute()).rejects.toThrow();

    await db.insertInto('login_attempts').values({ tenant_id: tenant.id, username: 'nobody', ip: '203.0.113.9' }).execute();
    const attempt = await db.selectFrom('login_attempts').selectAll().where('username', '=', 'nobody').executeTakeFirstOrThrow();
    expect(attempt.attempted_at).toMatch(isoTimestamp);
    expect(attempt.succeeded).toBe(0);
    await db.deleteFrom('login_attempts').where('id', '=', attempt.id).execute();
  });
});
