import { describe, expect, it } from 'vitest';
import { apiVatRate, buyerVatOf, buyerVatRateBp, convertVatRate, vatTableEntry } from './tax-conversion.ts';
import type { VatTableEntry } from './vat.ts';

const rates: Record<string, Record<string, number>> = {
  DE: { standard: 1900, reduced: 700 },
  AT: { standard: 2000, reduced: 1000 },
  CH: { standard: 810, reduced: 260 },
  LU: { standard: 1700 },
};
const table: VatTableEntry[] = Object.entries(rates).flatMap(([countryCode, byCategory]) =>
  Object.entries(byCategory).map(([taxCategory, rateBp]) => ({ countryCode, taxCategory, rateBp })),
);

describe('convertVatRate', () => {
  it.each([
    ['standard DE → AT', 1900, 'DE', 'AT', { ok: true, rateBp: 2000, taxCategory: 'standard' }],
    ['reduced DE → CH', 700, 'DE', 'CH', { ok: true, rateBp: 260, taxCategory: 'reduced' }],
    ['reduced CH → DE', 260, 'CH', 'DE', { ok: true, rateBp: 700, taxCategory: 'reduced' }],
    ['country codes in any case', 1900, 'de', 'at', { ok: true, rateBp: 2000, taxCategory: 'standard' }],
    [
      '"No tax category found for {rate} in {country}"',
      1600,
      'DE',
      'AT',
      { ok: false, error: { key: 'tax.no_category', params: { rate: 16, country: 'DE' } } },
    ],
    [
      '"No tax rate found for {category} in {country}" (category missing there)',
      700,
      'DE',
      'LU',
      { ok: false, error: { key: 'tax.no_rate', params: { category: 'reduced', country: 'LU' } } },
    ],
    [
      '"No tax rate found for {category} in {country}" (country not in the table)',
      1900,
      'DE',
      'US',
      { ok: false, error: { key: 'tax.no_rate', params: { category: 'standard', country: 'US' } } },
    ],
    ['a rate with decimals', 810, 'CH', 'DE', { ok: true, rateBp: 1900, taxCategory: 'standard' }],
  ])('%s', (_case, rateBp, from, to, expected) => {
    expect(convertVatRate(rateBp, from, to, table)).toEqual(expected);
  });

  it('takes the first category in table order when several have the rate', () => {
    const shared = [...table, { countryCode: 'DE', taxCategory: 'special', rateBp: 700 }, { countryCode: 'AT', taxCategory: 'special', rateBp: 1300 }];
    expect(convertVatRate(700, 'DE', 'AT', shared)).toEqual({ ok: true, rateBp: 1000, taxCategory: 'reduced' });
  });
});

describe('buyerVatRateBp', () => {
  const input = (buyerVatCountryCode: string | null, rateBp = 1900) => ({ rateBp, sellerCountryCode: 'DE', buyerVatCountryCode, vatTable: table });
  it.each([
    ['a buyer in the seller country pays the product rate', input('DE'), { ok: true, rateBp: 1900, taxCategory: null }],
    ['even a rate the table does not list', input('DE', 1600), { ok: true, rateBp: 1600, taxCategory: null }],
    ['a buyer without VAT country pays the product rate', input(null), { ok: true, rateBp: 1900, taxCategory: null }],
    ['a blank VAT country counts as none', input('  '), { ok: true, rateBp: 1900, taxCategory: null }],
    ['a buyer in another country pays that country rate', input('AT'), { ok: true, rateBp: 2000, taxCategory: 'standard' }],
    ['a buyer outside the table cannot be charged', input('US'), { ok: false, error: { key: 'tax.no_rate', params: { category: 'standard', country: 'US' } } }],
  ])('%s', (_case, value, expected) => {
    expect(buyerVatRateBp(value)).toEqual(expected);
  });
});

describe('vatTableEntry', () => {
  it('reads the API shape (percent) into basis points', () => {
    expect(vatTableEntry({ countryCode: 'CH', taxCategory: 'standard', rate: 8.1 })).toEqual({ countryCode: 'CH', taxCategory: 'standard', rateBp: 810 });
  });
});

describe('buyerVatOf', () => {
  it('drops the buyer country and the table when the buyer pays the seller country’s rates', () => {
    const none = { sellerCountryCode: 'DE', buyerVatCountryCode: null, vatTable: [] };
    expect(buyerVatOf('DE', 'DE', table)).toEqual(none);
    expect(buyerVatOf('DE', ' de ', table)).toEqual(none);
    expect(buyerVatOf('DE', null, table)).toEqual(none);
    expect(buyerVatOf('DE', '', table)).toEqual(none);
  });

  it('keeps the rows of the seller’s and the buyer’s country, in table order', () => {
    const vat = buyerVatOf('DE', 'lu', table);
    expect(vat).toEqual({ sellerCountryCode: 'DE', buyerVatCountryCode: 'LU', vatTable: table.filter((entry) => entry.countryCode === 'DE' || entry.countryCode === 'LU') });
  });

  it('converts exactly like the whole table', () => {
    for (const buyer of ['DE', 'AT', 'CH', 'LU', 'US', null]) {
      for (const rateBp of [1900, 700, 0]) {
        expect(buyerVatRateBp({ rateBp, ...buyerVatOf('DE', buyer, table) })).toEqual(buyerVatRateBp({ rateBp, sellerCountryCode: 'DE', buyerVatCountryCode: buyer, vatTable: table }));
      }
    }
  });
});

describe('apiVatRate', () => {
  it('sends the rate in percent, and null where the shop has none', () => {
    expect(apiVatRate({ ok: true, rateBp: 810, taxCategory: 'standard' })).toBe(8.1);
    expect(apiVatRate({ ok: false, error: { key: 'tax.no_rate', params: { category: 'reduced', country: 'LU' } } })).toBeNull();
  });
});
