import type { Kysely } from 'kysely';
import { createIndex } from '../migration-helpers.ts';

// Indexes on the columns of notifications and stock alarms that point at products, variants and alarms.
// Deleting a product, a variant or an alarm makes the database find the rows that point at it (to cascade
// or to set null): without an index each such delete read every notification, and the removal of 10,000
// products from a catalogue with 45,000 notifications took more than ten minutes instead of seconds.

const indexes: [table: string, column: string][] = [
  ['notifications', 'product_id'],
  ['notifications', 'variant_id'],
  ['notifications', 'alarm_id'],
  ['stock_alarms', 'variant_id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of indexes) await createIndex(db, table, [column]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of indexes) await db.schema.dropIndex(`${table}_${column}_idx`).execute();
}
