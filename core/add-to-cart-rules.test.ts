import { describe, expect, it } from 'vitest';
import {
  canAddAll,
  canAddSingle,
  canPreOrder,
  hasNotEnoughStock,
  isQuantityInputDisabled,
  preOrderQuantitiesFit,
  preOrderSeasonMax,
  validateBeforeAdding,
  type PreOrderInput,
} from './add-to-cart-rules.ts';
import en from '../locales/en/translation.json' with { type: 'json' };

const settings = { isBatchSizeActive: false, buyableWithoutStock: false };
const batchShop = { ...settings, isBatchSizeActive: true };
const openShop = { ...settings, buyableWithoutStock: true };
const product = (stock: number, overrides: { isOnlySellableWithPositiveStock?: boolean; salesBatchSize?: number } = {}) => ({
  stock: { value: stock },
  isOnlySellableWithPositiveStock: false,
  salesBatchSize: 1,
  ...overrides,
});

describe('canAddSingle', () => {
  it.each([
    ['"Single add is disabled when quantity <= 0" (zero)', product(10), 0, settings, 'cart.quantity.not.positive'],
    ['"Single add is disabled when quantity <= 0" (negative)', product(10), -2, settings, 'cart.quantity.not.positive'],
    ['"Single add is disabled when quantity <= 0" (not a number)', product(10), Number.NaN, settings, 'cart.quantity.not.positive'],
    ['"… or the product is out of stock and neither buyable without stock nor positive-stock-only"', product(0), 2, settings, 'cart.product.out.of.stock'],
    ['out of stock but the shop is "buyable without stock"', product(0), 2, openShop, null],
    ['out of stock but the product is "positive-stock-only"', product(0, { isOnlySellableWithPositiveStock: true }), 2, settings, null],
    ['an in-stock product with a quantity may be added', product(10), 2, settings, null],
    ['"Batch size (when the feature is active): quantity must be a multiple … Otherwise single add … disabled"', product(10, { salesBatchSize: 6 }), 4, batchShop, 'cart.invalid.batch.quantity'],
    ['a multiple of the batch size may be added', product(10, { salesBatchSize: 6 }), 6, batchShop, null],
    ['the batch size does not matter while the feature is off', product(10, { salesBatchSize: 6 }), 4, settings, null],
  ])('%s', (_sentence, input, quantity, shop, reason) => {
    expect(canAddSingle(input, quantity, shop)).toEqual(reason ? { allowed: false, reason } : { allowed: true });
  });
});

describe('isQuantityInputDisabled', () => {
  it.each([
    ['"Quantity input is disabled when stock is empty, not buyable without stock and not positive-stock-only"', product(0), settings, true],
    ['enabled when the shop is buyable without stock', product(0), openShop, false],
    ['enabled for positive-stock-only products', product(0, { isOnlySellableWithPositiveStock: true }), settings, false],
    ['enabled when there is stock', product(3), settings, false],
  ])('%s', (_sentence, input, shop, expected) => {
    expect(isQuantityInputDisabled(input, shop)).toBe(expected);
  });
});

describe('canAddAll', () => {
  it.each([
    ['"Add-all is disabled when nothing is chosen (order mode)"', [{ salesBatchSize: 1, quantity: 0 }, { salesBatchSize: 1 }], 'order', settings, 'cart.nothing.chosen'],
    ['"nothing is chosen" with no rows at all', [], 'order', settings, 'cart.nothing.chosen'],
    ['one chosen row is enough', [{ salesBatchSize: 1, quantity: 0 }, { salesBatchSize: 1, quantity: 3 }], 'order', settings, null],
    ['"… or any line has an invalid batch multiple" (order mode)', [{ salesBatchSize: 6, quantity: 12 }, { salesBatchSize: 5, quantity: 3 }], 'order', batchShop, 'cart.invalid.batch.quantity'],
    ['"… or any line has an invalid batch multiple" (pre-order mode, one season)', [{ salesBatchSize: 6, quantities: [6, 7, 0] }], 'preOrder', batchShop, 'cart.invalid.batch.quantity'],
    ['valid pre-order multiples may be added', [{ salesBatchSize: 6, quantities: [6, 12, 0] }], 'preOrder', batchShop, null],
    ['"(order mode)": pre-order mode does not require a choice', [{ salesBatchSize: 1, quantities: [0, 0, 0] }], 'preOrder', settings, null],
    ['an unreadable quantity counts as 0, not as a bad multiple', [{ salesBatchSize: 6, quantity: Number.NaN }, { salesBatchSize: 6, quantity: 6 }], 'order', batchShop, null],
    ['batch multiples are not checked while the feature is off', [{ salesBatchSize: 5, quantity: 3 }], 'order', settings, null],
  ] as const)('%s', (_sentence, lines, mode, shop, reason) => {
    expect(canAddAll(lines, mode, shop)).toEqual(reason ? { allowed: false, reason } : { allowed: true });
  });
});

describe('canPreOrder', () => {
  it.each([
    ['"Pre-order add is disabled if the product has no preStocks"', [], { allowed: false, reason: 'cart.preorder.unavailable' }],
    ['a product with pre-stocks may be pre-ordered', [{ seasonId: 1, quantity: 10 }], { allowed: true }],
  ])('%s', (_sentence, preStocks, expected) => {
    expect(canPreOrder({ preStocks })).toEqual(expected);
  });
});

describe('preOrderSeasonMax', () => {
  const seasonIds = [11, 12, 13];
  const frozen: PreOrderInput = { isStockFreeze: true, preStocks: [{ seasonId: 11, quantity: 10 }, { seasonId: 12, quantity: 20 }] };
  it.each([
    ['"a season\'s quantity is capped to its pre-stock quantity minus the quantities chosen for other seasons"', frozen, 0, [4, 3, 2], 5],
    ['"… capped to its pre-stock quantity" when no other season has a quantity', frozen, 1, [0, 7, 0], 20],
    ['the season\'s own quantity does not lower its cap', frozen, 0, [9, 0, 0], 10],
    ['the cap never goes below 0', frozen, 0, [0, 15, 5], 0],
    ['a season without a pre-stock has nothing to give', frozen, 2, [0, 0, 0], 0],
    ['unreadable quantities of other seasons count as 0', frozen, 0, [0, Number.NaN, -4], 10],
    ['"when stock is frozen": otherwise there is no cap', { ...frozen, isStockFreeze: false }, 0, [4, 3, 2], null],
  ])('%s', (_sentence, input, seasonIndex, quantities, expected) => {
    expect(preOrderSeasonMax(input, seasonIndex, quantities, seasonIds)).toBe(expected);
  });

  it.each([
    ['every season within its max fits', [4, 6, 0], true],
    ['a season above its max does not fit', [8, 3, 0], false],
    ['a season without pre-stock may only stay at 0', [0, 0, 1], false],
  ])('preOrderQuantitiesFit: %s', (_sentence, quantities, expected) => {
    expect(preOrderQuantitiesFit(frozen, quantities, seasonIds)).toBe(expected);
  });

  it('preOrderQuantitiesFit accepts anything when the stock is not frozen', () => {
    expect(preOrderQuantitiesFit({ ...frozen, isStockFreeze: false }, [500, 500, 500], seasonIds)).toBe(true);
  });
});

describe('validateBeforeAdding', () => {
  const valid = { _id: 17, sku: 'HW-100', name: 'Hammer', price: { value: 12.5, isLoading: false } };
  it.each([
    ['"each product must exist"', null, 'cart.invalid.product.id'],
    ['"have _id"', { ...valid, _id: undefined }, 'cart.invalid.product.id'],
    ['"have … sku"', { ...valid, sku: '' }, 'cart.invalid.product.id'],
    ['"have … name"', { ...valid, name: null }, 'cart.invalid.product.id'],
    ['"have … price"', { ...valid, price: null }, 'cart.invalid.product.price'],
    ['"have an _id with no hyphen (else \'Invalid product id\')"', { ...valid, _id: '17-hammer' }, 'cart.invalid.product.id'],
    ['an _id given as digits is fine', { ...valid, _id: '17' }, null],
    ['"a non-zero price value … (else \'Invalid product price\')"', { ...valid, price: { value: 0 } }, 'cart.invalid.product.price'],
    ['"… that is not still loading"', { ...valid, price: { value: 12.5, isLoading: true } }, 'cart.invalid.product.price'],
    ['a price that is not a number is invalid', { ...valid, price: { value: Number.NaN } }, 'cart.invalid.product.price'],
    ['a complete product passes', valid, null],
  ])('%s', (_sentence, candidate, expected) => {
    expect(validateBeforeAdding(candidate)).toBe(expected);
  });

  it.each([
    ['cart.invalid.product.id', 'Invalid product id'],
    ['cart.invalid.product.price', 'Invalid product price'],
  ] as const)('%s carries the spec’s text', (key, text) => {
    expect((en as Record<string, string>)[key]).toBe(text);
  });
});

describe('hasNotEnoughStock', () => {
  it.each([
    ['an order line above the stock', 'order', 12, product(10), true],
    ['an order line within the stock', 'order', 10, product(10), false],
    ['"Not-enough-stock counts only for orderType order"', 'preOrder', 12, product(10), false],
    ['"… and when not positive-stock-only"', 'order', 12, product(10, { isOnlySellableWithPositiveStock: true }), false],
    ['any quantity exceeds an empty stock', 'order', 1, product(0), true],
  ] as const)('%s', (_sentence, orderType, quantity, input, expected) => {
    expect(hasNotEnoughStock({ orderType, quantity }, input)).toBe(expected);
  });
});
