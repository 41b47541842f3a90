import { sql, type Kysely } from 'kysely';
import { engineOf, id, notNull, ref, tenantRef, timestampNow } from '../migration-helpers.ts';

// The parcels the ERP sends for an order (PUT /erp/v1/orders/{orderNumber}/shipments/{externalId},
// docs/erp-integration.md): one row per shipment, keyed by the ERP's external_id, unique per order.
// lines is the JSON list of what the parcel holds ([{sku, quantity}], the order lines' skus; empty when
// the ERP does not say); the buyer sees the shipments in the order's detail at once.

export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await db.schema
    .createTable('order_shipments')
    .addColumn('id', 'integer', id(e))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('order_id', 'integer', ref('orders.id', 'cascade'))
    .addColumn('external_id', 'text', notNull)
    .addColumn('carrier', 'text', notNull)
    .addColumn('tracking_code', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('shipped_at', 'text', notNull)
    .addColumn('lines', 'text', notNull)
    .addColumn('delivery_document_url', 'text')
    .addColumn('created_at', 'text', timestampNow(e))
    .addColumn('updated_at', 'text', timestampNow(e))
    .execute();
  await sql.raw('create unique index order_shipments_order_id_external_id_uq on order_shipments (order_id, external_id)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_shipments').execute();
}
