// Quantity rules (docs/product.md, Cart): quantity, batch size and the product row.
// The quantity input, the cart and the basket API all run a quantity through these functions,
// so a number the browser accepts is exactly a number the server accepts.

export const invalidBatchQuantityKey = 'cart.invalid.batch.quantity';

/**
 * Whatever the user typed or a client sent, as a whole, non-negative quantity.
 * Fractions are cut to whole units: a quantity counts pieces, and rounding up could exceed the stock.
 */
export function normaliseQuantity(input: unknown): number {
  const value = typeof input === 'string' ? (input.trim() === '' ? Number.NaN : Number(input)) : input;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return 0;
  return Math.floor(value);
}

/** The step of the quantity input: the batch size when it is a positive whole number, else 1. */
export function stepFor(batchSize: number | null | undefined): number {
  return typeof batchSize === 'number' && Number.isInteger(batchSize) && batchSize > 0 ? batchSize : 1;
}

/** The next multiple of the batch size above the quantity (7 with batch 6 becomes 12). */
export function incrementQuantity(quantity: number, batchSize: number | null | undefined): number {
  const step = stepFor(batchSize);
  return (Math.floor(normaliseQuantity(quantity) / step) + 1) * step;
}

/** The next multiple of the batch size below the quantity (7 with batch 6 becomes 6), never below 0. */
export function decrementQuantity(quantity: number, batchSize: number | null | undefined): number {
  const step = stepFor(batchSize);
  return Math.max(0, (Math.ceil(normaliseQuantity(quantity) / step) - 1) * step);
}

/** Without the shop's batch-size feature every quantity is valid; with it, only multiples of the batch size. */
export function isValidBatchMultiple(quantity: number, batchSize: number | null | undefined, batchFeatureActive: boolean): boolean {
  if (!batchFeatureActive) return true;
  return quantity % stepFor(batchSize) === 0;
}

/** The product row's quantity: at most the stock, unless the shop sells beyond its stock. */
export function clampToStock(quantity: number, stock: number, buyableWithoutStock: boolean): number {
  const normalised = normaliseQuantity(quantity);
  return buyableWithoutStock ? normalised : Math.min(normalised, Math.max(0, stock));
}
