import { describe, expect, it } from 'vitest';
import { appliesOn, buyerUnitCents, tierSteps, type BuyerPriceInput, type TierPrice } from './buyer-price.ts';

const today = '2026-03-15';
const open = { validFrom: null, validTo: null };
const prices = (overrides: Partial<BuyerPriceInput> = {}): BuyerPriceInput => ({ listCents: 1000, variantCents: null, customer: null, preOrderCents: null, tiers: [], ...overrides });
const customer = (cents: number, validity: Partial<TierPrice> = {}) => ({ cents, ...open, ...validity });
const tier = (minQuantity: number, cents: number, validity: Partial<TierPrice> = {}): TierPrice => ({ minQuantity, cents, ...open, ...validity });
const order = (quantity = 1) => ({ orderType: 'order' as const, quantity, today });
const preOrder = (quantity = 1) => ({ orderType: 'preOrder' as const, quantity, today });

describe('buyerUnitCents', () => {
  it.each([
    ['the list price without anything else', prices(), order(), 1000],
    ['a variant’s own list price over the product’s', prices({ variantCents: 1200 }), order(), 1200],
    ['the customer price over the list price', prices({ customer: customer(900) }), order(), 900],
    ['the customer price over a variant’s list price', prices({ customer: customer(900), variantCents: 1200 }), order(), 900],
    ['a customer price of 0 is a price, not a missing one', prices({ customer: customer(0) }), order(), 0],
    ['the pre-order price for pre-order lines', prices({ customer: customer(900), preOrderCents: 800 }), preOrder(), 800],
    ['the order price for pre-order lines without a pre-order price', prices({ customer: customer(900) }), preOrder(), 900],
    ['the pre-order price does not change order lines', prices({ preOrderCents: 800 }), order(), 1000],
  ] as const)('%s', (_case, input, line, expected) => {
    expect(buyerUnitCents(input, line)).toBe(expected);
  });

  describe('tier prices', () => {
    const tiered = prices({ tiers: [tier(10, 900), tier(50, 800)] });

    it.each([
      [1, 1000],
      [9, 1000],
      [10, 900],
      [49, 900],
      [50, 800],
      [500, 800],
    ])('a line of %i pieces costs %i: the highest tier its quantity reaches', (quantity, expected) => {
      expect(buyerUnitCents(tiered, order(quantity))).toBe(expected);
    });

    it('the company’s tier and everyone’s compete: the lower one wins, whoever’s it is', () => {
      const input = prices({ tiers: [tier(10, 900), tier(10, 850), tier(20, 870)] });
      expect(buyerUnitCents(input, order(10))).toBe(850);
      expect(buyerUnitCents(input, order(20))).toBe(850);
    });

    it('a reached tier below the customer price wins; one above it does not', () => {
      const input = prices({ customer: customer(880), tiers: [tier(10, 900), tier(50, 800)] });
      expect(buyerUnitCents(input, order(1))).toBe(880);
      expect(buyerUnitCents(input, order(10))).toBe(880);
      expect(buyerUnitCents(input, order(50))).toBe(800);
    });

    it('a tier replaces a variant’s own list price like the product’s', () => {
      expect(buyerUnitCents(prices({ variantCents: 1200, tiers: [tier(10, 900)] }), order(10))).toBe(900);
    });

    it('a tier the buyer pays more with than the list price is still the price once reached (the ERP says so)', () => {
      expect(buyerUnitCents(prices({ tiers: [tier(10, 1100)] }), order(10))).toBe(1100);
    });

    it('pre-order lines pay the pre-order price, even where a tier is lower', () => {
      expect(buyerUnitCents(prices({ preOrderCents: 950, tiers: [tier(10, 800)] }), preOrder(10))).toBe(950);
    });

    it('pre-order lines of a product without a pre-order price reach tiers like order lines', () => {
      expect(buyerUnitCents(tiered, preOrder(50))).toBe(800);
    });
  });

  describe('validity', () => {
    it.each([
      ['from today', { validFrom: today }, 900],
      ['until today (validTo is inclusive)', { validTo: today }, 900],
      ['from tomorrow', { validFrom: '2026-03-16' }, 1000],
      ['until yesterday', { validTo: '2026-03-14' }, 1000],
      ['on today only', { validFrom: today, validTo: today }, 900],
    ])('a customer price valid %s', (_case, validity, expected) => {
      expect(buyerUnitCents(prices({ customer: customer(900, validity) }), order())).toBe(expected);
    });

    it('a tier outside its days is not reached, the one inside is', () => {
      const input = prices({ tiers: [tier(10, 700, { validTo: '2026-03-14' }), tier(10, 900, { validFrom: today })] });
      expect(buyerUnitCents(input, order(10))).toBe(900);
      expect(buyerUnitCents(input, { ...order(10), today: '2026-03-14' })).toBe(700);
      expect(buyerUnitCents(prices({ tiers: [tier(10, 900, { validFrom: today })] }), { ...order(10), today: '2026-03-14' })).toBe(1000);
    });

    it('compares whole days across month and year ends', () => {
      expect(appliesOn({ validFrom: '2025-12-31', validTo: '2026-01-01' }, '2026-01-01')).toBe(true);
      expect(appliesOn({ validFrom: '2025-12-31', validTo: '2026-01-01' }, '2026-01-02')).toBe(false);
    });
  });
});

describe('tierSteps', () => {
  it('lists each quantity from which a line costs less, with its price', () => {
    expect(tierSteps(prices({ tiers: [tier(50, 800), tier(10, 900)] }), today)).toEqual([
      { minQuantity: 10, cents: 900 },
      { minQuantity: 50, cents: 800 },
    ]);
  });

  it('leaves out tiers the customer price or a lower tier already undercuts, and tiers not valid today', () => {
    const input = prices({ customer: customer(880), tiers: [tier(10, 900), tier(20, 700, { validFrom: '2026-04-01' }), tier(30, 850), tier(40, 860)] });
    expect(tierSteps(input, today)).toEqual([{ minQuantity: 30, cents: 850 }]);
  });

  it('is empty without tiers', () => {
    expect(tierSteps(prices(), today)).toEqual([]);
  });
});
