import { lineKey, lineSku } from '../../../core/cart-state';
import type { CartProduct } from '../../../core/catalog-types';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { linePrices } from '../cart/cart-prices';
import { VatNote } from '../catalog/price-text';
import { useMoney } from '../cart/use-money';

/**
 * Lines whose price changed since they went into the cart (the old price is kept as
 * oldPrice), before the click: the old price struck through next to today's. The order is charged at
 * today's price, which the summary already adds up, so this informs and does not block; a change after
 * the page was loaded is refused by the placement ('checkout.price.changed') and then shown here.
 */
export function PriceChangeNotice({ lines, showNetPrices }: { lines: readonly CartProduct[]; showNetPrices: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const changed = lines.filter((line) => line.oldPrice !== null);
  if (changed.length === 0) return null;
  return (
    <section aria-labelledby="price-change-title" data-testid="price-change" className="rounded-md border border-amber-300 bg-warning-soft p-4 text-sm text-zinc-900">
      <h2 id="price-change-title" className="flex items-center gap-2 font-medium">
        <WarningIcon className="size-5 shrink-0 text-warning" />
        {t('checkout.price.changed')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changed.map((line) => {
          const prices = linePrices(line, showNetPrices);
          return (
            <li key={lineKey(line)} data-testid="price-change-line">
              <span className="font-medium">{line.name}</span> ({lineSku(line)}): {t('cart.price.changed')}{' '}
              <span className="price">
                <del data-testid="old-price">
                  <span className="sr-only">{t('cart.price.previous')} </span>
                  {money(prices.oldUnitCents ?? 0, prices.currency)}
                </del>{' '}
                → {money(prices.unitCents, prices.currency)} <VatNote showNetPrices={showNetPrices} vatRates={[line.vatRate]} className="" />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
