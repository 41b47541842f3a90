import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import type Pg from 'pg';
import type { DatabaseEngine } from '../config.ts';
import { databaseEngineOf } from '../config.ts';
import { namingStatements } from './named-statements.ts';
import { sqliteReadWriteDialect } from './sqlite-connections.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

/** A transaction in progress: a function whose writes must commit or roll back with its caller's takes this. */
export type DatabaseTransaction = Transaction<DB>;

/** What a repository function runs its statements on: the database, or the caller's transaction. */
export type Executor = Database | DatabaseTransaction;

/** The connections of a pool at one moment: open ones, the idle among them, and the callers waiting for one. */
export interface PoolUsage {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  engine: DatabaseEngine;
  /** The PostgreSQL pool's usage now (for /metrics); null on SQLite, whose two fixed connections are no pool. */
  poolUsage: (() => PoolUsage) | null;
  close(): Promise<void>;
}

// pg is loaded only when a PostgreSQL URL is used, so a SQLite shop does not carry it in memory.
function loadPg(): typeof Pg {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  // BIGINT (int8) columns hold money sums in cents; they stay far below 2^53, so numbers are safe
  // and both engines hand the same JavaScript type to the repositories.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
  return pg;
}

function ignoreEndedConnection(): void {}

/** Resolves when the database answers a statement, rejects when it does not (the readiness check). */
export async function checkDatabaseAnswers(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const engine = databaseEngineOf(url);
  if (engine === 'postgres') {
    const pool = new (loadPg().Pool)({
      connectionString: url,
      max: options.poolSize ?? 10,
      // The shop's queries read a page, a count capped at 1,000 or a few rows by key: starting
      // parallel workers costs more than it saves and competes with the other requests for the cores.
      options: '-c max_parallel_workers_per_gather=0',
      // While the server is away a new connection may neither succeed nor fail (a host that is down):
      // the request waiting for it gets its 503 after this, and so does one waiting for a free connection.
      connectionTimeoutMillis: 3_000,
    });
    // A connection the server ends (a restart, a failover) fails the statements on it, which answer 503
    // (server/db/database-unavailable.ts) and release it; the pool drops it and opens a new one when needed.
    // Its 'error' event says the same once more and, with nobody listening, would end the process.
    pool.on('connect', (client) => client.on('error', ignoreEndedConnection));
    pool.on('error', ignoreEndedConnection);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingStatements(pool) }) });
    const poolUsage = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, engine, poolUsage, close: () => db.destroy() };
  }
  if (url !== ':memory:') fs.mkdirSync(path.dirname(url), { recursive: true });
  const db = new Kysely<DB>({ dialect: sqliteReadWriteDialect(url) });
  return { db, engine, poolUsage: null, close: () => db.destroy() };
}
