import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../../../core/catalog-types';
import { preOrderQuantitiesFit } from '../../../core/add-to-cart-rules';
import { findShortfalls, fitPreOrderQuantities, reducedLines, type StockFacts, type StockRules } from './stock-shortfall';

const seasonIds = [11, 12, 13];
const rules: StockRules = { buyableWithoutStock: true, isBatchSizeActive: true, seasonIds };
const plainFacts: StockFacts = { isOnlySellableWithPositiveStock: false, isStockFreeze: false, preStocks: [] };

function line(overrides: Partial<CartProduct>): CartProduct {
  return {
    _id: 1,
    sku: 'A-1',
    name: 'Holzschraube',
    image: null,
    price: { value: 2, currency: 'EUR' },
    orderType: 'order',
    quantity: 10,
    quantities: [],
    stock: { value: 4 },
    notEnoughStock: true,
    oldPrice: null,
    vatRate: 19,
    salesBatchSize: 1,
    customAttributes: null,
    packs: null,
    ...overrides,
  } as CartProduct;
}

describe('order lines', () => {
  it('are short only when the item must not be oversold', () => {
    const wanted = [line({})];
    expect(findShortfalls(wanted, () => plainFacts, rules)).toEqual([]);
    expect(findShortfalls(wanted, () => ({ ...plainFacts, isOnlySellableWithPositiveStock: true }), rules)).toMatchObject([{ sku: 'A-1', requested: 10, available: 4 }]);
    expect(findShortfalls(wanted, () => plainFacts, { ...rules, buyableWithoutStock: false })).toMatchObject([{ requested: 10, available: 4 }]);
  });

  it('within the stock are not short, and a line without facts is left to the placement', () => {
    const strict = { ...rules, buyableWithoutStock: false };
    expect(findShortfalls([line({ quantity: 4 })], () => plainFacts, strict)).toEqual([]);
    expect(findShortfalls([line({})], () => undefined, strict)).toEqual([]);
  });

  it('go down to the largest batch multiple the stock holds, negative stock counting as none', () => {
    const strict = { ...rules, buyableWithoutStock: false };
    expect(findShortfalls([line({ quantity: 24, salesBatchSize: 6, stock: { value: 17 } })], () => plainFacts, strict)).toMatchObject([{ available: 12 }]);
    expect(findShortfalls([line({ quantity: 24, salesBatchSize: 6, stock: { value: 17 } })], () => plainFacts, { ...strict, isBatchSizeActive: false })).toMatchObject([
      { available: 17 },
    ]);
    expect(findShortfalls([line({ stock: { value: -3 } })], () => plainFacts, strict)).toMatchObject([{ available: 0 }]);
  });
});

describe('pre-order lines', () => {
  const frozen = (quantities: number[]) => ({
    isOnlySellableWithPositiveStock: false,
    isStockFreeze: true,
    preStocks: quantities.map((quantity, index) => ({ seasonId: seasonIds[index]!, quantity })),
  });
  const preOrder = (quantities: number[]) => line({ orderType: 'preOrder', quantities, quantity: quantities.reduce((a, b) => a + b, 0) });

  it('are short when a season asks for more than its pre-stock, only with frozen stock', () => {
    expect(findShortfalls([preOrder([30, 0, 0])], () => ({ ...frozen([20, 50, 50]), isStockFreeze: false }), rules)).toEqual([]);
    expect(findShortfalls([preOrder([10, 5, 0])], () => frozen([20, 50, 50]), rules)).toEqual([]);
    expect(findShortfalls([preOrder([30, 0, 0])], () => frozen([20, 50, 50]), rules)).toMatchObject([{ orderType: 'preOrder', requested: 30, available: 20, quantities: [20, 0, 0] }]);
  });

  it('count a season without a pre-stock as having none', () => {
    expect(findShortfalls([preOrder([0, 0, 5])], () => frozen([20, 20]), rules)).toMatchObject([{ available: 0, quantities: [0, 0, 0] }]);
  });

  it('keep what the basket accepts: each season within its pre-stock minus the other seasons, never more than asked', () => {
    const preStocks = [25, 8, 40];
    const fitted = fitPreOrderQuantities([30, 5, 10], (index) => preStocks[index]!, 1);
    expect(fitted).toEqual([25, 0, 0]);
    expect(preOrderQuantitiesFit(frozen(preStocks), fitted, seasonIds)).toBe(true);
    const later = fitPreOrderQuantities([0, 5, 50], (index) => preStocks[index]!, 1);
    expect(later).toEqual([0, 5, 3]);
    expect(preOrderQuantitiesFit(frozen(preStocks), later, seasonIds)).toBe(true);
    expect(fitPreOrderQuantities([12, 0, 0], () => 10, 4)).toEqual([8, 0, 0]);
  });
});

describe('the reduced basket', () => {
  it('lowers the short lines, removes those left with nothing, keeps the rest and drops packs that no longer fit', () => {
    const strict = { ...rules, buyableWithoutStock: false };
    const basket = [
      line({ sku: 'A-1', packs: [{ quantity: 2, size: 5 }] }),
      line({ sku: 'B-2', _id: 2, stock: { value: 0 } }),
      line({ sku: 'C-3', _id: 3, quantity: 2 }),
      line({ sku: 'A-1', orderType: 'preOrder', quantities: [3, 0, 0], quantity: 3 }),
    ];
    const shortfalls = findShortfalls(basket, () => plainFacts, strict);
    expect(shortfalls.map((shortfall) => shortfall.sku)).toEqual(['A-1', 'B-2']);
    const reduced = reducedLines(basket, shortfalls);
    expect(reduced.map((entry) => [entry.orderType, entry.sku, entry.quantity, entry.packs])).toEqual([
      ['order', 'A-1', 4, null],
      ['order', 'C-3', 2, null],
      ['preOrder', 'A-1', 3, null],
    ]);
  });
});
