// Dates of the catalogue (release dates, season dates) are stored as YYYY-MM-DD; they are shown as
// that calendar day in the viewer's language, whatever the time zone of server or browser.

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(isoDate: string, locale: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
