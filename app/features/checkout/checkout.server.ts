import { z } from 'zod';
import { calendarDate } from '../../../core/calendar-date';
import type { OrderType } from '../../../core/catalog-types';
import { isIdempotencyKey, newIdempotencyKey } from '../../../core/idempotency-key';
import { recordId } from '../../../core/record-id';
import { isAppError, onlinePaymentCode } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { formText } from '../../lib/form-values.server';

// The checkout page's server half (docs/product.md, Checkout): what the page shows, read in process, and the
// form post that places the order through the same service as POST /api/order/create.

export function orderTypeOf(param: string | null): OrderType {
  return param === 'preOrder' ? 'preOrder' : 'order';
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
    earliestDeliveryDate: services.orderPlacement.earliestDeliveryDate(),
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

const formSchema = z.object({
  idempotencyKey: z.string().refine(isIdempotencyKey),
  shippingAddressId: recordId,
  shippingMethodId: recordId,
  paymentMethodId: recordId,
  externalOrderNumber: text(35).optional(),
  requestedDeliveryDate: calendarDate.optional(),
  expectedTotal: z.coerce.number().finite().nonnegative().max(1e12).optional(),
});

/** The message of a form field's problem; any other field's is 'validation.invalid_form'. */
const formProblemKeys: Partial<Record<string, string>> = {
  shippingAddressId: 'checkout.address.required',
  shippingMethodId: 'checkout.shipping.required',
  paymentMethodId: 'checkout.payment.required',
  requestedDeliveryDate: 'validation.date',
};

function valuesOf(form: FormData): CheckoutValues {
  const field = (name: string) => formText(form, name);
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

function unpaidOrderIdOf(error: { messageKey: string; details?: unknown }): number | null {
  if (error.messageKey !== 'payment.provider.unavailable') return null;
  const orderId = (error.details as { orderId?: unknown } | undefined)?.orderId;
  return typeof orderId === 'number' ? orderId : null;
}

/**
 * Places the order of the posted form; answers where the buyer goes next (the thank-you page, or the
 * provider's page to pay an order paid online), or the refusal with what was typed.
 */
export async function placeOrderFromForm(
  app: AppLoadContext,
  orderType: OrderType,
  form: FormData,
): Promise<{ redirectTo: string } | { failure: CheckoutFailure; values: CheckoutValues; status: number }> {
  const values = valuesOf(form);
  const parsed = formSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === 'string' && value !== '')));
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    const messageKey = formProblemKeys[field] ?? 'validation.invalid_form';
    return { failure: { messageKey, params: null, details: null }, values, status: 400 };
  }
  const input = parsed.data;
  const configuration = await app.services.settings.getConfiguration(app.ctx);
  const seasonDates = new Set(configuration.seasons.map((season) => season.date));
  const paidOnline = configuration.paymentMethods.some((method) => method._id === input.paymentMethodId && method.code === onlinePaymentCode);
  const requestedDeliveryDate = orderType === 'order' && input.requestedDeliveryDate ? input.requestedDeliveryDate : undefined;
  const notes = Object.entries(values.notes)
    .filter(([date, note]) => note.trim() !== '' && (orderType === 'order' ? date === '' : seasonDates.has(date)))
    .map(([date, note]) => ({ deliveryDate: orderType === 'order' ? (requestedDeliveryDate ?? app.services.orderPlacement.earliestDeliveryDate()) : date, text: note.slice(0, 1000) }));
  const placement = {
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
  };
  try {
    if (paidOnline) return { redirectTo: (await app.services.onlinePayments.createOrder(app.ctx, placement)).body.redirectUrl };
    const { orderId } = await app.services.orderPlacement.placeOrder(app.ctx, placement);
    return { redirectTo: `/thank-you?order=${orderId}` };
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The order is placed but the provider could not be reached: the failed-payment page lets the buyer
    // pay again or choose payment on account.
    const placedOrderId = unpaidOrderIdOf(error);
    if (placedOrderId !== null) return { redirectTo: `/order-failed?order=${placedOrderId}` };
    return { failure: { messageKey: error.messageKey, params: error.params ?? null, details: error.details ?? null }, values, status: error.statusCode };
  }
}
