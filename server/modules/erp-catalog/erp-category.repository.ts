import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import type { Flag } from '../../db/schema.ts';
import { updateRowsById } from './rows-by-id.repository.ts';

/** The columns of a category the ERP decides. */
export interface CategoryFields {
  parent_id: number | null;
  name: string;
  name_en: string | null;
  is_deal: Flag;
  is_active: Flag;
  sort_order: number;
}

export interface NewCategory extends CategoryFields {
  external_id: string;
  slug: string;
}

const fieldKinds = { parent_id: 'integer', name: 'text', name_en: 'text', is_deal: 'integer', is_active: 'integer', sort_order: 'integer' } as const;

export function createErpCategoryRepository(db: Database) {
  return {
    /** Every category of the tenant: a tenant has hundreds, and parents, cycles and slugs need them all. */
    listCategories(tenantId: number) {
      return db
        .selectFrom('categories')
        .select(['id', 'parent_id', 'external_id', 'slug', 'name', 'name_en', 'is_deal', 'is_active', 'sort_order'])
        .where('tenant_id', '=', tenantId)
        .execute();
    },

    inTransaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Inserts the categories; answers their ids by external id. */
    async insertCategories(trx: Executor, tenantId: number, rows: readonly NewCategory[], now: string): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const inserted = await trx
        .insertInto('categories')
        .values(rows.map((row) => ({ ...row, tenant_id: tenantId, created_at: now })))
        .returning(['id', 'external_id'])
        .execute();
      return new Map(inserted.map((row) => [row.external_id ?? '', row.id]));
    },

    updateCategories(trx: Executor, tenantId: number, rows: readonly (CategoryFields & { id: number })[]): Promise<void> {
      return updateRowsById(trx, 'categories', tenantId, fieldKinds, rows);
    },
  };
}

export type ErpCategoryRepository = ReturnType<typeof createErpCategoryRepository>;
