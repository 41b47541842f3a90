import type { Database } from '../../db/database.ts';
import type { OrderScope } from './order-history-scope.ts';

// Reading one order: always through the tenant and company (and, for users who see only their own orders,
// the user: order-history-scope.ts), so another company's order id finds nothing, exactly like an unknown
// one. The history's list and export read in order-history.repository.ts.

/** The columns an order is shown with (order-view.ts); the placement answers from the rows it wrote with these. */
export const orderColumns = [
  'id',
  'order_number',
  'order_type',
  'order_date',
  'delivery_date',
  'external_order_number',
  'status_id',
  'delivery_status',
  'payment_method',
  'payment_status',
  'payment_due_at',
  'paid_at',
  'shipping_method_name',
  'receiver_company',
  'receiver_first_name',
  'receiver_last_name',
  'receiver_street',
  'receiver_street2',
  'receiver_zip_code',
  'receiver_city',
  'receiver_country_code',
  'receiver_country_name',
  'receiver_phone',
  'invoice_address',
  'costs',
  'shipping_price_cents',
  'discount_cents',
  'net_total_cents',
  'vat_total_cents',
  'gross_total_cents',
  'currency',
  'del_documents_links',
  'placed_by',
  'erp_order_number',
] as const;

export const orderItemColumns = [
  'order_id',
  'sku',
  'variant_sku',
  'name',
  'order_type',
  'season_id',
  'quantity',
  'unit_price_cents',
  'vat_rate_bp',
  'line_net_cents',
  'currency',
  'delivery_date',
  'backordered_quantity',
  'custom_attributes',
] as const;

export function createOrderRepository(db: Database) {
  return {
    /** An order of the company, whoever placed it (the confirmation mail, the document renderers). */
    findOrder(tenantId: number, companyId: number, orderId: number) {
      return db.selectFrom('orders').select(orderColumns).where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('id', '=', orderId).executeTakeFirst();
    },

    /** An order the user may see (order-history-scope.ts). */
    findVisibleOrder(scope: OrderScope, orderId: number) {
      let query = db.selectFrom('orders').select(orderColumns).where('tenant_id', '=', scope.tenantId).where('company_id', '=', scope.companyId).where('id', '=', orderId);
      if (scope.userId !== null) query = query.where('user_id', '=', scope.userId);
      return query.executeTakeFirst();
    },

    findItems(tenantId: number, orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_items')
        .select(orderItemColumns)
        .where('tenant_id', '=', tenantId)
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('sort_order')
        .execute();
    },

    findNotes(tenantId: number, orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('order_notes').select(['order_id', 'delivery_date', 'note']).where('tenant_id', '=', tenantId).where('order_id', 'in', orderIds).orderBy('id').execute();
    },

    /** The order's status changes after its placement, oldest first. */
    findStatusEvents(tenantId: number, orderId: number) {
      return db
        .selectFrom('order_status_events')
        .select(['status_id', 'occurred_at'])
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .orderBy('occurred_at')
        .orderBy('id')
        .execute();
    },

    /** The order's parcels, in the order they were recorded. */
    findPacks(tenantId: number, orderId: number) {
      return db
        .selectFrom('order_packs')
        .select(['carrier', 'tracking_code', 'tracking_url', 'shipped_at'])
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    /** The shipments the ERP sent for the order (order_shipments), in the order they were first sent. */
    findShipments(tenantId: number, orderId: number) {
      return db
        .selectFrom('order_shipments')
        .select(['carrier', 'tracking_code', 'tracking_url', 'shipped_at', 'lines', 'delivery_document_url'])
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    /** The company an order belongs to, for the idempotent answer (which must not show another buyer's order). */
    findOrderCompany(tenantId: number, orderId: number) {
      return db.selectFrom('orders').select(['company_id']).where('tenant_id', '=', tenantId).where('id', '=', orderId).executeTakeFirst();
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
export type OrderRow = NonNullable<Awaited<ReturnType<OrderRepository['findOrder']>>>;
export type OrderItemRow = Awaited<ReturnType<OrderRepository['findItems']>>[number];
export type OrderNoteRow = Awaited<ReturnType<OrderRepository['findNotes']>>[number];
export type OrderStatusEventRow = Awaited<ReturnType<OrderRepository['findStatusEvents']>>[number];
export type OrderPackRow = Awaited<ReturnType<OrderRepository['findPacks']>>[number];
export type OrderShipmentRow = Awaited<ReturnType<OrderRepository['findShipments']>>[number];
