import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireShopper } from '../basket/shopper.ts';
import type { OrderRepository } from './order.repository.ts';
import { toOrderView, type OrderView } from './order-view.ts';

// The company's orders (GET /api/order, GET /api/order/{id}): read through the buyer's tenant and
// company, so a foreign id answers 'Order not found' exactly like an unknown one. The full history
// screen with search and filters builds on this.

export function createOrderService(orders: OrderRepository) {
  function companyOf(ctx: ReturnType<typeof requireShopper>): number {
    if (ctx.identity.companyId === null) throw new AppError('not_found', 'order.not_found');
    return ctx.identity.companyId;
  }

  return {
    async getOrder(requestCtx: RequestContext, orderId: number): Promise<OrderView> {
      const ctx = requireShopper(requestCtx);
      const order = await orders.findOrder(ctx.tenant.id, companyOf(ctx), orderId);
      if (!order) throw new AppError('not_found', 'order.not_found');
      const [items, notes] = await Promise.all([orders.findItems(ctx.tenant.id, [order.id]), orders.findNotes(ctx.tenant.id, [order.id])]);
      return toOrderView(order, items, notes);
    },

    async listOrders(requestCtx: RequestContext, query: { page: number; pageSize: number }): Promise<{ data: OrderView[]; meta: { total: number; page: number; pageSize: number } }> {
      const ctx = requireShopper(requestCtx);
      const companyId = companyOf(ctx);
      const [rows, total] = await Promise.all([
        orders.listOrders(ctx.tenant.id, companyId, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
        orders.countOrders(ctx.tenant.id, companyId),
      ]);
      const ids = rows.map((row) => row.id);
      const [items, notes] = await Promise.all([orders.findItems(ctx.tenant.id, ids), orders.findNotes(ctx.tenant.id, ids)]);
      const data = rows.map((row) =>
        toOrderView(
          row,
          items.filter((item) => item.order_id === row.id),
          notes.filter((note) => note.order_id === row.id),
        ),
      );
      return { data, meta: { total, page: query.page, pageSize: query.pageSize } };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
