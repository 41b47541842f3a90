import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../server/db/database.ts';

// "A refused write leaves the data as it was": a fingerprint (row count and checksum) of every table,
// taken before and after each refused POST/PUT/PATCH/DELETE. Taking it reads the whole database, so
// it is taken only when SQLite's change counter says something was written at all.

/** Tables that change on any request by design: sign-in throttle counters and page statistics. */
const volatileTable = /login_attempt|throttle|statistics/;
/**
 * Columns that change on any request by design (a session or an API key remembers when it was last used), or after it in
 * the background (the ERP event sequencer numbers an accepted write's event after its commit: ADR 0021).
 */
const volatileColumns: Record<string, string[]> = { sessions: ['last_seen_at'], erp_events: ['seq'], api_clients: ['last_used_at'] };

export type Fingerprint = Map<string, { rows: number; checksum: string }>;

/**
 * The tables to watch. Full-text indexes (virtual tables and their shadow tables) are left out: they
 * follow the products table through its triggers, so a change to them is a change to products.
 */
export async function tableNames(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const virtual = rows.filter((row) => /^create virtual table/i.test(row.sql ?? '')).map((row) => row.name);
  return rows
    .map((row) => row.name)
    .filter((name) => !volatileTable.test(name) && !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}

export async function fingerprint(db: Database, tables: readonly string[]): Promise<Fingerprint> {
  const result: Fingerprint = new Map();
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by rowid`.execute(db).catch(
      // WITHOUT ROWID tables have no rowid: their primary key orders them.
      () => sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(db),
    );
    const hash = createHash('sha1');
    const skip = volatileColumns[table] ?? [];
    for (const row of rows) {
      for (const column of skip) delete row[column];
      hash.update(JSON.stringify(row, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value)));
      hash.update('\n');
    }
    result.set(table, { rows: rows.length, checksum: hash.digest('hex') });
  }
  return result;
}

export function differences(before: Fingerprint, after: Fingerprint): string[] {
  const changed: string[] = [];
  for (const [table, was] of before) {
    const now = after.get(table);
    if (!now || now.checksum !== was.checksum) changed.push(`${table} (${was.rows} → ${now?.rows ?? 'gone'} rows)`);
  }
  return changed;
}

/**
 * Write counters beside the shop's tables: TEMP triggers (they live only on the writer connection,
 * which every write of the app goes through, and never reach the database file) count the rows written
 * to each watched table, so only tables written to are fingerprinted again. The counts are read in a
 * transaction, which runs on that connection too (server/db/sqlite-connections.ts).
 */
async function installWriteCounters(db: Database, tables: readonly string[]): Promise<() => Promise<Map<string, number>>> {
  await sql`create temp table if not exists hostile_writes (name text primary key, n integer not null)`.execute(db);
  await sql`delete from temp.hostile_writes`.execute(db);
  for (const table of tables) {
    await sql`insert into temp.hostile_writes values (${table}, 0)`.execute(db);
    const skip = volatileColumns[table];
    let updateOf = '';
    if (skip) {
      const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
      updateOf = ` of ${rows.filter((row) => !skip.includes(row.name)).map((row) => `"${row.name}"`).join(', ')}`;
    }
    for (const event of ['insert', `update${updateOf}`, 'delete']) {
      const name = `hostile_${event.split(' ')[0]}_${table}`;
      await sql
        .raw(`create temp trigger if not exists "${name}" after ${event} on main."${table}" begin update temp.hostile_writes set n = n + 1 where name = '${table}'; end`)
        .execute(db);
    }
  }
  return async () => {
    const { rows } = await db.transaction().execute((trx) => sql<{ name: string; n: number }>`select name, n from temp.hostile_writes`.execute(trx));
    return new Map(rows.map((row) => [row.name, Number(row.n)]));
  };
}

export const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Wraps requests: `around(send)` returns the tables a refused write changed (empty when none, or when
 * the request was a read or was accepted). Requests must be sent one at a time through it.
 */
export async function createDataGuard(db: Database) {
  const tables = await tableNames(db);
  const counts = await installWriteCounters(db, tables);
  const baseline = await fingerprint(db, tables);
  let baselineCounts = await counts();
  let snapshots = 0;

  /** Tables written to since the baseline. */
  async function written(): Promise<string[]> {
    const now = await counts();
    return tables.filter((table) => now.get(table) !== baselineCounts.get(table));
  }

  return {
    get snapshots() {
      return snapshots;
    },
    async around<T extends { status: number }>(method: string, send: () => Promise<T>): Promise<{ answer: T; changed: string[] }> {
      if (!writeMethods.has(method)) return { answer: await send(), changed: [] };
      // Written since the last look (an accepted write, a read that tidied a basket): fingerprint those again.
      const stale = await written();
      if (stale.length) {
        for (const [table, print] of await fingerprint(db, stale)) baseline.set(table, print);
        baselineCounts = await counts();
        snapshots++;
      }
      const answer = await send();
      const touched = await written();
      if (!touched.length) return { answer, changed: [] };
      const now = await fingerprint(db, touched);
      snapshots++;
      const changed = answer.status >= 400 ? differences(new Map(touched.map((table) => [table, baseline.get(table)!])), now) : [];
      for (const [table, print] of now) baseline.set(table, print);
      baselineCounts = await counts();
      return { answer, changed };
    },
  };
}
