import { describe, expect, it } from 'vitest';
import { preOrderSeasonTotals, type TotalsLine } from './cart-totals.ts';
import { checkoutTotals, type CheckoutTotals, type CheckoutTotalsInput } from './checkout-totals.ts';
import type { CompanyFreight, ShippingMethodRates } from './shipping-price.ts';

// Every money rule of the product (docs/product.md, Prices and VAT and Discount), each checked through the one path that cart, checkout and
// order use (checkoutTotals). The rule's sentence is the case's name.

const order = (unitPriceCents: number, quantity: number, vatRateBp = 1900): TotalsLine => ({
  orderType: 'order',
  quantity,
  quantities: [],
  unitPriceCents,
  preOrderPriceCents: null,
  vatRateBp,
  currency: 'EUR',
});
const preOrder = (preOrderPriceCents: number, quantities: number[], vatRateBp = 1900): TotalsLine => ({
  ...order(9999, 0, vatRateBp),
  orderType: 'preOrder',
  quantities,
  preOrderPriceCents,
});
const fixedFrom = (value: number, cartAmountCents: number): ShippingMethodRates => ({ countries: [{ code: 'DE', priceCents: 695, limit: { type: 'fixed', value, cartAmountCents } }] });
const percentFrom = (bp: number, cartAmountCents: number): ShippingMethodRates => ({ countries: [{ code: 'DE', priceCents: 1295, limit: { type: 'percent', value: bp, cartAmountCents } }] });
const countryOnly: ShippingMethodRates = { countries: [{ code: 'DE', priceCents: 695, limit: null }] };
const freight: CompanyFreight = { freightExpenseCents: 1500, freightExpenseUntilCents: 30000 };

function run(lines: TotalsLine[], more: Partial<CheckoutTotalsInput> = {}): CheckoutTotals {
  return checkoutTotals({ lines, discountPercent: 0, discountType: null, showNetPrices: true, shipping: null, minimumOrderCents: 0, ...more });
}
const ship = (method: ShippingMethodRates, companyFreight: CompanyFreight | null = null) => ({ shipping: { method, countryCode: 'DE', freight: companyFreight } });

describe('the money rules', () => {
  it.each<[string, () => unknown, unknown]>([
    ['"Fallback currency EUR"', () => run([]).totals.currency, 'EUR'],
    ['"VAT: gross = net * (vatRate/100 + 1)" (19 %)', () => run([order(10000, 1)]).totals.total, { netCents: 10000, vatCents: 1900, grossCents: 11900 }],
    ['"VAT: gross = net * (vatRate/100 + 1)" (8.1 %, half away from zero)', () => run([order(12345, 1, 810)]).totals.total.grossCents, 13345],
    [
      '"The VAT rate is per item"',
      () => run([order(1000, 1, 1900), order(1000, 1, 700), order(1000, 1, 0)]).totals.vatByRate,
      [
        { rateBp: 1900, netCents: 1000, vatCents: 190 },
        { rateBp: 700, netCents: 1000, vatCents: 70 },
        { rateBp: 0, netCents: 1000, vatCents: 0 },
      ],
    ],
    [
      '"The VAT of shipping uses the highest VAT rate"',
      () => run([order(1000, 1, 700), order(1000, 1, 2000)], ship(countryOnly)).totals.shipping,
      { netCents: 695, vatCents: 139, grossCents: 834 },
    ],
    ['"a fixed … limit applies when the cart amount exceeds the limit\'s cartAmount"', () => run([order(25001, 1)], ship(fixedFrom(0, 25000))).shipping, expect.objectContaining({ rule: 'limit', totalCents: 0 })],
    ['"a … percent limit applies when the cart amount exceeds the limit\'s cartAmount"', () => run([order(40001, 1)], ship(percentFrom(5000, 40000))).shipping, expect.objectContaining({ rule: 'limit', totalCents: 648 })],
    ['"otherwise the country price applies" (fixed limit, amount equal)', () => run([order(25000, 1)], ship(fixedFrom(0, 25000))).shipping, expect.objectContaining({ rule: 'country', totalCents: 695 })],
    ['"otherwise the country price applies" (percent limit, amount below)', () => run([order(100, 1)], ship(percentFrom(5000, 40000))).shipping, expect.objectContaining({ rule: 'country', totalCents: 1295 })],
    ['"otherwise the country price applies" (no limit)', () => run([order(10_000_000, 1)], ship(countryOnly)).shipping, expect.objectContaining({ rule: 'country', totalCents: 695 })],
    ['"Transient freight applies when the cart value is … below freightExpenseUntil"', () => run([order(29999, 1)], ship(countryOnly, freight)).shipping?.freightCents, 1500],
    ['"Transient freight applies when the cart value is at … freightExpenseUntil"', () => run([order(30000, 1)], ship(countryOnly, freight)).shipping?.freightCents, 1500],
    ['Transient freight does not apply above freightExpenseUntil', () => run([order(30001, 1)], ship(countryOnly, freight)).shipping?.freightCents, 0],
    ['"Default shipping currency EUR"', () => run([order(100, 1)], ship(countryOnly)).shipping?.currency, 'EUR'],
    [
      '"Order amount = sum of item price * quantity plus shippingPriceForOrder"',
      () => run([order(1250, 3), order(500, 1)], ship(countryOnly)).totals.total.netCents,
      1250 * 3 + 500 + 695,
    ],
    ['"Pre-order totals = quantity * preOrderPrice per season index" (the cart)', () => run([preOrder(800, [2, 0, 5])]).totals.goods.netCents, 5600],
    ['"Pre-order totals = quantity * preOrderPrice per season index" (per season)', () => preOrderSeasonTotals([preOrder(800, [2, 0, 5]), preOrder(100, [1, 1])], 3), [1700, 100, 4000]],
    [
      '"The customer discount is shown as percent and absolute amount"',
      () => run([order(10000, 1)], { discountPercent: 3, discountType: 'invoice' }).totals.discount,
      { treatment: 'deducted', percent: 3, netCents: 300, vatCents: 57, grossCents: 357 },
    ],
  ])('%s', (_sentence, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});
