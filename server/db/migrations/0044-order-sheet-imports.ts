import type { Kysely } from 'kysely';
import { createIndex, engineOf, id, notNull, oneOf, ref, tenantRef, textDefault } from '../migration-helpers.ts';

// Order-sheet imports (docs/product.md, Order sheets; ADR 0024): a pasted list or an uploaded sheet, its
// rows as read, kept for 24 hours so the preview survives a reload and the buyer can fix rows before
// anything enters a cart. Owned like the basket (migration 0026): the user and the company the session
// acts for, so a sales person's import shows only while acting for that customer.
//  - public_id: the id the browser sees, random, so one import's id says nothing about another's.
//  - rows: the reader's rows (JSON, server/modules/order-sheet/sheet-input.ts SheetInputRow[]), with the
//    buyer's edits; every answer judges them again against today's catalogue.
//  - preview: what the buyer was last shown per line (status and unit price, JSON), so confirm can say
//    what changed since.
//  - confirmed_at / confirmation: set once, in the basket's transaction; a second confirm answers the
//    stored confirmation and changes nothing.
// Expired imports are deleted when their owner makes a new one: (tenant_id, user_id, expires_at).

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('order_sheet_imports')
    .addColumn('id', 'integer', id(e))
    .addColumn('public_id', 'text', notNull)
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('user_id', 'integer', ref('users.id', 'cascade'))
    .addColumn('company_id', 'integer', (col) => col.references('companies.id').onDelete('cascade'))
    .addColumn('target', 'text', (col) => oneOf('target', ['order', 'preOrder'])(col.notNull()))
    .addColumn('source', 'text', (col) => oneOf('source', ['paste', 'upload'])(col.notNull()))
    .addColumn('rows', 'text', textDefault('[]'))
    .addColumn('season_ids', 'text', textDefault('[]'))
    .addColumn('preview', 'text', textDefault('[]'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('confirmed_at', 'text')
    .addColumn('confirmation', 'text')
    .execute();
  await createIndex(db, 'order_sheet_imports', ['public_id'], { unique: true });
  await createIndex(db, 'order_sheet_imports', ['tenant_id', 'user_id', 'expires_at']);
  // Deleting a company deletes its imports: without an index that scans the table.
  await createIndex(db, 'order_sheet_imports', ['company_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_sheet_imports').execute();
}
