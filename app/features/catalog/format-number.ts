import { intlLocaleOf } from '../../../core/locale';

// Quantities and stock numbers in the viewer's language (de: 1.234), the same on server and browser,
// so the server's HTML and the hydrated page agree.

const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocaleOf(locale), { maximumFractionDigits: 3 });
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}
