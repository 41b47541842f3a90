import type { Product } from './catalog-types.ts';

// Stock display (docs/product.md, Catalogue): the coloured indicator, its tooltip and the sales person's number.
// "In stock" here is also what the add-to-cart rules mean by it (core/add-to-cart-rules.ts).

export type StockColour = 'success' | 'warning' | 'danger';

export type StockInput = Pick<Product, 'stock' | 'releaseDate' | 'isOnlySellableWithPositiveStock'>;

export interface StockStatus {
  inStock: boolean;
  colour: StockColour;
  /** Text for screen readers and the legend, since colour alone tells nothing to some readers. */
  labelKey: 'stock.in' | 'stock.out';
  /** Only for out-of-stock products with a release date; params.date is the release date as stored (ISO). */
  tooltip: { key: 'stock.available.from' | 'stock.new.soon'; params: { date?: string } } | null;
  /** The exact stock, for sales persons only; others see just the colour. */
  numericStock: number | null;
}

/**
 * The spec's wording taken as written: any non-zero stock value counts, and a positive-stock-only
 * product always shows as in stock (the check against its stock happens when it is ordered).
 */
export function isInStock(product: Pick<Product, 'stock' | 'isOnlySellableWithPositiveStock'>): boolean {
  return product.stock.value !== 0 || product.isOnlySellableWithPositiveStock;
}

/**
 * In stock is shown green ('success'): the spec colours only the out-of-stock states, and green is the
 * usual "available" signal next to the warning (release date known) and danger (no date) states.
 */
export function stockStatus(product: StockInput, viewer: { isSalesPerson: boolean; now: Date }): StockStatus {
  const numericStock = viewer.isSalesPerson ? product.stock.value : null;
  if (isInStock(product)) return { inStock: true, colour: 'success', labelKey: 'stock.in', tooltip: null, numericStock };
  const releaseDate = product.releaseDate || null;
  return {
    inStock: false,
    colour: releaseDate ? 'warning' : 'danger',
    labelKey: 'stock.out',
    tooltip: releaseDate ? releaseTooltip(releaseDate, viewer.now) : null,
    numericStock,
  };
}

// A date-only release date means the start of that day (UTC), so on the release day itself the
// goods are due: the tooltip then says "new stock soon" instead of promising a date already reached.
function releaseTooltip(releaseDate: string, now: Date): StockStatus['tooltip'] {
  const release = Date.parse(releaseDate);
  if (Number.isNaN(release)) return null;
  return release > now.getTime() ? { key: 'stock.available.from', params: { date: releaseDate } } : { key: 'stock.new.soon', params: {} };
}
