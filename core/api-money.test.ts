import { describe, expect, it } from 'vitest';
import { moneyIn, moneyOut } from './api-money.ts';

describe('moneyOut', () => {
  it.each([
    [1250, 'EUR', { value: 12.5, currency: 'EUR' }],
    [5000, 'EUR', { value: 50, currency: 'EUR' }],
    [1, 'CHF', { value: 0.01, currency: 'CHF' }],
    [-199, 'EUR', { value: -1.99, currency: 'EUR' }],
    [0, 'EUR', { value: 0, currency: 'EUR' }],
  ])('%i cents', (cents, currency, expected) => {
    expect(moneyOut(cents, currency)).toEqual(expected);
  });
});

describe('moneyIn', () => {
  it.each([
    [12.5, 1250],
    [0.29, 29],
    [0.1, 10],
    [50, 5000],
    [-1.99, -199],
    [-0, 0],
    [123456789.99, 12345678999],
  ])('%d is %i cents', (value, cents) => {
    expect(Object.is(moneyIn(value), cents)).toBe(true);
  });

  it.each([
    ['three decimals', 12.345],
    ['a third decimal that a float hides', 1.005],
    ['a tiny fraction', 1e-7],
    ['not a number', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['beyond exact cents', 1e15],
    ['a string', '12.50'],
    ['nothing', null],
  ])('refuses %s', (_case, value) => {
    expect(moneyIn(value)).toBeNull();
  });

  it('every cent amount survives the round trip through the API', () => {
    for (let cents = -1000; cents <= 100_000; cents++) {
      if (moneyIn(moneyOut(cents, 'EUR').value) !== cents) throw new Error(`${cents} does not survive`);
    }
  });
});
