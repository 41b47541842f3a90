import type { Database } from '../../db/database.ts';
import type { CategoryRecord } from './category-tree.ts';

export function createCategoryRepository(db: Database) {
  return {
    /** Every category of the tenant, active or not: visibility is decided from the whole tree. */
    listCategories(tenantId: number): Promise<CategoryRecord[]> {
      return db
        .selectFrom('categories')
        .select(['id', 'parent_id', 'name', 'name_en', 'is_deal', 'is_active', 'sort_order'])
        .where('tenant_id', '=', tenantId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
  };
}

export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
