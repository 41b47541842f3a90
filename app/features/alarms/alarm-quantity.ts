import type { Product } from '../../../core/catalog-types';
import { snappedQuantity } from '../../../core/stock-alarms';
import { isInStock } from '../../../core/stock';

// The bell's rules (docs/product.md, Stock alarms and notifications): when a product offers an alarm,
// and the wished quantity the dialog starts with.

/** A wished quantity as it is saved: whole batches, one batch where none is chosen. */
export function wishedQuantity(quantity: number, batchSize: number): number {
  return snappedQuantity(quantity > 0 ? quantity : undefined, batchSize);
}

export type BellProduct = Pick<Product, 'stock' | 'isOnlySellableWithPositiveStock'>;

/**
 * Out of stock as the stock indicator shows it, always; short: the row's chosen quantity is more
 * than the stock holds (what the cart would cap it to).
 */
export function offersAlarm(product: BellProduct, rowQuantity: number): boolean {
  if (!isInStock(product)) return true;
  return rowQuantity > 0 && rowQuantity > product.stock.value;
}
