import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { requireSession } from '../../http/guards.ts';
import { parseInput } from '../../http/validation.ts';
import { requireShopper } from '../../modules/basket/shopper.ts';
import type { Services } from '../../services.ts';

// POST /api/order/create, GET /api/order, GET /api/order/{id} (spec section 7, issue 10). Amounts are
// never taken from the client: `expectedTotal` only lets the server notice the buyer saw another total.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').refine((value) => !Number.isNaN(Date.parse(value)), 'validation.date');
const recordId = z.number().int().positive().max(2 ** 31 - 1);

const createOrderBody = z.object({
  orderType: z.enum(['order', 'preOrder']),
  shippingAddressId: recordId,
  shippingMethodId: recordId,
  paymentMethodId: recordId,
  termsAccepted: z.boolean(),
  externalOrderNumber: z.string().trim().max(35).optional(),
  requestedDeliveryDate: isoDate.optional(),
  notes: z
    .array(z.object({ deliveryDate: isoDate, text: z.string().max(1000) }))
    .max(12, 'validation.too_many_items')
    .optional(),
  expectedTotal: z.object({ valueGross: z.number().finite().nonnegative().max(1e12) }).optional(),
});

/** One key per checkout visit, made by the page (or the client): 8–64 letters, digits, '-' and '_'. */
const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,64}$/;

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const orderParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'order.not_found').transform(Number) });

export default async function orderRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/order/create', async (request, reply) => {
    requireShopper(requireSession(request));
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) throw new AppError('validation', 'checkout.idempotency.key', { field: 'Idempotency-Key' });
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
