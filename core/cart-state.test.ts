import { describe, expect, it } from 'vitest';
import type { Price } from './catalog-types.ts';
import {
  addItem,
  applyUpdatedPrice,
  applyUpdatedPrices,
  emptyByOrderType,
  isSameLine,
  lineKey,
  removeItem,
  updateQuantity,
  type CartStateLine,
} from './cart-state.ts';

const price = (value: number): Price => ({ value, currency: 'EUR', rrp: null, preOrderPrice: null });
const line = (sku: string, overrides: Partial<CartStateLine> = {}): CartStateLine => ({
  sku,
  orderType: 'order',
  quantity: 1,
  quantities: [],
  stock: { value: 10 },
  price: price(5),
  oldPrice: null,
  ...overrides,
});

describe('line identity', () => {
  it.each([
    ['"An item is identified by variantSku if present"', line('P1', { variantSku: 'P1-RED' }), line('P1', { variantSku: 'P1-RED', quantity: 4 }), true],
    ['two variants of one product are different items', line('P1', { variantSku: 'P1-RED' }), line('P1', { variantSku: 'P1-BLUE' }), false],
    ['"… else sku"', line('P1'), line('P1', { quantity: 3 }), true],
    ['an empty variantSku counts as absent', line('P1', { variantSku: '' }), line('P1'), true],
    ['the same product in the order and the pre-order cart are two items', line('P1'), line('P1', { orderType: 'preOrder' }), false],
  ])('%s', (_sentence, a, b, same) => {
    expect(isSameLine(a, b)).toBe(same);
    expect(lineKey(a) === lineKey(b)).toBe(same);
  });
});

describe('addItem', () => {
  const stockBound = { buyableWithoutStock: false };
  it.each([
    ['"A new item gets quantity min(requested or 1, stock value)" (requested)', [], line('P1', { quantity: 4 }), [{ sku: 'P1', quantity: 4 }]],
    ['"min(requested …, stock value)" caps at the stock', [], line('P1', { quantity: 40 }), [{ sku: 'P1', quantity: 10 }]],
    ['"requested or 1"', [], line('P1', { quantity: 0 }), [{ sku: 'P1', quantity: 1 }]],
    ['"min(requested or 1, stock value)" with an empty stock gives 0', [], line('P1', { quantity: 2, stock: { value: 0 } }), [{ sku: 'P1', quantity: 0 }]],
    ['a negative stock gives 0, not a negative quantity', [], line('P1', { quantity: 2, stock: { value: -3 } }), [{ sku: 'P1', quantity: 0 }]],
    ['"Adding an item already present replaces it"', [line('P1', { quantity: 2 }), line('P2')], line('P1', { quantity: 7, price: price(6) }), [{ sku: 'P1', quantity: 7, price: price(6) }, { sku: 'P2' }]],
    [
      '"pre-order items keep their quantities array instead"',
      [],
      line('P1', { orderType: 'preOrder', quantity: 0, quantities: [30, 0, 5], stock: { value: 0 } }),
      [{ sku: 'P1', orderType: 'preOrder', quantity: 0, quantities: [30, 0, 5] }],
    ],
    ['a new item goes after the existing ones', [line('P1')], line('P2', { quantity: 2 }), [{ sku: 'P1' }, { sku: 'P2', quantity: 2 }]],
  ])('%s', (_sentence, before, item, after) => {
    const result = addItem(before, item, stockBound);
    expect(result).toHaveLength(after.length);
    after.forEach((expected, index) => expect(result[index]).toMatchObject(expected));
  });

  it.each([
    ['keeps the requested quantity beyond the stock', line('P1', { quantity: 40 }), 40],
    ['keeps the requested quantity of an out-of-stock product', line('P1', { quantity: 2, stock: { value: 0 } }), 2],
    ['"requested or 1" still holds', line('P1', { quantity: 0, stock: { value: -3 } }), 1],
  ])('in a shop that sells beyond its stock: %s', (_case, item, quantity) => {
    expect(addItem([], item, { buyableWithoutStock: true })[0]!.quantity).toBe(quantity);
  });

  it('leaves the given cart untouched', () => {
    const before = [line('P1', { quantity: 2 })];
    addItem(before, line('P1', { quantity: 9 }), stockBound);
    expect(before[0]!.quantity).toBe(2);
  });
});

describe('updateQuantity', () => {
  const cart = [line('P1', { quantity: 2 }), line('P2', { orderType: 'preOrder', quantities: [1, 2, 3] })];
  it.each([
    ['sets the quantity of the item', line('P1'), 5, { sku: 'P1', quantity: 5 }],
    ['sets the quantities of a pre-order item', line('P2', { orderType: 'preOrder' }), [0, 4, 6], { sku: 'P2', quantities: [0, 4, 6] }],
  ])('%s', (_sentence, target, quantity, expected) => {
    expect(updateQuantity(cart, target, quantity)).toContainEqual(expect.objectContaining(expected));
  });

  it.each([
    ['"A quantity update is ignored if the quantity is falsy" (0)', line('P1'), 0],
    ['"… if the quantity is falsy" (none)', line('P1'), undefined],
    ['"… if the quantity is falsy" (NaN)', line('P1'), Number.NaN],
    ['"… or the item is not found"', line('P9'), 3],
    ['"… or the item is not found" (other order type)', line('P1', { orderType: 'preOrder' }), 3],
  ])('%s', (_sentence, target, quantity) => {
    expect(updateQuantity(cart, target, quantity)).toBe(cart);
  });
});

describe('removeItem and emptyByOrderType', () => {
  const cart = [line('P1'), line('P1', { orderType: 'preOrder' }), line('P2', { variantSku: 'P2-S' }), line('P3', { orderType: 'preOrder' })];
  it.each([
    ['removes the one item with that identity', () => removeItem(cart, line('P1')), ['preOrder:P1', 'order:P2-S', 'preOrder:P3']],
    ['removes a variant by its variant sku', () => removeItem(cart, line('P2', { variantSku: 'P2-S' })), ['order:P1', 'preOrder:P1', 'preOrder:P3']],
    ['removing an unknown item changes nothing', () => removeItem(cart, line('P9')), ['order:P1', 'preOrder:P1', 'order:P2-S', 'preOrder:P3']],
    ['"The cart can be emptied per order type" (order)', () => emptyByOrderType(cart, 'order'), ['preOrder:P1', 'preOrder:P3']],
    ['"The cart can be emptied per order type" (pre-order)', () => emptyByOrderType(cart, 'preOrder'), ['order:P1', 'order:P2-S']],
  ])('%s', (_sentence, run, keys) => {
    expect(run().map(lineKey)).toEqual(keys);
  });
});

describe('applyUpdatedPrice', () => {
  it('"When an item has updatedPrice, the old price is kept as oldPrice and the new price replaces it"', () => {
    const updated = applyUpdatedPrice(line('P1', { price: price(5), updatedPrice: price(6.5) }));
    expect(updated).toMatchObject({ oldPrice: 5, price: price(6.5) });
    expect(updated).not.toHaveProperty('updatedPrice');
  });

  it('a line without updatedPrice stays as it is', () => {
    const unchanged = line('P1', { oldPrice: 4 });
    expect(applyUpdatedPrice(unchanged)).toBe(unchanged);
  });

  it('applies to every line of a cart', () => {
    const lines = applyUpdatedPrices([line('P1', { updatedPrice: price(7) }), line('P2')]);
    expect(lines.map((l) => [l.price.value, l.oldPrice])).toEqual([[7, 5], [5, null]]);
  });
});
