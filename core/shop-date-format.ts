import { isCalendarDate } from './calendar-date.ts';
import { intlLocaleOf } from './locale.ts';
import { shopDayOf, shopTimeZone } from './shop-day.ts';

// Every date the shop shows (pages, mails, documents), in the reader's language: a calendar day
// ('YYYY-MM-DD': a due date, a delivery date, a season's date) as itself, a moment as the shop's day, or
// with its time of day in the shop's time zone. Fixed zone, so the server's HTML, the browser's render, a
// mail and a PDF name the same day and hour whatever the machine's own zone.

// Building an Intl.DateTimeFormat costs far more than formatting with one; a statement formats hundreds of dates.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * How a date is written: 'medium' ("24.11.2026", "24 Nov 2026") in mails, documents and timelines,
 * 'numeric' ("24.11.2026", "24/11/2026") in lists, tables and the catalogue; 'medium-time' adds the time of
 * day ("24.11.2026, 09:05").
 */
type ShopDateStyle = 'medium' | 'numeric' | 'medium-time';

const styleOptions: Record<ShopDateStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium' },
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric' },
  'medium-time': { dateStyle: 'medium', timeStyle: 'short' },
};

function formatFor(locale: string, style: ShopDateStyle): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let format = formats.get(key);
  if (!format) {
    // A day is formatted at UTC midnight of itself; a moment with its time in the shop's zone.
    format = new Intl.DateTimeFormat(intlLocaleOf(locale), { ...styleOptions[style], timeZone: style === 'medium-time' ? shopTimeZone : 'UTC' });
    formats.set(key, format);
  }
  return format;
}

function format(value: string | null, locale: string, style: ShopDateStyle): string {
  if (!value) return '';
  const dayStyle = style === 'medium-time' ? 'medium' : style;
  if (isCalendarDate(value)) return formatFor(locale, dayStyle).format(new Date(`${value}T00:00:00Z`));
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  if (style === 'medium-time') return formatFor(locale, style).format(moment);
  return formatFor(locale, dayStyle).format(new Date(`${shopDayOf(moment)}T00:00:00Z`));
}

/** A day or a moment as a date ("24.11.2026", "24 Nov 2026"), or a moment with its time of day (`withTime`). */
export function formatShopDate(value: string | null, locale: string, withTime = false): string {
  return format(value, locale, withTime ? 'medium-time' : 'medium');
}

/** A day or a moment as a date in digits ("24.11.2026", "24/11/2026"): lists, tables, the catalogue. */
export function formatShopDateNumeric(value: string | null, locale: string): string {
  return format(value, locale, 'numeric');
}
