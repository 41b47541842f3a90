import { shopDayOf } from '../../../core/shop-day';

// Dates are shown as a calendar day in the viewer's language, whatever the time zone of server or browser:
// a stored day (release dates, season dates, due dates: YYYY-MM-DD) as itself, a moment (an order's date)
// as the shop's day (core/shop-day.ts), the day the documents and the order's timeline name.

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(isoDate: string, locale: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    formatters.set(locale, formatter);
  }
  return formatter.format(new Date(`${shopDayOf(isoDate)}T00:00:00Z`));
}
