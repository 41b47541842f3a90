import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ExportRequest } from '../../lib/export/export-columns.ts';
import { translatorFor } from '../../i18n.ts';
import { orderExportBatches, orderExportColumns } from './order-history-export.ts';
import type { OrderExportQuery, OrderFilters, OrderHistoryQuery } from './order-history-query.ts';
import { createReorder, chosenLines, type ReorderAnswer, type ReorderDeps } from './order-history-reorder.ts';
import { toOrderHistoryRow, type OrderHistoryEntry } from './order-history-row.ts';
import { requireAccess, type SignedInContext } from '../access/access-policy.ts';
import type { OrderScope, OrderScopes } from './order-history-scope.ts';
import { defaultStatusId, type OrderStatusNames, type StatusNames } from './order-history-statuses.ts';
import type { OrderHistoryFilters, OrderHistoryRepository, OrderHistoryRow } from './order-history.repository.ts';
import type { OrderRepository, OrderRow } from './order.repository.ts';
import { orderProgressOf, toOrderDetail, type OrderDetail } from './order-view.ts';

// The order history (docs/product.md, Orders): the list with search, filters and sort (GET /api/order), one order with
// its status timeline and parcels (GET /api/order/{id}), reorder (POST /api/order/{id}/reorder) and the
// export (GET /api/order/export). Every read goes through the user's order scope (order-history-scope.ts),
// so an order the user may not see, another company's or an unknown one answer alike: 404 'order.not_found'.
// Route loaders call these functions in process with the same parsed input (order-history-query.ts).

export interface OrderServiceDeps {
  orders: OrderRepository;
  history: OrderHistoryRepository;
  statusNames: OrderStatusNames;
  scopes: OrderScopes;
  reorder: ReorderDeps;
}

export interface OrderHistoryPage {
  data: OrderHistoryEntry[];
  meta: { total: number; page: number; pageSize: number };
}

const notFound = () => new AppError('not_found', 'order.not_found');

/** The filters as the repository takes them, but the search (searchFor); a status the lookup does not know is a 400. */
function historyFilters(query: OrderFilters, statuses: StatusNames): Omit<OrderHistoryFilters, 'search'> {
  let status: OrderHistoryFilters['status'];
  if (query.status !== undefined) {
    if (!statuses.knownIds.includes(query.status)) throw new AppError('validation', 'order.status.unknown', { field: 'status' });
    // Orders with a status the lookup lacks are shown as the default status, so they are found by it too.
    status = { id: query.status, orUnknownBesides: query.status === defaultStatusId ? statuses.knownIds : null };
  }
  return { from: query.from, to: query.to, status, orderType: query.orderType };
}

export function createOrderService(deps: OrderServiceDeps) {
  const { orders, history, statusNames, scopes } = deps;
  const reorderLines = createReorder(deps.reorder);

  async function visibleOrder(ctx: SignedInContext, orderId: number): Promise<{ scope: OrderScope; order: OrderRow }> {
    const scope = await scopes.scopeOf(ctx);
    const order = scope && (await orders.findVisibleOrder(scope, orderId));
    if (!scope || !order) throw notFound();
    return { scope, order };
  }

  return {
    async listOrders(requestCtx: RequestContext, query: OrderHistoryQuery): Promise<OrderHistoryPage> {
      const ctx = requireAccess(requestCtx, 'accountUser');
      const [scope, statuses] = await Promise.all([scopes.scopeOf(ctx), statusNames.namesFor(ctx)]);
      const meta = { page: query.page, pageSize: query.pageSize };
      const otherFilters = historyFilters(query, statuses);
      // A sales person who chose no customer has no orders to show.
      if (!scope) return { data: [], meta: { total: 0, ...meta } };
      const filters = { ...otherFilters, search: await history.searchFor(scope, query.search?.toLowerCase()) };
      const page = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
      let rows: OrderHistoryRow[];
      let total: number;
      if (filters.search?.via === 'ids') {
        // A search naming a few orders: a page that is not full (or an empty first page) ends the list and
        // gives the total without the count's query.
        rows = await history.listPage(scope, filters, query.sort, page);
        total = rows.length < page.limit && (rows.length > 0 || page.offset === 0) ? page.offset + rows.length : await history.count(scope, filters);
      } else {
        [rows, total] = await Promise.all([history.listPage(scope, filters, query.sort, page), history.count(scope, filters)]);
      }
      return { data: rows.map((row) => toOrderHistoryRow(row, statuses)), meta: { total, ...meta } };
    },

    async getOrder(requestCtx: RequestContext, orderId: number): Promise<OrderDetail> {
      const ctx = requireAccess(requestCtx, 'accountUser');
      const [{ order }, statuses] = await Promise.all([visibleOrder(ctx, orderId), statusNames.namesFor(ctx)]);
      const tenantId = ctx.tenant.id;
      const [items, notes, events, packs, shipments] = await Promise.all([
        orders.findItems(tenantId, [order.id]),
        orders.findNotes(tenantId, [order.id]),
        orders.findStatusEvents(tenantId, order.id),
        orders.findPacks(tenantId, order.id),
        orders.findShipments(tenantId, order.id),
      ]);
      return toOrderDetail(order, items, notes, orderProgressOf(order, statuses, events, packs, shipments, items));
    },

    /** The order's lines (all, or those at the given indexes of its items) into the buyer's current carts. */
    async reorder(requestCtx: RequestContext, orderId: number, lines?: readonly number[]): Promise<ReorderAnswer> {
      const ctx = requireAccess(requestCtx, 'accountUser');
      const { order } = await visibleOrder(ctx, orderId);
      const items = await orders.findItems(ctx.tenant.id, [order.id]);
      return reorderLines(ctx, chosenLines(items, lines), order.order_number);
    },

    /** The filtered history as a spreadsheet: columns in the user's language and the rows a batch at a time. */
    async exportOrders(requestCtx: RequestContext, query: OrderExportQuery): Promise<ExportRequest> {
      const ctx = requireAccess(requestCtx, 'accountUser');
      const [scope, statuses] = await Promise.all([scopes.scopeOf(ctx), statusNames.namesFor(ctx)]);
      const otherFilters = historyFilters(query, statuses);
      const t = translatorFor(ctx.locale);
      const filters = scope && { ...otherFilters, search: await history.searchFor(scope, query.search?.toLowerCase()) };
      const batches = scope && filters ? orderExportBatches({ history, scope, filters, sort: query.sort, statuses, t }, query.withLines) : noRows();
      return {
        format: query.format,
        fileName: query.withLines ? 'order-lines' : 'orders',
        sheetName: t(query.withLines ? 'order.export.sheet.lines' : 'order.export.sheet.orders'),
        columns: orderExportColumns(t, query.withLines),
        batches,
      };
    },
  };
}

/** A sales person who chose no customer exports the header row only. */
async function* noRows(): AsyncGenerator<never[]> {
  yield* [];
}

export type OrderService = ReturnType<typeof createOrderService>;
