import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, formatMoney } from './money.ts';

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
