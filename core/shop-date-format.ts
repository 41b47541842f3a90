import type { Locale } from './locale.ts';
import { shopDayOf, shopTimeZone } from './shop-day.ts';

// Dates as the shop's mails, documents and order timeline show them, in the reader's language: a calendar
// day ('YYYY-MM-DD': a due date, a delivery date) as itself, a moment as the shop's day, or with its time
// of day in the shop's time zone. Fixed zone, so the server's HTML, the browser's render, a mail and a PDF
// name the same day and hour whatever the machine's own zone.

// Building an Intl.DateTimeFormat costs far more than formatting with one; a statement formats hundreds of dates.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let format = formats.get(key);
  if (!format) {
    // A day is formatted at UTC midnight of itself; a moment with its time in the shop's zone.
    format = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone: withTime ? shopTimeZone : 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** A day or a moment as a date ("24.11.2026", "24 Nov 2026"), or a moment with its time of day (`withTime`). */
export function formatShopDate(value: string | null, locale: Locale, withTime = false): string {
  if (!value) return '';
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  const timed = withTime && !/^\d{4}-\d{2}-\d{2}$/.test(value);
  return formatFor(locale, timed).format(timed ? moment : new Date(`${shopDayOf(value)}T00:00:00Z`));
}
