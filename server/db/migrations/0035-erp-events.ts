import { sql, type Kysely } from 'kysely';
import { engineOf, id, notNull, tenantRef } from '../migration-helpers.ts';

// The ERP's ordered event feed (docs/decisions/0021-erp-event-feed.md): what happened in the shop that the
// ERP follows (an order placed, paid or cancelled, a signup request, a company's user or address changed),
// written in the same transaction as the change it reports. An event is inserted without a seq; the
// sequencer gives committed events the tenant's next seqs in id order, one round at a time per tenant, and
// readers only ever see sequenced events, so a reader that keeps the last seq never misses one.
//
// Orders also keep what the ERP answered: its own order number once it took the order (erp_order_number,
// erp_acknowledged_at).

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('erp_events')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('seq', 'integer')
    .addColumn('type', 'text', notNull)
    .addColumn('data', 'text', notNull)
    .addColumn('occurred_at', 'text', notNull)
    .execute();
  // The feed reads a tenant's events by seq; the sequencer finds the unsequenced ones by id.
  await sql.raw('create unique index erp_events_tenant_id_seq_uq on erp_events (tenant_id, seq) where seq is not null').execute(db);
  await sql.raw('create index erp_events_pending_idx on erp_events (tenant_id, id) where seq is null').execute(db);
  await sql.raw('create index erp_events_occurred_at_idx on erp_events (occurred_at)').execute(db);

  await db.schema.alterTable('orders').addColumn('erp_order_number', 'text').execute();
  await db.schema.alterTable('orders').addColumn('erp_acknowledged_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('erp_acknowledged_at').execute();
  await db.schema.alterTable('orders').dropColumn('erp_order_number').execute();
  await db.schema.dropTable('erp_events').execute();
}
