import { intlLocaleOf } from './locale.ts';

// Money travels as integer cents inside the shop. The JSON API shows amounts in major units
// (12.5 for 12,50 €), converted only at its edge (core/api-money.ts).

export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * cents × numerator / denominator in whole cents, rounded half away from zero: the one rounding
 * of the money path (VAT, discount, percent shipping limits). Exact for integer inputs: when the
 * product leaves the range doubles hold exactly, it is computed with BigInt.
 */
export function scaleCents(cents: number, numerator: number, denominator: number): number {
  const negative = cents * numerator < 0 !== denominator < 0;
  const scaled = Math.abs(cents * numerator);
  const by = Math.abs(denominator);
  let quotient: number;
  if (!Number.isInteger(cents) || !Number.isInteger(numerator) || !Number.isInteger(by)) {
    // Not whole cents (a caller's bug or a float rate): the plain float rounding, as before this helper.
    quotient = Math.round(scaled / by);
  } else if (Number.isSafeInteger(scaled)) {
    // Integer division with remainder: no floating-point quotient, so no rounding surprise at .5.
    const remainder = scaled % by;
    quotient = (scaled - remainder) / by + (remainder * 2 >= by ? 1 : 0);
  } else {
    const big = BigInt(Math.abs(cents)) * BigInt(Math.abs(numerator));
    quotient = Number((big * 2n + BigInt(by)) / (BigInt(by) * 2n));
  }
  return negative && quotient !== 0 ? -quotient : quotient;
}

// Building an Intl.NumberFormat costs far more than formatting with one; a price table formats hundreds.
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocaleOf(locale), { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/** Integer cents as the language writes them (de: 1.234,56 €). */
export function formatCents(cents: number, currency: string, locale: string): string {
  return formatMoney(centsToAmount(cents), currency, locale);
}

/** An amount as the API carries it ({ value, currency } in major units), as the language writes it. */
export function formatAmount(amount: { value: number; currency: string }, locale: string): string {
  return formatMoney(amount.value, amount.currency, locale);
}
