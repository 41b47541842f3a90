import { describe, expect, it } from 'vitest';
import { calendarDate, daysInMonth, isCalendarDate, parseCalendarDate } from './calendar-date.ts';

describe('a calendar date', () => {
  it.each(['2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '2026-04-30', '0001-01-01', '9999-12-31'])('%s exists', (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });

  it.each([
    ['2026-02-30', 'a day past the month’s end (Date.parse rolls it into March)'],
    ['2026-02-29', '29 February of a common year'],
    ['1900-02-29', '29 February of a century year that is not a leap year'],
    ['2026-04-31', 'the 31st of a 30-day month'],
    ['2026-13-01', 'month 13'],
    ['2026-00-10', 'month 0'],
    ['2026-01-00', 'day 0'],
    ['0000-01-01', 'year 0'],
    ['2026-1-01', 'a one-digit month'],
    ['2026-01-01T00:00:00Z', 'a moment'],
    [' 2026-01-01', 'a leading space'],
    ['', 'nothing'],
  ])('%s is refused: %s', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });

  it('is parsed into its year, month and day', () => {
    expect(parseCalendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseCalendarDate('2026-02-30')).toBeNull();
  });

  it('counts the days of each month, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2026, month))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2400, 2)).toBe(29);
  });

  it('agrees with the Gregorian calendar on every day of four centuries', () => {
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2400, 0, 1); time += 86_400_000) {
      const text = new Date(time).toISOString().slice(0, 10);
      if (!isCalendarDate(text)) throw new Error(`${text} refused`);
    }
  });

  it('is refused by the schema as validation.date', () => {
    expect(calendarDate.safeParse('2026-03-01').success).toBe(true);
    const refused = calendarDate.safeParse('2026-02-30');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.date');
  });
});
