import { sql, type Kysely } from 'kysely';
import { intDefault, notNull, oneOf, ref, tenantRef } from '../migration-helpers.ts';

// Online payment through a provider's hosted checkout (ADR 0011):
//  - orders.payment_due_at: an order awaiting payment is cancelled, and its stock released, after it;
//    orders.paid_at: when the provider confirmed the payment; orders.locale: the language the order was
//    placed in, for its confirmation mail when that is sent later (after the payment).
//  - order_items.allocated_quantity: exactly what the order took from stock (order lines) or from its
//    season's pre-stock (frozen pre-order lines), so a cancellation gives back exactly that.
//  - payment_sessions: every checkout session made for an order (a buyer may pay again after a failed
//    attempt); a provider event names its session, and the session names the order.
//  - payment_events: each provider event id once, written in the transaction that applies it, so a
//    redelivered event changes nothing.
//  - the online method for every tenant there is; it is offered only where the provider is configured.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_due_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('locale', 'text').execute();
  await db.schema.createIndex('orders_payment_due_idx').on('orders').columns(['payment_status', 'payment_due_at']).execute();
  await db.schema.alterTable('order_items').addColumn('allocated_quantity', 'integer', intDefault(0)).execute();

  await db.schema
    .createTable('payment_sessions')
    .addColumn('session_id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_id', 'integer', ref('orders.id', 'cascade'))
    .addColumn('url', 'text', notNull)
    .addColumn('status', 'text', (col) => oneOf('status', ['open', 'paid', 'failed', 'expired'])(col.notNull()))
    .addColumn('expires_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('payment_sessions_order_idx').on('payment_sessions').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text')
    .addColumn('type', 'text', notNull)
    .addColumn('received_at', 'text', notNull)
    .execute();

  await sql`
    insert into payment_methods (tenant_id, code, name_de, name_en, is_active, sort_order)
    select id, 'stripe', 'Online bezahlen (Karte)', 'Pay online (card)', 1, 3 from tenants
    where not exists (select 1 from payment_methods p where p.tenant_id = tenants.id and p.code = 'stripe')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('payment_methods').where('code', '=', 'stripe').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payment_sessions').execute();
  await db.schema.alterTable('order_items').dropColumn('allocated_quantity').execute();
  await db.schema.dropIndex('orders_payment_due_idx').execute();
  for (const column of ['payment_due_at', 'paid_at', 'locale']) await db.schema.alterTable('orders').dropColumn(column).execute();
}
