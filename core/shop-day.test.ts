import { describe, expect, it } from 'vitest';
import { shopDayOf, shopDayStart, shopToday } from './shop-day.ts';

// The shop's calendar day is Berlin's, in winter (UTC+1) and summer (UTC+2), on the days the clocks change.

describe('the shop’s day', () => {
  it.each([
    ['2026-12-31T23:30:00.000Z', '2027-01-01'],
    ['2026-12-31T22:59:59.999Z', '2026-12-31'],
    ['2026-06-30T22:10:00.000Z', '2026-07-01'],
    ['2026-06-30T21:59:59.000Z', '2026-06-30'],
    ['2026-03-01', '2026-03-01'],
  ])('of %s is %s', (moment, day) => {
    expect(shopDayOf(moment)).toBe(day);
  });

  it('of a Date and of now', () => {
    expect(shopDayOf(new Date('2026-10-25T22:30:00.000Z'))).toBe('2026-10-25');
    expect(shopToday(new Date('2026-10-25T23:30:00.000Z'))).toBe('2026-10-26');
  });

  it('of now turns at Berlin’s midnight to the millisecond, asked in any order', () => {
    for (const [moment, day] of [
      ['2026-12-31T22:59:59.999Z', '2026-12-31'],
      ['2026-12-31T23:00:00.000Z', '2027-01-01'],
      ['2026-12-31T22:59:59.999Z', '2026-12-31'],
      ['2026-06-30T21:59:00.000Z', '2026-06-30'],
      ['2026-06-30T22:00:00.000Z', '2026-07-01'],
      ['2026-06-30T22:00:59.999Z', '2026-07-01'],
    ] as const) {
      expect(shopToday(new Date(moment))).toBe(day);
    }
  });

  it.each([
    ['2026-01-15', '2026-01-14T23:00:00.000Z'],
    ['2026-07-15', '2026-07-14T22:00:00.000Z'],
    // Clocks go forward at 2 a.m. on 29 March and back at 3 a.m. on 25 October: midnight is before either.
    ['2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['2026-03-30', '2026-03-29T22:00:00.000Z'],
    ['2026-10-25', '2026-10-24T22:00:00.000Z'],
    ['2026-10-26', '2026-10-25T23:00:00.000Z'],
  ])('%s begins at %s', (day, start) => {
    expect(shopDayStart(day)).toBe(start);
    expect(shopDayOf(start)).toBe(day);
    expect(shopDayOf(new Date(Date.parse(start) - 1))).not.toBe(day);
  });

  it('refuses what is no calendar day', () => {
    expect(() => shopDayStart('2026-13-01')).toThrow(RangeError);
  });
});
