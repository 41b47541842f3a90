import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';
import { formatNumber } from './format-number';

describe('dates', () => {
  it.each([
    ['2027-03-01', 'de', '01.03.2027'],
    ['2027-03-01', 'en', '01/03/2027'],
    // A moment is the shop's day (Berlin): half past midnight on New Year's Day there.
    ['2026-12-31T23:30:00.000Z', 'de', '01.01.2027'],
    ['2026-07-01T21:59:00.000Z', 'en', '01/07/2026'],
    ['not a date', 'de', 'not a date'],
  ])('%s in %s reads %s', (input, locale, shown) => {
    expect(formatDate(input, locale)).toBe(shown);
  });
});

describe('catalogue numbers', () => {
  it.each([
    [1871, 'de', '1.871'],
    [1871, 'en', '1,871'],
    [0.125, 'de', '0,125'],
    [-3, 'de', '-3'],
  ])('%d in %s reads %s', (value, locale, shown) => {
    expect(formatNumber(value, locale)).toBe(shown);
  });
});
