import { describe, expect, it } from 'vitest';
import { buildCategoryTree, type CategoryRecord } from './category-tree.ts';

function category(id: number, parent: number | null, options: Partial<CategoryRecord> = {}): CategoryRecord {
  return { id, parent_id: parent, name: `C${id}`, name_en: null, is_deal: 0, is_active: 1, sort_order: id, ...options };
}

// 1 Werkzeug ─ 11 Hand ─ 111 Zangen
//            └ 12 Elektro (inactive) ─ 121 Akku
// 2 Angebote (deal) ─ 21 Restposten
// 3 Elektro, sorted before 1 ─ 31 (parent missing: 99)
const records = [
  category(1, null, { sort_order: 2 }),
  category(11, 1),
  category(111, 11),
  category(12, 1, { is_active: 0 }),
  category(121, 12),
  category(2, null, { is_deal: 1, sort_order: 3 }),
  category(21, 2),
  category(3, null, { sort_order: 1 }),
  category(31, 99),
];

describe('buildCategoryTree', () => {
  it.each([
    [true, [3, 1, 11, 111, 2, 21]],
    [false, [3, 1, 11, 111]],
  ])('with deals shown: %s, lists the visible categories parents first, siblings by sort order', (showDeals, visible) => {
    expect(buildCategoryTree(records, showDeals).visible.map((c) => c.id)).toEqual(visible);
  });

  it.each([
    [1, true, [1, 11, 111]],
    [11, true, [11, 111]],
    [12, true, []],
    [121, true, []],
    [2, true, [2, 21]],
    [21, false, []],
    [31, true, []],
    [404, true, []],
  ])('lists category %i with its visible descendants (deals shown: %s)', (id, showDeals, ids) => {
    expect(buildCategoryTree(records, showDeals).listingIds(id)).toEqual(ids);
  });

  it('names the categories whose products stay hidden', () => {
    expect(buildCategoryTree(records, false).hiddenIds).toEqual([2, 12, 21, 31, 121]);
    expect(buildCategoryTree(records, true).hiddenIds).toEqual([12, 31, 121]);
  });

  it('marks a whole deal branch as deal', () => {
    const tree = buildCategoryTree(records, true);
    expect([1, 2, 21].map((id) => tree.isDeal(id))).toEqual([false, true, true]);
  });

  it('survives a cycle of parents without looping', () => {
    const tree = buildCategoryTree([category(5, 6), category(6, 5), category(7, 7)], true);
    expect(tree.visible).toEqual([]);
    expect(tree.hiddenIds).toEqual([5, 6, 7]);
  });
});
