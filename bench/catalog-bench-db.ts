import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseEngine } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/database.ts';
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

export async function databaseUrl(engine: DatabaseEngine, products: number): Promise<string> {
  if (engine === 'sqlite') {
    fs.mkdirSync(benchDataDir, { recursive: true });
    return path.join(benchDataDir, `catalog-${products}.sqlite`);
  }
  const name = `shop_bench_catalog_${products}`;
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
  const mediaDir = path.join(benchDataDir, 'media');
  let { seeded } = await seedDemo(handle.db, { products, mediaDir });
  if (!seeded && (await countDemoProducts(handle.db)) < products) seeded = (await addDemoProducts(handle.db, { products, mediaDir })).added > 0;
  const seedSeconds = seeded ? seconds(started) : 0;
  if (engine === 'postgres' && (seeded || applied.length > 0)) {
    // A long-running database has been vacuumed by autovacuum; a freshly written one not yet. Without
    // the visibility map PostgreSQL cannot answer from the covering indexes alone.
    await sql`vacuum analyze`.execute(handle.db);
  }
  return { handle, seedSeconds, migrationSeconds };
}
