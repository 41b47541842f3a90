import { describe, expect, it } from 'vitest';
import { addAllRule, isRowInputDisabled, orderQuantityMax, rowAddRule, seasonMaxima } from './row-rules';
import { testProduct } from './test-products';

const settings = { isBatchSizeActive: true, buyableWithoutStock: false };
const choice = (quantity: number, quantities: number[] = []) => ({ quantity, quantities });

describe('a product row in order mode', () => {
  const row = testProduct({ salesBatchSize: 5, stock: { value: 40 } });

  it.each([
    ['nothing chosen', 0, { allowed: false, reason: 'cart.quantity.not.positive' }],
    ['a batch multiple', 10, { allowed: true }],
    ['not a batch multiple', 7, { allowed: false, reason: 'cart.invalid.batch.quantity' }],
  ])('%s', (_, quantity, rule) => {
    expect(rowAddRule(row, choice(quantity), 'order', settings)).toEqual(rule);
  });

  it('refuses and locks an out-of-stock product unless the shop sells beyond stock', () => {
    const empty = testProduct({ stock: { value: 0 } });
    expect(rowAddRule(empty, choice(1), 'order', settings)).toEqual({ allowed: false, reason: 'cart.product.out.of.stock' });
    expect(isRowInputDisabled(empty, 'order', settings)).toBe(true);
    expect(isRowInputDisabled(empty, 'order', { buyableWithoutStock: true })).toBe(false);
    expect(isRowInputDisabled(testProduct({ stock: { value: 0 }, isOnlySellableWithPositiveStock: true }), 'order', settings)).toBe(false);
  });

  it('caps the quantity at the stock unless the shop sells beyond stock', () => {
    expect(orderQuantityMax(row, settings)).toBe(40);
    expect(orderQuantityMax(testProduct({ stock: { value: -3 } }), settings)).toBe(0);
    expect(orderQuantityMax(row, { buyableWithoutStock: true })).toBeNull();
  });
});

describe('a product row in pre-order mode', () => {
  const seasons = [1, 2, 3];
  const row = testProduct({ salesBatchSize: 10, isStockFreeze: true, preStocks: [{ seasonId: 1, quantity: 100 }, { seasonId: 3, quantity: 30 }] });

  it.each([
    ['no pre-stock at all', testProduct({ preStocks: [] }), [10, 0, 0], { allowed: false, reason: 'cart.preorder.unavailable' }],
    ['nothing chosen', row, [0, 0, 0], { allowed: false, reason: 'cart.quantity.not.positive' }],
    ['batch multiples', row, [20, 0, 10], { allowed: true }],
    ['a season off the batch', row, [20, 0, 5], { allowed: false, reason: 'cart.invalid.batch.quantity' }],
  ])('%s', (_, product, quantities, rule) => {
    expect(rowAddRule(product, choice(0, quantities), 'preOrder', settings)).toEqual(rule);
  });

  it('locks rows that cannot be pre-ordered', () => {
    expect(isRowInputDisabled(testProduct({ preStocks: [] }), 'preOrder', settings)).toBe(true);
    expect(isRowInputDisabled(row, 'preOrder', settings)).toBe(false);
  });

  it('shows each season’s max as its pre-stock less the other seasons', () => {
    expect(seasonMaxima(row, [20, 0, 10], seasons)).toEqual([90, 0, 10]);
    expect(seasonMaxima({ ...row, isStockFreeze: false }, [20, 0, 10], seasons)).toEqual([null, null, null]);
  });
});

describe('add all', () => {
  const row = testProduct({ salesBatchSize: 5 });

  it.each([
    ['nothing chosen in order mode', 'order', [choice(0), choice(0)], { allowed: false, reason: 'cart.nothing.chosen' }],
    ['one line chosen', 'order', [choice(5), choice(0)], { allowed: true }],
    ['one line off the batch', 'order', [choice(5), choice(3)], { allowed: false, reason: 'cart.invalid.batch.quantity' }],
    ['nothing chosen in pre-order mode', 'preOrder', [choice(0, [0, 0])], { allowed: false, reason: 'cart.nothing.chosen' }],
    ['pre-order quantities', 'preOrder', [choice(0, [5, 10])], { allowed: true }],
  ] as const)('%s', (_, orderType, choices, rule) => {
    expect(addAllRule(choices.map((c) => ({ row, choice: c })), orderType, settings)).toEqual(rule);
  });
});
