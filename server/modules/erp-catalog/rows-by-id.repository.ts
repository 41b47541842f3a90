import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { inChunks } from '../erp/in-chunks.ts';

// Many rows of one table changed at once, each to its own values, in one statement per slice:
//   WITH v(id, a, b) AS (VALUES (…), (…)) UPDATE t SET a = v.a, b = v.b FROM v WHERE t.id = v.id AND t.tenant_id = ?
// Both engines take it (SQLite since 3.33). One statement instead of one per row keeps a large upsert
// fast, and on PostgreSQL the statement triggers (facets, search documents, engine outbox) run once.

export type ColumnKind = 'integer' | 'text';

/** Parameters per statement, below SQLite's limit of 32,766. */
const maxParameters = 30_000;

export async function updateRowsById<Row extends { id: number }>(
  db: Executor,
  table: 'categories' | 'products' | 'product_variants',
  tenantId: number,
  columns: { [K in Exclude<keyof Row, 'id'>]: ColumnKind },
  rows: readonly Row[],
): Promise<void> {
  const names = Object.keys(columns) as Exclude<keyof Row, 'id'>[];
  const perStatement = Math.max(1, Math.floor(maxParameters / (names.length + 1)));
  for (const slice of inChunks(rows, perStatement)) {
    const values = slice.map(
      (row) =>
        sql`(${sql.join([
          sql`cast(${row.id} as integer)`,
          ...names.map((name) => sql`cast(${row[name] as unknown} as ${sql.raw(columns[name])})`),
        ])})`,
    );
    const assignments = names.map((name) => sql`${sql.id(String(name))} = v.${sql.id(String(name))}`);
    await sql`with v (id, ${sql.join(names.map((name) => sql.id(String(name))))}) as (values ${sql.join(values)})
      update ${sql.id(table)} set ${sql.join(assignments)} from v
      where ${sql.id(table)}.id = v.id and ${sql.id(table)}.tenant_id = ${tenantId}`.execute(db);
  }
}
