import { describe, expect, it } from 'vitest';
import type { StoredBasketLine } from '../basket/basket.repository.ts';
import { planConfirm, type ConfirmContext } from './order-sheet-confirm-plan.ts';
import { judgeSheet, type SheetRules } from './order-sheet-judge.ts';
import type { SheetCatalogue } from './sheet-catalogue.ts';
import type { SheetInput, SheetInputRow } from './sheet-input.ts';
import { buyerProduct } from '../basket/buyer-product.fixture.ts';

const product = buyerProduct;

function inCart(sku: string, quantity: number, extra: Partial<StoredBasketLine> = {}): StoredBasketLine {
  return {
    id: 1,
    product_id: Number(sku.replace(/\D/g, '')),
    variant_id: null,
    sku,
    variant_sku: null,
    order_type: 'order',
    quantity,
    quantities: '[]',
    custom_attributes: '{"Farbe":"Rot"}',
    packs: null,
    unit_price_cents: 900,
    old_price_cents: 800,
    created_at: '2024-01-01T00:00:00.000Z',
    ...extra,
  };
}

const products = [product('P1'), product('P2', { salesBatchSize: 6 }), product('P3', { stock: 10, isOnlySellableWithPositiveStock: true }), product('P4', { isStockFreeze: true })];
const catalogue: SheetCatalogue = {
  productsBySku: new Map(products.map((p) => [p.sku, p])),
  productSkuOfVariant: new Map(),
  paddedMatches: new Map(),
  nearMatches: new Map(),
  preStocks: new Map([[4, [{ seasonId: 11, quantity: 10 }, { seasonId: 12, quantity: 10 }]]]),
};
const rules: SheetRules = { isBatchSizeActive: true, buyableWithoutStock: true, seasonIds: [11, 12], maxLines: 500 };

function plan(rows: SheetInputRow[], cart: StoredBasketLine[], context: Partial<ConfirmContext> = {}) {
  const target = context.target ?? 'order';
  const input: SheetInput = { source: 'paste', target, rows };
  return planConfirm(judgeSheet(input, catalogue, rules), cart, {
    target,
    mode: 'set',
    seasonIds: rules.seasonIds,
    maxLines: rules.maxLines,
    products: new Map(products.map((p) => [p.id, p])),
    judge: (again) => judgeSheet(again, catalogue, rules),
    ...context,
  });
}

describe('planConfirm', () => {
  it('set: the sheet’s quantity replaces the cart’s, at today’s price, keeping the line’s details; other lines stay', () => {
    const result = plan([{ line: 1, sku: 'P1', quantity: 3 }], [inCart('P1', 7), inCart('P9', 1, { id: 2, product_id: 9 })]);
    expect(result.lines).toEqual([
      expect.objectContaining({ sku: 'P1', quantity: 3, unit_price_cents: 1000, old_price_cents: null, custom_attributes: '{"Farbe":"Rot"}', created_at: '2024-01-01T00:00:00.000Z' }),
      expect.objectContaining({ sku: 'P9', quantity: 1 }),
    ]);
    expect(result.went).toEqual([{ line: 1, sku: 'P1', variantSku: null, name: 'P1', orderType: 'order', quantity: 3, price: { value: 10, currency: 'EUR' } }]);
  });

  it('add: the sum is judged again, rounded up to whole batches and capped at the stock', () => {
    const result = plan(
      [
        { line: 1, sku: 'P2', quantity: 6 },
        { line: 2, sku: 'P3', quantity: 4 },
      ],
      [inCart('P2', 5), inCart('P3', 8, { id: 2 })],
      { mode: 'add' },
    );
    expect(result.went.map((line) => [line.sku, line.quantity])).toEqual([
      ['P2', 12],
      ['P3', 10],
    ]);
  });

  it('add: a sum no higher than the cart already holds adds nothing and says why', () => {
    const result = plan([{ line: 4, sku: 'P3', quantity: 2 }], [inCart('P3', 10)], { mode: 'add' });
    expect(result.went).toEqual([]);
    expect(result.refused).toEqual([{ line: 4, sku: 'P3', messageKey: 'orderSheet.row.cappedAtStock', params: expect.objectContaining({ from: 12, to: 10 }) }]);
    expect(result.lines).toEqual([expect.objectContaining({ sku: 'P3', quantity: 10 })]);
  });

  it('pre-order add: each season summed with the cart’s and capped at what its pre-stock allows', () => {
    const cart = [inCart('P4', 4, { order_type: 'preOrder', quantities: '[1,3]' })];
    const summed = plan([{ line: 1, sku: 'P4', quantity: null, quantities: [2, 3] }], cart, { target: 'preOrder', mode: 'add' });
    expect(summed.went).toMatchObject([{ sku: 'P4', orderType: 'preOrder', quantities: [3, 6], quantity: 9 }]);
    expect(summed.lines).toEqual([expect.objectContaining({ order_type: 'preOrder', quantities: '[3,6]', quantity: 9 })]);
    // The frozen stock leaves the first season 10 − 3.
    const capped = plan([{ line: 1, sku: 'P4', quantity: null, quantities: [8, 0] }], cart, { target: 'preOrder', mode: 'add' });
    expect(capped.went).toMatchObject([{ quantities: [7, 3], quantity: 10 }]);
  });

  it('pre-order add: a sum that would take from a season the cart holds adds nothing', () => {
    const cart = [inCart('P4', 10, { order_type: 'preOrder', quantities: '[2,8]' })];
    const result = plan([{ line: 1, sku: 'P4', quantity: null, quantities: [0, 5] }], cart, { target: 'preOrder', mode: 'add' });
    expect(result.went).toEqual([]);
    expect(result.refused).toMatchObject([{ line: 1, sku: 'P4' }]);
    expect(result.lines).toEqual([expect.objectContaining({ quantities: '[2,8]', quantity: 10 })]);
  });

  it('refuses a new item beyond the basket’s line limit with its reason; an item already in the cart still changes', () => {
    const result = plan(
      [
        { line: 1, sku: 'P1', quantity: 2 },
        { line: 2, sku: 'P2', quantity: 6 },
      ],
      [inCart('P1', 1)],
      { maxLines: 1 },
    );
    expect(result.went.map((line) => line.sku)).toEqual(['P1']);
    expect(result.refused).toEqual([{ line: 2, sku: 'P2', messageKey: 'orderSheet.row.cartFull', params: { max: 1 } }]);
  });

  it('leaves refused and merged rows out', () => {
    const result = plan(
      [
        { line: 1, sku: 'NOPE', quantity: 2 },
        { line: 2, sku: 'P1', quantity: 1 },
        { line: 3, sku: 'P1', quantity: 2 },
      ],
      [],
    );
    expect(result.lines).toEqual([expect.objectContaining({ sku: 'P1', quantity: 3 })]);
    expect(result.went.map((line) => line.line)).toEqual([2]);
  });
});
