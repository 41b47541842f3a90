// A moment of an order's course (a status change, a parcel leaving) with its time of day, in the shop's
// time zone, the one its documents use (server/modules/documents/document-format.ts): fixed, so the
// server's HTML and the browser's render agree whatever either's own zone.

const shopTimeZone = 'Europe/Berlin';
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(timestamp: string, locale: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: shopTimeZone });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
