// The shop's calendar day: a German wholesaler's day, whatever the server's clock zone. What is overdue
// (the finance view, the account statement) and the dates documents show are counted in it.

// 'en-CA' writes a day as YYYY-MM-DD.
const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in the shop's time zone (Europe/Berlin), as 'YYYY-MM-DD'. */
export function shopToday(now: Date = new Date()): string {
  return shopDay.format(now);
}
