import type { RowProblem } from '../erp/row-results.ts';
import type { KeyedRow } from '../erp/keyed-rows.ts';

// Which categories of a request can be written, and in which order (docs/product.md, Entities: Category):
// a parent is another row of the request (in any order) or a stored category with that externalId. A row
// fails when its parent is neither ('erp.reference.unknown'), or when the parents it names would make a
// category its own ancestor ('erp.category.cycle'). A failed row is then no parent for the others: they
// keep the stored category of that key if there is one, else fail in turn. Rows come out parents first.

/** A row that passed its schema (its key is the category's own). */
export type RequestRow<T> = Pick<KeyedRow<T, unknown>, 'line' | 'key' | 'value'>;

export interface StoredCategoryLink {
  id: number;
  parent_id: number | null;
  external_id: string | null;
}

export interface ParentPlan<T> {
  /** Rows that can be written, in levels: every row's parent is stored or in an earlier level. */
  levels: RequestRow<T>[][];
  failures: { row: RequestRow<T>; problem: RowProblem }[];
}

export function planParents<T extends { externalId: string; parentExternalId: string | null }>(
  rows: readonly RequestRow<T>[],
  stored: readonly StoredCategoryLink[],
): ParentPlan<T> {
  const storedByKey = new Map(stored.flatMap((category) => (category.external_id === null ? [] : [[category.external_id, category] as const])));
  const storedById = new Map(stored.map((category) => [category.id, category]));
  const alive = new Map(rows.map((row) => [row.value.externalId, row]));
  const failures: ParentPlan<T>['failures'] = [];
  const drop = (row: RequestRow<T>, code: string) => {
    alive.delete(row.value.externalId);
    failures.push({ row, problem: { path: 'parentExternalId', code, params: { key: row.value.parentExternalId ?? '' } } });
  };

  // A node of the tree to be: 'x:<externalId>' for a row or keyed stored category, 'i:<id>' for another.
  const nodeOfStored = (category: StoredCategoryLink) => (category.external_id === null ? `i:${category.id}` : `x:${category.external_id}`);
  const parentOf = (node: string): string | null => {
    const row = node.startsWith('x:') ? alive.get(node.slice(2)) : undefined;
    if (row) return row.value.parentExternalId === null ? null : `x:${row.value.parentExternalId}`;
    const category = node.startsWith('x:') ? storedByKey.get(node.slice(2)) : storedById.get(Number(node.slice(2)));
    const parent = category?.parent_id == null ? undefined : storedById.get(category.parent_id);
    return parent ? nodeOfStored(parent) : null;
  };

  let changed = true;
  while (changed) {
    changed = false;
    for (const row of [...alive.values()]) {
      const parentKey = row.value.parentExternalId;
      if (parentKey !== null && !alive.has(parentKey) && !storedByKey.has(parentKey)) {
        drop(row, 'erp.reference.unknown');
        changed = true;
      }
    }
    // Walking up from a row reaches a root, a stored cycle it is not part of (the walk is bounded), or itself.
    const steps = alive.size + stored.length + 1;
    const inCycle = [...alive.values()].filter((row) => {
      const start = `x:${row.value.externalId}`;
      let node = parentOf(start);
      for (let step = 0; node !== null && step < steps; step++) {
        if (node === start) return true;
        node = parentOf(node);
      }
      return false;
    });
    for (const row of inCycle) drop(row, 'erp.category.cycle');
    if (inCycle.length > 0) changed = true;
  }

  const depth = new Map<string, number>();
  const depthOf = (row: RequestRow<T>): number => {
    const known = depth.get(row.value.externalId);
    if (known !== undefined) return known;
    const parent = row.value.parentExternalId === null ? undefined : alive.get(row.value.parentExternalId);
    const value = parent ? depthOf(parent) + 1 : 0;
    depth.set(row.value.externalId, value);
    return value;
  };
  const levels: RequestRow<T>[][] = [];
  for (const row of rows) {
    if (!alive.has(row.value.externalId)) continue;
    const level = depthOf(row);
    (levels[level] ??= []).push(row);
  }
  return { levels, failures };
}
