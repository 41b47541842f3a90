import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { applyMigrations } from '../server/db/migrator.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createAlarmFiringWorker } from '../server/modules/alarm-firing/alarm-firing-worker.ts';
import { createErpLoads } from '../server/modules/erp/erp-loads.ts';
import { createSettingsRepository } from '../server/modules/settings/settings.repository.ts';
import { createSettingsService } from '../server/modules/settings/settings.service.ts';
import { createCaches } from '../server/cache.ts';

// `npm run bench:alarms [-- --engine postgres]`: the stock alarms' firing (ADR 0027) at the target's scale on
// a fresh database: 100,000 watched products and 5,000 unwatched ones, 20,000 buyers with 200,000 open alarms
// (10 each, 2 a product, a mail for each notification). An ERP stock load of 10,000 rows in chunks of 250
// (as a load job writes them: one transaction each, the triggers noting the watched products) frees 5,000
// alarmed products (0 → 10) and changes 5,000 unwatched ones; the worker is woken after each chunk, as the
// job thread's effect wakes it. Measured: the load, its time with the triggers against the same rows'
// stock written back, and the time from the load's end until every check was judged (target ≤ 5 s),
// with the notifications, unread counts and mails written.

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' } } });
const engine = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const root = path.resolve(import.meta.dirname, '..');
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshDatabaseUrl(): Promise<string> {
  if (engine === 'sqlite') {
    const dir = path.join(root, 'data/bench');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'alarms.sqlite');
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    return file;
  }
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS shop_bench_alarms');
  await client.query('CREATE DATABASE shop_bench_alarms');
  await client.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = '/shop_bench_alarms';
  return url.toString();
}

const watchedProducts = 100_000;
const unwatchedProducts = 5_000;
const buyers = 20_000;
const alarmsPerBuyer = 10;
const freed = 5_000;
const chunkRows = 250;

const url = await freshDatabaseUrl();
const setup = openDatabase(url, { poolSize: 4 });
let db = setup.db;
await applyMigrations(db);
await seedDemo(db, { products: 100, mediaDir: path.join(root, 'data/bench/media') });
const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
const category = await db.selectFrom('categories').select('id').where('tenant_id', '=', tenant.id).where('parent_id', 'is', null).where('is_deal', '=', 0).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
const company = await db.selectFrom('companies').select('id').where('tenant_id', '=', tenant.id).orderBy('id').executeTakeFirstOrThrow();
const hash = await db.selectFrom('users').select('password_hash').orderBy('id').executeTakeFirstOrThrow();

const started = performance.now();
const series = (n: number) => sql.raw(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`);
await sql`${series(watchedProducts + unwatchedProducts)}
  INSERT INTO products (tenant_id, category_id, sku, name, price_cents, vat_rate_bp, stock, is_active)
  SELECT ${tenant.id}, ${category.id}, 'BA-' || i, 'Alarmartikel ' || i, 500, 1900, CASE WHEN i > ${sql.lit(watchedProducts)} THEN 5 ELSE 0 END, 1 FROM n`.execute(db);
await sql`${series(buyers)}
  INSERT INTO users (tenant_id, company_id, username, email, first_name, last_name, password_hash, role)
  SELECT ${tenant.id}, ${company.id}, 'bench-alarm-' || i, 'bench-alarm-' || i || '@example.com', 'Bench', 'Buyer ' || i, ${hash.password_hash}, 'customer' FROM n`.execute(db);
const firstUser = (await db.selectFrom('users').select('id').where('username', '=', 'bench-alarm-1').executeTakeFirstOrThrow()).id;
const firstProduct = (await db.selectFrom('products').select('id').where('sku', '=', 'BA-1').executeTakeFirstOrThrow()).id;
// (Integer constants as literals: a bound number may be a float to SQLite, and i / 10.0 is no user id.)
// Alarm i (from 0): buyer i div 10 watches products i mod 100,000 — 10 consecutive ones —, so every product has
// 2 alarms of 2 buyers (i and i + 100,000).
await sql`${series(buyers * alarmsPerBuyer)}
  INSERT INTO stock_alarms (tenant_id, user_id, company_id, product_id, name, domain_reference, quantity)
  SELECT ${tenant.id}, ${sql.lit(firstUser)} + ((i - 1) / ${sql.lit(alarmsPerBuyer)}), ${company.id}, ${sql.lit(firstProduct)} + ((i - 1) % ${sql.lit(watchedProducts)}), 'Alarmartikel', 'BA-' || (1 + ((i - 1) % ${sql.lit(watchedProducts)})), 1 FROM n`.execute(db);
if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
else await sql`pragma wal_checkpoint(truncate)`.execute(db);
const setupSeconds = (performance.now() - started) / 1000;
// The shop's processes open the database with the data already there: the setup's handle is closed first.
await setup.close();
const handle = openDatabase(url, { poolSize: 4 });
db = handle.db;

const worker = createAlarmFiringWorker({ db, clock: systemClock, pauseMs: 60_000, log: { error: (details, message) => console.error(message, details) } });
worker.start();
await worker.runNow();
const settings = createSettingsService(createSettingsRepository(db), createCaches(systemClock, { sharedMs: 2_000, answerMs: 2_000, countMs: 30_000 }));
const noEffect = () => undefined;
const loads = createErpLoads(db, {
  settings,
  clock: systemClock,
  effects: { catalogChanged: noEffect, stockChanged: () => worker.wake(), companiesChanged: noEffect, sessionsChanged: noEffect, configurationChanged: noEffect },
});
const erp = { tenantId: tenant.id, client: { id: 0, name: 'bench', scopes: new Set(['stock:write' as const]) } };

// 10,000 rows: the 5,000 freed watched products and the 5,000 unwatched ones, interleaved as an ERP sends them.
const rows = Array.from({ length: freed * 2 }, (_, i) => (i % 2 === 0 ? { sku: `BA-${1 + (i / 2) * 20}`, quantity: 10 } : { sku: `BA-${watchedProducts + 1 + (i - 1) / 2}`, quantity: 6 }));
const loadStarted = performance.now();
for (let start = 0; start < rows.length; start += chunkRows) await loads.stock.upsert(erp, rows.slice(start, start + chunkRows));
const loadEnded = performance.now();
const pending = async () => Number((await db.selectFrom('stock_alarm_checks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
await worker.runNow();
const drained = performance.now();

const count = async (table: 'notifications' | 'mail_outbox') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const notifications = await count('notifications');
const mails = await count('mail_outbox');
const unread = await db.selectFrom('notification_counts').select((eb) => eb.fn.sum<number>('unread').as('n')).executeTakeFirstOrThrow();

// The same rows' stock without the triggers' notes to compare: the unwatched products' writes alone.
const unwatchedRows = rows.filter((_, i) => i % 2 === 1).map((row) => ({ ...row, quantity: 7 }));
const unwatchedStarted = performance.now();
for (let start = 0; start < unwatchedRows.length; start += chunkRows) await loads.stock.upsert(erp, unwatchedRows.slice(start, start + chunkRows));
const unwatchedMs = performance.now() - unwatchedStarted;
await worker.stop();

console.log(`\n${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${watchedProducts.toLocaleString('en')} watched products, ${(buyers * alarmsPerBuyer).toLocaleString('en')} alarms of ${buyers.toLocaleString('en')} buyers (set up in ${setupSeconds.toFixed(1)} s)\n`);
console.log('| step | figure |');
console.log('|---|---:|');
console.log(`| stock load, 10,000 rows in chunks of ${chunkRows} (5,000 watched products freed) | ${Math.round(loadEnded - loadStarted)} ms |`);
console.log(`| stock load, 5,000 rows of unwatched products only | ${Math.round(unwatchedMs)} ms |`);
console.log(`| load's end → every alarm judged (target ≤ 5,000 ms) | ${Math.round(drained - loadEnded)} ms |`);
console.log(`| notifications / mails queued / unread counted | ${notifications} / ${mails} / ${Number(unread.n)} |`);
await handle.close();
