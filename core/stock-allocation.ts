// How much of an ordered line is taken from stock and how much is backordered (docs/product.md, Checkout): the order's
// transaction decides with it, and the checkout page tells the buyer before the click by the same rule.
// A line that must not be oversold (a positive-stock-only product, or any product of a shop that
// does not sell without stock) is taken whole or not at all; otherwise what is in stock is taken and
// the rest is recorded as backordered, so stock never goes below zero and the buyer is told.

/** Whether a product may be sold beyond its stock in this shop. */
export function mustNotOversell(product: { isOnlySellableWithPositiveStock: boolean }, shop: { buyableWithoutStock: boolean }): boolean {
  return product.isOnlySellableWithPositiveStock || !shop.buyableWithoutStock;
}

export interface StockDemand {
  requested: number;
  /** The stock read under the row's lock. */
  available: number;
  mustNotOversell: boolean;
}

export type StockDecision = { ok: true; taken: number; backordered: number } | { ok: false; available: number };

export function allocateStock(demand: StockDemand): StockDecision {
  const inStock = Math.max(0, demand.available);
  if (demand.mustNotOversell) {
    return demand.requested <= inStock ? { ok: true, taken: demand.requested, backordered: 0 } : { ok: false, available: inStock };
  }
  const taken = Math.min(demand.requested, inStock);
  return { ok: true, taken, backordered: demand.requested - taken };
}
