// Which categories a buyer sees (docs/product.md, Entities): active ones whose parents are visible
// too; deal categories (a deal root and everything under it) only for accounts with deals. A category
// lists its own products and those of all its visible subcategories.

export interface CategoryRecord {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string | null;
  is_deal: number;
  is_active: number;
  sort_order: number;
}

export interface CategoryTree {
  /** Visible categories, parents before children, siblings by sort order then id. */
  readonly visible: readonly CategoryRecord[];
  /** Whether the category belongs to a deal branch (itself or an ancestor is a deal category). */
  isDeal(id: number): boolean;
  /** The category and its visible descendants, ascending ids; empty when the category is not visible. */
  listingIds(id: number): number[];
  /** Categories of the tenant this buyer must not see products of, ascending ids. */
  readonly hiddenIds: readonly number[];
  /** Every visible category id, ascending. */
  readonly visibleIds: readonly number[];
}

const bySortOrder = (a: CategoryRecord, b: CategoryRecord) => a.sort_order - b.sort_order || a.id - b.id;

export function buildCategoryTree(records: readonly CategoryRecord[], showDeals: boolean): CategoryTree {
  const byId = new Map(records.map((record) => [record.id, record]));
  const children = new Map<number | null, CategoryRecord[]>();
  for (const record of records) {
    // A parent that does not exist (or a category that names itself) makes the branch unreachable.
    const parent = record.parent_id !== null && byId.has(record.parent_id) && record.parent_id !== record.id ? record.parent_id : -1;
    const key = record.parent_id === null ? null : parent;
    const siblings = children.get(key) ?? [];
    siblings.push(record);
    children.set(key, siblings);
  }

  // Walking down from the roots visits each reachable category once, so a cycle can never loop.
  const visible: CategoryRecord[] = [];
  const dealIds = new Set<number>();
  const descendants = new Map<number, number[]>();
  function visit(record: CategoryRecord, inDeal: boolean, ancestors: number[]): void {
    const deal = inDeal || record.is_deal === 1;
    if (record.is_active !== 1 || (deal && !showDeals)) return;
    visible.push(record);
    if (deal) dealIds.add(record.id);
    descendants.set(record.id, [record.id]);
    for (const ancestor of ancestors) descendants.get(ancestor)?.push(record.id);
    for (const child of (children.get(record.id) ?? []).sort(bySortOrder)) visit(child, deal, [...ancestors, record.id]);
  }
  for (const root of (children.get(null) ?? []).sort(bySortOrder)) visit(root, false, []);

  const visibleIds = visible.map((record) => record.id).sort((a, b) => a - b);
  const visibleSet = new Set(visibleIds);
  const hiddenIds = records
    .map((record) => record.id)
    .filter((id) => !visibleSet.has(id))
    .sort((a, b) => a - b);
  return {
    visible,
    isDeal: (id) => dealIds.has(id),
    listingIds: (id) => [...(descendants.get(id) ?? [])].sort((a, b) => a - b),
    hiddenIds,
    visibleIds,
  };
}
