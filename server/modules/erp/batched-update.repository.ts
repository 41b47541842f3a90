import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { inChunks } from './in-chunks.ts';

// Writes many rows of one table with different values in one statement per 500 rows:
// `UPDATE t SET c = v.c … FROM (SELECT … UNION ALL …) v WHERE t.id = v.id`, which both engines take
// (as order placement's stock takes do). One statement instead of one per row is what lets a price
// or stock load write thousands of rows a second, and on PostgreSQL fires the statement triggers once.

type Table = 'products' | 'product_variants';

/** An integer column's new value per row id (null clears it). */
export interface IntegerColumnValues {
  id: number;
  values: Record<string, number | null>;
}

/**
 * Sets the listed integer columns of rows `id` of the tenant, each row to its own values, and
 * `updated_at` to `now` when the table has one (`touch`). Every row names the same columns.
 */
export async function updateIntegerColumns(
  executor: Executor,
  table: Table,
  tenantId: number,
  columns: readonly string[],
  rows: readonly IntegerColumnValues[],
  touch: { now: string } | null,
): Promise<void> {
  const target = sql.table(table);
  const assignments: RawBuilder<unknown>[] = columns.map((column) => sql`${sql.id(column)} = v.${sql.id(column)}`);
  if (touch) assignments.push(sql`updated_at = ${touch.now}`);
  for (const chunk of inChunks(rows)) {
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`select cast(${row.id} as integer) as id, ${sql.join(
            columns.map((column) => sql`cast(${row.values[column] ?? null} as integer) as ${sql.id(column)}`),
          )}`,
      ),
      sql` union all `,
    );
    await sql`update ${target} set ${sql.join(assignments)} from (${values}) as v where ${target}.tenant_id = ${tenantId} and ${target}.id = v.id`.execute(executor);
  }
}
