import { isCalendarDate } from './calendar-date.ts';

// The shop's calendar day: a German wholesaler's day, whatever the server's clock zone. What is overdue
// (the finance view, the account statement) and the dates documents show are counted in it.

/** The shop's time zone: a German wholesaler's. */
export const shopTimeZone = 'Europe/Berlin';

// 'en-CA' writes a day as YYYY-MM-DD.
const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

let lastDay = { minute: Number.NaN, day: '' };

/** Today in the shop's time zone (Europe/Berlin), as 'YYYY-MM-DD'. */
export function shopToday(now: Date = new Date()): string {
  // Every catalogue request asks (which prices are valid today); Berlin's day begins on a whole minute
  // of UTC (its offsets are whole hours), so the day is formatted once a minute, not once a request.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: shopDay.format(now) };
  return lastDay.day;
}

/**
 * The shop's day of a moment (an ISO timestamp or a Date) as 'YYYY-MM-DD': an order placed at 00:30 in
 * Hamburg belongs to that day, though it is still the day before in UTC. A calendar date stays as it is.
 */
export function shopDayOf(moment: string | Date): string {
  if (typeof moment === 'string' && isCalendarDate(moment)) return moment;
  return shopDay.format(typeof moment === 'string' ? new Date(moment) : moment);
}

const shopClock = new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/**
 * The moment the shop's day 'YYYY-MM-DD' begins, as an ISO timestamp (UTC): what order dates are compared
 * with when a list is filtered by days. Midnight always exists in Berlin (clocks change at 2 and 3 a.m.).
 */
export function shopDayStart(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(midnightUtc - offsetHours * 3_600_000);
    if (shopClock.format(candidate) === `${day}, 00:00`) return candidate.toISOString();
  }
  throw new RangeError(`not a calendar day: ${day}`);
}
