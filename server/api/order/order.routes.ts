import type { FastifyInstance } from 'fastify';
import { pathRecordId } from '../../http/url-record-id.ts';
import { parseInput } from '../../http/validation.ts';
import { streamExport } from '../../lib/export/stream-export.ts';
import { orderExportQuery, orderHistoryQuery, reorderBody } from '../../modules/orders/order-history-query.ts';
import type { Services } from '../../services.ts';
import { createOrderBody, idempotencyKeyOf } from './order-input.ts';

// Orders (docs/product.md, Checkout and Orders):
//   POST /api/order/create          → 201 the order (as GET /api/order/{id}); paid on account. An order paid
//                                     online is placed through POST /api/payment/createOrder.
//   GET  /api/order                 → { data: [light rows], meta: { total, page, pageSize } } (the history:
//                                     page, pageSize, search, from, to, status, orderType, sort)
//   GET  /api/order/export          → the filtered history as XLSX or CSV (format, withLines, the list's filters)
//   GET  /api/order/{id}            → the order with status, timeline, parcels and document links; a line of a
//                                     product whose files the company may download has them as `downloads`
//   POST /api/order/{id}/reorder    → { added, reduced, skipped, basket } ({ lines?: [index, …] })
// The history is the account's: the shared guest gets 403 error.login_required. An id the user may not see,
// malformed ones included, answers 404 'order.not_found' like an unknown one.

export default async function orderRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/order/create', async (request, reply) => {
    const key = idempotencyKeyOf(request.headers);
    const body = parseInput(createOrderBody, request.body);
    const { status, order } = await services.orderPlacement.placeOrder(request.ctx, { ...body, idempotencyKey: key });
    return reply.status(status).send(order);
  });

  app.get('/order', async (request) => {
    return services.orders.listOrders(request.ctx, parseInput(orderHistoryQuery, request.query));
  });

  app.get('/order/export', async (request, reply) => {
    const query = parseInput(orderExportQuery, request.query);
    return streamExport(reply, await services.orders.exportOrders(request.ctx, query));
  });

  app.get('/order/:id', async (request) => {
    const order = await services.orders.getOrder(request.ctx, pathRecordId(request.params, 'order.not_found'));
    return services.downloads.withLineDownloads(request.ctx, order);
  });

  app.post('/order/:id/reorder', async (request) => {
    const { lines } = parseInput(reorderBody, request.body);
    const id = pathRecordId(request.params, 'order.not_found');
    return services.orders.reorder(request.ctx, id, lines);
  });
}
