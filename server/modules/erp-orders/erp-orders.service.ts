import type { ErpContext } from '../access/erp-access.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { defaultStatusId } from '../orders/order-history-statuses.ts';
import { erpOrderOf } from './erp-order-lookup.ts';
import { toErpOrderDocument, type ErpOrderDocument } from './erp-order-document.ts';
import type { ErpOrderRepository, ErpOrderRow } from './erp-order.repository.ts';

// The orders going out to the ERP and what comes back (docs/decisions/0021-erp-event-feed.md):
//   - get: the whole order from its snapshot, after the feed said it was placed;
//   - acknowledge: the ERP took the order under its own number (once; the same number again changes
//     nothing, another one is a conflict); the buyer sees that number in the order's detail;
//   - setStatus: a status of the tenant's lookup, at the ERP's time, into the order's timeline.
// Another tenant's order answers exactly like an unknown one.

export function createErpOrders(deps: { orders: ErpOrderRepository; clock: Clock }) {
  const { orders } = deps;

  const orderOf = (ctx: ErpContext, orderNumber: string): Promise<ErpOrderRow> => erpOrderOf(orders, ctx, orderNumber);

  return {
    async get(ctx: ErpContext, orderNumber: string): Promise<ErpOrderDocument> {
      const order = await orderOf(ctx, orderNumber);
      const [items, notes] = await Promise.all([orders.findItems(ctx.tenantId, order.id), orders.findNotes(ctx.tenantId, order.id)]);
      return toErpOrderDocument(order, items, notes);
    },

    async acknowledge(ctx: ErpContext, orderNumber: string, erpOrderNumber: string) {
      const order = await orderOf(ctx, orderNumber);
      const at = deps.clock.now().toISOString();
      if (order.erp_order_number === null && (await orders.acknowledge(ctx.tenantId, order.id, erpOrderNumber, at))) {
        return { orderNumber, erpOrderNumber, acknowledgedAt: at };
      }
      // Taken before (by this request's earlier try, or another at the same time): read what stands.
      const stored = await orderOf(ctx, orderNumber);
      if (stored.erp_order_number !== erpOrderNumber) {
        throw new AppError('conflict', 'erp.order.acknowledged', { params: { erpOrderNumber: stored.erp_order_number ?? '' }, details: { erpOrderNumber: stored.erp_order_number } });
      }
      return { orderNumber, erpOrderNumber, acknowledgedAt: stored.erp_acknowledged_at ?? at };
    },

    async setStatus(ctx: ErpContext, orderNumber: string, change: { status: string; at: string }) {
      const order = await orderOf(ctx, orderNumber);
      if (!(await orders.statusExists(ctx.tenantId, change.status))) {
        throw new AppError('validation', 'erp.order.status.unknown', { field: 'status', params: { status: change.status } });
      }
      const at = new Date(change.at).toISOString();
      await orders.recordStatus(ctx.tenantId, order.id, change.status, at);
      const [stored, events] = await Promise.all([orderOf(ctx, orderNumber), orders.findStatusEvents(ctx.tenantId, order.id)]);
      return {
        orderNumber,
        status: stored.status_id,
        // Placed (the order date), then every change in time order: what the buyer's order history shows.
        statusTimeline: [{ status: defaultStatusId, at: stored.order_date }, ...events.map((event) => ({ status: event.status_id, at: event.occurred_at }))],
      };
    },
  };
}

export type ErpOrders = ReturnType<typeof createErpOrders>;
