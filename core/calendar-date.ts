import { z } from 'zod';

// A calendar date as every form, query and API body writes it: 'YYYY-MM-DD', a day that exists in the
// Gregorian calendar (years 0001–9999). 30 February, month 13 or day 00 are refused, not rolled over
// into the next month as `Date.parse` does.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The number of days of `month` (1–12) in `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The date `text` names, or null when it is not 'YYYY-MM-DD' or names a day that does not exist. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = calendarDatePattern.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Whether `text` is a calendar date 'YYYY-MM-DD' that exists. */
export function isCalendarDate(text: string): boolean {
  return parseCalendarDate(text) !== null;
}

/**
 * The one schema of a calendar date in every route and page; refused as 'validation.date'. Pure: pages
 * that only format dates do not carry the schema library to the browser.
 */
export const calendarDate = /* @__PURE__ */ z.string().refine(isCalendarDate, 'validation.date');
