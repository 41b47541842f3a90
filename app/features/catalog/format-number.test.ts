import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number';

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
