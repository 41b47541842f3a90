import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireSession } from '../../http/guards.ts';
import { parseInput } from '../../http/validation.ts';
import { requireShopper } from '../../modules/basket/shopper.ts';
import type { Services } from '../../services.ts';
import { createOrderBody, idempotencyKeyOf } from './order-input.ts';

// POST /api/order/create, GET /api/order, GET /api/order/{id} (spec section 7, issue 10). The order is
// paid on account; an order paid online is placed through POST /api/payment/createOrder.

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const orderParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'order.not_found').transform(Number) });

export default async function orderRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/order/create', async (request, reply) => {
    requireShopper(requireSession(request));
    const key = idempotencyKeyOf(request.headers);
    const body = parseInput(createOrderBody, request.body);
    const { status, order } = await services.orderPlacement.placeOrder(request.ctx, { ...body, idempotencyKey: key });
    return reply.status(status).send(order);
  });

  app.get('/order', async (request) => {
    requireShopper(requireSession(request));
    return services.orders.listOrders(request.ctx, parseInput(listQuery, request.query));
  });

  app.get('/order/:id', async (request) => {
    requireShopper(requireSession(request));
    const params = orderParams.safeParse(request.params);
    if (!params.success) throw new AppError('not_found', 'order.not_found');
    return services.orders.getOrder(request.ctx, params.data.id);
  });
}
