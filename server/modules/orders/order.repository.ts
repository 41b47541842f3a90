import type { Database } from '../../db/database.ts';

// Reading orders: always through the buyer's tenant and company, so another company's order id finds
// nothing, exactly like an unknown one.

const orderColumns = [
  'id',
  'order_number',
  'order_type',
  'order_date',
  'delivery_date',
  'external_order_number',
  'status_id',
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
] as const;

export function createOrderRepository(db: Database) {
  return {
    findOrder(tenantId: number, companyId: number, orderId: number) {
      return db.selectFrom('orders').select(orderColumns).where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('id', '=', orderId).executeTakeFirst();
    },

    listOrders(tenantId: number, companyId: number, page: { offset: number; limit: number }) {
      return db
        .selectFrom('orders')
        .select(orderColumns)
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .orderBy('order_date', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    async countOrders(tenantId: number, companyId: number): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    findItems(tenantId: number, orderIds: readonly number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_items')
        .select(['order_id', 'sku', 'variant_sku', 'name', 'order_type', 'season_id', 'quantity', 'unit_price_cents', 'vat_rate_bp', 'line_net_cents', 'currency', 'delivery_date', 'backordered_quantity'])
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
