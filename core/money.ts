// Money travels as integer cents inside the shop. The JSON API shows amounts in major units
// (12.5 for 12,50 €), converted only at its edge.

export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

// Building an Intl.NumberFormat costs far more than formatting with one; a price table formats hundreds.
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
