import type { CartProduct, OrderType } from '../../../core/catalog-types';
import { cartTotals, customerDiscount, meetsMinimumOrderAmount, minimumOrderAmount, preOrderSeasonTotals, totalsLineFromCartProduct } from '../../../core/cart-totals';
import { amountToCents } from '../../../core/money';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { useConfiguration, useSession } from '../session/use-root-data';
import { useMoney } from './use-money';

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-zinc-200 pt-2 text-base font-semibold text-zinc-950' : 'text-zinc-700'}`}>
      <dt>{label}</dt>
      <dd data-testid={testId} className="price text-right">
        {value}
      </dd>
    </div>
  );
}

/**
 * The order summary panel (spec sections 2, 5 and 9): net total, VAT per rate, gross total, the
 * customer discount as percent and amount, and whether the minimum order amount is reached.
 * Shipping is added at checkout.
 */
export function OrderSummary({ lines, orderType }: { lines: readonly CartProduct[]; orderType: OrderType }) {
  const { t, locale } = useTranslation();
  const money = useMoney();
  const configuration = useConfiguration();
  const account = useSession()?.account;
  const totalsLines = lines.map(totalsLineFromCartProduct);
  const totals = cartTotals(totalsLines, { showNetPrices: account?.showNetPrices ?? true, fallbackCurrency: configuration.defaultCurrency });
  const discount = customerDiscount(totals.valueNetCents, account?.transientObject.company?.discountPercent ?? 0);
  const minimum = minimumOrderAmount(amountToCents(Number(account?.minCartAmount)), configuration.minimumOrderAmount.price);
  const check = meetsMinimumOrderAmount(totals.valueNetCents, minimum);
  const seasonTotals = orderType === 'preOrder' ? preOrderSeasonTotals(totalsLines, configuration.seasons.length) : [];
  const format = (cents: number) => money(cents, totals.currency);
  const percent = (value: number) => value.toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB');

  return (
    <aside aria-labelledby="order-summary-title" data-testid="order-summary" className="h-fit rounded-lg border border-zinc-200 bg-white p-4 lg:sticky lg:top-24">
      <h2 id="order-summary-title" className="mb-3 text-base font-semibold text-zinc-900">
        {t('cart.summary.title')}
      </h2>
      <dl className="space-y-2 text-sm">
        {seasonTotals.map((cents, index) => (
          <Row key={configuration.seasons[index]!._id} label={t('cart.summary.season', { season: configuration.seasons[index]!.name })} value={format(cents)} />
        ))}
        <Row label={t('cart.summary.net')} value={format(totals.valueNetCents)} testId="summary-net" />
        {totals.vatByRate.map((share) => (
          <Row key={share.rateBp} label={t('cart.summary.vat', { rate: percent(share.rateBp / 100) })} value={format(share.vatCents)} />
        ))}
        <Row label={t('cart.summary.gross')} value={format(totals.valueGrossCents)} strong testId="summary-gross" />
        {discount.amountCents > 0 ? (
          <Row
            label={t('cart.summary.discount', { percent: percent(discount.percent) })}
            value={`− ${format(discount.amountCents)}`}
            testId="summary-discount"
          />
        ) : null}
      </dl>
      <p className="mt-3 text-xs text-zinc-600">{t('cart.summary.shipping.note')}</p>
      {check.meets ? null : (
        <p data-testid="minimum-order-amount" role="status" className="mt-3 flex gap-2 rounded-md bg-warning-soft p-3 text-sm text-zinc-900">
          <WarningIcon className="size-5 shrink-0 text-warning" />
          {t(check.key, { amount: format(check.amountCents) })}
        </p>
      )}
    </aside>
  );
}
