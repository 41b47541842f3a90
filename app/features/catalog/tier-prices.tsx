import type { Product } from '../../../core/catalog-types';
import { shownUnitCents } from '../../../core/vat';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from './format-number';
import { Money } from './price-text';

export interface TierPricesProps {
  item: Pick<Product, 'price' | 'tierPrices' | 'vatRate'>;
  showNetPrices: boolean;
  /** Pre-order mode: a product with a pre-order price has no tiers for pre-orders (docs/product.md). */
  preOrder?: boolean;
  className?: string;
}

/**
 * "ab 10: 4,20 €": what a piece costs from each quantity on, net or gross like the item's own price
 * (its VatNote beside that price speaks for these too). Nothing for viewers without prices or tiers.
 */
export function TierPrices({ item, showNetPrices, preOrder = false, className = 'text-xs text-zinc-700' }: TierPricesProps) {
  const { t, locale } = useTranslation();
  if (!item.price || item.tierPrices.length === 0) return null;
  if (preOrder && item.price.preOrderPrice !== null) return null;
  return (
    <ul className={className} data-testid="tier-prices" aria-label={t('catalog.tier.prices')}>
      {item.tierPrices.map((step) => (
        <li key={step.minQuantity} className="whitespace-nowrap">
          {t('catalog.tier.from', { quantity: formatNumber(step.minQuantity, locale) })}:{' '}
          <Money cents={shownUnitCents(step.price, item.vatRate, showNetPrices, false)} currency={step.price.currency} />
        </li>
      ))}
    </ul>
  );
}
