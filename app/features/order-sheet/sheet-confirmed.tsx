import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { cartHref } from '../../stores/cart-store';
import { formatMoney } from '../../../core/money';
import { formatNumber } from '../catalog/format-number';
import type { SheetView } from './sheet-view';

// A confirmed import: what went into the cart, what changed since the preview (a price that moved, a line
// that could no longer go in, with the reason), and the way to the cart. It cannot be confirmed again (the
// server answers a second confirmation with the first). The panel takes the focus when it appears.

export function SheetConfirmed({ sheet, confirmed }: { sheet: SheetView; confirmed: NonNullable<SheetView['confirmed']> }) {
  const { t, locale } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="confirmed-title"
      className="space-y-3 rounded-lg border border-green-200 bg-success-soft p-4 outline-none focus-visible:outline-2 focus-visible:outline-brand"
      data-testid="sheet-confirmed"
    >
      <h2 id="confirmed-title" className="flex items-center gap-2 text-base font-semibold text-zinc-900">
        <CheckCircleIcon className="size-5 text-success" />
        {t('quick_order.confirmed.title', { count: confirmed.added })}
      </h2>
      {confirmed.lines.length > 0 ? (
        <ul className="space-y-1 text-sm" data-testid="confirmed-lines">
          {confirmed.lines.map((line, index) => (
            <li key={`${line.variantSku ?? line.sku}-${index}`}>
              <span className="font-medium text-zinc-900">{line.name}</span> <span className="font-mono text-xs text-zinc-600">{line.variantSku ?? line.sku}</span> ·{' '}
              <span className="num">{line.quantities ? line.quantities.map((value) => formatNumber(value, locale)).join(' / ') : formatNumber(line.quantity, locale)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {confirmed.changes.some((change) => change.change === 'price') ? (
        <ul className="space-y-1 text-sm text-amber-950" data-testid="confirmed-price-changes">
          {confirmed.changes.map((change) =>
            change.change === 'price' ? (
              <li key={change.line}>
                {t('quick_order.confirmed.price_changed', {
                  line: change.line,
                  sku: change.sku,
                  old: formatMoney(change.oldPrice, change.currency, locale),
                  new: formatMoney(change.newPrice, change.currency, locale),
                })}
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {confirmed.refused.length > 0 ? (
        <ul className="space-y-1 text-sm text-red-900" data-testid="confirmed-refused">
          {confirmed.refused.map((line) => (
            <li key={line.line}>
              {t('quick_order.row.line', { line: line.line })} · <span className="font-mono">{line.sku}</span> · {t(line.messageKey, line.params)}
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={cartHref(sheet.target)} className={buttonClasses('primary')} data-testid="confirmed-cart">
        {t(sheet.target === 'preOrder' ? 'quick_order.confirmed.to_pre_order_cart' : 'quick_order.confirmed.to_cart')}
      </Link>
    </section>
  );
}
