import type { OrderType } from './catalog-types.ts';

// What one unit costs a buyer, in cents: the one price rule behind the catalogue's prices and the
// basket's lines, so the price a buyer sees is the price the basket charges (docs/product.md, "The buyer's price").

/** The shop days (YYYY-MM-DD, core/shop-day.ts) a price applies on; null: open on that side. validTo is inclusive. */
export interface PriceValidity {
  validFrom: string | null;
  validTo: string | null;
}

/** A price the product has from a quantity on: the company's own or everyone's (the loader reads only those that may apply). */
export interface TierPrice extends PriceValidity {
  minQuantity: number;
  cents: number;
}

export interface BuyerPriceInput {
  /** The product's list price. */
  listCents: number;
  /** A variant's own list price, when it has one. */
  variantCents: number | null;
  /** The price negotiated for the buyer's company, with the days it applies on. */
  customer: ({ cents: number } & PriceValidity) | null;
  /** The product's pre-order price, when it has one. */
  preOrderCents: number | null;
  /** The product's tier prices for the buyer: the company's and everyone's; they apply to every variant. */
  tiers: readonly TierPrice[];
}

/** What is priced: the line's type and quantity (the catalogue's own price is that of one piece), on the shop day `today`. */
export interface PricedLine {
  orderType: OrderType;
  quantity: number;
  today: string;
}

/** Whether a price applies on the shop day `today` (both ends inclusive; calendar dates compare as text). */
export function appliesOn(validity: PriceValidity, today: string): boolean {
  return (validity.validFrom === null || validity.validFrom <= today) && (validity.validTo === null || today <= validity.validTo);
}

/**
 * The buyer pays the lowest of the prices that apply: the customer price (valid today) and every tier
 * (the company's or everyone's, valid today) whose minimum quantity the line reaches; the list price (of
 * the variant, when it has its own) when none applies.
 * Pre-order lines cost the product's pre-order price whatever their quantity (a deal of its own that
 * nothing else undercuts); a product without one is pre-ordered at what an order line of that quantity costs.
 */
export function buyerUnitCents(prices: BuyerPriceInput, line: PricedLine): number {
  if (line.orderType === 'preOrder' && prices.preOrderCents !== null) return prices.preOrderCents;
  const applicable = [
    ...(prices.customer && appliesOn(prices.customer, line.today) ? [prices.customer.cents] : []),
    ...prices.tiers.filter((tier) => line.quantity >= tier.minQuantity && appliesOn(tier, line.today)).map((tier) => tier.cents),
  ];
  return applicable.length > 0 ? Math.min(...applicable) : (prices.variantCents ?? prices.listCents);
}

/**
 * The quantities from which an order line costs less than one piece, each with its unit price by
 * buyerUnitCents: what the catalogue shows as "from 10: 4,20 €". A tier that does not undercut the
 * price of fewer pieces (a customer price or a lower tier already does) is left out.
 */
export function tierSteps(prices: BuyerPriceInput, today: string): { minQuantity: number; cents: number }[] {
  const quantities = [...new Set(prices.tiers.filter((tier) => appliesOn(tier, today)).map((tier) => tier.minQuantity))].sort((a, b) => a - b);
  const steps: { minQuantity: number; cents: number }[] = [];
  let previous = buyerUnitCents(prices, { orderType: 'order', quantity: 1, today });
  for (const minQuantity of quantities) {
    const cents = buyerUnitCents(prices, { orderType: 'order', quantity: minQuantity, today });
    if (cents < previous) steps.push({ minQuantity, cents });
    previous = Math.min(previous, cents);
  }
  return steps;
}
