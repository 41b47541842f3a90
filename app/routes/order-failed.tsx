import { useLayoutEffect } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { formatShopDate } from '../../core/shop-date-format';
import { isAppError, onlinePaymentCode } from '../../server/page-surface.server';
import type { Route } from './+types/order-failed';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { WarningIcon } from '../components/ui/icons';
import { PlacedOrderDetails } from '../features/orders/placed-order-details';
import { loadPlacedOrder, placedOrderIdOf } from '../features/orders/placed-order.server';
import { formId } from '../lib/form-values.server';
import { readForm } from '../lib/read-form.server';
import { useTranslation } from '../lib/i18n';
import { useCartStore } from '../stores/cart-store';
import { pageTitle } from '../lib/page-title';

// /order-failed?order={id} (docs/product.md, Checkout): the online payment of an order did
// not go through ('payment failed for order {orderNumber}'). While the order is still reserved the
// buyer pays again (the provider's page again) or chooses a payment on account, which places the order
// as such; an order not paid in time is cancelled and says so. Paid orders belong on /thank-you.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appLoadContext);
  const placed = await loadPlacedOrder(app, request);
  const status = placed.order.paymentStatus;
  if (status !== 'awaiting' && status !== 'failed' && status !== 'cancelled') throw redirect(`/thank-you?order=${placed.order._id}`);
  const configuration = await app.services.settings.getConfiguration(app.ctx);
  return { ...placed, onAccountMethods: configuration.paymentMethods.filter((method) => method.code !== onlinePaymentCode) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const orderId = placedOrderIdOf(request);
  const form = await readForm(request, app);
  try {
    if (form.get('intent') === 'payAgain') {
      const { redirectUrl } = await app.services.onlinePayments.retry(app.ctx, orderId);
      return redirect(redirectUrl);
    }
    const methodId = formId(form, 'paymentMethodId');
    if (methodId === null) return data({ messageKey: 'checkout.payment.required' }, { status: 400 });
    await app.services.onlinePayments.payOnAccount(app.ctx, orderId, methodId);
    return redirect(`/thank-you?order=${orderId}`);
  } catch (error) {
    if (!isAppError(error) || (error.statusCode >= 500 && error.messageKey !== 'payment.provider.unavailable')) throw error;
    // Not this company's order, or none: like the page itself, the 404 page.
    if (error.statusCode === 404 && error.messageKey === 'order.not_found') throw data(null, { status: 404 });
    return data({ messageKey: error.messageKey }, { status: error.statusCode });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'payment_failed');
}

export default function OrderFailedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { order, basket, onAccountMethods } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  useLayoutEffect(() => {
    useCartStore.getState().hydrate(basket);
  }, [basket]);
  const cancelled = order.paymentStatus === 'cancelled';
  const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="order-failed-page">
      <section className="rounded-lg border border-red-200 bg-red-50 p-6" aria-labelledby="order-failed-title">
        <h1 id="order-failed-title" className="flex items-center gap-2 text-2xl font-semibold text-zinc-900">
          <WarningIcon className="size-6 shrink-0 text-red-700" aria-hidden="true" />
          {t('order_failed.title')}
        </h1>
        <p className="mt-2 text-zinc-900" data-testid="order-failed-message">
          {t('order_failed.message', { orderNumber: order.orderNumber })}
        </p>
        {actionData ? (
          <p role="alert" className="mt-3 rounded-md border border-red-300 bg-white p-3 text-sm text-red-900" data-testid="order-failed-error">
            {t(actionData.messageKey)}
          </p>
        ) : null}
        {cancelled ? (
          <>
            <p className="mt-2 text-sm text-zinc-800">{t('order_failed.cancelled', { orderNumber: order.orderNumber })}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={`/detailed-cart?type=${order.orderType}`} className={buttonClasses('primary', 'md', focusRing)}>
                {t('order_failed.back_to_cart')}
              </Link>
            </div>
          </>
        ) : (
          <>
            {order.paymentDueAt ? <p className="mt-2 text-sm text-zinc-800">{t('order_failed.reserved', { time: formatShopDate(order.paymentDueAt, locale, true) })}</p> : null}
            <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start">
              <Form method="post" replace>
                <input type="hidden" name="intent" value="payAgain" />
                <button type="submit" className={buttonClasses('primary', 'md', focusRing)} disabled={busy} data-testid="pay-again">
                  {busy && navigation.formData?.get('intent') === 'payAgain' ? <Spinner /> : null}
                  {t('order_failed.pay_again')}
                </button>
              </Form>
              {onAccountMethods.length > 0 ? (
                <Form method="post" replace className="rounded-md border border-zinc-200 bg-white p-4">
                  <fieldset>
                    <legend className="mb-2 text-sm font-semibold text-zinc-900">{t('order_failed.other_method')}</legend>
                    <div className="space-y-2">
                      {onAccountMethods.map((method, index) => (
                        <label key={method._id} className="flex min-h-11 items-center gap-3 text-sm text-zinc-900">
                          <input type="radio" name="paymentMethodId" value={method._id} defaultChecked={index === 0} className="size-5 accent-(--brand)" />
                          {method.translatedName}
                        </label>
                      ))}
                    </div>
                    <input type="hidden" name="intent" value="payOnAccount" />
                    <button type="submit" className={buttonClasses('secondary', 'md', `mt-3 ${focusRing}`)} disabled={busy} data-testid="pay-on-account">
                      {t('order_failed.other_method.submit')}
                    </button>
                  </fieldset>
                </Form>
              ) : null}
            </div>
          </>
        )}
      </section>
      <PlacedOrderDetails order={order} />
    </div>
  );
}
