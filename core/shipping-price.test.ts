import { describe, expect, it } from 'vitest';
import { shippingPriceCents, type CompanyFreight, type ShippingMethodRates } from './shipping-price.ts';

// The demo's standard shipping: free in DE above 250 €, half price in AT above 400 €, 9,95 € in CH above 600 €.
const standard: ShippingMethodRates = {
  countries: [
    { code: 'DE', priceCents: 695, limit: { type: 'fixed', value: 0, cartAmountCents: 25000 } },
    { code: 'AT', priceCents: 1295, currency: 'EUR', limit: { type: 'percent', value: 5000, cartAmountCents: 40000 } },
    { code: 'CH', priceCents: 2495, currency: 'CHF', limit: { type: 'fixed', value: 995, cartAmountCents: 60000 } },
    { code: 'NL', priceCents: 999, limit: null },
  ],
};
const freight: CompanyFreight = { freightExpenseCents: 1500, freightExpenseUntilCents: 30000 };
const quote = (countryCode: string, cartAmountCents: number, companyFreight: CompanyFreight | null = null, method = standard) =>
  shippingPriceCents({ method, countryCode, cartAmountCents, freight: companyFreight });

describe('shippingPriceCents', () => {
  it.each([
    ['below the limit: the country price', 'DE', 10000, { rule: 'country', methodCents: 695, totalCents: 695 }],
    ['at the limit (not exceeding it): the country price', 'DE', 25000, { rule: 'country', methodCents: 695 }],
    ['a cent above the limit: the fixed limit price', 'DE', 25001, { rule: 'limit', methodCents: 0, totalCents: 0 }],
    ['percent limit: the country price less the percent', 'AT', 40001, { rule: 'limit', methodCents: 648 }],
    ['percent limit below its cart amount: the country price', 'AT', 40000, { rule: 'country', methodCents: 1295 }],
    ['a fixed limit that is not free', 'CH', 60001, { rule: 'limit', methodCents: 995, currency: 'CHF' }],
    ['a country without limit: always its price', 'NL', 10_000_000, { rule: 'country', methodCents: 999, cheaperAbove: null }],
    ['"Default shipping currency EUR"', 'NL', 0, { currency: 'EUR' }],
    ['country codes in any case', 'de', 100, { methodCents: 695 }],
  ])('%s', (_case, country, amount, expected) => {
    expect(quote(country, amount)).toMatchObject(expected);
  });

  it.each([
    ['a country the method does not offer', standard, 'FR'],
    ['an inactive method', { ...standard, isActive: false }, 'DE'],
  ])('is not available: %s', (_case, method, country) => {
    expect(quote(country, 100, null, method)).toBeNull();
  });

  it.each([
    ['percent rounded half away from zero (12,95 € − 50 % = 6,475 € → 6,48 €)', 5000, 648],
    ['a percent with decimals (12,95 € − 12,5 % = 11,33125 €)', 1250, 1133],
    ['100 % is free', 10000, 0],
    ['over 100 % is free, never negative', 15000, 0],
    ['a negative percent reduces nothing', -500, 1295],
  ])('percent limit: %s', (_case, bp, expected) => {
    const method: ShippingMethodRates = { countries: [{ code: 'AT', priceCents: 1295, limit: { type: 'percent', value: bp, cartAmountCents: 0 } }] };
    expect(quote('AT', 1, null, method)?.methodCents).toBe(expected);
  });

  it.each([
    ['below freightExpenseUntil: the freight is added', 10000, { methodCents: 695, freightCents: 1500, totalCents: 2195 }],
    ['at freightExpenseUntil: still added', 30000, { rule: 'limit', methodCents: 0, freightCents: 1500, totalCents: 1500 }],
    ['above freightExpenseUntil: none', 30001, { freightCents: 0, totalCents: 0 }],
  ])('company freight: %s', (_case, amount, expected) => {
    expect(quote('DE', amount, freight)).toMatchObject(expected);
  });

  it('a freight of 0 adds nothing', () => {
    expect(quote('DE', 100, { freightExpenseCents: 0, freightExpenseUntilCents: 30000 })).toMatchObject({ freightCents: 0, totalCents: 695 });
  });

  describe('the "free from X" hint', () => {
    it.each([
      ['free above the limit', 'DE', 10000, null, { cartAmountCents: 25000, totalCents: 0 }],
      ['at the limit the hint still shows (it must be exceeded)', 'DE', 25000, null, { cartAmountCents: 25000, totalCents: 0 }],
      ['above the limit there is nothing cheaper', 'DE', 25001, null, null],
      ['a cheaper, not free, rate', 'AT', 100, null, { cartAmountCents: 40000, totalCents: 648 }],
      ['the nearest step first: the limit, with freight still due', 'DE', 100, freight, { cartAmountCents: 25000, totalCents: 1500 }],
      ['then the freight threshold', 'DE', 26000, freight, { cartAmountCents: 30000, totalCents: 0 }],
      ['a country without limit has no hint', 'NL', 100, null, null],
    ])('%s', (_case, country, amount, companyFreight, expected) => {
      expect(quote(country, amount, companyFreight)?.cheaperAbove).toEqual(expected);
    });

    it('a limit that makes shipping dearer is applied but never advertised', () => {
      const method: ShippingMethodRates = { countries: [{ code: 'DE', priceCents: 500, limit: { type: 'fixed', value: 900, cartAmountCents: 1000 } }] };
      expect(quote('DE', 100, null, method)).toMatchObject({ rule: 'country', methodCents: 500, cheaperAbove: null });
      expect(quote('DE', 1001, null, method)).toMatchObject({ rule: 'limit', methodCents: 900 });
    });
  });
});
