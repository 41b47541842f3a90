import { describe, expect, it } from 'vitest';
import { formatShopDate, formatShopDateNumeric } from './shop-date-format.ts';

describe('formatShopDate', () => {
  it('shows a calendar day as itself and a moment as the shop’s day', () => {
    expect(formatShopDate('2026-03-31', 'de')).toBe('31.03.2026');
    expect(formatShopDate('2026-03-31', 'en')).toBe('31 Mar 2026');
    // 00:30 in Hamburg on 1 April is still 31 March in UTC.
    expect(formatShopDate('2026-03-31T22:30:00.000Z', 'de')).toBe('01.04.2026');
  });

  it('shows a moment’s time of day in the shop’s time zone, a calendar day without one', () => {
    expect(formatShopDate('2026-03-31T22:30:00.000Z', 'de', true)).toBe('01.04.2026, 00:30');
    expect(formatShopDate('2026-01-15T09:05:00.000Z', 'en', true)).toBe('15 Jan 2026, 10:05');
    expect(formatShopDate('2026-03-31', 'de', true)).toBe('31.03.2026');
  });

  it('answers nothing for nothing and the text itself for what is no date', () => {
    expect(formatShopDate(null, 'de')).toBe('');
    expect(formatShopDate('bald', 'de')).toBe('bald');
  });
});

describe('formatShopDateNumeric', () => {
  it.each([
    ['2027-03-01', 'de', '01.03.2027'],
    ['2027-03-01', 'en', '01/03/2027'],
    // A moment is the shop's day (Berlin): half past midnight on New Year's Day there.
    ['2026-12-31T23:30:00.000Z', 'de', '01.01.2027'],
    ['2026-07-01T21:59:00.000Z', 'en', '01/07/2026'],
    ['not a date', 'de', 'not a date'],
  ])('%s in %s reads %s', (input, locale, shown) => {
    expect(formatShopDateNumeric(input, locale)).toBe(shown);
  });

  it('answers nothing for nothing', () => {
    expect(formatShopDateNumeric(null, 'en')).toBe('');
  });
});

describe('a time of day is the shop’s, whatever the machine’s zone', () => {
  it('in winter and in summer', () => {
    expect(formatShopDate('2026-11-25T23:30:00.000Z', 'de', true)).toBe('26.11.2026, 00:30');
    expect(formatShopDate('2026-07-01T09:15:00.000Z', 'en', true)).toBe('1 Jul 2026, 11:15');
  });
});
