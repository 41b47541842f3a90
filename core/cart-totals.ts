import type { CartProduct, OrderType } from './catalog-types.ts';
import { amountToCents } from './money.ts';
import { normaliseQuantity } from './quantity.ts';
import { grossCents, shownVatRateBp } from './vat.ts';

// Cart totals and the minimum order amount (docs/product.md, Discount; the customer discount,
// shipping and the order's totals: core/order-totals.ts and core/checkout-totals.ts).
// All amounts are integer cents and VAT rates basis points. Rounding: a line's net amount is exact
// (unit cents × quantity); its gross is rounded once per line, half away from zero (core/vat.ts), and
// the cart's VAT is the sum of the lines' VAT. So the lines shown always add up to the totals shown.

export interface TotalsLine {
  orderType: OrderType;
  quantity: number;
  /** Pre-order lines: one quantity per season index. */
  quantities: readonly number[];
  unitPriceCents: number;
  /** Pre-order lines are charged at this price; without one they fall back to the unit price. */
  preOrderPriceCents: number | null;
  vatRateBp: number;
  currency: string;
}

/**
 * The browser's cart lines carry major units and VAT in percent (the API's shape); this converts them.
 * A line without a VAT rate counts net (shownVatRateBp); the summary then shows no VAT (cart-summary.ts).
 */
export function totalsLineFromCartProduct(line: Pick<CartProduct, 'orderType' | 'quantity' | 'quantities' | 'price' | 'vatRate'>): TotalsLine {
  return {
    orderType: line.orderType,
    quantity: line.quantity,
    quantities: line.quantities,
    unitPriceCents: amountToCents(line.price.value),
    preOrderPriceCents: line.price.preOrderPrice === null ? null : amountToCents(line.price.preOrderPrice),
    vatRateBp: shownVatRateBp(line.vatRate),
    currency: line.price.currency,
  };
}

function chargedUnitCents(line: TotalsLine): number {
  return line.orderType === 'preOrder' ? (line.preOrderPriceCents ?? line.unitPriceCents) : line.unitPriceCents;
}

/** The pieces a line orders: its quantity, or a pre-order line's quantities over all seasons. */
export function totalQuantity(line: TotalsLine): number {
  if (line.orderType === 'order') return normaliseQuantity(line.quantity);
  return line.quantities.reduce((sum, quantity) => sum + normaliseQuantity(quantity), 0);
}

/** "Order amount = sum of item price * quantity"; "pre-order totals = quantity * preOrderPrice per season index". */
export function lineNetCents(line: TotalsLine): number {
  return chargedUnitCents(line) * totalQuantity(line);
}

/** The pre-order table's footer: the net total of each season column. */
export function preOrderSeasonTotals(lines: readonly TotalsLine[], seasonCount: number): number[] {
  const totals: number[] = Array.from({ length: seasonCount }, () => 0);
  for (const line of lines) {
    if (line.orderType !== 'preOrder') continue;
    for (let index = 0; index < seasonCount; index++) totals[index]! += chargedUnitCents(line) * normaliseQuantity(line.quantities[index]);
  }
  return totals;
}

export interface VatShare {
  rateBp: number;
  netCents: number;
  vatCents: number;
}

export interface CartTotals {
  valueNetCents: number;
  valueGrossCents: number;
  /** One entry per VAT rate, highest rate first (the order an invoice lists them in). */
  vatByRate: VatShare[];
  /** The rate shipping is taxed with: the highest of the lines; 0 for an empty cart. */
  highestVatRateBp: number;
  currency: string;
  /** The total to show the buyer: net or gross, as the buyer's account says. */
  shownCents: number;
}

/**
 * Totals over the given lines; pass the lines of one cart (order or pre-order). Lines without any
 * quantity do not count, not even for the highest VAT rate. The currency is that of the lines (one per
 * tenant), else the shop's fallback.
 */
export function cartTotals(lines: readonly TotalsLine[], options: { showNetPrices: boolean; fallbackCurrency?: string }): CartTotals {
  const byRate = new Map<number, VatShare>();
  for (const line of lines) {
    if (totalQuantity(line) === 0) continue;
    const net = lineNetCents(line);
    const share = byRate.get(line.vatRateBp) ?? { rateBp: line.vatRateBp, netCents: 0, vatCents: 0 };
    share.netCents += net;
    share.vatCents += grossCents(net, line.vatRateBp) - net;
    byRate.set(line.vatRateBp, share);
  }
  const vatByRate = [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp);
  const valueNetCents = vatByRate.reduce((sum, share) => sum + share.netCents, 0);
  const valueGrossCents = valueNetCents + vatByRate.reduce((sum, share) => sum + share.vatCents, 0);
  return {
    valueNetCents,
    valueGrossCents,
    vatByRate,
    highestVatRateBp: vatByRate[0]?.rateBp ?? 0,
    currency: lines[0]?.currency ?? options.fallbackCurrency ?? 'EUR',
    shownCents: options.showNetPrices ? valueNetCents : valueGrossCents,
  };
}

/** "Order amount = sum of item price * quantity plus shippingPriceForOrder." */
export function orderAmountCents(itemsNetCents: number, shippingPriceCents: number): number {
  return itemsNetCents + shippingPriceCents;
}

export const minimumOrderAmountKey = 'cart.minimum.amount';

/**
 * A buyer's personal minimum order amount in cents: the user's own when set (above 0), else their
 * company's, else 0 (none, so the site minimum applies). The account answer (minCartAmount) and the
 * order placement both read it here.
 */
export function personalMinimumOrderCents(userCents: number, companyCents: number | undefined): number {
  return userCents > 0 ? userCents : Math.max(0, companyCents ?? 0);
}

/**
 * "The user's personal minCartAmount if above 0 (non-numeric counts as 0), otherwise the site minimum."
 * Both in cents: the browser converts the account's amount with amountToCents first (NaN stays non-numeric).
 */
export function minimumOrderAmount(userMinCartAmountCents: unknown, siteMinimumCents: number): number {
  const personal = typeof userMinCartAmountCents === 'number' && Number.isFinite(userMinCartAmountCents) ? userMinCartAmountCents : 0;
  return personal > 0 ? personal : Math.max(0, siteMinimumCents);
}

export type MinimumOrderCheck =
  | { meets: true }
  /** amountCents fills the message's {{amount}}, formatted with formatMoney by the caller. */
  | { meets: false; key: typeof minimumOrderAmountKey; amountCents: number; missingCents: number };

/** "The cart must reach it", compared with the net value of the goods (shipping does not count). */
export function meetsMinimumOrderAmount(totalNetCents: number, minimumCents: number): MinimumOrderCheck {
  if (totalNetCents >= minimumCents) return { meets: true };
  return { meets: false, key: minimumOrderAmountKey, amountCents: minimumCents, missingCents: minimumCents - totalNetCents };
}
