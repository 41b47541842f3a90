import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors.ts';
import { parseAttributeFilters, parseListQuery } from './material-query.ts';

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { messageKey: error.messageKey, field: error.field };
    throw error;
  }
  throw new Error('expected an error');
}

describe('parseListQuery', () => {
  it('fills the defaults: all products, page 1, 15 per page, no filters', () => {
    expect(parseListQuery({})).toEqual({ categoryId: null, page: 1, pageSize: 15, filters: { inStockOnly: false, preOrderOnly: false, attributes: [] } });
    expect(parseListQuery({ category: '', page: '' }).categoryId).toBeNull();
  });

  it('reads numbers and flags', () => {
    expect(parseListQuery({ category: '12', page: '3', pageSize: '100', stockAvail: 'true', isPreOrderMode: '1' })).toEqual({
      categoryId: 12,
      page: 3,
      pageSize: 100,
      filters: { inStockOnly: true, preOrderOnly: true, attributes: [] },
    });
    expect(parseListQuery({ stockAvail: '0', isPreOrderMode: 'false' }).filters).toMatchObject({ inStockOnly: false, preOrderOnly: false });
  });

  it.each([
    [{ page: '0' }, 'page', 'validation.invalid'],
    [{ page: '1e3' }, 'page', 'validation.invalid'],
    [{ page: ' 7' }, 'page', 'validation.invalid'],
    [{ page: ['1', '2'] }, 'page', 'validation.invalid'],
    [{ pageSize: '101' }, 'pageSize', 'validation.page_size_too_large'],
    [{ page: '007' }, 'page', 'validation.invalid'],
    // No category id names no category: answered like an unknown one.
    [{ category: '0x10' }, 'category', 'error.category_not_found'],
    [{ category: '2147483648' }, 'category', 'error.category_not_found'],
    [{ stockAvail: 'yes' }, 'stockAvail', 'validation.invalid'],
  ])('refuses %j', (query, field, messageKey) => {
    expect(errorOf(() => parseListQuery(query))).toEqual({ field, messageKey });
  });
});

describe('parseAttributeFilters', () => {
  it('reads attr[Name]=value pairs, several values of a name as alternatives, in a stable order', () => {
    expect(parseAttributeFilters({ 'attr[Marke]': 'Nordlicht', 'attr[Farbe]': ['Rot', 'Blau', 'Rot'], page: '2', attr: 'x' })).toEqual([
      { name: 'Farbe', values: ['Blau', 'Rot'] },
      { name: 'Marke', values: ['Nordlicht'] },
    ]);
  });

  it.each([
    [{ 'attr[]': 'Rot' }, 'attr[]', 'validation.invalid'],
    [{ 'attr[Farbe]': '' }, 'attr[Farbe]', 'validation.invalid'],
    [{ [`attr[${'n'.repeat(101)}]`]: 'x' }, `attr[${'n'.repeat(101)}]`, 'validation.too_long'],
    [{ 'attr[Farbe]': Array.from({ length: 21 }, (_, i) => `v${i}`) }, 'attr[Farbe]', 'validation.too_many_items'],
    [Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`attr[n${i}]`, 'x'])), 'attr', 'validation.too_many_items'],
  ])('refuses %j', (query, field, messageKey) => {
    expect(errorOf(() => parseAttributeFilters(query))).toEqual({ field, messageKey });
  });
});
