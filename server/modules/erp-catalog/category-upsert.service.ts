import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';
import { slugify } from '../../../core/category-path.ts';
import type { Flag } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { decided, fail, fieldKeyRules, parseKeyedRowSlots } from '../erp/keyed-rows.ts';
import type { RowResult } from '../erp/row-results.ts';
import { planParents } from './category-parents.ts';
import { categoryRow } from './category-row.ts';
import type { CategoryFields, ErpCategoryRepository, NewCategory } from './erp-category.repository.ts';

// PUT /erp/v1/categories: the ERP's categories, keyed by externalId (docs/product.md, Entities: Category).
//  1. Check each row on its own; a key sent twice is taken from its first row.
//  2. Read every category of the tenant once, resolve parents (in the request in any order, or stored)
//     and refuse unknown parents and cycles (category-parents.ts).
//  3. Compare each row with what is stored: an equal row is unchanged and writes nothing.
//  4. In one transaction, parents before children: insert the new categories (each with a slug unique
//     in the tenant), update the changed ones.
//  5. Tell the storefront: its category tree, listings and search answers are cached (catalogChanged).

export interface CategoryUpsertDeps {
  categories: ErpCategoryRepository;
  clock: Clock;
  /** Forgets the storefront's cached category trees, listings and search answers of this process. */
  catalogChanged(): void;
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

/** A slug not yet taken in the tenant: the German name's, else the key's, numbered when needed. */
function freeSlug(name: string, externalId: string, taken: Set<string>): string {
  const base = slugify(name) || slugify(externalId) || 'kategorie';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

const sameFields = (a: CategoryFields, b: CategoryFields) =>
  a.parent_id === b.parent_id && a.name === b.name && a.name_en === b.name_en && a.is_deal === b.is_deal && a.is_active === b.is_active && a.sort_order === b.sort_order;

export function createCategoryUpsert(deps: CategoryUpsertDeps) {
  async function upsertOnce(erp: ErpContext, body: readonly unknown[]): Promise<RowResult[]> {
    const { results, passed: rows } = parseKeyedRowSlots(categoryRow, body, { ...fieldKeyRules('externalId', (row) => row.externalId), answerKeyOf: (key) => key });
    const stored = await deps.categories.listCategories(erp.tenantId);
    const plan = planParents(rows, stored);
    for (const { row, problem } of plan.failures) fail(results, row, problem);

    const storedByKey = new Map(stored.flatMap((category) => (category.external_id === null ? [] : [[category.external_id, category] as const])));
    const slugs = new Set(stored.map((category) => category.slug));
    const now = deps.clock.now().toISOString();
    let writes = 0;

    await deps.categories.inTransaction(async (trx) => {
      // Ids of the categories by external id: stored ones, and each level's new ones for the next.
      const idOf = new Map([...storedByKey].map(([key, category]) => [key, category.id]));
      for (const level of plan.levels) {
        const inserts: NewCategory[] = [];
        const updates: (CategoryFields & { id: number })[] = [];
        for (const row of level) {
          const { externalId, parentExternalId, names, active, deal, position } = row.value;
          const fields: CategoryFields = {
            parent_id: parentExternalId === null ? null : idOf.get(parentExternalId)!,
            name: names.de,
            name_en: names.en,
            is_deal: flag(deal),
            is_active: flag(active),
            sort_order: position,
          };
          const current = storedByKey.get(externalId);
          const result = !current ? 'created' : sameFields(current, fields) ? 'unchanged' : 'updated';
          results[row.line - 1] = { line: row.line, key: row.key, result };
          if (!current) inserts.push({ ...fields, external_id: externalId, slug: freeSlug(names.de, externalId, slugs) });
          else if (result === 'updated') updates.push({ ...fields, id: current.id });
        }
        for (const [key, id] of await deps.categories.insertCategories(trx, erp.tenantId, inserts, now)) idOf.set(key, id);
        await deps.categories.updateCategories(trx, erp.tenantId, updates);
        writes += inserts.length + updates.length;
      }
    });
    if (writes > 0) deps.catalogChanged();
    return decided(results);
  }

  return {
    // A record two requests create at once: the later insert meets the unique index, and the whole load runs
    // once more, finding it (server/modules/erp/unique-race.ts).
    upsert: (erp: ErpContext, body: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(erp, body)),
  };
}

export type CategoryUpsert = ReturnType<typeof createCategoryUpsert>;
