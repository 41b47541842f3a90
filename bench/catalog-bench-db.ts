import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseEngine } from '../server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/database.ts';
import { applyMigrations } from '../server/db/migrator.ts';
import { addDemoProducts, countDemoProducts, seedDemo } from '../server/db/seed/index.ts';

// The databases of bench/catalog-queries.ts: one per engine and catalogue size, kept between runs
// (seeding a million products takes minutes). A missing one is created, migrated and seeded with the
// demo seed; an existing one is migrated to the latest schema and topped up to the requested size.

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Seconds spent seeding in this run (0 when the database was already there). */
  seedSeconds: number;
  migrationSeconds: number;
}

const root = path.resolve(import.meta.dirname, '..');
export const benchDataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, 'data/bench'));
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withPostgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresName = (products: number) => `shop_bench_catalog_${products}`;

/** Whether the PostgreSQL database of this size was made already (seeding a large one takes minutes). */
export async function postgresBenchDatabaseExists(products: number): Promise<boolean> {
  return withPostgresAdmin(async (client) => ((await client.query('select 1 from pg_database where datname = $1', [postgresName(products)])).rowCount ?? 0) > 0);
}

export async function databaseUrl(engine: DatabaseEngine, products: number): Promise<string> {
  if (engine === 'sqlite') {
    fs.mkdirSync(benchDataDir, { recursive: true });
    return path.join(benchDataDir, `catalog-${products}.sqlite`);
  }
  const name = postgresName(products);
  await withPostgresAdmin(async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const seconds = (since: number) => (performance.now() - since) / 1000;

export async function openBenchDatabase(engine: DatabaseEngine, products: number): Promise<BenchDatabase> {
  const handle = openDatabase(await databaseUrl(engine, products), { poolSize: 4 });
  let started = performance.now();
  const applied = await applyMigrations(handle.db);
  const migrationSeconds = seconds(started);

  started = performance.now();
  const dirs = { mediaDir: path.join(benchDataDir, 'media'), filesDir: path.join(benchDataDir, 'files') };
  let { seeded } = await seedDemo(handle.db, { products, ...dirs });
  if (!seeded && (await countDemoProducts(handle.db)) < products) seeded = (await addDemoProducts(handle.db, { products, ...dirs })).added > 0;
  const seedSeconds = seeded ? seconds(started) : 0;
  if (seeded || applied.length > 0) await settle(handle.db, engine);
  return { handle, seedSeconds, migrationSeconds };
}

/**
 * Does now what a database does by itself some time after a large write, so that a figure measured next
 * is neither slowed nor flattered by it: a long-running PostgreSQL database has been vacuumed by
 * autovacuum, a freshly written one not yet (without the visibility map it cannot answer from the covering
 * indexes alone, and autovacuum starting midway slows whatever is measured then); SQLite's write-ahead log
 * is copied back into the database file.
 */
async function settle(db: Database, engine: DatabaseEngine): Promise<void> {
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/** Settles the bench database after loads written through the shop (see `settle`). */
export async function settleBenchDatabase(engine: DatabaseEngine, products: number): Promise<void> {
  const handle = openDatabase(await databaseUrl(engine, products), { poolSize: 1 });
  try {
    await settle(handle.db, engine);
  } finally {
    await handle.close();
  }
}
