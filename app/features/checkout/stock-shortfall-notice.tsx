import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { ReduceToAvailableForm } from './reduce-to-available-form';
import type { Shortfall } from './stock-shortfall';

/**
 * Before the click (every blocker where it arises, with the fix next to it): the lines the
 * placement would refuse for stock, what is asked and what can be had, and the one-click reduction.
 */
export function StockShortfallNotice({ shortfalls }: { shortfalls: readonly Shortfall[] }) {
  const { t } = useTranslation();
  if (shortfalls.length === 0) return null;
  return (
    <section aria-labelledby="stock-shortfall-title" data-testid="stock-shortfall" className="rounded-md border border-amber-300 bg-warning-soft p-4 text-sm text-zinc-900">
      <h2 id="stock-shortfall-title" className="flex items-center gap-2 font-medium">
        <WarningIcon className="size-5 shrink-0 text-warning" />
        {t('stock.not.enough.error')}
      </h2>
      <p className="mt-1">{t('checkout.stock.short.description')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {shortfalls.map((shortfall) => (
          <li key={`${shortfall.orderType}:${shortfall.variantSku ?? shortfall.sku}`} data-testid="stock-shortfall-line">
            <span className="font-medium">{shortfall.name}</span> ({shortfall.variantSku ?? shortfall.sku}):{' '}
            <span className="price">
              {t('stock.not.enough.requested', { quantity: shortfall.requested })}, {t('stock.not.enough.available', { stock: shortfall.available })}
            </span>
          </li>
        ))}
      </ul>
      <ReduceToAvailableForm />
    </section>
  );
}
