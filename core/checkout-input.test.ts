import { describe, expect, it } from 'vitest';
import { companyFreight, defaultShippingCountry, defaultShippingMethod, shippingMethodRates, type ShippingMethodJson } from './checkout-input.ts';

const method = (overrides: Partial<ShippingMethodJson> = {}): ShippingMethodJson => ({
  _id: 1,
  name: 'Standardversand',
  isActive: true,
  isDefault: true,
  countries: [
    { code: 'DE', price: { value: 6.95, currency: 'EUR' }, limit: { type: 'fixed', value: 0, cartAmount: 250 } },
    { code: 'AT', price: { value: 12.95, currency: 'EUR' }, limit: { type: 'percent', value: 50, cartAmount: 400 } },
    { code: 'CH', price: { value: 24.95, currency: 'CHF' }, limit: null },
  ],
  ...overrides,
});

describe('shippingMethodRates', () => {
  it('takes the API’s major units to cents and a percent limit to basis points', () => {
    expect(shippingMethodRates(method())).toEqual({
      isActive: true,
      countries: [
        { code: 'DE', priceCents: 695, currency: 'EUR', limit: { type: 'fixed', value: 0, cartAmountCents: 25000 } },
        { code: 'AT', priceCents: 1295, currency: 'EUR', limit: { type: 'percent', value: 5000, cartAmountCents: 40000 } },
        { code: 'CH', priceCents: 2495, currency: 'CHF', limit: null },
      ],
    });
  });

  it('keeps decimals of a percent and amounts that are not exact doubles to the cent', () => {
    const odd = method({ countries: [{ code: 'DE', price: { value: 0.29, currency: 'EUR' }, limit: { type: 'percent', value: 12.5, cartAmount: 1.15 } }] });
    expect(shippingMethodRates(odd).countries[0]).toEqual({ code: 'DE', priceCents: 29, currency: 'EUR', limit: { type: 'percent', value: 1250, cartAmountCents: 115 } });
  });

  it('keeps an inactive method inactive', () => {
    expect(shippingMethodRates(method({ isActive: false })).isActive).toBe(false);
  });
});

describe('companyFreight', () => {
  it('takes the session company’s freight to cents', () => {
    expect(companyFreight({ freightExpense: 15, freightExpenseUntil: 300 })).toEqual({ freightExpenseCents: 1500, freightExpenseUntilCents: 30000 });
  });

  it.each([[null], [undefined]])('no freight: %s', (freight) => {
    expect(companyFreight(freight)).toBeNull();
  });
});

describe('defaultShippingMethod', () => {
  const standard = method({ _id: 1, isDefault: true });
  const express = method({ _id: 2, isDefault: false, name: 'Expressversand' });

  it('is the site’s defaultShippingMethodId', () => {
    expect(defaultShippingMethod([standard, express], 2)).toBe(express);
  });

  it('is the method marked as default when the site names none', () => {
    expect(defaultShippingMethod([express, standard], null)).toBe(standard);
  });

  it.each([
    ['the named method does not exist', [standard, express], 9],
    ['the named method is inactive', [standard, method({ _id: 2, isActive: false })], 2],
    ['the marked method is inactive', [method({ isActive: false })], null],
    ['no method is marked', [express], null],
  ] as const)('is none when %s', (_case, methods, id) => {
    expect(defaultShippingMethod(methods, id)).toBeNull();
  });
});

describe('defaultShippingCountry', () => {
  const address = (type: number, isDefault: boolean, code: string) => ({ type, isDefault, country: { code } });

  it('is the default address’s country', () => {
    expect(defaultShippingCountry([address(1, false, 'AT'), address(0, true, 'de')])).toBe('DE');
  });

  it('is the address of type default when none is marked', () => {
    expect(defaultShippingCountry([address(1, false, 'AT'), address(0, false, 'CH')])).toBe('CH');
  });

  it('skips a default address without a country', () => {
    expect(defaultShippingCountry([address(0, true, ''), address(0, false, 'AT')])).toBe('AT');
  });

  it.each([
    ['no addresses', []],
    ['only other addresses', [address(1, false, 'AT'), address(2, false, 'DE')]],
  ])('is none with %s: the buyer picks at checkout', (_case, addresses) => {
    expect(defaultShippingCountry(addresses)).toBeNull();
  });
});
