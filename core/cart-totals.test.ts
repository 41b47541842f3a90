import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  lineNetCents,
  meetsMinimumOrderAmount,
  minimumOrderAmount,
  orderAmountCents,
  personalMinimumOrderCents,
  preOrderSeasonTotals,
  totalsLineFromCartProduct,
  type TotalsLine,
} from './cart-totals.ts';

const order = (unitPriceCents: number, quantity: number, vatRateBp = 1900): TotalsLine => ({
  orderType: 'order',
  quantity,
  quantities: [],
  unitPriceCents,
  preOrderPriceCents: null,
  vatRateBp,
  currency: 'EUR',
});
const preOrder = (preOrderPriceCents: number | null, quantities: number[], unitPriceCents = 9999): TotalsLine => ({
  ...order(unitPriceCents, 0),
  orderType: 'preOrder',
  quantities,
  preOrderPriceCents,
});

describe('lineNetCents', () => {
  it.each([
    ['"Order amount = sum of item price * quantity" (one line)', order(1250, 3), 3750],
    ['"Pre-order totals = quantity * preOrderPrice per season index"', preOrder(800, [2, 0, 5]), 5600],
    ['a pre-order line without pre-order price is charged its unit price', preOrder(null, [1, 1], 700), 1400],
    ['unreadable quantities count as 0', { ...order(500, Number.NaN) }, 0],
  ])('%s', (_sentence, line, expected) => {
    expect(lineNetCents(line)).toBe(expected);
  });
});

describe('preOrderSeasonTotals', () => {
  it('"Pre-order totals = quantity * preOrderPrice per season index"', () => {
    expect(preOrderSeasonTotals([preOrder(800, [2, 0, 5]), preOrder(100, [1, 1]), order(5000, 3)], 3)).toEqual([1700, 100, 4000]);
  });

  it('"Default 3 seasons": an empty cart has three empty columns', () => {
    expect(preOrderSeasonTotals([], 3)).toEqual([0, 0, 0]);
  });
});

describe('cartTotals', () => {
  it.each([
    ['an empty cart', [], { valueNetCents: 0, valueGrossCents: 0, vatByRate: [], highestVatRateBp: 0, currency: 'EUR' }],
    [
      '"VAT: gross = net * (vatRate/100 + 1)"',
      [order(10000, 1)],
      { valueNetCents: 10000, valueGrossCents: 11900, vatByRate: [{ rateBp: 1900, netCents: 10000, vatCents: 1900 }], highestVatRateBp: 1900 },
    ],
    [
      '"The VAT rate is per item": lines are grouped by rate, highest first',
      [order(1000, 2, 700), order(5000, 1), order(300, 1, 700)],
      {
        valueNetCents: 7300,
        valueGrossCents: 8411,
        vatByRate: [
          { rateBp: 1900, netCents: 5000, vatCents: 950 },
          { rateBp: 700, netCents: 2300, vatCents: 161 },
        ],
      },
    ],
    ['"The VAT of shipping uses the highest VAT rate"', [order(100, 1, 700), order(100, 1, 1900), order(100, 1, 0)], { highestVatRateBp: 1900 }],
    ['a line without quantity counts for nothing, not even its VAT rate', [order(100, 1, 700), order(100, 0, 1900)], { valueNetCents: 100, highestVatRateBp: 700 }],
    [
      'gross is rounded once per line, half away from zero (3 × 0.03 € at 19 %)',
      [order(1, 3), order(1, 3), order(1, 3)],
      { valueNetCents: 9, valueGrossCents: 12, vatByRate: [{ rateBp: 1900, netCents: 9, vatCents: 3 }] },
    ],
    ['pre-order lines are charged their pre-order price', [preOrder(800, [2, 0, 5])], { valueNetCents: 5600, valueGrossCents: 6664 }],
  ])('%s', (_sentence, lines, expected) => {
    expect(cartTotals(lines, { showNetPrices: true })).toMatchObject(expected);
  });

  it.each([
    ['net prices show the net total', true, 10000],
    ['gross prices show the gross total', false, 11900],
  ])('%s', (_sentence, showNetPrices, shown) => {
    expect(cartTotals([order(10000, 1)], { showNetPrices }).shownCents).toBe(shown);
  });

  it.each([
    ['the currency is that of the lines', [{ ...order(100, 1), currency: 'CHF' }], undefined, 'CHF'],
    ['"Fallback currency EUR"', [], undefined, 'EUR'],
    ['an empty cart uses the shop’s default currency when given', [], 'CHF', 'CHF'],
  ])('%s', (_sentence, lines, fallbackCurrency, currency) => {
    expect(cartTotals(lines, { showNetPrices: true, fallbackCurrency }).currency).toBe(currency);
  });

  it('reads the browser’s cart lines (major units, VAT in percent)', () => {
    const line = totalsLineFromCartProduct({
      orderType: 'preOrder',
      quantity: 0,
      quantities: [1, 2],
      price: { value: 12.5, currency: 'EUR', rrp: null, preOrderPrice: 9.99 },
      vatRate: 7,
    });
    expect(line).toEqual({ orderType: 'preOrder', quantity: 0, quantities: [1, 2], unitPriceCents: 1250, preOrderPriceCents: 999, vatRateBp: 700, currency: 'EUR' });
    expect(cartTotals([line], { showNetPrices: false }).valueGrossCents).toBe(3207);
  });
});

describe('orderAmountCents', () => {
  it('"Order amount = sum of item price * quantity plus shippingPriceForOrder"', () => {
    expect(orderAmountCents(cartTotals([order(1250, 3), order(500, 1)], { showNetPrices: true }).valueNetCents, 590)).toBe(4840);
  });
});

describe('minimumOrderAmount', () => {
  it.each([
    ['"the user\'s personal minCartAmount if above 0"', 7500, 5000, 7500],
    ['"… otherwise the site minimum" (personal is 0)', 0, 5000, 5000],
    ['"(non-numeric counts as 0)" (text)', 'abc', 5000, 5000],
    ['"(non-numeric counts as 0)" (NaN from a failed conversion)', Number.NaN, 5000, 5000],
    ['"(non-numeric counts as 0)" (nothing)', undefined, 5000, 5000],
    ['a negative personal amount is not above 0', -100, 5000, 5000],
    ['a personal amount may be below the site minimum', 1000, 5000, 1000],
    ['neither set means no minimum', 0, 0, 0],
  ])('%s', (_sentence, personal, site, expected) => {
    expect(minimumOrderAmount(personal, site)).toBe(expected);
  });
});

describe('personalMinimumOrderCents', () => {
  it.each([
    ["the user's own amount comes first", 7500, 3000, 7500],
    ["without one, the company's", 0, 3000, 3000],
    ['a user without a company has none', 0, undefined, 0],
    ['neither set means none', 0, 0, 0],
  ])('%s', (_sentence, user, company, expected) => {
    expect(personalMinimumOrderCents(user, company)).toBe(expected);
  });
});

describe('meetsMinimumOrderAmount', () => {
  it.each([
    ['"The cart must reach it ({amount})" (below)', 4999, 5000, { meets: false, key: 'cart.minimum.amount', amountCents: 5000, missingCents: 1 }],
    ['"The cart must reach it" (exactly reached)', 5000, 5000, { meets: true }],
    ['"The cart must reach it" (above)', 8000, 5000, { meets: true }],
    ['no minimum is always met', 0, 0, { meets: true }],
  ])('%s', (_sentence, total, minimum, expected) => {
    expect(meetsMinimumOrderAmount(total, minimum)).toEqual(expected);
  });
});
