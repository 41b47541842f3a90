import { useLayoutEffect } from 'react';
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { OrderType } from '../../core/catalog-types';
import { lineKey } from '../../core/cart-state';
import { defaultShippingMethod } from '../../core/checkout-input';
import { meetsRequirement } from '../../server/page-surface.server';
import type { Route } from './+types/detailed-cart';
import { appLoadContext } from '../app-context';
import { CartEmptyState } from '../features/cart/cart-empty-state';
import { cartGridColumns, CartLineItem } from '../features/cart/cart-line-item';
import { CartTabs } from '../features/cart/cart-tabs';
import { EmptyCartButton } from '../features/cart/empty-cart-button';
import { NotEnoughStockNotice } from '../features/cart/not-enough-stock-notice';
import { OrderSummary } from '../features/cart/order-summary';
import { orderSheetPath } from '../features/order-sheet/sheet-fields';
import { QuickOrderGlyph } from '../features/order-sheet/sheet-glyphs';
import { useSession } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { countLines } from '../stores/cart-lines';
import { useCartStore } from '../stores/cart-store';

// The cart page (/detailed-cart?type=order|preOrder; docs/product.md, Cart). The basket is read on the
// server, in process, so the first paint is complete; afterwards the cart store owns it.

export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx } = context.get(appLoadContext);
  // Visitors and guests never see this page: the root loader's guard redirects them.
  if (!meetsRequirement(ctx, 'buyer')) return { basket: null, shippingMethod: null };
  const [basket, configuration] = await Promise.all([services.basket.getBasket(ctx), services.settings.getConfiguration(ctx)]);
  // The summary prices shipping with the method a checkout starts with (the page shell leaves the methods out).
  return { basket, shippingMethod: defaultShippingMethod(configuration.shippingMethods, configuration.defaultShippingMethodId) };
}

// Switching between the two carts changes only the query: the store already holds both.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

function orderTypeOf(param: string | null): OrderType {
  return param === 'preOrder' ? 'preOrder' : 'order';
}

export default function DetailedCartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const orderType = orderTypeOf(searchParams.get('type'));
  const showNetPrices = useSession()?.account.showNetPrices ?? true;
  const loaded = useCartStore((state) => state.loaded);
  const storeLines = useCartStore((state) => state.lines);
  const isLoading = useCartStore((state) => state.isLoading);

  // Before any passive effect (the header's cart loader among them) asks the API for the same basket.
  useLayoutEffect(() => {
    if (loaderData.basket) useCartStore.getState().hydrate(loaderData.basket);
  }, [loaderData.basket]);

  const allLines = loaded ? storeLines : (loaderData.basket?.items ?? []);
  const lines = allLines.filter((line) => line.orderType === orderType);
  const title = t(orderType === 'order' ? 'cart.title.order' : 'cart.title.preorder');

  return (
    <div className="space-y-4" data-testid="cart-page" data-order-type={orderType}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-zinc-900">{title}</h1>
        {/* Quick order into this cart: a pasted list, judged line by line before it comes in. */}
        <Link to={`${orderSheetPath}?target=${orderType}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-text hover:underline" data-testid="cart-quick-order">
          <QuickOrderGlyph className="size-4" />
          {t('quick_order.cart.link')}
        </Link>
      </div>
      <CartTabs current={orderType} counts={countLines(allLines)} />
      {lines.length === 0 ? (
        <CartEmptyState orderType={orderType} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-label={title} aria-busy={isLoading} className="space-y-3">
            <NotEnoughStockNotice lines={lines} />
            <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
              <div aria-hidden="true" className={`hidden gap-x-4 border-b ${cartGridColumns[orderType]} border-zinc-200 bg-zinc-50 px-4 py-2 text-xs font-medium text-zinc-600 lg:grid`}>
                <span />
                <span>{t('cart.column.product')}</span>
                <span className="text-right">{t('cart.column.unit.price')}</span>
                <span className="text-right">{t('cart.column.quantity')}</span>
                <span className="text-right">{t('cart.column.total')}</span>
              </div>
              <ul className="divide-y divide-zinc-200">
                {lines.map((line) => (
                  <CartLineItem key={lineKey(line)} line={line} showNetPrices={showNetPrices} />
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-zinc-600">{t(showNetPrices ? 'cart.prices.net' : 'cart.prices.gross')}</p>
              <EmptyCartButton orderType={orderType} />
            </div>
          </section>
          <OrderSummary lines={lines} orderType={orderType} shippingMethod={loaderData.shippingMethod} checkoutHref={`/checkout?type=${orderType}`} />
        </div>
      )}
    </div>
  );
}
