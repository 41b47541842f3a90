import { cartTotals, lineNetCents, type TotalsLine } from '../../../core/cart-totals';
import type { OrderType, Price, Product } from '../../../core/catalog-types';
import { amountToCents } from '../../../core/money';
import { normaliseQuantity } from '../../../core/quantity';
import { grossCents, shownVatRateBp } from '../../../core/vat';

// Prices of the product list in the buyer's view: net, or gross = net × (vatRate/100 + 1) when the
// account shows gross prices (docs/product.md, Prices and VAT). Row totals and the footer use the cart's own rules
// (core/cart-totals.ts), so what the table adds up is what the cart will say.

export interface RowChoice {
  quantity: number;
  /** One per season, in season order. */
  quantities: readonly number[];
}

export const emptyChoice: RowChoice = { quantity: 0, quantities: [] };

/**
 * The price of one piece in a line of `quantity`: the last tier the quantity reaches, else the row's
 * price. The server worked the tiers out by the basket's rule (core/buyer-price.ts), so the table adds
 * up what the cart will charge.
 */
export function priceForQuantity(row: Pick<Product, 'price' | 'tierPrices'>, quantity: number): Price | null {
  const reached = row.tierPrices.filter((step) => quantity >= step.minQuantity).at(-1);
  return reached?.price ?? row.price;
}

/** The row as a cart-totals line; null when the buyer sees no price (guests with hidden prices). */
export function rowTotalsLine(row: Pick<Product, 'price' | 'tierPrices' | 'vatRate'>, choice: RowChoice, orderType: OrderType): TotalsLine | null {
  const price: Price | null = row.price;
  if (!price) return null;
  return {
    orderType,
    quantity: choice.quantity,
    quantities: choice.quantities,
    // Pre-order lines of a product with a pre-order price pay that (preOrderPriceCents); the others reach tiers.
    unitPriceCents: amountToCents(priceForQuantity(row, chosenQuantity(choice, orderType))?.value ?? price.value),
    preOrderPriceCents: price.preOrderPrice === null ? null : amountToCents(price.preOrderPrice),
    vatRateBp: shownVatRateBp(row.vatRate),
    currency: price.currency,
  };
}

export function lineShownCents(line: TotalsLine, showNetPrices: boolean): number {
  const net = lineNetCents(line);
  return showNetPrices ? net : grossCents(net, line.vatRateBp);
}

export function chosenQuantity(choice: RowChoice, orderType: OrderType): number {
  if (orderType === 'order') return normaliseQuantity(choice.quantity);
  return choice.quantities.reduce((sum, quantity) => sum + normaliseQuantity(quantity), 0);
}

export interface TableTotals {
  quantity: number;
  cents: number;
  currency: string;
  /** The VAT rates of the rows the price adds up, for its note (net, gross or both). */
  vatRates: (number | null)[];
}

/** The sticky footer: pieces chosen and their price over all rows. */
export function tableTotals(
  rows: readonly { row: Pick<Product, 'price' | 'tierPrices' | 'vatRate'>; choice: RowChoice }[],
  orderType: OrderType,
  options: { showNetPrices: boolean; fallbackCurrency: string },
): TableTotals {
  const lines = rows.flatMap(({ row, choice }) => rowTotalsLine(row, choice, orderType) ?? []);
  const chosen = rows.filter(({ row, choice }) => row.price !== null && chosenQuantity(choice, orderType) > 0);
  const totals = cartTotals(lines, options);
  return {
    quantity: rows.reduce((sum, { choice }) => sum + chosenQuantity(choice, orderType), 0),
    cents: totals.shownCents,
    currency: totals.currency,
    vatRates: chosen.map(({ row }) => row.vatRate),
  };
}
