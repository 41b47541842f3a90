import type { Database } from '../../db/database.ts';
import { createOrderRepository } from '../orders/order.repository.ts';

// The ERP's side of an order (GET, ack and status under /erp/v1/orders/{orderNumber}): always by tenant and
// order number, so another tenant's order finds nothing, exactly like an unknown one.

export function createErpOrderRepository(db: Database) {
  const orderReads = createOrderRepository(db);
  return {
    /** The order's snapshot with who placed it (the user's keys as they are now, the company's customer number). */
    findOrder(tenantId: number, orderNumber: string) {
      return db
        .selectFrom('orders')
        .innerJoin('companies', 'companies.id', 'orders.company_id')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.id',
          'orders.order_number',
          'orders.order_type',
          'orders.order_date',
          'orders.delivery_date',
          'orders.external_order_number',
          'orders.erp_order_number',
          'orders.erp_acknowledged_at',
          'orders.status_id',
          'orders.payment_method',
          'orders.payment_method_id',
          'orders.payment_status',
          'orders.payment_due_at',
          'orders.paid_at',
          'orders.shipping_method_id',
          'orders.shipping_method_name',
          'orders.receiver_company',
          'orders.receiver_first_name',
          'orders.receiver_last_name',
          'orders.receiver_street',
          'orders.receiver_street2',
          'orders.receiver_zip_code',
          'orders.receiver_city',
          'orders.receiver_country_code',
          'orders.receiver_country_name',
          'orders.receiver_phone',
          'orders.invoice_address',
          'orders.costs',
          'orders.shipping_price_cents',
          'orders.discount_percent_bp',
          'orders.discount_cents',
          'orders.net_total_cents',
          'orders.vat_total_cents',
          'orders.gross_total_cents',
          'orders.currency',
          'orders.locale',
          'orders.placed_by',
          'orders.user_id',
          'users.external_id as user_external_id',
          'users.email as user_email',
          'users.first_name as user_first_name',
          'users.last_name as user_last_name',
          'companies.customer_no',
          'companies.name as company_name',
        ])
        .where('orders.tenant_id', '=', tenantId)
        .where('orders.order_number', '=', orderNumber)
        .executeTakeFirst();
    },

    /** The order's lines as written at checkout, a pre-order's one per season, with the season's ERP key. */
    findItems(tenantId: number, orderId: number) {
      return db
        .selectFrom('order_items')
        .leftJoin('seasons', 'seasons.id', 'order_items.season_id')
        .select([
          'order_items.sku',
          'order_items.variant_sku',
          'order_items.name',
          'order_items.order_type',
          'order_items.season_id',
          'seasons.external_id as season_external_id',
          'order_items.delivery_date',
          'order_items.quantity',
          'order_items.allocated_quantity',
          'order_items.backordered_quantity',
          'order_items.unit_price_cents',
          'order_items.vat_rate_bp',
          'order_items.line_net_cents',
          'order_items.custom_attributes',
        ])
        .where('order_items.tenant_id', '=', tenantId)
        .where('order_items.order_id', '=', orderId)
        .orderBy('order_items.sort_order')
        .orderBy('order_items.id')
        .execute();
    },

    /** The order's notes, in the order they were written (the order repository's read). */
    findNotes(tenantId: number, orderId: number) {
      return orderReads.findNotes(tenantId, [orderId]);
    },

    /** The order's status changes, oldest first (the timeline after its placement). */
    findStatusEvents: orderReads.findStatusEvents,

    /** Notes the ERP's number on an order that has none; false when it has one already (then nothing is written). */
    async acknowledge(tenantId: number, orderId: number, erpOrderNumber: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ erp_order_number: erpOrderNumber, erp_acknowledged_at: at, updated_at: at })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', orderId)
        .where('erp_order_number', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether the tenant's order status lookup has this id. */
    async statusExists(tenantId: number, statusId: string): Promise<boolean> {
      const row = await db.selectFrom('order_statuses').select('id').where('tenant_id', '=', tenantId).where('id', '=', statusId).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Adds the change to the order's timeline unless it is there already (the same status at the same time:
     * a repeated request), and gives the order the status of its latest change, in one transaction.
     */
    recordStatus(tenantId: number, orderId: number, statusId: string, at: string): Promise<void> {
      return db.transaction().execute(async (trx) => {
        // The order's row first: two changes of one order run one after the other (SQLite: the write lock).
        await trx.updateTable('orders').set({ updated_at: new Date().toISOString() }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
        const known = await trx
          .selectFrom('order_status_events')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', orderId)
          .where('status_id', '=', statusId)
          .where('occurred_at', '=', at)
          .executeTakeFirst();
        if (!known) await trx.insertInto('order_status_events').values({ tenant_id: tenantId, order_id: orderId, status_id: statusId, occurred_at: at }).execute();
        const latest = await trx
          .selectFrom('order_status_events')
          .select('status_id')
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', orderId)
          .orderBy('occurred_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        await trx.updateTable('orders').set({ status_id: latest.status_id }).where('tenant_id', '=', tenantId).where('id', '=', orderId).execute();
      });
    },
  };
}

export type ErpOrderRepository = ReturnType<typeof createErpOrderRepository>;
export type ErpOrderRow = NonNullable<Awaited<ReturnType<ErpOrderRepository['findOrder']>>>;
export type ErpOrderItemRow = Awaited<ReturnType<ErpOrderRepository['findItems']>>[number];
