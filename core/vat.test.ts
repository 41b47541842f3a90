import { describe, expect, it } from 'vitest';
import { grossCents, shownCents, shownUnitCents, showsVatInfoBar, shownVatBasis } from './vat.ts';

const table = ['DE', 'AT', 'CH'].map((countryCode) => ({ countryCode, taxCategory: 'standard', rateBp: 1900 }));

describe('showsVatInfoBar', () => {
  it.each([
    ['buyer country differs and both are in the table', 'AT', 'DE', true],
    ['same country as the shop', 'DE', 'DE', false],
    ['buyer country not in the table', 'US', 'DE', false],
    ['shop country not in the table', 'AT', 'IT', false],
    ['no buyer country', null, 'DE', false],
  ])('%s', (_name, user, shop, expected) => {
    expect(showsVatInfoBar(user, shop, table)).toBe(expected);
  });
});

describe('grossCents', () => {
  it.each([
    [10000, 1900, 11900],
    [999, 700, 1069],
    [1, 1900, 1],
    [3, 1900, 4],
    [12345, 810, 13345],
    [0, 1900, 0],
    [-1000, 1900, -1190],
  ])('net %i at %i bp is %i', (net, rate, gross) => {
    expect(grossCents(net, rate)).toBe(gross);
  });
});

describe('shownCents and shownUnitCents', () => {
  const price = (value: number, preOrderPrice: number | null = null) => ({ value, preOrderPrice });
  it.each([
    ['net as sent', 12.5, 19, true, 1250],
    ['gross from the rate in percent', 12.5, 19, false, 1488],
    ['gross at a reduced rate', 9.99, 7, false, 1069],
    ['gross at a rate with decimals', 100, 7.7, false, 10770],
    ['a cent stays a cent net', 0.01, 19, true, 1],
    ['gross at 7 %, rounded half away from zero', 0.5, 7, false, 54],
    ['gross at 20 %', 33.99, 20, false, 4079],
    ['net where the buyer’s country has no rate, even to a buyer who sees gross', 12.5, null, false, 1250],
  ])('%s', (_case, amount, rate, net, expected) => {
    expect(shownCents(amount, rate, net)).toBe(expected);
    expect(shownUnitCents(price(amount), rate, net, false)).toBe(expected);
  });

  it('shows the pre-order price in pre-order mode, where there is one', () => {
    expect(shownUnitCents(price(10, 8.5), 19, true, true)).toBe(850);
    expect(shownUnitCents(price(10, 8.5), 19, false, true)).toBe(1012);
    expect(shownUnitCents(price(10, null), 19, true, true)).toBe(1000);
    expect(shownUnitCents(price(10, 8.5), 19, true, false)).toBe(1000);
  });
});

describe('shownVatBasis', () => {
  it.each([
    [[19, 7], true, 'net'],
    [[19, 7], false, 'gross'],
    [[null], false, 'net'],
    [[null], true, 'net'],
    [[19, null], false, 'mixed'],
    [[19, null], true, 'net'],
    [[], false, 'gross'],
  ] as const)('rates %j, net prices %s: %s', (rates, showNetPrices, basis) => {
    expect(shownVatBasis(rates, showNetPrices)).toBe(basis);
  });
});
