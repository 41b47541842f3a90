import { describe, expect, it } from 'vitest';
import type { TotalsLine } from './cart-totals.ts';
import { checkoutTotals, type CheckoutTotalsInput } from './checkout-totals.ts';
import type { ShippingMethodRates } from './shipping-price.ts';

const line = (unitPriceCents: number, quantity: number, vatRateBp = 1900): TotalsLine => ({
  orderType: 'order',
  quantity,
  quantities: [],
  unitPriceCents,
  preOrderPriceCents: null,
  vatRateBp,
  currency: 'EUR',
});
const method: ShippingMethodRates = { countries: [{ code: 'DE', priceCents: 695, limit: { type: 'fixed', value: 0, cartAmountCents: 25000 } }] };
const input = (lines: TotalsLine[], more: Partial<CheckoutTotalsInput> = {}): CheckoutTotalsInput => ({
  lines,
  discountPercent: 0,
  discountType: null,
  showNetPrices: true,
  shipping: { method, countryCode: 'DE', freight: null },
  minimumOrderCents: 0,
  ...more,
});

describe('checkoutTotals', () => {
  it('prices shipping and charges it in the totals', () => {
    const result = checkoutTotals(input([line(10000, 1)]));
    expect(result.shipping).toMatchObject({ rule: 'country', totalCents: 695 });
    expect(result.totals.shipping).toEqual({ netCents: 695, vatCents: 132, grossCents: 827 });
    expect(result.totals.total.grossCents).toBe(11900 + 827);
  });

  it('the thresholds compare the goods after a deducted discount: 257,00 € less 3 % is not above 250 €', () => {
    const result = checkoutTotals(input([line(25700, 1)], { discountPercent: 3, discountType: 'invoice', minimumOrderCents: 25000 }));
    expect(result.cartAmountCents).toBe(24929);
    expect(result.shipping).toMatchObject({ rule: 'country', totalCents: 695, cheaperAbove: { cartAmountCents: 25000, totalCents: 0 } });
    expect(result.minimum).toEqual({ meets: false, key: 'cart.minimum.amount', amountCents: 25000, missingCents: 71 });
  });

  it('a discount already in the prices does not lower the cart amount', () => {
    const result = checkoutTotals(input([line(25700, 1)], { discountPercent: 3, discountType: 'price' }));
    expect(result.cartAmountCents).toBe(25700);
    expect(result.shipping).toMatchObject({ rule: 'limit', totalCents: 0 });
  });

  it('adds the company freight while the cart is at or below freightExpenseUntil', () => {
    const result = checkoutTotals(input([line(10000, 1)], { shipping: { method, countryCode: 'DE', freight: { freightExpenseCents: 1500, freightExpenseUntilCents: 30000 } } }));
    expect(result.totals.shipping.netCents).toBe(695 + 1500);
  });

  it('without a chosen method: goods only, nothing unavailable', () => {
    const result = checkoutTotals(input([line(10000, 1)], { shipping: null }));
    expect(result).toMatchObject({ shipping: null, shippingUnavailable: false });
    expect(result.totals.shipping.netCents).toBe(0);
  });

  it('a method that does not ship to the country is unavailable', () => {
    const result = checkoutTotals(input([line(10000, 1)], { shipping: { method, countryCode: 'CH', freight: null } }));
    expect(result).toMatchObject({ shipping: null, shippingUnavailable: true });
    expect(result.totals.total.netCents).toBe(10000);
  });
});
