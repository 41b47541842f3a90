import { bpToPercent } from '../../../core/basis-points';
import type { CartProduct, OrderType } from '../../../core/catalog-types';
import type { ShippingMethodJson } from '../../../core/checkout-input';
import { intlLocaleOf } from '../../../core/locale';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { useConfiguration, useSession } from '../session/use-root-data';
import { cartSummary } from './cart-summary';
import { useMoney } from './use-money';

function Row({ label, value, strong = false, separated = false, testId }: { label: string; value: string; strong?: boolean; separated?: boolean; testId?: string }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${separated || strong ? 'border-t border-zinc-200 pt-2' : ''} ${strong ? 'text-base font-semibold text-zinc-950' : 'text-zinc-700'}`}
    >
      <dt>{label}</dt>
      <dd data-testid={testId} className="price text-right">
        {value}
      </dd>
    </div>
  );
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([intlLocaleOf(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The order summary panel (docs/product.md, Discount; ADR 0010), figures from core/checkout-totals.ts
 * through cartSummary: goods, a deducted customer discount, shipping with the method a checkout starts
 * with, the total the account sees first (net or gross), VAT per rate, the other total; an included
 * discount as a note without an amount; and whether the minimum order amount is reached.
 */
export function OrderSummary({
  lines,
  orderType,
  shippingMethod,
  shippingCountry,
  atCheckout = false,
  checkoutHref,
  children,
}: {
  lines: readonly CartProduct[];
  orderType: OrderType;
  shippingMethod: ShippingMethodJson | null;
  /** The checkout's chosen shipping country; left out on the cart page (the company's default address). */
  shippingCountry?: string | null;
  /** On the checkout the buyer has chosen address and method: the "chosen at checkout" note is left out. */
  atCheckout?: boolean;
  /** The cart page's "to checkout" link: a disabled button with the reason while the minimum is not reached. */
  checkoutHref?: string;
  /** The action under the summary: the cart's "to checkout" link, the checkout's place-order button. */
  children?: React.ReactNode;
}) {
  const { t, locale } = useTranslation();
  const money = useMoney();
  const configuration = useConfiguration();
  const account = useSession()?.account;
  const summary = cartSummary({
    lines,
    orderType,
    account,
    siteMinimum: configuration.minimumOrderAmount.price,
    fallbackCurrency: configuration.defaultCurrency,
    seasonCount: configuration.seasons.length,
    shippingMethod,
    ...(shippingCountry !== undefined ? { shippingCountry } : {}),
  });
  const net = summary.showNetPrices;
  const format = (cents: number) => money(cents, summary.currency);
  // Thresholds (minimum order amount, cheaper shipping) compare net goods: said so to buyers who see gross.
  const threshold = (cents: number) => (net ? format(cents) : t('cart.summary.amount.net', { amount: format(cents) }));
  const percent = (value: number) => value.toLocaleString(intlLocaleOf(locale));
  const { discount, shipping, minimum } = summary;
  const untaxed = summary.untaxedNames.length > 0;
  const canCheckOut = minimum.meets && !untaxed;
  const netTotal = <Row label={t('cart.summary.total.net')} value={format(net ? summary.totalCents : summary.otherTotalCents)} separated={net} testId="summary-total-net" />;
  const grossTotal = <Row label={t('cart.summary.total.gross')} value={format(net ? summary.otherTotalCents : summary.totalCents)} strong testId="summary-total-gross" />;
  const vatRows = summary.vatByRate.map((share) => (
    <Row key={share.rateBp} label={t(net ? 'cart.summary.vat' : 'cart.summary.vat.included', { rate: percent(bpToPercent(share.rateBp)) })} value={format(share.vatCents)} />
  ));

  return (
    <aside aria-labelledby="order-summary-title" data-testid="order-summary" className="h-fit rounded-lg border border-zinc-200 bg-white p-4 lg:sticky lg:top-24">
      <h2 id="order-summary-title" className="mb-3 text-base font-semibold text-zinc-900">
        {t('cart.summary.title')}
      </h2>
      <dl className="space-y-2 text-sm">
        {summary.seasonNetCents.map((cents, index) => (
          <Row key={configuration.seasons[index]!._id} label={t('cart.summary.season', { season: configuration.seasons[index]!.name })} value={format(cents)} />
        ))}
        <Row label={t(net ? 'cart.summary.goods.net' : 'cart.summary.goods.gross')} value={format(summary.goodsCents)} testId="summary-goods" />
        {discount.treatment === 'deducted' ? (
          <Row label={t('cart.summary.discount', { percent: percent(discount.percent) })} value={`− ${format(discount.cents)}`} testId="summary-discount" />
        ) : null}
        {shipping ? (
          <>
            <Row label={t('cart.summary.shipping', { method: shipping.methodName })} value={format(shipping.methodCents)} testId="summary-shipping" />
            {shipping.freightCents !== 0 ? <Row label={t('checkout.shipping.freight')} value={format(shipping.freightCents)} testId="summary-freight" /> : null}
          </>
        ) : null}
        {untaxed ? (
          netTotal
        ) : net ? (
          <>
            {netTotal}
            {vatRows}
            {grossTotal}
          </>
        ) : (
          <>
            {grossTotal}
            {vatRows}
            {netTotal}
          </>
        )}
      </dl>
      <div className="mt-3 space-y-1 text-xs text-zinc-600">
        {discount.treatment === 'included' ? <p data-testid="summary-discount-included">{t('cart.summary.discount.included', { percent: percent(discount.percent) })}</p> : null}
        {shipping?.cheaperAbove ? (
          <p data-testid="summary-shipping-hint">
            {shipping.cheaperAbove.priceCents === 0
              ? t('checkout.shipping.free_above', { amount: threshold(shipping.cheaperAbove.amountCents) })
              : t('checkout.shipping.cheaper_above', { price: format(shipping.cheaperAbove.priceCents), amount: threshold(shipping.cheaperAbove.amountCents) })}
          </p>
        ) : null}
        {atCheckout ? null : <p>{shipping ? t('cart.summary.shipping.default', { country: countryName(shipping.countryCode, locale) }) : t('cart.summary.shipping.at_checkout')}</p>}
      </div>
      {minimum.meets ? null : (
        <p id="minimum-order-amount" data-testid="minimum-order-amount" role="status" className="mt-3 flex gap-2 rounded-md bg-warning-soft p-3 text-sm text-zinc-900">
          <WarningIcon className="size-5 shrink-0 text-warning" />
          <span>
            {t(minimum.key, { amount: threshold(minimum.amountCents) })}{' '}
            {/* The fix next to the blocker: how much more the cart needs. */}
            <span data-testid="minimum-order-missing" className="font-medium">
              {t('cart.minimum.missing', { amount: threshold(minimum.missingCents) })}
            </span>
          </span>
        </p>
      )}
      {untaxed ? (
        <p id="vat-unknown" data-testid="vat-unknown" role="status" className="mt-3 flex gap-2 rounded-md bg-warning-soft p-3 text-sm text-zinc-900">
          <WarningIcon className="size-5 shrink-0 text-warning" />
          <span>{t('cart.vat.unknown', { products: summary.untaxedNames.join(', ') })}</span>
        </p>
      ) : null}
      {checkoutHref ? (
        canCheckOut ? (
          <Link to={checkoutHref} data-testid="to-checkout" className={buttonClasses('primary', 'md', 'mt-4 h-11 w-full text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand')}>
            {t('cart.to_checkout')}
          </Link>
        ) : (
          <button type="button" disabled aria-describedby={untaxed ? 'vat-unknown' : 'minimum-order-amount'} data-testid="to-checkout" className={buttonClasses('primary', 'md', 'mt-4 h-11 w-full text-base')}>
            {t('cart.to_checkout')}
          </button>
        )
      ) : null}
      {children}
    </aside>
  );
}
