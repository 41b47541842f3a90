import type { Database, DatabaseTransaction } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';

// The parcels the ERP sends for an order (order_shipments, keyed by the ERP's external_id per order). The
// writes run in one transaction with the order's row locked (PostgreSQL; SQLite's transaction already runs
// alone), so two shipments of one order never both pass the check against what was ordered.

export interface ShipmentRecord {
  carrier: string;
  tracking_code: string | null;
  tracking_url: string | null;
  shipped_at: string;
  /** JSON [{sku, variantSku, quantity}]. */
  lines: string;
  delivery_document_url: string | null;
}

const shipmentColumns = ['external_id', 'carrier', 'tracking_code', 'tracking_url', 'shipped_at', 'lines', 'delivery_document_url'] as const;

export function createErpShipmentRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  function reads(trx: DatabaseTransaction, tenantId: number, orderId: number) {
    return {
      /** The order's lines: what each sku was ordered (a pre-order's one line per season). */
      items() {
        return trx
          .selectFrom('order_items')
          .select(['sku', 'variant_sku', 'quantity'])
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', orderId)
          .execute();
      },
      /** Every shipment of the order. */
      shipments() {
        return trx.selectFrom('order_shipments').select(shipmentColumns).where('tenant_id', '=', tenantId).where('order_id', '=', orderId).orderBy('id').execute();
      },
    };
  }

  return {
    /**
     * Runs `work` in one transaction with the order's row locked; it reads the order's lines and shipments
     * and writes one shipment through what it is handed.
     */
    withOrderLocked<T>(
      tenantId: number,
      orderId: number,
      work: (tx: ReturnType<typeof reads> & { save(externalId: string, shipment: ShipmentRecord, exists: boolean, at: string): Promise<void> }) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres) await trx.selectFrom('orders').select('id').where('tenant_id', '=', tenantId).where('id', '=', orderId).forUpdate().execute();
        return work({
          ...reads(trx, tenantId, orderId),
          async save(externalId, shipment, exists, at) {
            if (exists) {
              await trx
                .updateTable('order_shipments')
                .set({ ...shipment, updated_at: at })
                .where('tenant_id', '=', tenantId)
                .where('order_id', '=', orderId)
                .where('external_id', '=', externalId)
                .execute();
            } else {
              await trx.insertInto('order_shipments').values({ ...shipment, tenant_id: tenantId, order_id: orderId, external_id: externalId, created_at: at, updated_at: at }).execute();
            }
          },
        });
      });
    },
  };
}

export type ErpShipmentRepository = ReturnType<typeof createErpShipmentRepository>;
