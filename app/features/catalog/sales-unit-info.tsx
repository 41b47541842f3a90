import type { Product } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from './format-number';

/**
 * The sales unit and how the product's other units convert to their main unit ("1 Karton = 100 Stück"),
 * from the material units and their base exchange ratio. Units of ratio 1 in themselves say nothing.
 */
export function SalesUnitInfo({ product }: { product: Pick<Product, 'salesUnit' | 'materialUnits'> }) {
  const { t, locale } = useTranslation();
  const conversions = product.materialUnits.filter((unit) => unit.baseExchangeRatio !== 1 || unit.unit.name !== unit.mainUnit.name);
  if (!product.salesUnit && conversions.length === 0) return <span className="text-zinc-500">–</span>;
  return (
    <span className="block">
      {product.salesUnit ? <span className="block text-zinc-800">{product.salesUnit.name}</span> : null}
      {conversions.map((unit) => (
        <span key={unit.unit.id} className="num block text-xs whitespace-nowrap text-zinc-600">
          {t('catalog.unit.conversion', {
            unit: unit.unit.name,
            ratio: formatNumber(unit.baseExchangeRatio, locale),
            mainUnit: unit.mainUnit.name,
          })}
        </span>
      ))}
    </span>
  );
}
