import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { OrderType } from '../../../core/catalog-types';
import type { ReorderAnswer } from '../../../server/page-surface.server';
import { buttonClasses } from '../../components/ui/button';
import { CheckCircleIcon, WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { useCartStore } from '../../stores/cart-store';
import { formatNumber } from '../catalog/format-number';

// What "Order again" did (POST /api/order/{id}/reorder's answer): the lines added to the cart, the ones
// added with less than ordered (the quantity and why), the ones left out (why), and the way to the cart.
// The panel takes the focus when it appears, so keyboard and screen reader users land on the outcome.

type LineRef = { sku: string; variantSku: string | null; name: string };

const itemNumber = (line: LineRef) => line.variantSku ?? line.sku;

/** The carts the changed lines went to, from the order's own lines (an order may hold order and pre-order lines). */
function cartTypesOf(answer: ReorderAnswer, orderLines: readonly (LineRef & { orderType: OrderType })[]): OrderType[] {
  const changed = [...answer.added, ...answer.reduced];
  const types = new Set(orderLines.filter((line) => changed.some((c) => c.sku === line.sku && c.variantSku === line.variantSku)).map((line) => line.orderType));
  return (['order', 'preOrder'] as const).filter((type) => types.has(type));
}

function LineName({ line }: { line: LineRef }) {
  return (
    <>
      <span className="font-medium text-zinc-900">{line.name}</span> <span className="font-mono text-xs text-zinc-600">{itemNumber(line)}</span>
    </>
  );
}

export function ReorderResult({ answer, orderLines }: { answer: ReorderAnswer; orderLines: readonly (LineRef & { orderType: OrderType })[] }) {
  const { t, locale } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  const quantity = (value: number) => formatNumber(value, locale);
  const nothingAdded = answer.added.length === 0 && answer.reduced.length === 0;
  const cartTypes = cartTypesOf(answer, orderLines);

  // The header's cart counts show the cart as the reorder left it.
  useLayoutEffect(() => {
    useCartStore.getState().hydrate(answer.basket);
  }, [answer.basket]);
  useEffect(() => {
    panel.current?.focus();
  }, [answer]);

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="reorder-result-title"
      className={`space-y-3 rounded-lg border p-4 outline-none focus-visible:outline-2 ${nothingAdded ? 'border-amber-300 bg-warning-soft' : 'border-green-200 bg-success-soft'}`}
      data-testid="reorder-result"
    >
      <h2 id="reorder-result-title" className="flex items-center gap-2 text-base font-semibold text-zinc-900">
        {nothingAdded ? <WarningIcon className="size-5 text-warning" /> : <CheckCircleIcon className="size-5 text-success" />}
        {t(nothingAdded ? 'reorder.result.nothing' : 'reorder.result.title')}
      </h2>
      {answer.added.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-zinc-800">{t('reorder.result.added', { count: answer.added.length })}</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="reorder-added">
            {answer.added.map((line, index) => (
              <li key={`${itemNumber(line)}-${index}`}>
                <LineName line={line} /> · <span className="num">{t('reorder.result.quantity', { quantity: quantity(line.quantity) })}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {answer.reduced.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-zinc-800">{t('reorder.result.reduced', { count: answer.reduced.length })}</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="reorder-reduced">
            {answer.reduced.map((line, index) => (
              <li key={`${itemNumber(line)}-${index}`}>
                <LineName line={line} /> ·{' '}
                <span className="num">{t('reorder.result.reduced_quantity', { quantity: quantity(line.quantity), requested: quantity(line.requested) })}</span> ·{' '}
                <span className="text-amber-950">{t(line.reason)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {answer.skipped.length > 0 ? (
        <div>
          <h3 className="text-sm font-medium text-zinc-800">{t('reorder.result.skipped', { count: answer.skipped.length })}</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="reorder-skipped">
            {answer.skipped.map((line, index) => (
              <li key={`${itemNumber(line)}-${index}`}>
                <LineName line={line} /> · <span className="text-red-900">{t(line.reason)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {cartTypes.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {cartTypes.map((type) => (
            <Link key={type} to={`/detailed-cart?type=${type}`} className={buttonClasses(type === 'order' ? 'primary' : 'secondary')} data-testid={`reorder-cart-${type}`}>
              {t(type === 'order' ? 'reorder.result.to_cart' : 'reorder.result.to_pre_order_cart')}
            </Link>
          ))}
        </div>
      ) : null}
    </section>
  );
}
