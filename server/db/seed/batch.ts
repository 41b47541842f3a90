import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../config.ts';
import type { DB, NewRow, TableName } from '../schema.ts';

// Multi-row inserts that stay under each engine's bound-parameter limit
// (SQLite 32766 per statement, PostgreSQL 65535).

const maxParameters: Record<DatabaseEngine, number> = { sqlite: 32766, postgres: 65535 };
/** Beyond this, bigger statements only cost more to build and parse. */
const maxRowsPerStatement = 1000;

export function rowsPerStatement(engine: DatabaseEngine, columns: number): number {
  return Math.max(1, Math.min(maxRowsPerStatement, Math.floor(maxParameters[engine] / Math.max(1, columns))));
}

export function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Inserts all rows (each with the same keys) in as few statements as the engine allows. */
export async function insertAll<T extends TableName>(
  db: Kysely<DB>,
  engine: DatabaseEngine,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const size = rowsPerStatement(engine, Object.keys(first).length);
  // Kysely cannot type a generic table name; the row type above is what keeps this safe.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const chunk of chunks(rows, size)) {
    await untyped.insertInto(table).values(chunk as Record<string, unknown>[]).execute();
  }
}
