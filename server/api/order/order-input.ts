import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { calendarDate } from '../../../core/calendar-date.ts';
import { isIdempotencyKey } from '../../../core/idempotency-key.ts';
import { recordId } from '../../../core/record-id.ts';
import { AppError } from '../../errors.ts';

// What placing an order takes, shared by POST /api/order/create and POST /api/payment/createOrder.
// Amounts are never taken from the client: `expectedTotal` only lets the server notice the buyer saw
// another total.

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

/** The request's Idempotency-Key header (core/idempotency-key.ts). */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string {
  const key = headers['idempotency-key'];
  if (!isIdempotencyKey(key)) throw new AppError('validation', 'checkout.idempotency.key', { field: 'Idempotency-Key' });
  return key;
}
