import { centsToAmount } from './money.ts';

// The JSON API speaks major units everywhere ({ value: 12.5, currency: 'EUR' } for 12,50 €), as
// price.value does; inside the shop money is integer cents. These two functions are the only
// crossing, so no amount leaves in cents by mistake and no amount enters with a fraction of a cent.

export interface MoneyJson {
  value: number;
  currency: string;
}

/** An amount in cents as the API sends it. */
export function moneyOut(cents: number, currency: string): MoneyJson {
  return { value: amountOut(cents), currency };
}

/**
 * An amount in cents as the API sends it inside a shape that names its currency once for several
 * amounts (a price's value, rrp and preOrderPrice; a total's net and gross).
 */
export function amountOut(cents: number): number {
  return centsToAmount(cents);
}

/**
 * An amount the API received, in cents; null when it is not a finite number with at most two
 * decimals (12.345 is refused, not rounded: a client that sends it meant something else) or lies
 * beyond the integers cents can hold exactly. The sign is left to the caller's schema.
 */
export function moneyIn(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const cents = Math.round(value * 100);
  // The JSON number 0.29 is the double nearest to 0.29; 29 / 100 is that same double. Any third
  // decimal makes the round trip differ.
  if (!Number.isSafeInteger(cents) || cents / 100 !== value) return null;
  return cents + 0; // no -0
}
