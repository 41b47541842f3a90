import { useLayoutEffect } from 'react';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/thank-you';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { formatShopDateNumeric } from '../../core/shop-date-format';
import { PlacedOrderDetails } from '../features/orders/placed-order-details';
import { loadPlacedOrder } from '../features/orders/placed-order.server';
import { useTranslation } from '../lib/i18n';
import { useCartStore } from '../stores/cart-store';
import { pageTitle } from '../lib/page-title';

// The confirmation after a placed order: /thank-you?order={id}, also the provider's
// return address after an online payment (&session_id=…). The order is read from its snapshot for the
// buyer's company only: another company's or an unknown id is the 404 page.

export async function loader({ request, context }: Route.LoaderArgs) {
  const placed = await loadPlacedOrder(context.get(appLoadContext), request);
  const status = placed.order.paymentStatus;
  // Back from the provider without a payment: the failed-payment page says what can be done.
  if (status === 'failed' || status === 'cancelled') throw redirect(`/order-failed?order=${placed.order._id}`);
  // Back from the provider with the payment not confirmed yet (the provider's return without a
  // session id is a cancel, which lands on /order-failed): shown as being processed.
  if (status === 'awaiting' && !new URL(request.url).searchParams.has('session_id')) throw redirect(`/order-failed?order=${placed.order._id}`);
  return placed;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'thank_you');
}

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { order, basket } = loaderData;
  // The order took its lines out of the basket: the header's cart counts show the basket as it is now.
  useLayoutEffect(() => {
    useCartStore.getState().hydrate(basket);
  }, [basket]);
  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="thank-you-page">
      <section className="rounded-lg border border-green-200 bg-green-50 p-6" aria-labelledby="thank-you-title">
        <h1 id="thank-you-title" className="text-2xl font-semibold text-zinc-900">
          {t('thank_you.title')}
        </h1>
        <p className="mt-2 text-zinc-800">
          {t('thank_you.order_number')} <strong data-testid="order-number">{order.orderNumber}</strong> · {t('thank_you.order_date')} {formatShopDateNumeric(order.orderDate, locale)}
        </p>
        {order.externalOrderNumber ? (
          <p className="mt-1 text-sm text-zinc-700">
            {t('checkout.po_number')}: {order.externalOrderNumber}
          </p>
        ) : null}
        {order.paymentStatus === 'paid' ? (
          <p className="mt-1 text-sm font-medium text-green-900" data-testid="payment-state">
            {t('checkout.payment.title')}: {t('thank_you.payment.paid')}
          </p>
        ) : null}
        {order.paymentStatus === 'awaiting' ? (
          <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="status" data-testid="payment-state">
            {t('thank_you.payment.pending')}
          </p>
        ) : null}
        <h2 className="mt-4 text-base font-semibold text-zinc-900">{t('thank_you.next.title')}</h2>
        <p className="mt-1 text-sm text-zinc-800">{t('thank_you.next.text')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/" className={buttonClasses('primary', 'md', 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand')}>
            {t('thank_you.continue')}
          </Link>
        </div>
      </section>

      <PlacedOrderDetails order={order} />
    </div>
  );
}
