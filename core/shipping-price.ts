import { scaleCents } from './money.ts';

// The shipping price and the company's transient freight (docs/product.md, Discount). ADR 0010
// records the decisions: what a percent limit means, how freight combines with a method's price, and
// which cart amount the thresholds compare (goods net after a deducted discount: orderTotals'
// goodsAfterDiscount.netCents). All amounts net, integer cents.

export interface ShippingLimit {
  type: 'fixed' | 'percent';
  /** fixed: the shipping price in cents; percent: the reduction of the country price in basis points (50 % = 5000). */
  value: number;
  /** The limit applies when the cart amount exceeds this. */
  cartAmountCents: number;
}

export interface ShippingCountryRate {
  code: string;
  priceCents: number;
  /** "Default shipping currency EUR." */
  currency?: string;
  limit: ShippingLimit | null;
}

export interface ShippingMethodRates {
  /** An inactive method is offered nowhere. */
  isActive?: boolean;
  countries: readonly ShippingCountryRate[];
}

/** The company's transient freight: freightExpense is charged while the cart value is at or below freightExpenseUntil. */
export interface CompanyFreight {
  freightExpenseCents: number;
  freightExpenseUntilCents: number;
}

export interface ShippingPriceInput {
  method: ShippingMethodRates;
  countryCode: string;
  cartAmountCents: number;
  freight: CompanyFreight | null;
}

export interface ShippingPrice {
  /** Which price of the method applied: the country's price, or its limit's. */
  rule: 'country' | 'limit';
  /** The method's price for this cart. */
  methodCents: number;
  /** The company's freight expense when it applies, else 0: a surcharge shown as its own part. */
  freightCents: number;
  /** What the order is charged for shipping: orderTotals' shippingCents. */
  totalCents: number;
  currency: string;
  /**
   * The "free from X" hint: the nearest cart amount which, once exceeded, makes shipping cheaper,
   * and what shipping then costs (0 = free). null when no larger cart ships cheaper.
   */
  cheaperAbove: { cartAmountCents: number; totalCents: number } | null;
}

function countryRate(method: ShippingMethodRates, countryCode: string): ShippingCountryRate | undefined {
  if (method.isActive === false) return undefined;
  const code = countryCode.trim().toUpperCase();
  return method.countries.find((country) => country.code.trim().toUpperCase() === code);
}

/** The method's price for a cart amount: the limit's when the amount exceeds its cartAmount, else the country's. */
function methodPrice(rate: ShippingCountryRate, cartAmountCents: number): { rule: 'country' | 'limit'; cents: number } {
  const countryCents = Math.max(0, rate.priceCents);
  const limit = rate.limit;
  if (!limit || !(cartAmountCents > limit.cartAmountCents)) return { rule: 'country', cents: countryCents };
  if (limit.type === 'fixed') return { rule: 'limit', cents: Math.max(0, limit.value) };
  // percent: the country price reduced by the limit's percent; over 100 % is free, never negative.
  const reductionBp = Math.min(10000, Math.max(0, limit.value));
  return { rule: 'limit', cents: scaleCents(countryCents, 10000 - reductionBp, 10000) };
}

function freightCents(freight: CompanyFreight | null, cartAmountCents: number): number {
  if (!freight || freight.freightExpenseCents <= 0) return 0;
  return cartAmountCents <= freight.freightExpenseUntilCents ? freight.freightExpenseCents : 0;
}

function totalAt(rate: ShippingCountryRate, freight: CompanyFreight | null, cartAmountCents: number): number {
  return methodPrice(rate, cartAmountCents).cents + freightCents(freight, cartAmountCents);
}

/** The shipping price of one method for the buyer's country and cart, or null when the method does not ship there. */
export function shippingPriceCents(input: ShippingPriceInput): ShippingPrice | null {
  const rate = countryRate(input.method, input.countryCode);
  if (!rate) return null;
  const { rule, cents } = methodPrice(rate, input.cartAmountCents);
  const freight = freightCents(input.freight, input.cartAmountCents);
  const totalCents = cents + freight;
  // The price only changes where a threshold is exceeded: just above the limit's cartAmount and just
  // above freightExpenseUntil. The nearest one not yet passed that lowers the price is the hint.
  const thresholds = [rate.limit?.cartAmountCents, input.freight && input.freight.freightExpenseCents > 0 ? input.freight.freightExpenseUntilCents : undefined]
    .filter((threshold): threshold is number => threshold !== undefined && threshold >= input.cartAmountCents)
    .sort((a, b) => a - b);
  let cheaperAbove: ShippingPrice['cheaperAbove'] = null;
  for (const threshold of thresholds) {
    const above = totalAt(rate, input.freight, threshold + 1);
    if (above < totalCents) {
      cheaperAbove = { cartAmountCents: threshold, totalCents: above };
      break;
    }
  }
  return { rule, methodCents: cents, freightCents: freight, totalCents, currency: rate.currency ?? 'EUR', cheaperAbove };
}
