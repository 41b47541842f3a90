import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('catalogue dates', () => {
  it.each([
    ['2027-03-01', 'de', '01.03.2027'],
    ['2027-03-01', 'en', '01/03/2027'],
    ['2026-12-31T23:30:00.000Z', 'de', '31.12.2026'],
    ['not a date', 'de', 'not a date'],
  ])('%s in %s reads %s', (input, locale, shown) => {
    expect(formatDate(input, locale)).toBe(shown);
  });
});
