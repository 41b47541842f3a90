import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OrderType } from '../../../core/catalog-types';
import { earliestDeliveryDate } from '../../../core/delivery-date';
import { isAppError } from '../../../server/errors';
import type { AppLoadContext } from '../../app-context';

// The checkout page's server half (issue 10 item 3): what the page shows, read in process, and the
// form post that places the order through the same service as POST /api/order/create.

export function orderTypeOf(param: string | null): OrderType {
  return param === 'preOrder' ? 'preOrder' : 'order';
}

/** One key per checkout visit: a second click (or a reload of the post) never makes a second order. */
export function newIdempotencyKey(): string {
  return randomUUID().replaceAll('-', '');
}

export async function loadCheckout(app: AppLoadContext, orderType: OrderType) {
  const { services, ctx } = app;
  const [basket, addresses, configuration] = await Promise.all([
    services.basket.getBasket(ctx),
    services.addresses.checkoutAddresses(ctx),
    services.settings.getConfiguration(ctx),
  ]);
  return {
    orderType,
    lines: basket.items.filter((line) => line.orderType === orderType),
    addresses,
    shippingMethods: configuration.shippingMethods.filter((method) => method.isActive),
    defaultShippingMethodId: configuration.defaultShippingMethodId,
    paymentMethods: configuration.paymentMethods,
    seasons: configuration.seasons,
    isExternalOrderNumberFieldActive: configuration.isExternalOrderNumberFieldActive,
    isOrderNoteFieldActive: configuration.isOrderNoteFieldActive,
    termsUrl: configuration.customCheckoutTermsAndConditionsUrl || '/content/agb',
    earliestDeliveryDate: earliestDeliveryDate(new Date()),
    idempotencyKey: newIdempotencyKey(),
  };
}

export type CheckoutData = Awaited<ReturnType<typeof loadCheckout>>;

/** What the buyer typed, kept to fill the page again after a refusal. */
export interface CheckoutValues {
  idempotencyKey: string;
  shippingAddressId: string;
  shippingMethodId: string;
  paymentMethodId: string;
  termsAccepted: boolean;
  externalOrderNumber: string;
  requestedDeliveryDate: string;
  /** Note text per delivery date ('' for the order cart's one note). */
  notes: Record<string, string>;
}

export interface CheckoutFailure {
  messageKey: string;
  params: Record<string, string | number> | null;
  details: unknown;
}

const text = (max: number) => z.string().max(max);
const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(value)));

const formSchema = z.object({
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  shippingAddressId: id,
  shippingMethodId: id,
  paymentMethodId: id,
  externalOrderNumber: text(35).optional(),
  requestedDeliveryDate: z.union([isoDate, z.literal('')]).optional(),
  expectedTotal: z.coerce.number().finite().nonnegative().max(1e12).optional(),
});

function valuesOf(form: FormData): CheckoutValues {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const notes: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name.startsWith('note:') && typeof value === 'string') notes[name.slice(5)] = value;
  }
  return {
    idempotencyKey: field('idempotencyKey'),
    shippingAddressId: field('shippingAddressId'),
    shippingMethodId: field('shippingMethodId'),
    paymentMethodId: field('paymentMethodId'),
    termsAccepted: field('termsAccepted') === 'on',
    externalOrderNumber: field('externalOrderNumber'),
    requestedDeliveryDate: field('requestedDeliveryDate'),
    notes,
  };
}

/** Places the order of the posted form; answers the new order's id, or the refusal with what was typed. */
export async function placeOrderFromForm(
  app: AppLoadContext,
  orderType: OrderType,
  form: FormData,
): Promise<{ orderId: number } | { failure: CheckoutFailure; values: CheckoutValues; status: number }> {
  const values = valuesOf(form);
  const parsed = formSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === 'string' && value !== '')));
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    const messageKey = field === 'shippingAddressId' ? 'checkout.address.required' : field === 'shippingMethodId' ? 'checkout.shipping.required' : field === 'paymentMethodId' ? 'checkout.payment.required' : 'validation.invalid_form';
    return { failure: { messageKey, params: null, details: null }, values, status: 400 };
  }
  const input = parsed.data;
  const seasonDates = new Set((await app.services.settings.getConfiguration(app.ctx)).seasons.map((season) => season.date));
  const requestedDeliveryDate = orderType === 'order' && input.requestedDeliveryDate ? input.requestedDeliveryDate : undefined;
  const notes = Object.entries(values.notes)
    .filter(([date, note]) => note.trim() !== '' && (orderType === 'order' ? date === '' : seasonDates.has(date)))
    .map(([date, note]) => ({ deliveryDate: orderType === 'order' ? (requestedDeliveryDate ?? earliestDeliveryDate(new Date())) : date, text: note.slice(0, 1000) }));
  try {
    const { order } = await app.services.orderPlacement.placeOrder(app.ctx, {
      idempotencyKey: input.idempotencyKey,
      orderType,
      shippingAddressId: input.shippingAddressId,
      shippingMethodId: input.shippingMethodId,
      paymentMethodId: input.paymentMethodId,
      termsAccepted: values.termsAccepted,
      externalOrderNumber: input.externalOrderNumber?.trim() || undefined,
      requestedDeliveryDate,
      notes: notes.length > 0 ? notes : undefined,
      expectedTotal: input.expectedTotal !== undefined ? { valueGross: input.expectedTotal } : undefined,
    });
    return { orderId: (order as { _id: number })._id };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { failure: { messageKey: error.messageKey, params: error.params ?? null, details: error.details ?? null }, values, status: error.statusCode };
  }
}
