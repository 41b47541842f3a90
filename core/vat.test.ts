import { describe, expect, it } from 'vitest';
import { grossCents, showsVatInfoBar } from './vat.ts';

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
