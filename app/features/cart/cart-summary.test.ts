import { describe, expect, it } from 'vitest';
import type { TotalsLine } from '../../../core/cart-totals';
import type { CartProduct } from '../../../core/catalog-types';
import type { ShippingMethodJson } from '../../../core/checkout-input';
import { checkoutTotals } from '../../../core/checkout-totals';
import { linePrices } from './cart-prices';
import { cartSummary, type CartSummaryAccount, type CartSummaryInput } from './cart-summary';

const line = (sku: string, value: number, quantity: number, vatRate: number | null, overrides: Partial<CartProduct> = {}): CartProduct => ({
  _id: 1,
  sku,
  name: sku,
  image: null,
  price: { value, currency: 'EUR', rrp: null, preOrderPrice: null },
  orderType: 'order',
  quantity,
  quantities: [],
  stock: { value: 100 },
  notEnoughStock: false,
  oldPrice: null,
  vatRate,
  salesBatchSize: 1,
  customAttributes: null,
  packs: null,
  ...overrides,
});

// The demo's Standardversand as GET /api/configuration sends it.
const standard: ShippingMethodJson = {
  _id: 1,
  name: 'Standardversand',
  isActive: true,
  isDefault: true,
  countries: [
    { code: 'DE', price: { value: 6.95, currency: 'EUR' }, limit: { type: 'fixed', value: 0, cartAmount: 250 } },
    { code: 'AT', price: { value: 12.95, currency: 'EUR' }, limit: { type: 'percent', value: 50, cartAmount: 400 } },
  ],
};

const account = (overrides: Partial<CartSummaryAccount> = {}, company: Partial<NonNullable<CartSummaryAccount['transientObject']['company']>> = {}): CartSummaryAccount => ({
  showNetPrices: true,
  minCartAmount: 0,
  addresses: [{ type: 0, isDefault: true, country: { code: 'DE' } }],
  transientObject: { company: { freight: null, discountType: 'percent', discountPercent: 3, ...company } },
  ...overrides,
});

// A sample cart: two VAT rates, odd cents, so every rounding shows.
const sample = [line('A', 12.99, 7, 19), line('B', 3.33, 11, 7), line('C', 0.49, 3, 19)];

const input = (more: Partial<CartSummaryInput> = {}): CartSummaryInput => ({
  lines: sample,
  orderType: 'order',
  account: account(),
  siteMinimum: { value: 50, currency: 'EUR' },
  fallbackCurrency: 'EUR',
  seasonCount: 3,
  shippingMethod: standard,
  ...more,
});

// The same cart written out in core's terms (cents, basis points), without the browser's conversions.
const coreLines: TotalsLine[] = [
  { orderType: 'order', quantity: 7, quantities: [], unitPriceCents: 1299, preOrderPriceCents: null, vatRateBp: 1900, currency: 'EUR' },
  { orderType: 'order', quantity: 11, quantities: [], unitPriceCents: 333, preOrderPriceCents: null, vatRateBp: 700, currency: 'EUR' },
  { orderType: 'order', quantity: 3, quantities: [], unitPriceCents: 49, preOrderPriceCents: null, vatRateBp: 1900, currency: 'EUR' },
];
const coreMethod = { isActive: true, countries: [{ code: 'DE', priceCents: 695, currency: 'EUR', limit: { type: 'fixed' as const, value: 0, cartAmountCents: 25000 } }] };

describe('cartSummary', () => {
  it.each([true, false])('shows for a sample cart exactly what core/checkout-totals computes (net prices: %s)', (showNetPrices) => {
    const freight = { freightExpense: 15, freightExpenseUntil: 300 };
    const summary = cartSummary(input({ account: account({ showNetPrices }, { freight }) }));
    const core = checkoutTotals({
      lines: coreLines,
      discountPercent: 3,
      discountType: 'percent',
      showNetPrices,
      shipping: { method: coreMethod, countryCode: 'DE', freight: { freightExpenseCents: 1500, freightExpenseUntilCents: 30000 } },
      minimumOrderCents: 5000,
    });
    const basis = (row: { netCents: number; grossCents: number }) => (showNetPrices ? row.netCents : row.grossCents);
    const { totals } = core;
    expect(totals.discount.treatment).toBe('deducted');
    if (totals.discount.treatment !== 'deducted') return;
    expect(summary).toEqual({
      currency: 'EUR',
      showNetPrices,
      seasonNetCents: [],
      goodsCents: basis(totals.goods),
      discount: { treatment: 'deducted', percent: 3, cents: basis(totals.discount) },
      shipping: {
        methodName: 'Standardversand',
        countryCode: 'DE',
        methodCents: showNetPrices ? 695 : 827,
        freightCents: basis(totals.shipping) - (showNetPrices ? 695 : 827),
        cheaperAbove: { amountCents: 25000, priceCents: showNetPrices ? 1500 : 1785 },
      },
      totalCents: totals.shownCents,
      otherTotalCents: showNetPrices ? totals.total.grossCents : totals.total.netCents,
      vatByRate: totals.vatByRate.map(({ rateBp, vatCents }) => ({ rateBp, vatCents })),
      minimum: core.minimum,
      untaxedNames: [],
    });
    // The figures themselves, worked out by hand: goods 9093 + 3663 + 147 = 12903 net; 3 % = 387.09 → 387.
    expect(totals.goods.netCents).toBe(12903);
    expect(totals.discount.netCents).toBe(387);
    expect(totals.shipping.netCents).toBe(695 + 1500);
  });

  it.each([true, false])('a deducted discount is a row the total contains: the rows add up (net prices: %s)', (showNetPrices) => {
    const summary = cartSummary(input({ account: account({ showNetPrices }, { freight: { freightExpense: 15, freightExpenseUntil: 300 } }) }));
    expect(summary.discount).toMatchObject({ treatment: 'deducted', percent: 3 });
    const discountCents = summary.discount.treatment === 'deducted' ? summary.discount.cents : 0;
    expect(discountCents).toBeGreaterThan(0);
    expect(summary.goodsCents - discountCents + summary.shipping!.methodCents + summary.shipping!.freightCents).toBe(summary.totalCents);
    const vat = summary.vatByRate.reduce((sum, share) => sum + share.vatCents, 0);
    expect(showNetPrices ? summary.totalCents + vat : summary.otherTotalCents + vat).toBe(showNetPrices ? summary.otherTotalCents : summary.totalCents);
  });

  it.each([true, false])('the lines shown add up to the goods shown (net prices: %s)', (showNetPrices) => {
    const summary = cartSummary(input({ account: account({ showNetPrices }) }));
    expect(sample.reduce((sum, cartLine) => sum + linePrices(cartLine, showNetPrices).totalCents, 0)).toBe(summary.goodsCents);
  });

  it('an included discount is a note with its percent, no amount, and the totals do not change', () => {
    const included = cartSummary(input({ account: account({}, { discountType: 'price', discountPercent: 2.5 }) }));
    const none = cartSummary(input({ account: account({}, { discountType: null }) }));
    expect(included.discount).toEqual({ treatment: 'included', percent: 2.5 });
    expect(none.discount).toEqual({ treatment: 'none' });
    expect({ ...included, discount: null }).toEqual({ ...none, discount: null });
    expect(none.totalCents).toBe(12903 + 695);
  });

  it.each([
    ['an unknown discount type', { discountType: 'rebate' }],
    ['a percent of 0', { discountPercent: 0 }],
  ])('%s shows no discount', (_case, company) => {
    expect(cartSummary(input({ account: account({}, company) })).discount).toEqual({ treatment: 'none' });
  });

  it('prices shipping for the default address’s country and hints at the cheaper price above the limit', () => {
    const summary = cartSummary(input({ account: account({ showNetPrices: false, addresses: [{ type: 0, isDefault: true, country: { code: 'AT' } }] }) }));
    // 12,95 € net at the cart's highest rate (19 %): 15,41 €; above 400 € net half of it, 6,48 € → 7,71 €.
    expect(summary.shipping).toEqual({ methodName: 'Standardversand', countryCode: 'AT', methodCents: 1541, freightCents: 0, cheaperAbove: { amountCents: 40000, priceCents: 771 } });
  });

  it('shipping is free above the limit once the goods after the discount exceed it', () => {
    const summary = cartSummary(input({ lines: [line('A', 300, 1, 19)] }));
    expect(summary.shipping).toMatchObject({ methodCents: 0, freightCents: 0, cheaperAbove: null });
    expect(summary.totalCents).toBe(30000 - 900);
  });

  it.each([
    ['no method', { shippingMethod: null }],
    ['no address with a country', { account: account({ addresses: [{ type: 1, isDefault: false, country: { code: 'DE' } }] }) }],
    ['a method that does not ship to the country', { account: account({ addresses: [{ type: 0, isDefault: true, country: { code: 'FR' } }] }) }],
  ])('with %s shipping is left to the checkout and not in the totals', (_case, more) => {
    const summary = cartSummary(input(more));
    expect(summary.shipping).toBeNull();
    expect(summary.totalCents).toBe(12903 - 387);
  });

  it('checks the minimum order amount against the goods after a deducted discount (ADR 0010)', () => {
    // 257,00 € less 3 % is 249,29 €: 71 cents short of a 250 € minimum.
    const summary = cartSummary(input({ lines: [line('A', 257, 1, 19)], siteMinimum: { value: 250, currency: 'EUR' } }));
    expect(summary.minimum).toEqual({ meets: false, key: 'cart.minimum.amount', amountCents: 25000, missingCents: 71 });
    const included = cartSummary(input({ lines: [line('A', 257, 1, 19)], siteMinimum: { value: 250, currency: 'EUR' }, account: account({}, { discountType: 'price' }) }));
    expect(included.minimum).toEqual({ meets: true });
  });

  it('a personal minimum (minCartAmount, major units) comes before the site’s', () => {
    expect(cartSummary(input({ account: account({ minCartAmount: 10000 }) })).minimum).toMatchObject({ meets: false, amountCents: 1_000_000 });
    expect(cartSummary(input({ account: account({ minCartAmount: 0 }), siteMinimum: { value: 0, currency: 'EUR' } })).minimum).toEqual({ meets: true });
  });

  it('totals the pre-order cart per season at the pre-order price', () => {
    const preOrder = line('P', 10, 0, 19, { orderType: 'preOrder', quantities: [2, 0, 3], price: { value: 10, currency: 'EUR', rrp: null, preOrderPrice: 9 } });
    const summary = cartSummary(input({ lines: [preOrder], orderType: 'preOrder', account: account({}, { discountType: null }) }));
    expect(summary.seasonNetCents).toEqual([1800, 0, 2700]);
    expect(summary.goodsCents).toBe(4500);
  });

  it('names the lines without a VAT rate and shows net figures only, even to a buyer who sees gross (ADR 0016)', () => {
    const lines = [line('A', 12.99, 7, 19), line('B', 3.33, 11, null)];
    const summary = cartSummary(input({ lines, account: account({ showNetPrices: false }, { discountPercent: 0 }) }));
    expect(summary).toMatchObject({ untaxedNames: ['B'], showNetPrices: true, goodsCents: 9093 + 3663 });
    expect(cartSummary(input({ lines: sample })).untaxedNames).toEqual([]);
  });

  it('without a session: net prices, no discount, the site minimum', () => {
    const summary = cartSummary(input({ account: null }));
    expect(summary).toMatchObject({ showNetPrices: true, discount: { treatment: 'none' }, shipping: null, goodsCents: 12903, minimum: { meets: true } });
  });
});
