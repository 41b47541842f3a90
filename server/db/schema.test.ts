import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { orderLinesSearchText } from '../../core/order-search-words.ts';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../core/site-settings.ts';
import { verifyPassword } from '../modules/auth/password.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { applyMigrations, migrateToLatest } from './migrator.ts';
import { benchmarkCompanyNo, benchmarkLogin, demoAccounts, seedBenchmarkOrders, seedDemo } from './seed/index.ts';
import { generateProduct } from './seed/product-generator.ts';
import { SEED_TIME } from './seed/reference-data.ts';

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
  'tenants', 'tenant_hosts', 'seller_companies', 'site_settings', 'companies', 'users', 'sales_person_companies', 'customer_directory_versions', 'sales_person_activity',
  'sessions', 'login_attempts', 'order_sheet_imports', 'statistics_events', 'password_tokens', 'signup_requests', 'api_clients', 'erp_events', 'webhook_endpoints', 'webhook_attempts', 'addresses',
  'vat_rates', 'seasons', 'shipping_methods', 'shipping_method_countries', 'payment_methods', 'order_statuses',
  'sales_head_statuses', 'content_pages', 'categories', 'sales_units', 'products', 'product_variants', 'product_images',
  'material_units', 'product_pre_stocks', 'product_facets', 'customer_prices', 'tier_prices', 'reviews', 'product_review_stats', 'review_feed_positions', 'baskets', 'basket_lines',
  'wishlists', 'wishlist_items', 'stock_alarms', 'notifications', 'notification_counts', 'orders', 'order_items', 'order_notes', 'order_packs',
  'finance_documents', 'order_status_events', 'product_search', 'search_engine_outbox', 'search_engine_sync', 'login_throttle', 'order_counters', 'checkout_requests',
  'mail_outbox', 'payment_sessions', 'payment_events', 'company_order_counts', 'company_finance_counts', 'company_open_items',
  'finance_document_pdfs', 'order_shipments', 'erp_jobs', 'erp_job_chunks', 'erp_job_errors', 'erp_job_keys', 'stock_alarm_checks', 'stock_alarm_digest_runs',
  'product_files', 'product_file_companies', 'safety_sheet_deliveries', 'file_downloads',
];
// The words of the names for typo correction: an FTS5 index and its vocabulary, or a table (migration 0009);
// the order history's search indexes on SQLite (migrations 0020, 0022, 0031; PostgreSQL uses trigram indexes instead).
const engineTables = { sqlite: ['product_words', 'product_words_vocab', 'orders_numbers', 'orders_numbers_vocab', 'orders_words'], postgres: ['search_words', 'order_search_words'] } as const;
// FTS5 tables carry no column types: the SQLite search indexes are text by construction.
const ftsTables = ['product_search', 'product_words', 'product_words_vocab', 'orders_numbers', 'orders_numbers_vocab', 'orders_words'];
const isoTimestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(engines)('schema and demo seed on $name', (engine) => {
  let handle: DatabaseHandle;
  let firstSeed: { seeded: boolean };
  const mediaDir = path.join(os.tmpdir(), `shop-schema-test-media-${tag}-${engine.name}`);
  const filesDir = path.join(os.tmpdir(), `shop-schema-test-files-${tag}-${engine.name}`);

  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await engine.create();
    handle = openDatabase(databaseUrl, { poolSize: 2 });
    await migrateToLatest(handle.db);
    firstSeed = await seedDemo(handle.db, { products: PRODUCTS, mediaDir, filesDir });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await engine.destroy();
    fs.rmSync(mediaDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
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

  it('uses only integer, bigint and text columns (and bytes for the ERP’s PDFs); money, rates and ratios are integers', async () => {
    const cols = await columns();
    const typed = cols.filter((c) => !(engine.name === 'sqlite' && ftsTables.includes(c.table_name)));
    const bytes = (c: { table_name: string; column_name: string }) => c.table_name === 'finance_document_pdfs' && c.column_name === 'pdf';
    for (const c of typed) expect(bytes(c) ? ['blob', 'bytea'] : ['integer', 'bigint', 'text'], `${c.table_name}.${c.column_name}`).toContain(c.data_type);
    const numeric = cols.filter((c) => /_(cents|bp|milli)$/.test(c.column_name));
    expect(numeric.length).toBeGreaterThan(20);
    for (const c of numeric) expect(['integer', 'bigint'], `${c.table_name}.${c.column_name}`).toContain(c.data_type);
    const sums = cols.filter((c) => ['orders', 'finance_documents'].includes(c.table_name) && /total_cents|amount_cents|balance_cents/.test(c.column_name));
    for (const c of sums) expect(c.data_type, `${c.table_name}.${c.column_name}`).toBe('bigint');

    const orders = await handle.db.selectFrom('orders').select(['net_total_cents', 'vat_total_cents', 'gross_total_cents', 'shipping_price_cents']).execute();
    const products = await handle.db.selectFrom('products').select(['price_cents', 'retail_price_cents', 'vat_rate_bp']).limit(50).execute();
    const invoices = await handle.db.selectFrom('finance_documents').select(['amount_cents', 'open_amount_cents']).execute();
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
    const count = async (table: 'products' | 'orders' | 'finance_documents' | 'stock_alarms' | 'notifications' | 'addresses') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const documents = async (type: 'invoice' | 'credit') =>
      Number((await db.selectFrom('finance_documents').select((eb) => eb.fn.countAll().as('n')).where('type', '=', type).executeTakeFirstOrThrow()).n);
    expect(await count('products')).toBe(PRODUCTS);
    expect(await count('addresses')).toBe(6);
    expect(await count('orders')).toBe(570);
    expect(await documents('invoice')).toBeGreaterThan(500);
    expect(await documents('credit')).toBeGreaterThanOrEqual(10);
    expect(await count('stock_alarms')).toBeGreaterThanOrEqual(1);
    expect(await count('notifications')).toBeGreaterThanOrEqual(2);
    // Alarms and notifications belong to the user and company; both types are seeded, some unread; the kept
    // count agrees with the rows (migration 0046).
    const notifications = await db.selectFrom('notifications').select(['user_id', 'company_id', 'type', 'viewed', 'alarm_id']).execute();
    expect(new Set(notifications.map((n) => n.type))).toEqual(new Set(['backInStock', 'lowStock']));
    expect(notifications.filter((n) => n.type === 'backInStock').every((n) => n.alarm_id !== null)).toBe(true);
    const counts = await db.selectFrom('notification_counts').selectAll().execute();
    expect(counts.map((c) => [c.user_id, c.company_id, c.unread])).toEqual([[notifications[0]?.user_id, notifications[0]?.company_id, notifications.filter((n) => n.viewed === 0).length]]);
    expect(counts[0]?.unread).toBeGreaterThan(0);
    const alarms = await db.selectFrom('stock_alarms').select(['company_id', 'quantity', 'variant_id', 'fired_at']).execute();
    expect(alarms.some((a) => a.variant_id !== null)).toBe(true);
    expect(alarms.some((a) => a.fired_at !== null) && alarms.some((a) => a.fired_at === null)).toBe(true);
    for (const alarm of alarms) expect(alarm.quantity).toBeGreaterThanOrEqual(1);
    const users = await db.selectFrom('users').select('stock_mail').execute();
    expect(new Set(users.map((u) => u.stock_mail))).toEqual(new Set(['each']));

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

    // The demo's documents and downloadable product: every file a row names is in the file store, whole.
    const files = await db.selectFrom('product_files').select(['purpose', 'kind', 'visibility', 'sha256', 'bytes']).execute();
    expect(new Set(files.map((file) => `${file.purpose}:${file.kind ?? ''}:${file.visibility ?? ''}`))).toEqual(
      new Set(['document:data_sheet:everyone', 'document:manual:signed_in', 'document:safety_data_sheet:everyone', 'document:certificate:companies', 'download::']),
    );
    for (const file of files) expect(fs.statSync(path.join(filesDir, file.sha256!.slice(0, 2), file.sha256!)).size).toBe(Number(file.bytes));
    expect(await db.selectFrom('products').select('id').where('is_downloadable', '=', 1).execute()).toHaveLength(1);
    expect(await db.selectFrom('safety_sheet_deliveries').select('version').execute()).toEqual([{ version: '2.1' }, { version: '2.1' }, { version: '2.1' }]);

    const variants = await db.selectFrom('product_variants').select('variant_sku').execute();
    for (const v of variants) expect(v.variant_sku).toMatch(/^MAT-\d{6}-[A-Z0-9]+$/);
    expect(variants.length).toBeGreaterThan(0);
    const outOfStock = await db.selectFrom('products').select('id').where('stock', '=', 0).execute();
    expect(outOfStock.length).toBeGreaterThan(PRODUCTS * 0.04);
  });

  it('seeds two years of orders for each demo company, with every status, packs and a timeline', async () => {
    const db = handle.db;
    const orders = await db.selectFrom('orders').innerJoin('companies', 'companies.id', 'orders.company_id').selectAll('orders').select('companies.customer_no').orderBy('orders.id').execute();
    const byCompany = (customerNo: string) => orders.filter((o) => o.customer_no === customerNo);
    expect(byCompany('10001')).toHaveLength(340);
    expect(byCompany('10002')).toHaveLength(230);
    const twoYearsBefore = new Date(Date.parse(SEED_TIME) - 731 * 86_400_000).toISOString();
    for (const o of orders) {
      expect(o.order_date > twoYearsBefore && o.order_date < SEED_TIME, o.order_date).toBe(true);
      expect(o.order_number).toMatch(/^AU-20\d\d-\d{5}$/);
    }
    for (const customerNo of ['10001', '10002']) {
      const statuses = new Set(byCompany(customerNo).map((o) => o.status_id));
      expect([...statuses].sort(), customerNo).toEqual(['1', '2', '3', '4', '5']);
      expect(new Set(byCompany(customerNo).map((o) => o.delivery_status))).toEqual(new Set(['open', 'partial', 'delivered']));
    }
    const countBy = (pick: (o: (typeof orders)[number]) => string | null) => orders.reduce((m, o) => m.set(pick(o), (m.get(pick(o)) ?? 0) + 1), new Map<string | null, number>());
    const byStatus = countBy((o) => o.status_id);
    // Mostly completed history; a few open, in progress, partly shipped and cancelled orders.
    expect(byStatus.get('4')).toBeGreaterThan(orders.length * 0.8);
    for (const status of ['1', '2', '3', '5']) expect(byStatus.get(status), status).toBeLessThan(orders.length * 0.1);
    expect(countBy((o) => o.order_type).get('preOrder')).toBeGreaterThan(20);
    expect(orders.filter((o) => o.external_order_number !== null).length).toBeGreaterThan(orders.length / 2);
    const customer = await db.selectFrom('users').select('id').where('username', '=', 'customer').executeTakeFirstOrThrow();
    expect(orders.filter((o) => o.user_id === customer.id).length).toBeGreaterThan(100);
    expect(Number((await db.selectFrom('order_notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(20);

    const seller = JSON.parse(orders[0]?.seller ?? 'null') as Record<string, unknown>;
    expect(seller).toEqual({ name: 'Nordlicht Großhandel GmbH', address: 'Hafenstraße 12', postCode: '20457', city: 'Hamburg', countryCode: 'DE', countryName: 'Deutschland', phone: '+49 40 1234567-0', email: 'info@nordlicht-grosshandel.example', logoUrl: '/media/logo.svg' });

    const items = await db.selectFrom('order_items').selectAll().execute();
    const events = await db.selectFrom('order_status_events').selectAll().orderBy('occurred_at').orderBy('id').execute();
    const packs = await db.selectFrom('order_packs').selectAll().execute();
    const group = <T extends { order_id: number }>(rows: readonly T[]) => rows.reduce((m, r) => m.set(r.order_id, [...(m.get(r.order_id) ?? []), r]), new Map<number, T[]>());
    const [itemsOf, eventsOf, packsOf] = [group(items), group(events), group(packs)];
    expect(items.length / orders.length).toBeGreaterThan(4);
    expect(items.length / orders.length).toBeLessThan(6.5);
    for (const o of orders) {
      const lines = itemsOf.get(o.id) ?? [];
      expect(lines.length, o.order_number).toBeGreaterThan(0);
      // The totals are the lines', less the discount (3 % for 10001), plus shipping.
      const goods = lines.reduce((sum, l) => sum + l.line_net_cents, 0);
      expect(o.net_total_cents, o.order_number).toBe(goods - o.discount_cents + o.shipping_price_cents);
      expect(o.discount_percent_bp).toBe(o.customer_no === '10001' ? 300 : 0);
      for (const l of lines) expect(l.line_net_cents).toBe(l.unit_price_cents * l.quantity);
      // search_text: the words of every line's sku, variant sku and name (core/order-search-words.ts).
      expect(o.search_text).toBe(orderLinesSearchText(lines));
      // The timeline: after the placement, in time order, ending with the order's status.
      const timeline = eventsOf.get(o.id) ?? [];
      for (const e of timeline) expect(e.occurred_at >= o.order_date && e.occurred_at <= SEED_TIME, o.order_number).toBe(true);
      expect(timeline[timeline.length - 1]?.status_id ?? '1', o.order_number).toBe(o.status_id);
      const shipped = (packsOf.get(o.id) ?? []).filter((p) => p.shipped_at !== null);
      expect(shipped.length > 0, o.order_number).toBe(o.delivery_status !== 'open');
      if (o.delivery_status === 'partial') expect(lines.some((l) => l.backordered_quantity > 0), o.order_number).toBe(true);
    }
    expect(new Set(packs.map((p) => p.carrier))).toEqual(new Set(['DHL', 'DPD', 'UPS', 'GLS', 'Hermes', 'FedEx']));
    expect(packs.filter((p) => p.carrier === 'DHL').every((p) => /^00340434\d{12}$/.test(p.tracking_code))).toBe(true);
    expect(packs.filter((p) => p.carrier === 'UPS').every((p) => /^1Z[0-9A-Z]{16}$/.test(p.tracking_code))).toBe(true);
    expect(packs.every((p) => p.shipped_at === null || p.shipped_at < SEED_TIME)).toBe(true);
  });

  it('seeds invoices and credits with consistent amounts and every payment state', async () => {
    const db = handle.db;
    const docs = await db.selectFrom('finance_documents').innerJoin('companies', 'companies.id', 'finance_documents.company_id').selectAll('finance_documents').select('companies.customer_no').orderBy('doc_date').orderBy('created_at').execute();
    const orders = await db.selectFrom('orders').select(['id', 'order_date', 'delivery_status', 'payment_status']).execute();
    const today = new Date().toISOString().slice(0, 10);
    for (const d of docs) {
      expect(d.net_cents! + d.vat_cents!, d.fin_doc_number).toBe(d.amount_cents);
      expect(d.open_amount_cents >= 0 && d.open_amount_cents <= d.amount_cents, d.fin_doc_number).toBe(true);
      expect(d.payment_status).toBe(d.open_amount_cents === 0 ? 'paid' : d.open_amount_cents < d.amount_cents ? 'partiallyPaid' : 'open');
      expect(d.fin_doc_number).toMatch(d.type === 'invoice' ? /^RE-20\d\d-\d{5}$/ : /^GS-20\d\d-\d{5}$/);
      expect(d.doc_date <= SEED_TIME.slice(0, 10)).toBe(true);
      const lines = JSON.parse(d.lines) as { sku: string; name: string; quantity: number; unitPriceCents: number; vatRateBp: number; lineNetCents: number }[];
      const shares = JSON.parse(d.vat_by_rate) as { rateBp: number; netCents: number; vatCents: number }[];
      expect(lines.reduce((sum, l) => sum + l.lineNetCents, 0), d.fin_doc_number).toBe(d.net_cents);
      expect(shares.reduce((sum, s) => sum + s.netCents, 0), d.fin_doc_number).toBe(d.net_cents);
      expect(shares.reduce((sum, s) => sum + s.vatCents, 0), d.fin_doc_number).toBe(d.vat_cents);
      for (const l of lines) expect(Number.isInteger(l.lineNetCents) && Number.isInteger(l.unitPriceCents)).toBe(true);
      expect(JSON.parse(d.seller ?? '{}')).toMatchObject({ name: 'Nordlicht Großhandel GmbH', postCode: '20457' });
      expect(JSON.parse(d.buyer ?? '{}')).toMatchObject({ customerNo: d.customer_no, countryCode: d.customer_no === '10002' ? 'AT' : 'DE' });
      if (d.type === 'invoice' && d.order_id !== null) {
        expect(d.due_date).toBe(new Date(Date.parse(d.doc_date) + 30 * 86_400_000).toISOString().slice(0, 10));
        expect(d.doc_date >= (orders.find((o) => o.id === d.order_id)?.order_date ?? '').slice(0, 10)).toBe(true);
      }
    }
    // Every delivered or partly delivered order has its invoice.
    const invoiced = new Set(docs.filter((d) => d.type === 'invoice').map((d) => d.order_id));
    for (const o of orders.filter((o) => o.delivery_status !== 'open')) expect(invoiced.has(o.id), String(o.id)).toBe(true);
    const invoices = docs.filter((d) => d.type === 'invoice');
    const credits = docs.filter((d) => d.type === 'credit');
    expect(invoices.filter((d) => d.payment_status === 'paid').length).toBeGreaterThan(invoices.length * 0.8);
    expect(invoices.some((d) => d.payment_status === 'partiallyPaid')).toBe(true);
    expect(invoices.some((d) => d.open_amount_cents > 0 && d.due_date !== null && d.due_date < today)).toBe(true);
    expect(invoices.some((d) => d.payment_status === 'open' && d.due_date !== null && d.due_date > SEED_TIME.slice(0, 10))).toBe(true);
    expect(credits.some((d) => d.payment_status === 'paid')).toBe(true);
    expect(credits.some((d) => d.payment_status === 'open')).toBe(true);
    for (const customerNo of ['10001', '10002']) {
      const own = docs.filter((d) => d.customer_no === customerNo);
      expect(own.some((d) => d.open_amount_cents > 0 && d.due_date !== null && d.due_date < SEED_TIME.slice(0, 10)), customerNo).toBe(true);
      // The running balance: what is open, invoices less credits, after the company's last document.
      const open = own.reduce((sum, d) => sum + (d.type === 'invoice' ? d.open_amount_cents : -d.open_amount_cents), 0);
      expect(own[own.length - 1]?.balance_cents, customerNo).toBe(open);
    }
    // Orders on account are paid when their invoices are.
    expect(orders.filter((o) => o.payment_status === 'paid').length).toBeGreaterThan(orders.length / 2);
  });

  it('builds and rebuilds the benchmark company (npm run db:seed -- --orders N)', async () => {
    const db = handle.db;
    const demoOrders = Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const cli = path.resolve(import.meta.dirname, 'cli-seed.ts');
    const env = { PATH: process.env.PATH, DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, FILES_DIR: filesDir };
    const { stdout } = await promisify(execFile)(process.execPath, [cli, '--products', String(PRODUCTS), '--orders', '50'], { env });
    expect(stdout).toContain(`Benchmark company ${benchmarkCompanyNo}: 50 orders and 50 invoices and credits`);
    expect(stdout).toContain(`${benchmarkLogin.username} / ${benchmarkLogin.password}`);
    await expect(promisify(execFile)(process.execPath, [cli, '--orders', '0'], { env })).rejects.toThrow(/--orders must be an integer/);

    const company = await db.selectFrom('companies').select('id').where('customer_no', '=', benchmarkCompanyNo).executeTakeFirstOrThrow();
    const counts = async () => {
      const n = async (table: 'orders' | 'finance_documents') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow()).n);
      const items = await db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id').select((eb) => eb.fn.countAll().as('n')).where('orders.company_id', '=', company.id).executeTakeFirstOrThrow();
      return { orders: await n('orders'), documents: await n('finance_documents'), items: Number(items.n) };
    };
    const built = await counts();
    expect(built).toMatchObject({ orders: 50, documents: 50 });
    expect(built.items / 50).toBeGreaterThan(3.5);
    const admin = await db.selectFrom('users').selectAll().where('username', '=', benchmarkLogin.username).executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ role: 'customer_admin', company_id: company.id });
    expect(await verifyPassword(admin.password_hash, benchmarkLogin.password)).toBe(true);
    const statuses = await db.selectFrom('orders').select('status_id').distinct().where('company_id', '=', company.id).execute();
    expect(statuses.length).toBeGreaterThanOrEqual(2);

    // Again with another N: the company's generated orders and documents are replaced, the demo's stay.
    expect(await seedBenchmarkOrders(db, { orders: 30 })).toEqual({ companyId: company.id, orders: 30, documents: 30 });
    expect(await counts()).toMatchObject({ orders: 30, documents: 30 });
    const orphans = await db.selectFrom('order_items').leftJoin('orders', 'orders.id', 'order_items.order_id').select('order_items.id').where('orders.id', 'is', null).execute();
    expect(orphans).toEqual([]);
    const total = Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(total).toBe(demoOrders + 30);
    await expect(seedBenchmarkOrders(db, { orders: 0 })).rejects.toThrow(/integer from 1/);
  }, 60_000);

  it.runIf(engine.name === 'postgres')('prepares each query text once per connection, but no schema change, nothing with * and no LIKE', async () => {
    const prepared = await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2; i++) {
        await trx.selectFrom('tenants').select(['id', 'slug']).where('id', '>', i).execute();
        await trx.selectFrom('tenants').selectAll().where('id', '>', i).execute();
        await trx.selectFrom('tenants').select(['id', 'slug']).where('slug', 'like', `%${i}%`).execute();
      }
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((row) => row.statement);
    });
    expect(prepared.filter((statement) => /^create /i.test(statement))).toEqual([]);
    expect(prepared.filter((statement) => / like /i.test(statement))).toEqual([]);
    expect(prepared.filter((statement) => statement.includes('from "tenants" where "id"'))).toEqual(['select "id", "slug" from "tenants" where "id" > $1']);
  });

  it('does nothing when seeded a second time', async () => {
    const before = await handle.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await seedDemo(handle.db, { products: PRODUCTS + 50, mediaDir, filesDir })).toEqual({ seeded: false });
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
