import { describe, expect, it } from 'vitest';
import { isInStock, stockStatus, type StockInput } from './stock.ts';

const now = new Date('2026-03-15T10:00:00Z');
const product = ({ stock = 0, ...overrides }: Partial<Omit<StockInput, 'stock'>> & { stock?: number } = {}): StockInput => ({
  releaseDate: null,
  isOnlySellableWithPositiveStock: false,
  ...overrides,
  stock: { value: stock },
});
const customer = { isSalesPerson: false, now };
const salesPerson = { isSalesPerson: true, now };

describe('isInStock', () => {
  it.each([
    ['"in stock if the stock value is non-zero" (positive)', product({ stock: 5 }), true],
    ['"in stock if the stock value is non-zero" (negative counts as non-zero)', product({ stock: -2 }), true],
    ['"… or the product is only sellable with positive stock"', product({ stock: 0, isOnlySellableWithPositiveStock: true }), true],
    ['"otherwise out of stock"', product({ stock: 0 }), false],
  ])('%s', (_sentence, input, expected) => {
    expect(isInStock(input)).toBe(expected);
  });
});

describe('stockStatus', () => {
  it.each([
    ['in stock shows green (our choice: the spec colours only out-of-stock)', product({ stock: 5 }), { inStock: true, colour: 'success', labelKey: 'stock.in', tooltip: null }],
    ['"Colour: warning if a release date exists"', product({ releaseDate: '2026-04-01' }), { inStock: false, colour: 'warning', labelKey: 'stock.out' }],
    ['"… else danger"', product(), { inStock: false, colour: 'danger', labelKey: 'stock.out', tooltip: null }],
    [
      '"Tooltip for out-of-stock: a future release date shows that date"',
      product({ releaseDate: '2026-04-01' }),
      { tooltip: { key: 'stock.available.from', params: { date: '2026-04-01' } } },
    ],
    ['"a past release date shows \'new stock soon\'"', product({ releaseDate: '2026-01-10' }), { colour: 'warning', tooltip: { key: 'stock.new.soon', params: {} } }],
    ['a release date of today is no longer in the future', product({ releaseDate: '2026-03-15' }), { tooltip: { key: 'stock.new.soon', params: {} } }],
    ['a release date later today is still in the future', product({ releaseDate: '2026-03-15T18:00:00Z' }), { tooltip: { key: 'stock.available.from', params: { date: '2026-03-15T18:00:00Z' } } }],
    ['an unreadable release date still warns but promises nothing', product({ releaseDate: 'soon' }), { colour: 'warning', tooltip: null }],
    ['an empty release date counts as none', product({ releaseDate: '' }), { colour: 'danger', tooltip: null }],
    ['an in-stock product gets no tooltip even with a release date', product({ stock: 3, releaseDate: '2026-04-01' }), { colour: 'success', tooltip: null }],
    ['customers do not see the number', product({ stock: 5 }), { numericStock: null }],
  ])('%s', (_sentence, input, expected) => {
    expect(stockStatus(input, customer)).toMatchObject(expected);
  });

  it.each([
    ['"Sales persons see the numeric stock" (in stock)', product({ stock: 42 }), 42],
    ['"Sales persons see the numeric stock" (out of stock)', product({ stock: 0 }), 0],
  ])('%s', (_sentence, input, expected) => {
    expect(stockStatus(input, salesPerson).numericStock).toBe(expected);
  });
});
