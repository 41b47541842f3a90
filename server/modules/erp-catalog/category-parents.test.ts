import { describe, expect, it } from 'vitest';
import { planParents, type StoredCategoryLink } from './category-parents.ts';

const row = (line: number, externalId: string, parentExternalId: string | null) => ({ line, key: externalId, value: { externalId, parentExternalId } });
const keysOf = (plan: ReturnType<typeof planParents<{ externalId: string; parentExternalId: string | null }>>) => ({
  levels: plan.levels.map((level) => level.map((entry) => entry.key)),
  failures: plan.failures.map(({ row: failed, problem }) => `${failed.key} ${problem.code}`).sort(),
});

describe('planParents', () => {
  it('puts parents before children, whatever the request order, over stored parents', () => {
    const stored: StoredCategoryLink[] = [{ id: 1, parent_id: null, external_id: 'ROOT' }];
    const plan = planParents([row(1, 'C', 'B'), row(2, 'B', 'A'), row(3, 'A', 'ROOT'), row(4, 'D', null)], stored);
    expect(keysOf(plan)).toEqual({ levels: [['A', 'D'], ['B'], ['C']], failures: [] });
  });

  it('fails an unknown parent, and the children of a failed new parent in turn', () => {
    const plan = planParents([row(1, 'A', 'NOWHERE'), row(2, 'B', 'A'), row(3, 'C', null)], []);
    expect(keysOf(plan)).toEqual({ levels: [['C']], failures: ['A erp.reference.unknown', 'B erp.reference.unknown'] });
  });

  it('fails cycles in the request, through stored categories and of one category with itself', () => {
    const stored: StoredCategoryLink[] = [
      { id: 1, parent_id: null, external_id: 'S' },
      { id: 2, parent_id: 1, external_id: null },
      { id: 3, parent_id: 2, external_id: 'T' },
    ];
    const plan = planParents([row(1, 'A', 'B'), row(2, 'B', 'A'), row(3, 'S', 'T'), row(4, 'X', 'X'), row(5, 'U', 'S')], stored);
    // U keeps the stored S, which stays where it was.
    expect(keysOf(plan)).toEqual({ levels: [['U']], failures: ['A erp.category.cycle', 'B erp.category.cycle', 'S erp.category.cycle', 'X erp.category.cycle'] });
  });

  it('ends on a cycle stored before that no row is part of', () => {
    const stored: StoredCategoryLink[] = [
      { id: 1, parent_id: 2, external_id: 'P' },
      { id: 2, parent_id: 1, external_id: 'Q' },
    ];
    expect(keysOf(planParents([row(1, 'A', 'P')], stored))).toEqual({ levels: [['A']], failures: [] });
  });
});
