import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';

// Many rows of integers as one table in a statement, whatever their number: PostgreSQL takes one array
// per column (`unnest`), SQLite one JSON text (`json_each`). The statement's text is the same for 3 rows
// or 1,000, so PostgreSQL plans it once per connection (server/db/named-statements.ts) instead of a
// statement of a thousand values each time, and neither engine meets its limit of bound values.
// This is what lets a price or stock load write thousands of rows a second with one statement per kind.

/** One row: its value per column (null: none). */
export type IntegerRow = Record<string, number | null>;

/** One row of integers and texts (a tier price's days). */
export type BulkRow = Record<string, number | string | null>;

/** `rows` as the table `alias` with the `columns` of their types, for a FROM or an INSERT … SELECT. */
export function bulkRows(executor: Executor, columns: Readonly<Record<string, 'integer' | 'text'>>, rows: readonly BulkRow[], alias = 'v'): RawBuilder<unknown> {
  const entries = Object.entries(columns);
  const names = sql.join(entries.map(([column]) => sql.id(column)));
  if (engineOf(executor) === 'postgres') {
    const arrays = entries.map(([column, type]) => sql`cast(${rows.map((row) => row[column] ?? null)} as ${sql.raw(type)}[])`);
    return sql`unnest(${sql.join(arrays)}) as ${sql.id(alias)}(${names})`;
  }
  const json = JSON.stringify(rows.map((row) => entries.map(([column]) => row[column] ?? null)));
  const fields = entries.map(([column, type], index) => sql`cast(json_extract(value, ${`$[${index}]`}) as ${sql.raw(type)}) as ${sql.id(column)}`);
  return sql`(select ${sql.join(fields)} from json_each(${json})) as ${sql.id(alias)}`;
}

/** `rows` as the table `alias` with the integer `columns`, for a FROM or an INSERT … SELECT. */
export function integerRows(executor: Executor, columns: readonly string[], rows: readonly IntegerRow[], alias = 'v'): RawBuilder<unknown> {
  return bulkRows(executor, Object.fromEntries(columns.map((column) => [column, 'integer' as const])), rows, alias);
}

/**
 * Sets the integer `columns` of the tenant's rows of `table`, each row (by `id`) to its own values, in
 * one statement (on PostgreSQL its statement triggers fire once); `updated_at` moves to `now` when given.
 */
export async function updateIntegerColumns(
  executor: Executor,
  table: 'products' | 'product_variants',
  tenantId: number,
  columns: readonly string[],
  rows: readonly IntegerRow[],
  updatedAt: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  const target = sql.table(table);
  const assignments = columns.map((column) => sql`${sql.id(column)} = v.${sql.id(column)}`);
  if (updatedAt !== null) assignments.push(sql`updated_at = ${updatedAt}`);
  const source = integerRows(executor, ['id', ...columns], rows);
  await sql`update ${target} set ${sql.join(assignments)} from ${source} where ${target}.tenant_id = ${tenantId} and ${target}.id = v.id`.execute(executor);
}
