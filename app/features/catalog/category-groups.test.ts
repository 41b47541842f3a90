import { describe, expect, it } from 'vitest';
import type { Category } from '../../../core/catalog-types';
import { categoryTrail, dealCategories, headerCategories, mainCategories, megaMenuColumns, subcategoriesOf } from './category-groups';

function category(_id: number, parent: number | null, extra: Partial<Category> = {}): Category {
  return { _id, name: `C${_id}`, parent, isDeal: false, isActive: true, verboseName: `c${_id}-${_id}`, ...extra };
}

const mains = Array.from({ length: 8 }, (_, i) => category(i + 1, null));
const deal = category(50, null, { isDeal: true });
const inactiveMain = category(60, null, { isActive: false });
// Main 1 has seven subcategories; subcategory 100 has seven children of its own.
const subs = Array.from({ length: 7 }, (_, i) => category(100 + i, 1));
const grandchildren = Array.from({ length: 7 }, (_, i) => category(200 + i, 100));
const all = [...mains, deal, inactiveMain, ...subs, ...grandchildren];

describe('category groups', () => {
  it('tells main, deal and sub categories apart', () => {
    expect(mainCategories(all).map((c) => c._id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(dealCategories(all).map((c) => c._id)).toEqual([50]);
    expect(subcategoriesOf(all, 100).map((c) => c._id)).toEqual([200, 201, 202, 203, 204, 205, 206]);
    expect(subcategoriesOf(all, 2)).toEqual([]);
  });

  it.each([
    ['an account with deals', true, [50]],
    ['an account without deals', false, []],
  ])('header for %s: three main categories, deals, more → the fourth', (_, hasDeals, deals) => {
    const header = headerCategories(all, hasDeals);
    expect(header.shown.map((c) => c._id)).toEqual([1, 2, 3]);
    expect(header.deals.map((c) => c._id)).toEqual(deals);
    expect(header.more?._id).toBe(4);
  });

  it('has no more item with three main categories or fewer', () => {
    expect(headerCategories(mains.slice(0, 3), false).more).toBeNull();
    expect(headerCategories([], true)).toEqual({ shown: [], deals: [], more: null });
  });

  it('fills the mega menu with five subcategories of five items each', () => {
    const columns = megaMenuColumns(all, 1);
    expect(columns.map((column) => column.category._id)).toEqual([100, 101, 102, 103, 104]);
    expect(columns[0]!.items.map((c) => c._id)).toEqual([200, 201, 202, 203, 204]);
    expect(columns[0]!.hasMore).toBe(true);
    expect(columns[1]).toEqual({ category: subs[1], items: [], hasMore: false });
    expect(megaMenuColumns(all, 2)).toEqual([]);
  });

  it('walks the breadcrumb from the main category down', () => {
    expect(categoryTrail(all, 203).map((c) => c._id)).toEqual([1, 100, 203]);
    expect(categoryTrail(all, 1).map((c) => c._id)).toEqual([1]);
    expect(categoryTrail(all, 999)).toEqual([]);
  });

  it('stops on a cycle instead of looping', () => {
    const cycle = [category(1, 2), category(2, 1)];
    expect(categoryTrail(cycle, 1).map((c) => c._id)).toEqual([2, 1]);
  });
});
