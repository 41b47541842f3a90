import { data } from 'react-router';
import { parseRecordId } from '../../../core/record-id';
import { isAppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';

// The order behind /thank-you?order={id} and /order-failed?order={id}, for the buyer's company only:
// another company's or an unknown id is the 404 page, exactly alike. An order paid online is first
// brought up to date with what the provider says (the buyer may be back before its webhook).

/** The order `?order=` names; a value that is no record id is the 404 page, like an unknown order. */
export function placedOrderIdOf(request: Request): number {
  const id = parseRecordId(new URL(request.url).searchParams.get('order'));
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function loadPlacedOrder(app: AppLoadContext, request: Request) {
  const { services, ctx } = app;
  const orderId = placedOrderIdOf(request);
  try {
    const [placed, basket] = await Promise.all([services.orders.getOrder(ctx, orderId), services.basket.getBasket(ctx)]);
    if (placed.paymentStatus !== 'awaiting' && placed.paymentStatus !== 'failed') return { order: placed, basket };
    // Read again only when the provider's answer may have changed it.
    await services.onlinePayments.confirmReturn(ctx, orderId);
    return { order: await services.orders.getOrder(ctx, orderId), basket };
  } catch (error) {
    // Not signed in as a buyer, or not this company's order: answered like an unknown order.
    if (isAppError(error) && error.statusCode < 500) throw data(null, { status: 404 });
    throw error;
  }
}
