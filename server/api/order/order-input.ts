import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { calendarDate } from '../../../core/calendar-date.ts';
import { AppError } from '../../errors.ts';

// What placing an order takes, shared by POST /api/order/create and POST /api/payment/createOrder.
// Amounts are never taken from the client: `expectedTotal` only lets the server notice the buyer saw
// another total.

export const recordId = z.number().int().positive().max(2 ** 31 - 1);

export const createOrderBody = z.object({
  orderType: z.enum(['order', 'preOrder']),
  shippingAddressId: recordId,
  shippingMethodId: recordId,
  paymentMethodId: recordId,
  termsAccepted: z.boolean(),
  externalOrderNumber: z.string().trim().max(35).optional(),
  requestedDeliveryDate: calendarDate.optional(),
  notes: z
    .array(z.object({ deliveryDate: calendarDate, text: z.string().max(1000) }))
    .max(12, 'validation.too_many_items')
    .optional(),
  expectedTotal: z.object({ valueGross: z.number().finite().nonnegative().max(1e12) }).optional(),
});

/** One key per checkout visit, made by the page (or the client): 8–64 letters, digits, '-' and '_'. */
const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,64}$/;

export function idempotencyKeyOf(headers: IncomingHttpHeaders): string {
  const key = headers['idempotency-key'];
  if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) throw new AppError('validation', 'checkout.idempotency.key', { field: 'Idempotency-Key' });
  return key;
}
