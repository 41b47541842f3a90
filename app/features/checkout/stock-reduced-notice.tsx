import { CheckCircleIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import type { Shortfall } from './stock-shortfall';

/** After "reduce to available quantity": what changed, above the checkout with its new totals. */
export function StockReducedNotice({ reduced }: { reduced: readonly Shortfall[] }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="stock-reduced" className="rounded-md border border-green-300 bg-success-soft p-4 text-sm text-zinc-900">
      <p className="flex items-center gap-2 font-medium">
        <CheckCircleIcon className="size-5 shrink-0 text-success" />
        {t(reduced.length > 0 ? 'checkout.stock.reduced' : 'checkout.stock.reduced.none')}
      </p>
      {reduced.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {reduced.map((line) => (
            <li key={`${line.orderType}:${line.variantSku ?? line.sku}`}>
              <span className="font-medium">{line.name}</span> ({line.variantSku ?? line.sku}):{' '}
              <span className="price">
                {line.available === 0 ? t('checkout.stock.removed') : t('checkout.stock.reduced.line', { from: line.requested, to: line.available })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
