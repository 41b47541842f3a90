import { describe, expect, it } from 'vitest';
import en from '../locales/en/translation.json' with { type: 'json' };
import {
  clampToStock,
  decrementQuantity,
  incrementQuantity,
  invalidBatchQuantityKey,
  isValidBatchMultiple,
  normaliseQuantity,
  stepFor,
} from './quantity.ts';

describe('normaliseQuantity', () => {
  it.each([
    ['"Quantity: negative … becomes 0" (a negative number)', -3, 0],
    ['"Quantity: negative … becomes 0" (a negative string)', '-1', 0],
    ['"… or non-numeric becomes 0" (text)', 'abc', 0],
    ['"… or non-numeric becomes 0" (an empty input)', '', 0],
    ['"… or non-numeric becomes 0" (nothing)', undefined, 0],
    ['"… or non-numeric becomes 0" (null)', null, 0],
    ['"… or non-numeric becomes 0" (NaN)', Number.NaN, 0],
    ['"… or non-numeric becomes 0" (infinity)', Number.POSITIVE_INFINITY, 0],
    ['"Input minimum 0" (zero stays zero)', 0, 0],
    ['a typed number is read', '12', 12],
    ['a number is kept', 7, 7],
    ['a fraction is cut to whole pieces', 2.9, 2],
    ['spaces around a typed number are ignored', ' 4 ', 4],
  ])('%s', (_sentence, input, expected) => {
    expect(normaliseQuantity(input)).toBe(expected);
  });
});

describe('stepFor', () => {
  it.each([
    ['"step equals batch size"', 6, 6],
    ['"(default 1)" without a batch size', undefined, 1],
    ['"(default 1)" for a null batch size', null, 1],
    ['"(default 1)" for a batch size of 0', 0, 1],
    ['"(default 1)" for a negative batch size', -4, 1],
    ['"(default 1)" for a fractional batch size', 2.5, 1],
  ])('%s', (_sentence, batchSize, expected) => {
    expect(stepFor(batchSize)).toBe(expected);
  });
});

describe('incrementQuantity and decrementQuantity', () => {
  it.each([
    ['"increment … snap to multiples of the batch size" from 0', 0, 6, 6, 0],
    ['"increment and decrement snap to multiples" from a multiple', 6, 6, 12, 0],
    ['"increment and decrement snap to multiples" from between multiples', 7, 6, 12, 6],
    ['"increment and decrement snap to multiples" just below a multiple', 11, 6, 12, 6],
    ['"step … (default 1)"', 3, undefined, 4, 2],
    ['"Input minimum 0": decrement stops at 0', 0, 1, 1, 0],
    ['a negative start counts as 0', -5, 4, 4, 0],
  ])('%s', (_sentence, quantity, batchSize, up, down) => {
    expect(incrementQuantity(quantity, batchSize)).toBe(up);
    expect(decrementQuantity(quantity, batchSize)).toBe(down);
  });
});

describe('isValidBatchMultiple', () => {
  it.each([
    ['"quantity must be a multiple of salesBatchSize" (a multiple)', 12, 6, true, true],
    ['"quantity must be a multiple of salesBatchSize" (not a multiple)', 7, 6, true, false],
    ['"quantity must be a multiple of salesBatchSize" (0 is a multiple)', 0, 6, true, true],
    ['"Batch size (when the feature is active)": inactive feature accepts any quantity', 7, 6, false, true],
    ['without a batch size every whole quantity is a multiple of 1', 7, undefined, true, true],
  ])('%s', (_sentence, quantity, batchSize, active, expected) => {
    expect(isValidBatchMultiple(quantity, batchSize, active)).toBe(expected);
  });

  it('names the spec’s message by its key, translated with the spec’s text', () => {
    expect(invalidBatchQuantityKey).toBe('cart.invalid.batch.quantity');
    expect((en as Record<string, string>)[invalidBatchQuantityKey]).toBe('Invalid product quantity. Must be a multiple of the batch size.');
  });
});

describe('clampToStock', () => {
  it.each([
    ['"single quantity, clamped to stock"', 15, 10, false, 10],
    ['"clamped to stock" keeps a quantity within the stock', 4, 10, false, 4],
    ['"… unless buyable without stock"', 15, 10, true, 15],
    ['an empty stock allows nothing', 3, 0, false, 0],
    ['a negative stock allows nothing', 3, -2, false, 0],
    ['the quantity is normalised first', -3, 10, true, 0],
  ])('%s', (_sentence, quantity, stock, buyableWithoutStock, expected) => {
    expect(clampToStock(quantity, stock, buyableWithoutStock)).toBe(expected);
  });
});
