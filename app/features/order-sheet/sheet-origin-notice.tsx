import { formatAmount } from '../../../core/money';
import { formatShopDate } from '../../../core/shop-date-format';
import { useTranslation } from '../../lib/i18n';
import type { SheetView } from './sheet-view';

// What an uploaded personalised sheet's keys said (docs/product.md, Order sheets: the personalised sheet):
// made for this customer on a date, with the rows whose price changed since (from → to), or not made for
// them (never saying for whom it was). Nothing for a paste or any other sheet.

export function SheetOriginNotice({ sheet }: { sheet: SheetView }) {
  const { t, locale } = useTranslation();
  const origin = sheet.origin;
  if (!origin) return null;
  if ('foreign' in origin) {
    return (
      <p role="status" className="rounded-md bg-warning-soft p-3 text-sm text-amber-950" data-testid="sheet-origin-foreign">
        {t('quick_order.origin.foreign')}
      </p>
    );
  }
  const changed = sheet.rows.flatMap((row) => (row.priceChange ? [{ line: row.line, sku: row.product?.sku ?? row.input.sku, change: row.priceChange }] : []));
  return (
    <div role="status" className="space-y-1 rounded-md bg-zinc-50 p-3 text-sm text-zinc-800" data-testid="sheet-origin">
      <p>{t('quick_order.origin.template', { date: formatShopDate(origin.madeAt, locale, true) })}</p>
      {origin.pricesChanged > 0 ? (
        <>
          <p className="font-medium" data-testid="sheet-prices-changed">
            {t('quick_order.origin.price_changed', { count: origin.pricesChanged })}
          </p>
          <ul className="list-inside list-disc">
            {changed.map(({ line, sku, change }) => (
              <li key={line} data-testid="sheet-price-change">
                {t('quick_order.row.line', { line })} ({sku}):{' '}
                {t('quick_order.row.price_changed', {
                  old: formatAmount({ value: change.old, currency: change.currency }, locale),
                  new: formatAmount({ value: change.new, currency: change.currency }, locale),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
