import type { OrderType } from './catalog-types.ts';

// What one unit costs a buyer, in cents: the one price rule behind the catalogue's prices and the
// basket's lines, so the price a buyer sees is the price the basket charges.

export interface BuyerPriceInput {
  /** The product's list price. */
  listCents: number;
  /** A variant's own list price, when it has one. */
  variantCents: number | null;
  /** The price negotiated for the buyer's company. */
  customerCents: number | null;
  /** The product's pre-order price, when it has one. */
  preOrderCents: number | null;
}

/**
 * A negotiated customer price wins over the list price (of the variant, when it has its own).
 * Pre-order lines cost the pre-order price; a product without one is pre-ordered at the order price.
 */
export function buyerUnitCents(prices: BuyerPriceInput, orderType: OrderType): number {
  const orderCents = prices.customerCents ?? prices.variantCents ?? prices.listCents;
  return orderType === 'preOrder' ? (prices.preOrderCents ?? orderCents) : orderCents;
}
