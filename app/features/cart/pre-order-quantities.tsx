import type { CartProduct } from '../../../core/catalog-types';
import { formatShopDate } from '../../../core/shop-date-format';
import { useTranslation } from '../../lib/i18n';
import { useConfiguration } from '../session/use-root-data';
import { CartQuantity } from './cart-quantity';

/** A pre-order line's quantity per season, labelled with the season's name and date. */
export function PreOrderQuantities({ line, onChange }: { line: CartProduct; onChange: (quantities: number[]) => void }) {
  const { t, locale } = useTranslation();
  const { seasons, isBatchSizeActive } = useConfiguration();
  // Quantities follow the seasons' order; a line may carry more entries than seasons are configured.
  const count = Math.max(seasons.length, line.quantities.length);
  return (
    <ul className="flex flex-col items-end gap-2" data-testid="season-quantities">
      {Array.from({ length: count }, (_, index) => {
        const season = seasons[index];
        const name = season ? season.name : t('cart.season.fallback', { number: index + 1 });
        return (
          <li key={season?._id ?? `extra-${index}`} className="flex items-center gap-2">
            <span className="text-right text-xs leading-tight text-zinc-700">
              {name}
              {season ? <span className="block text-zinc-500">{formatShopDate(season.date, locale)}</span> : null}
            </span>
            <CartQuantity
              value={line.quantities[index] ?? 0}
              batchSize={line.salesBatchSize}
              batchRuleActive={isBatchSizeActive}
              min={0}
              label={t('cart.quantity.season.label', { name: line.name, season: name })}
              testId={`season-quantity-${index}`}
              onChange={(quantity) => onChange(Array.from({ length: count }, (_, i) => (i === index ? quantity : (line.quantities[i] ?? 0))))}
            />
          </li>
        );
      })}
    </ul>
  );
}
