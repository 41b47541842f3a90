import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { openNodeSqlite, type NodeSqliteDatabase } from './node-sqlite-adapter.ts';

// The SQLite file through two connections of this thread (docs/decisions/0023-erp-load-jobs.md):
//   - a reader for the queries outside a transaction that only read (the storefront's lists, searches,
//     pages): in WAL mode it never waits for a writer, so a browsing buyer never waits for a checkout, a
//     basket change or another connection's import chunk;
//   - a writer for transactions and single writes, one at a time. node:sqlite is synchronous, and its
//     busy_timeout would hold the whole thread while another connection (the load jobs' worker thread,
//     another process) writes; the writer therefore waits for the write lock here, asynchronously, and
//     the thread goes on answering meanwhile. A transaction takes the write lock first (BEGIN IMMEDIATE):
//     a deferred one that read before another connection's commit could not write at all (SQLITE_BUSY).

/** How long a write waits for another connection's write to end before it fails, as busy_timeout did. */
const writeLockWaitMs = 5_000;
const sqliteBusy = 5;

/** The longest pause between two tries: well below the pause a load job leaves between its chunks (ERP_JOB_CHUNK_PAUSE_MS), so a waiting write finds it. */
const longestRetryPauseMs = 2;

/** SQLITE_BUSY and its extended codes (BUSY_RECOVERY, BUSY_SNAPSHOT, BUSY_TIMEOUT), as node:sqlite throws them. */
function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' && (code & 0xff) === sqliteBusy;
}

/** Runs `attempt` until it is not refused for a held write lock, pausing a little longer each time. */
async function whenWriteLockFree<T>(attempt: () => T): Promise<T> {
  const deadline = performance.now() + writeLockWaitMs;
  for (let pauseMs = 0.5; ; pauseMs = Math.min(pauseMs * 2, longestRetryPauseMs)) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** One holder at a time, in the order asked: the writer's transactions and single writes. */
function createTurns() {
  let last: Promise<void> = Promise.resolve();
  return {
    async take(): Promise<() => void> {
      let release!: () => void;
      const previous = last;
      last = new Promise<void>((resolve) => (release = resolve));
      await previous;
      return release;
    },
  };
}

/** A query that only reads: a Kysely select, or a raw text that starts with SELECT. */
function onlyReads(query: CompiledQuery): boolean {
  return SelectQueryNode.is(query.query) || (query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql));
}

function execute(database: NodeSqliteDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}

class SqliteReadWriteDriver implements Driver {
  readonly #file: string;
  #reader!: NodeSqliteDatabase;
  #writer!: NodeSqliteDatabase;
  readonly #writerTurns = createTurns();

  constructor(file: string) {
    this.#file = file;
  }

  async init(): Promise<void> {
    this.#writer = openNodeSqlite(this.#file, { busyTimeoutMs: 0 });
    // An in-memory database exists only for its one connection.
    this.#reader = this.#file === ':memory:' ? this.#writer : openNodeSqlite(this.#file, { busyTimeoutMs: writeLockWaitMs });
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#reader, this.#writer, this.#writerTurns);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    if (this.#reader !== this.#writer) this.#reader?.close();
    this.#writer?.close();
  }
}

/** One use of the database (a query, or a transaction): reads go to the reader, the rest to the writer. */
class RoutedConnection implements DatabaseConnection {
  readonly #reader: NodeSqliteDatabase;
  readonly #writer: NodeSqliteDatabase;
  readonly #writerTurns: ReturnType<typeof createTurns>;
  /** Set while this connection holds the writer for a transaction. */
  #releaseWriter: (() => void) | null = null;

  constructor(reader: NodeSqliteDatabase, writer: NodeSqliteDatabase, writerTurns: ReturnType<typeof createTurns>) {
    this.#reader = reader;
    this.#writer = writer;
    this.#writerTurns = writerTurns;
  }

  async begin(): Promise<void> {
    const release = await this.#writerTurns.take();
    try {
      await whenWriteLockFree(() => this.#writer.exec('begin immediate'));
    } catch (error) {
      release();
      throw error;
    }
    this.#releaseWriter = release;
  }

  /** Commits or rolls back. A failed commit keeps the writer: the transaction is still open, and is rolled back next. */
  end(statement: 'commit' | 'rollback'): void {
    try {
      this.#writer.exec(statement);
    } catch (error) {
      if (statement === 'commit') throw error;
    }
    this.#releaseWriter?.();
    this.#releaseWriter = null;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#releaseWriter) return execute(this.#writer, query) as QueryResult<R>;
    if (onlyReads(query)) return execute(this.#reader, query) as QueryResult<R>;
    const release = await this.#writerTurns.take();
    try {
      return (await whenWriteLockFree(() => execute(this.#writer, query))) as QueryResult<R>;
    } finally {
      release();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('only select queries are streamed');
    const database = this.#releaseWriter ? this.#writer : this.#reader;
    for (const row of database.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

/** SQLite's, except that Kysely need not queue every query behind a transaction: the driver keeps the writer's turns. */
class ReadWriteSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect on node:sqlite, with a reader and a writer connection (see above). */
export function sqliteReadWriteDialect(file: string): Dialect {
  return {
    createAdapter: () => new ReadWriteSqliteAdapter(),
    createDriver: () => new SqliteReadWriteDriver(file),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
