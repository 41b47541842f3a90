import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../core/record-id.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validation.ts';
import type { Services } from '../../services.ts';
import { createOrderBody, idempotencyKeyOf } from '../order/order-input.ts';

// Online payment (ADR 0011):
//   POST /api/payment/createOrder   same body and Idempotency-Key as /api/order/create; the order waits
//                                   for its payment → { orderId, orderNumber, redirectUrl }
//   POST /api/payment/retry         { orderId } → { redirectUrl } (pay again after a failed attempt)
//   POST /api/payment/payOnAccount  { orderId, paymentMethodId } → the order, paid on account now
//   POST /api/payment/webhook       the provider's signed events (no session; the signature is the proof)

const retryBody = z.object({ orderId: recordId });
const payOnAccountBody = z.object({ orderId: recordId, paymentMethodId: recordId });

export default async function paymentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/payment/createOrder', async (request, reply) => {
    const key = idempotencyKeyOf(request.headers);
    const body = parseInput(createOrderBody, request.body);
    const { status, body: answer } = await services.onlinePayments.createOrder(request.ctx, { ...body, idempotencyKey: key });
    return reply.status(status).send(answer);
  });

  app.post('/payment/retry', async (request) => {
    const { orderId } = parseInput(retryBody, request.body);
    return services.onlinePayments.retry(request.ctx, orderId);
  });

  app.post('/payment/payOnAccount', async (request) => {
    const { orderId, paymentMethodId } = parseInput(payOnAccountBody, request.body);
    await services.onlinePayments.payOnAccount(request.ctx, orderId, paymentMethodId);
    return services.orders.getOrder(request.ctx, orderId);
  });

  // The signature covers the exact bytes sent: this route alone reads its body unparsed.
  await app.register(async function webhook(scope) {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/payment/webhook', async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('bad_request', 'payment.webhook.signature');
      const signature = request.headers['stripe-signature'];
      await services.onlinePayments.handleWebhook(request.body, typeof signature === 'string' ? signature : undefined);
      return { received: true };
    });
  });
}
