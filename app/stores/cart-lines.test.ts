import { describe, expect, it } from 'vitest';
import type { CartProduct, Price } from '../../core/catalog-types';
import {
  countLines,
  firstInvalidCandidate,
  fittedToStock,
  isEffectiveQuantity,
  linesLackingStock,
  missingLines,
  movedToOtherCart,
  toBasketItems,
  toCartLine,
  withCandidates,
  withDetails,
  type CartCandidate,
} from './cart-lines';

const price = (value: number, extra: Partial<Price> = {}): Price => ({ value, currency: 'EUR', rrp: null, preOrderPrice: null, ...extra });

const candidate = (sku: string, overrides: Partial<CartCandidate> = {}): CartCandidate => ({
  _id: 7,
  sku,
  name: `Product ${sku}`,
  price: price(4.5),
  stock: { value: 20 },
  images: [{ image: { url: `/media/${sku}.webp`, width: 100, height: 100 } }],
  vatRate: 19,
  salesBatchSize: 1,
  ...overrides,
});

const line = (sku: string, overrides: Partial<CartProduct> = {}): CartProduct => ({
  ...toCartLine(candidate(sku), 'order'),
  quantity: 2,
  ...overrides,
});

describe('firstInvalidCandidate (the checks before adding)', () => {
  it.each([
    ['a valid product', [candidate('A')], null],
    ['a missing product', [null], 'cart.invalid.product.id'],
    ['nothing at all', [], 'cart.invalid.product.id'],
    ['a product without a name', [candidate('A', { name: '' })], 'cart.invalid.product.id'],
    ['a verbose id with a hyphen', [candidate('A', { _id: '12-drill' as unknown as number })], 'cart.invalid.product.id'],
    ['a price still loading', [candidate('A', { price: price(4, { isLoading: true }) })], 'cart.invalid.product.price'],
    ['a zero price', [candidate('A', { price: price(0) })], 'cart.invalid.product.price'],
    ['a hidden price', [candidate('A', { price: null })], 'cart.invalid.product.price'],
    ['one bad product among good ones spoils all', [candidate('A'), candidate('B', { price: price(0) })], 'cart.invalid.product.price'],
  ])('%s', (_case, products, expected) => {
    expect(firstInvalidCandidate(products)).toBe(expected);
  });
});

describe('toCartLine', () => {
  it('takes identity, first image, price and stock of an order product', () => {
    expect(toCartLine(candidate('A', { quantity: 3, variantSku: 'A-RED' }), 'order')).toMatchObject({
      _id: 7,
      sku: 'A',
      variantSku: 'A-RED',
      image: '/media/A.webp',
      orderType: 'order',
      quantity: 3,
      quantities: [],
      oldPrice: null,
      notEnoughStock: false,
    });
  });

  it('keeps a pre-order product’s quantities per season and sums them as its quantity', () => {
    expect(toCartLine(candidate('A', { quantities: [2, 0, 4] }), 'preOrder')).toMatchObject({ orderType: 'preOrder', quantities: [2, 0, 4], quantity: 6 });
  });

  it('has no variantSku key without a variant and no image without images', () => {
    const result = toCartLine(candidate('A', { images: [] }), 'order');
    expect(result).not.toHaveProperty('variantSku');
    expect(result.image).toBeNull();
  });
});

describe('withCandidates', () => {
  it('adds new lines capped at the stock and replaces present ones (core addItem)', () => {
    const before = [line('A', { quantity: 5 })];
    const result = withCandidates(before, [candidate('A', { quantity: 1 }), candidate('B', { quantity: 50 })], 'order', { buyableWithoutStock: false });
    expect(result.map((l) => [l.sku, l.quantity])).toEqual([
      ['A', 1],
      ['B', 20],
    ]);
    expect(before[0]!.quantity).toBe(5);
  });

  it('keeps the requested quantity in a shop that sells beyond its stock', () => {
    const result = withCandidates([], [candidate('B', { quantity: 50 }), candidate('C', { quantity: 3, stock: { value: 0 } })], 'order', { buyableWithoutStock: true });
    expect(result.map((l) => [l.sku, l.quantity])).toEqual([
      ['B', 50],
      ['C', 3],
    ]);
  });
});

describe('toBasketItems', () => {
  it('sends identity and quantities only, never price or stock', () => {
    const items = toBasketItems([
      line('A', { quantity: 3, oldPrice: 4 }),
      line('B', { orderType: 'preOrder', quantities: [1, 2], quantity: 3, variantSku: 'B-1', customAttributes: { note: ' ' } }),
    ]);
    expect(items).toEqual([
      { _id: 7, sku: 'A', orderType: 'order', quantity: 3 },
      { _id: 7, sku: 'B', variantSku: 'B-1', orderType: 'preOrder', quantities: [1, 2], customAttributes: { note: ' ' } },
    ]);
  });
});

describe('countLines', () => {
  it('counts the lines of each cart', () => {
    expect(countLines([line('A'), line('B'), line('A', { orderType: 'preOrder' })])).toEqual({ order: 2, preOrder: 1 });
    expect(countLines([])).toEqual({ order: 0, preOrder: 0 });
  });
});

describe('isEffectiveQuantity (a falsy quantity is ignored)', () => {
  it.each([
    [3, true],
    [0, false],
    [Number.NaN, false],
    [-2, false],
    [null, false],
    [undefined, false],
    [[0, 2, 0], true],
    [[0, 0, 0], false],
    [[], false],
  ])('%s → %s', (quantity, expected) => {
    expect(isEffectiveQuantity(quantity as number | number[] | null | undefined)).toBe(expected);
  });
});

describe('movedToOtherCart', () => {
  it('turns an order line into a pre-order for the chosen season', () => {
    const result = movedToOtherCart([line('A', { quantity: 4 }), line('B')], { sku: 'A', orderType: 'order' }, 3, 1);
    expect(result.map((l) => [l.sku, l.orderType, l.quantity, l.quantities])).toEqual([
      ['B', 'order', 2, []],
      ['A', 'preOrder', 4, [0, 4, 0]],
    ]);
  });

  it('turns a pre-order line into an order of all its seasons', () => {
    const result = movedToOtherCart([line('A', { orderType: 'preOrder', quantities: [1, 0, 5], quantity: 6 })], { sku: 'A', orderType: 'preOrder' }, 3);
    expect(result).toMatchObject([{ sku: 'A', orderType: 'order', quantity: 6, quantities: [] }]);
  });

  it('adds up with the same item already in the other cart, keeping that line’s place', () => {
    const lines = [line('A', { orderType: 'preOrder', quantities: [1, 1, 0], quantity: 2 }), line('B'), line('A', { quantity: 3 })];
    const result = movedToOtherCart(lines, { sku: 'A', orderType: 'preOrder' }, 3);
    expect(result.map((l) => [l.sku, l.orderType, l.quantity])).toEqual([
      ['B', 'order', 2],
      ['A', 'order', 5],
    ]);
  });

  it('leaves the cart as it is for an unknown line', () => {
    const lines = [line('A')];
    expect(movedToOtherCart(lines, { sku: 'Z', orderType: 'order' }, 3)).toEqual(lines);
  });
});

describe('answers of the server', () => {
  it('tells which added lines the server dropped', () => {
    expect(missingLines([{ sku: 'A', orderType: 'order' }, { sku: 'B', orderType: 'order' }], [line('A')])).toEqual([{ sku: 'B', orderType: 'order' }]);
  });

  it('finds the touched lines flagged notEnoughStock', () => {
    const answer = [line('A', { notEnoughStock: true }), line('B', { notEnoughStock: true }), line('C')];
    expect(linesLackingStock(answer, [{ sku: 'A', orderType: 'order' }, { sku: 'C', orderType: 'order' }]).map((l) => l.sku)).toEqual(['A']);
  });
});

describe('fittedToStock', () => {
  it('lowers flagged order lines to the largest batch multiple the stock holds and drops the ones it cannot serve', () => {
    const result = fittedToStock([
      line('A', { quantity: 30, stock: { value: 14 }, salesBatchSize: 6, notEnoughStock: true }),
      line('B', { quantity: 10, stock: { value: 3 }, salesBatchSize: 6, notEnoughStock: true }),
      line('C', { quantity: 10, stock: { value: 3 } }),
      line('D', { orderType: 'preOrder', quantities: [9], quantity: 9, stock: { value: 0 }, notEnoughStock: true }),
    ]);
    expect(result.map((l) => [l.sku, l.quantity, l.notEnoughStock])).toEqual([
      ['A', 12, false],
      ['C', 10, false],
      ['D', 9, true],
    ]);
  });

  it('lowers only the lines given', () => {
    const lines = [line('A', { quantity: 9, stock: { value: 4 }, notEnoughStock: true }), line('B', { quantity: 9, stock: { value: 4 }, notEnoughStock: true })];
    expect(fittedToStock(lines, [{ sku: 'B', orderType: 'order' }]).map((l) => l.quantity)).toEqual([9, 4]);
  });
});

describe('withDetails', () => {
  it('changes only the named line', () => {
    const result = withDetails([line('A'), line('B')], { sku: 'B', orderType: 'order' }, { packs: [{ quantity: 2, size: 6 }], quantity: 12 });
    expect(result.map((l) => [l.sku, l.quantity, l.packs])).toEqual([
      ['A', 2, null],
      ['B', 12, [{ quantity: 2, size: 6 }]],
    ]);
  });
});
