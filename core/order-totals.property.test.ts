import { describe, expect, it } from 'vitest';
import { moneyIn, moneyOut } from './api-money.ts';
import { lineNetCents, totalQuantity, totalsLineFromCartProduct, type TotalsLine } from './cart-totals.ts';
import { checkoutTotals, type CheckoutTotalsInput } from './checkout-totals.ts';
import { centsToAmount } from './money.ts';
import { orderTotals, type RowAmounts } from './order-totals.ts';
import { shippingPriceCents, type ShippingLimit } from './shipping-price.ts';

// Property tests of the money path without a library: a seeded generator (mulberry32) builds random
// carts, discounts and shipping rules; every cart must keep every invariant. A failure names the seed
// and the cart number, so it replays exactly.

const SEED = 0x5eed_2026;
const CARTS = 2000;
const RATES = [0, 700, 1000, 1900, 2000, 2100, 810, 260];
const TYPES: unknown[] = ['invoice', 'price', 'percent', 'none', null, 0, 1, 'rebate'];

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T,>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const quantity = () => (random() < 0.15 ? 0 : int(1, random() < 0.8 ? 20 : 1000));
  const line = (): TotalsLine => {
    const preOrder = random() < 0.3;
    return {
      orderType: preOrder ? 'preOrder' : 'order',
      quantity: preOrder ? 0 : quantity(),
      quantities: preOrder ? Array.from({ length: int(0, 4) }, quantity) : [],
      unitPriceCents: int(1, random() < 0.7 ? 10_000 : 10_000_000),
      preOrderPriceCents: random() < 0.5 ? null : int(1, 10_000_000),
      vatRateBp: pick(RATES),
      currency: 'EUR',
    };
  };
  // A threshold near the goods' value, sometimes exactly on it, so limits and freight flip often.
  const threshold = (goodsCents: number) => (random() < 0.2 ? goodsCents : int(0, 2 * goodsCents + 100));
  const limit = (goodsCents: number): ShippingLimit | null => {
    const kind = pick(['none', 'fixed', 'percent'] as const);
    if (kind === 'none') return null;
    return { type: kind, value: kind === 'fixed' ? int(0, 3000) : int(0, 12_000), cartAmountCents: threshold(goodsCents) };
  };
  return { int, pick, line, limit, threshold, random };
}

/** Every number of the result is a safe integer, except the percents shown (they may have decimals). */
function integersOnly(value: unknown, path = 'totals'): string[] {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? [] : [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'percent' ? [] : integersOnly(inner, `${path}.${key}`)));
}

const plus = (rows: RowAmounts[]) => rows.reduce((acc, r) => ({ net: acc.net + r.netCents, vat: acc.vat + r.vatCents }), { net: 0, vat: 0 });

describe(`the money path on ${CARTS} random carts (seed ${SEED})`, () => {
  it('keeps every invariant', () => {
    const g = generator(mulberry32(SEED));
    let deducted = 0;
    let limited = 0;
    let freighted = 0;
    let hinted = 0;
    for (let cart = 0; cart < CARTS; cart++) {
      const where = `cart ${cart}`;
      const lines = Array.from({ length: g.int(0, 12) }, g.line);
      const goodsCents = lines.reduce((sum, l) => sum + lineNetCents(l), 0);
      const discountPercent = g.random() < 0.2 ? 0 : g.int(0, 3000) / 100;
      const countries = [{ code: 'DE', priceCents: g.int(0, 5000), limit: g.limit(goodsCents) }];
      const input: CheckoutTotalsInput = {
        lines,
        discountPercent,
        discountType: g.pick(TYPES),
        showNetPrices: g.random() < 0.5,
        shipping: {
          method: { countries },
          countryCode: g.random() < 0.1 ? 'FR' : 'DE',
          freight: g.random() < 0.5 ? null : { freightExpenseCents: g.int(0, 3000), freightExpenseUntilCents: g.threshold(goodsCents) },
        },
        minimumOrderCents: g.int(0, 50_000),
      };
      const { totals, shipping, cartAmountCents, shippingUnavailable } = checkoutTotals(input);

      // Lines add up to the goods; each line is its price × quantity.
      expect(integersOnly(totals), where).toEqual([]);
      lines.forEach((l, i) => expect(totals.lines[i]!.netCents, where).toBe(totalQuantity(l) > 0 ? lineNetCents(l) : 0));
      expect(plus(totals.lines), where).toEqual({ net: totals.goods.netCents, vat: totals.goods.vatCents });

      // net + VAT = gross for every row and the total; the rows make the total.
      for (const r of [...totals.lines, totals.goods, totals.goodsAfterDiscount, totals.shipping, totals.total]) {
        expect(r.netCents + r.vatCents, where).toBe(r.grossCents);
      }
      if (totals.discount.treatment === 'deducted') expect(totals.discount.netCents + totals.discount.vatCents, where).toBe(totals.discount.grossCents);
      expect(totals.total.grossCents, where).toBe(totals.goodsAfterDiscount.grossCents + totals.shipping.grossCents);
      expect(totals.shownCents, where).toBe(input.showNetPrices ? totals.total.netCents : totals.total.grossCents);

      // The VAT rates' shares add up to the totals; each share's VAT is its net's VAT within the rows' rounding.
      const shares = totals.vatByRate.reduce((acc, s) => ({ net: acc.net + s.netCents, vat: acc.vat + s.vatCents }), { net: 0, vat: 0 });
      expect(shares, where).toEqual({ net: totals.total.netCents, vat: totals.total.vatCents });
      for (const share of totals.vatByRate) {
        const rows = lines.filter((l) => l.vatRateBp === share.rateBp && totalQuantity(l) > 0).length + 2;
        expect(Math.abs(share.vatCents - (share.netCents * share.rateBp) / 10000), where).toBeLessThanOrEqual(rows / 2);
      }

      // The discount: never negative, never more than the goods, deducted only when the type says so.
      if (totals.discount.treatment === 'deducted') {
        deducted++;
        expect(totals.discount.netCents, where).toBeGreaterThanOrEqual(0);
        expect(totals.discount.netCents, where).toBeLessThanOrEqual(totals.goods.netCents);
        expect(totals.discount.netCents, where).toBe(Math.round((totals.goods.netCents * Math.round(discountPercent * 100)) / 10000));
      } else {
        expect(totals.goodsAfterDiscount, where).toEqual(totals.goods);
      }
      expect(cartAmountCents, where).toBe(totals.goodsAfterDiscount.netCents);

      // Shipping: taxed at the highest rate among lines with quantity.
      const highest = Math.max(0, ...lines.filter((l) => totalQuantity(l) > 0).map((l) => l.vatRateBp));
      expect(totals.highestVatRateBp, where).toBe(highest);
      expect(totals.shipping.vatCents, where).toBe(Math.round((totals.shipping.netCents * highest) / 10000));
      if (totals.vatByRate.length > 0) expect(totals.vatByRate[0]!.rateBp, where).toBe(highest);
      expect(shippingUnavailable, where).toBe(input.shipping!.countryCode === 'FR');
      if (shipping) {
        const country = countries[0]!;
        const l = country.limit;
        const applies = l !== null && cartAmountCents > l.cartAmountCents;
        const method = !applies ? country.priceCents : l.type === 'fixed' ? l.value : Math.round((country.priceCents * (10000 - Math.min(10000, l.value))) / 10000);
        const f = input.shipping!.freight;
        const freight = f && cartAmountCents <= f.freightExpenseUntilCents ? f.freightExpenseCents : 0;
        expect(shipping, where).toMatchObject({ rule: applies ? 'limit' : 'country', methodCents: method, freightCents: freight, totalCents: method + freight });
        expect(totals.shipping.netCents, where).toBe(method + freight);
        if (applies) limited++;
        if (freight > 0) freighted++;
        if (shipping.cheaperAbove) {
          hinted++;
          const above = shippingPriceCents({ ...input.shipping!, cartAmountCents: shipping.cheaperAbove.cartAmountCents + 1 });
          expect(shipping.cheaperAbove.cartAmountCents, where).toBeGreaterThanOrEqual(cartAmountCents);
          expect(above?.totalCents, where).toBe(shipping.cheaperAbove.totalCents);
          expect(shipping.cheaperAbove.totalCents, where).toBeLessThan(shipping.totalCents);
        }
      }

      // Major units at the API edge: every total survives moneyOut → moneyIn to the cent.
      for (const cents of [totals.total.netCents, totals.total.vatCents, totals.total.grossCents, totals.shipping.grossCents, ...totals.lines.map((r) => r.grossCents)]) {
        expect(moneyIn(moneyOut(cents, totals.currency).value), where).toBe(cents);
      }

      // The browser's lines (major units, VAT in percent, as the API sends them) give the same figures.
      const browserLines = lines.map((l) =>
        totalsLineFromCartProduct({
          orderType: l.orderType,
          quantity: l.quantity,
          quantities: [...l.quantities],
          price: { value: centsToAmount(l.unitPriceCents), currency: l.currency, rrp: null, preOrderPrice: l.preOrderPriceCents === null ? null : centsToAmount(l.preOrderPriceCents) },
          vatRate: l.vatRateBp / 100,
        }),
      );
      expect(orderTotals({ ...input, lines: browserLines, shippingCents: totals.shipping.netCents }), where).toEqual(totals);
    }
    // The generator reaches every branch often enough to mean something.
    expect(Math.min(deducted, limited, freighted, hinted)).toBeGreaterThan(CARTS / 20);
  });
});
