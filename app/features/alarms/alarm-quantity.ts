import { normaliseQuantity, stepFor } from '../../../core/quantity';
import { isInStock } from '../../../core/stock';
import type { Product } from '../../../core/catalog-types';

// The bell's rules (docs/product.md, Stock alarms and notifications): when a product offers an alarm,
// and the wished quantity the dialog starts with.

/** The most one alarm may wish for (POST /api/alarm's limit). */
export const maxAlarmQuantity = 1_000_000;

/** A quantity rounded up to whole batches (7 with batch 6 becomes 12), at least one batch. */
export function snappedUpToBatch(quantity: number, batchSize: number | null | undefined): number {
  const step = stepFor(batchSize);
  return Math.max(step, Math.ceil(normaliseQuantity(quantity) / step) * step);
}

/** The dialog's first quantity: the row's quantity where one is chosen, else one batch. */
export function defaultAlarmQuantity(rowQuantity: number, batchSize: number | null | undefined): number {
  return snappedUpToBatch(rowQuantity > 0 ? rowQuantity : 0, batchSize);
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
