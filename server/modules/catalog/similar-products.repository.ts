import type { Database } from '../../db/database.ts';

// The product page's "similar products": featured ones (products_featured_listing_idx, in name order)
// and best sellers (products_tenant_id_bestseller_rank_idx, by rank), outside hidden categories.

export function createSimilarProductsRepository(db: Database) {
  return {
    async findFeaturedIds(tenantId: number, hiddenCategoryIds: readonly number[], limit: number): Promise<number[]> {
      let query = db
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('is_featured', '=', 1)
        .where('is_active', '=', 1);
      if (hiddenCategoryIds.length > 0) query = query.where('category_id', 'not in', hiddenCategoryIds);
      const rows = await query.orderBy('name').orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },

    async findBestsellerIds(tenantId: number, hiddenCategoryIds: readonly number[], limit: number): Promise<number[]> {
      let query = db
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('bestseller_rank', 'is not', null)
        .where('is_active', '=', 1);
      if (hiddenCategoryIds.length > 0) query = query.where('category_id', 'not in', hiddenCategoryIds);
      const rows = await query.orderBy('bestseller_rank').orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },
  };
}

export type SimilarProductsRepository = ReturnType<typeof createSimilarProductsRepository>;
