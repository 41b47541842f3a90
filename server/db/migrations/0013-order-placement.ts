import type { Kysely } from 'kysely';
import { intDefault, notNull, optionalRef, tenantRef } from '../migration-helpers.ts';

// Placing orders from the shop (docs/product.md, Checkout):
//  - order_counters: the per-tenant order number, taken inside the order's transaction by one upsert,
//    so numbers have no gaps (a rolled-back order gives its number back) and never repeat across
//    processes (PostgreSQL holds the counter row's lock until the order commits).
//  - checkout_requests: one row per Idempotency-Key, written before the order's transaction starts,
//    so a second click while the first still runs is told so (409) and a repeated request gets the
//    order the first one made, never a second one.
//  - orders and order_items keep what the checkout showed as a snapshot: the invoice address, the costs
//    with VAT per rate, the shipping and payment method, each line's delivery date and how much of it
//    is backordered.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_counters')
    .addColumn('tenant_id', 'integer', (col) => col.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', notNull)
    .execute();

  await db.schema
    .createTable('checkout_requests')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('idempotency_key', 'text', notNull)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('request_hash', 'text', notNull)
    .addColumn('order_id', 'integer', optionalRef('orders.id'))
    .addColumn('started_at', 'text', notNull)
    .addPrimaryKeyConstraint('checkout_requests_pk', ['tenant_id', 'idempotency_key'])
    .execute();

  await db.schema.alterTable('orders').addColumn('invoice_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('costs', 'text').execute();
  await db.schema.alterTable('orders').addColumn('shipping_method_name', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_method_id', 'integer', optionalRef('payment_methods.id')).execute();
  await db.schema.alterTable('order_items').addColumn('delivery_date', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('backordered_quantity', 'integer', intDefault(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['delivery_date', 'backordered_quantity']) await db.schema.alterTable('order_items').dropColumn(column).execute();
  for (const column of ['invoice_address', 'costs', 'shipping_method_name', 'payment_method_id']) await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.dropTable('checkout_requests').execute();
  await db.schema.dropTable('order_counters').execute();
}
