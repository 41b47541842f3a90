import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The API suite runs against a real database: migrated and seeded once per run (the template),
// then copied for every test file, so files never see each other's writes.

export type TestEngine = 'sqlite' | 'postgres';

export const testEngine: TestEngine = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** Connection URL of a PostgreSQL server database used to create and drop test databases. */
export function postgresAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function postgresUrlFor(database: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withPostgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const testDataRoot = path.join(os.tmpdir(), 'wholesale-shop-tests');

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A private copy of the template database for one test file. */
export async function copyTemplateDatabase(template: string): Promise<TestDatabase> {
  const suffix = randomBytes(6).toString('hex');
  if (testEngine === 'sqlite') {
    const file = path.join(testDataRoot, `test-${suffix}.sqlite`);
    fs.copyFileSync(template, file);
    return {
      url: file,
      drop: async () => {
        for (const ext of ['', '-wal', '-shm']) fs.rmSync(`${file}${ext}`, { force: true });
      },
    };
  }
  const name = `shop_test_${suffix}`;
  await withPostgresAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: postgresUrlFor(name),
    drop: () =>
      withPostgresAdmin(async (client) => {
        // pg's pool.end() resolves before the server has seen every connection close; forcing the drop
        // while one lingers makes the server kill it, which surfaces as an error in the test process.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await client.query('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
