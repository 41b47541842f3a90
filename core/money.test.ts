import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatMoney, scaleCents } from './money.ts';

describe('money', () => {
  it.each([
    [1234, 12.34],
    [5, 0.05],
    [0, 0],
    [-199, -1.99],
  ])('%i cents are %d in the API', (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
    expect(amountToCents(amount)).toBe(cents);
  });

  it('rounds amounts with float noise to whole cents', () => {
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(19.999)).toBe(2000);
  });

  it('formats for the reader’s language', () => {
    expect(formatMoney(1234.56, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(1234.56, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(10, 'CHF', 'de')).toBe('10,00\u00a0CHF');
  });
});

describe('scaleCents', () => {
  it.each([
    ['19 % of 1 cent rounds down', 1, 1900, 10000, 0],
    ['19 % of 3 cents rounds up', 3, 1900, 10000, 1],
    ['exactly half rounds away from zero', 50, 1, 100, 1],
    ['exactly half of a negative amount rounds away from zero', -50, 1, 100, -1],
    ['just below half rounds down', 149, 1, 300, 0],
    ['a negative denominator flips the sign', 10, 1, -4, -3],
    ['zero stays zero (not -0)', 0, -5, 7, 0],
    ['beyond the exact range of doubles (BigInt)', 9_007_199_254_740_991, 3, 4, 6_755_399_441_055_743],
    ['BigInt keeps half away from zero', -9_007_199_254_740_991, 2, 4, -4_503_599_627_370_496],
    ['fractional cents fall back to float rounding instead of failing', 12.5, 11_900, 10_000, 15],
  ])('%s', (_case, cents, numerator, denominator, expected) => {
    expect(Object.is(scaleCents(cents, numerator, denominator), expected)).toBe(true);
  });
});
