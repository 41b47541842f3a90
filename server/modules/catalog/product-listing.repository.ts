import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

// The listing queries, shaped for the indexes of migration 0007 (EXPLAIN output in bench/catalog-queries.ts):
// - one category: a range of products_listing_by_category_idx, read in (name, id) order, stopping
//   after the page; stock and has_pre_stock are checked in the index entries;
// - several categories (a main category and its subcategories): one such range per category,
//   each cut at offset + page size, merged by UNION ALL. A plain `category_id IN (…) ORDER BY name`
//   would sort every product of the main category (PostgreSQL cannot merge index ranges);
// - no category: a range of products_listing_all_idx, skipping the categories the buyer must not see;
// - an attribute filter probes product_facets' primary key for each product read.

export interface AttributeFilter {
  name: string;
  values: readonly string[];
}

export interface ListingFilters {
  /** Only products with stock above zero ("show only available stock"). */
  inStockOnly: boolean;
  /** Only products with pre-stocks (what a pre-order needs). */
  preOrderOnly: boolean;
  /** Each entry: the product or one of its active variants has one of the values. Entries combine with AND. */
  attributes: readonly AttributeFilter[];
}

export type ListingScope =
  | { kind: 'categories'; categoryIds: readonly number[] }
  | { kind: 'all'; hiddenCategoryIds: readonly number[] };

type ProductsExpressions = ExpressionBuilder<DB, 'products'>;

function filterConditions(eb: ProductsExpressions, tenantId: number, filters: ListingFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.inStockOnly) conditions.push(eb('products.stock', '>', 0));
  if (filters.preOrderOnly) conditions.push(eb('products.has_pre_stock', '=', 1));
  for (const attribute of filters.attributes) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('product_facets')
          .select('product_facets.product_id')
          .where('product_facets.tenant_id', '=', tenantId)
          .whereRef('product_facets.category_id', '=', 'products.category_id')
          .where('product_facets.name', '=', attribute.name)
          .where('product_facets.value', 'in', attribute.values)
          .whereRef('product_facets.product_id', '=', 'products.id'),
      ),
    );
  }
  return conditions;
}

export function createProductListingRepository(db: Database) {
  /** Visible, matching products of one category (or of all visible ones) in listing order. */
  function range(tenantId: number, categoryId: number | null, hiddenCategoryIds: readonly number[], filters: ListingFilters) {
    let query = db.selectFrom('products').select(['products.id', 'products.name']).where('products.tenant_id', '=', tenantId);
    if (categoryId !== null) query = query.where('products.category_id', '=', categoryId);
    query = query.where('products.is_active', '=', 1);
    if (hiddenCategoryIds.length > 0) query = query.where('products.category_id', 'not in', hiddenCategoryIds);
    const conditions = (eb: ProductsExpressions) => filterConditions(eb, tenantId, filters);
    return query.where((eb) => eb.and(conditions(eb))).orderBy('products.name').orderBy('products.id');
  }

  return {
    /** Ids of one page in listing order (name, then id). */
    async findPageIds(tenantId: number, scope: ListingScope, filters: ListingFilters, offset: number, limit: number): Promise<number[]> {
      if (scope.kind === 'all') {
        const rows = await range(tenantId, null, scope.hiddenCategoryIds, filters).limit(limit).offset(offset).execute();
        return rows.map((row) => row.id);
      }
      const [first, ...others] = scope.categoryIds;
      if (first === undefined) return [];
      if (others.length === 0) {
        const rows = await range(tenantId, first, [], filters).limit(limit).offset(offset).execute();
        return rows.map((row) => row.id);
      }
      // Each range needs only as many rows as could land on this page after merging.
      const take = offset + limit;
      const branch = (categoryId: number) =>
        db.selectFrom(range(tenantId, categoryId, [], filters).limit(take).as('branch')).select(['branch.id', 'branch.name']);
      let merged = branch(first);
      for (const categoryId of others) merged = merged.unionAll(branch(categoryId));
      const rows = await db
        .selectFrom(merged.as('merged'))
        .select('merged.id')
        .orderBy('merged.name')
        .orderBy('merged.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.id);
    },

    async count(tenantId: number, scope: ListingScope, filters: ListingFilters): Promise<number> {
      if (scope.kind === 'categories' && scope.categoryIds.length === 0) return 0;
      let query = db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('products.tenant_id', '=', tenantId);
      if (scope.kind === 'categories') query = query.where('products.category_id', 'in', scope.categoryIds);
      query = query.where('products.is_active', '=', 1);
      if (scope.kind === 'all' && scope.hiddenCategoryIds.length > 0) {
        query = query.where('products.category_id', 'not in', scope.hiddenCategoryIds);
      }
      const row = await query.where((eb) => eb.and(filterConditions(eb, tenantId, filters))).executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Distinct attribute name/value pairs of the active products in these categories. */
    listFacetValues(tenantId: number, categoryIds: readonly number[]): Promise<{ name: string; value: string }[]> {
      if (categoryIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_facets')
        .select(['name', 'value'])
        .where('tenant_id', '=', tenantId)
        .where('category_id', 'in', categoryIds)
        .groupBy(['name', 'value'])
        .execute();
    },

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

export type ProductListingRepository = ReturnType<typeof createProductListingRepository>;
