import { describe, expect, it } from 'vitest';
import { cartTotals, type TotalsLine } from './cart-totals.ts';
import { orderTotals, type OrderTotalsInput } from './order-totals.ts';

const order = (unitPriceCents: number, quantity: number, vatRateBp = 1900): TotalsLine => ({
  orderType: 'order',
  quantity,
  quantities: [],
  unitPriceCents,
  preOrderPriceCents: null,
  vatRateBp,
  currency: 'EUR',
});
const input = (lines: TotalsLine[], more: Partial<OrderTotalsInput> = {}): OrderTotalsInput => ({
  lines,
  discountPercent: 0,
  discountType: null,
  shippingCents: 0,
  showNetPrices: true,
  ...more,
});
const mixed = [order(10000, 1), order(1000, 2, 700)];

describe('orderTotals', () => {
  it('a worked example: 3 % deducted, shipping at the highest rate', () => {
    const totals = orderTotals(input(mixed, { discountPercent: 3, discountType: 'invoice', shippingCents: 695 }));
    expect(totals).toEqual({
      lines: [
        { netCents: 10000, vatCents: 1900, grossCents: 11900 },
        { netCents: 2000, vatCents: 140, grossCents: 2140 },
      ],
      goods: { netCents: 12000, vatCents: 2040, grossCents: 14040 },
      // 360 split 300 (19 %) + 60 (7 %); VAT 57 + 4.2 → 4
      discount: { treatment: 'deducted', percent: 3, netCents: 360, vatCents: 61, grossCents: 421 },
      goodsAfterDiscount: { netCents: 11640, vatCents: 1979, grossCents: 13619 },
      shipping: { netCents: 695, vatCents: 132, grossCents: 827 },
      vatByRate: [
        { rateBp: 1900, netCents: 10395, vatCents: 1975 },
        { rateBp: 700, netCents: 1940, vatCents: 136 },
      ],
      highestVatRateBp: 1900,
      total: { netCents: 12335, vatCents: 2111, grossCents: 14446 },
      shownCents: 12335,
      currency: 'EUR',
    });
  });

  it('a discount already in the prices is shown, never subtracted again', () => {
    const included = orderTotals(input(mixed, { discountPercent: 3, discountType: 'price' }));
    const none = orderTotals(input(mixed));
    expect(included.discount).toEqual({ treatment: 'included', percent: 3 });
    expect(included.total).toEqual(none.total);
    expect(included.goodsAfterDiscount).toEqual(none.goods);
  });

  it.each([
    ['no type', null, 3],
    ['an unknown type', 'rebate', 3],
    ['a deducted type without percent', 'invoice', 0],
  ])('no discount at all: %s', (_case, discountType, discountPercent) => {
    const totals = orderTotals(input(mixed, { discountType, discountPercent }));
    expect(totals.discount).toEqual({ treatment: 'none' });
    expect(totals.total.netCents).toBe(12000);
  });

  it('100 % deducted leaves only shipping', () => {
    const totals = orderTotals(input(mixed, { discountPercent: 100, discountType: 'invoice', shippingCents: 500 }));
    expect(totals.goodsAfterDiscount).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
    expect(totals.total).toEqual({ netCents: 500, vatCents: 95, grossCents: 595 });
  });

  it('the discount cent left over goes to the rate with the largest remainder', () => {
    // 1 % of 2,50 € = 2.5 → 3 cents, split 1.8 / 1.2: one cent each, the third to the larger remainder (0.8).
    const totals = orderTotals(input([order(150, 1, 1900), order(100, 1, 700)], { discountPercent: 1, discountType: 'invoice' }));
    expect(totals.discount).toMatchObject({ netCents: 3 });
    expect(totals.vatByRate.map((share) => share.netCents)).toEqual([148, 99]);
  });

  it('shipping lands in the highest rate among lines with quantity', () => {
    const totals = orderTotals(input([order(100, 1, 700), order(100, 0, 2100), order(100, 1, 1000)], { shippingCents: 1000 }));
    expect(totals.highestVatRateBp).toBe(1000);
    expect(totals.vatByRate).toEqual([
      { rateBp: 1000, netCents: 1100, vatCents: 110 },
      { rateBp: 700, netCents: 100, vatCents: 7 },
    ]);
    expect(totals.lines[1]).toEqual({ netCents: 0, vatCents: 0, grossCents: 0 });
  });

  it('an empty cart with a shipping price shows it at 0 %', () => {
    const totals = orderTotals(input([], { shippingCents: 500, fallbackCurrency: 'CHF' }));
    expect(totals.vatByRate).toEqual([{ rateBp: 0, netCents: 500, vatCents: 0 }]);
    expect(totals.total.grossCents).toBe(500);
    expect(totals.currency).toBe('CHF');
  });

  it('shows gross first when the account shows gross prices', () => {
    expect(orderTotals(input(mixed, { showNetPrices: false, shippingCents: 695 })).shownCents).toBe(14040 + 827);
  });

  it('without discount and shipping it agrees with cartTotals to the cent', () => {
    const lines = [order(1, 3), order(1, 3), order(333, 7, 700), order(99, 1, 810)];
    const cart = cartTotals(lines, { showNetPrices: false });
    const totals = orderTotals(input(lines, { showNetPrices: false }));
    expect(totals.total.netCents).toBe(cart.valueNetCents);
    expect(totals.total.grossCents).toBe(cart.valueGrossCents);
    expect(totals.vatByRate).toEqual(cart.vatByRate);
    expect(totals.shownCents).toBe(cart.shownCents);
  });
});
