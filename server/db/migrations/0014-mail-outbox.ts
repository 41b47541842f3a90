import type { Kysely } from 'kysely';
import { engineOf, id, intDefault, notNull, oneOf, ref, tenantRef, timestampNow } from '../migration-helpers.ts';

// The mail outbox (first for the order confirmation): a row is written in the same transaction as the change
// that causes the mail (the order), so a rolled-back order sends nothing and a committed one always has
// its mail noted. A worker in every app process claims due rows (claimed_until), sends them, and marks
// them sent; a failed send is retried later (next_attempt_at) with a growing pause.

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', id(engine))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('kind', 'text', (col) => oneOf('kind', ['order_confirmation'])(col.notNull()))
    .addColumn('order_id', 'integer', ref('orders.id', 'cascade'))
    .addColumn('recipient', 'text', notNull)
    .addColumn('locale', 'text', notNull)
    .addColumn('attempts', 'integer', intDefault(0))
    .addColumn('next_attempt_at', 'text', notNull)
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', timestampNow(engine))
    .execute();
  // One confirmation per order, whatever retries the checkout sees.
  await db.schema.createIndex('mail_outbox_order_kind_uq').on('mail_outbox').columns(['order_id', 'kind']).unique().execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
