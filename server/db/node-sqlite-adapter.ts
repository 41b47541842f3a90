import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteStatement } from 'kysely';

// One node:sqlite connection with the shop's settings and a cache of prepared statements; node:sqlite is
// built into Node 24 and needs no native build. sqlite-connections.ts makes Kysely's dialect of two of them.

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqliteValue);
}

export class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #stmt: StatementSync;

  constructor(stmt: StatementSync) {
    this.#stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#stmt.all(...bind(parameters));
  }

  run(parameters: ReadonlyArray<unknown>) {
    const result = this.#stmt.run(...bind(parameters));
    return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#stmt.iterate(...bind(parameters));
  }
}

// Kysely prepares every query anew; preparing is a large share of a small query's cost, so statements
// are kept by their SQL text. Queries are built from a fixed set of shapes, so the map stays small.
const maxCachedStatements = 1000;

export interface NodeSqliteDatabase {
  prepare(sql: string): NodeSqliteStatement;
  /** Runs statements without parameters (BEGIN, COMMIT, PRAGMA). */
  exec(sql: string): void;
  close(): void;
}

/**
 * Opens the file. busyTimeoutMs: how long a statement waits, holding the thread, for another connection's
 * write lock (0: fails at once with SQLITE_BUSY, for a caller that waits without holding the thread).
 */
export function openNodeSqlite(file: string, options: { busyTimeoutMs: number }): NodeSqliteDatabase {
  const db = new DatabaseSync(file);
  const statements = new Map<string, NodeSqliteStatement>();
  // WAL lets readers proceed while a write transaction runs.
  // Opening may write (the WAL switch, the ANALYZE below) while another connection writes: it waits up
  // to 5 s for the lock, once, before the connection takes its own busy timeout.
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  // A catalogue of 100,000 products with a company's 20,000 orders is some 300 MB: with SQLite's default
  // 2 MB page cache nearly every page a request reads is a system call. Through a memory map (up to 1 GiB
  // of address space; the pages are the operating system's file cache, not the process's memory) a read
  // page is at hand without one.
  db.exec('PRAGMA mmap_size = 1073741824;');
  // Without table statistics SQLite's planner may pick any index that starts with tenant_id; a bounded
  // ANALYZE of the tables that need it (SQLite's recommendation for long-lived connections) fixes that.
  db.exec('PRAGMA analysis_limit = 400; PRAGMA optimize = 0x10002;');
  db.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs)};`);
  return {
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= maxCachedStatements) statements.clear();
        statement = new NodeSqliteStatement(db.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
    exec: (sql: string) => db.exec(sql),
    close: () => {
      db.exec('PRAGMA optimize;');
      db.close();
    },
  };
}
