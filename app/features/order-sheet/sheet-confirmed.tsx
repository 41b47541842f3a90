import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { cartHref } from '../../stores/cart-store';
import { formatNumber } from '../catalog/format-number';
import type { SheetView } from './sheet-view';

// A confirmed import: what went into the cart, and the way there. It cannot be confirmed again (the
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
      <Link to={cartHref(sheet.target)} className={buttonClasses('primary')} data-testid="confirmed-cart">
        {t(sheet.target === 'preOrder' ? 'quick_order.confirmed.to_pre_order_cart' : 'quick_order.confirmed.to_cart')}
      </Link>
    </section>
  );
}
