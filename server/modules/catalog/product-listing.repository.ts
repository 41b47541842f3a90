import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { DB } from '../../db/schema.ts';
import { createFacetListingRepository } from './facet-listing.repository.ts';

// The listing queries, shaped for the indexes of migration 0007 (plans: bench/catalog-queries.ts --plans):
// - one category: a range of products_listing_by_category_idx read in (name, id) order and cut after
//   the page; stock and has_pre_stock are checked in the index entries;
// - several categories (a main category and its subcategories): one such range per category, merged.
//   A plain `category_id IN (…) ORDER BY name` sorts every product of the main category. On PostgreSQL
//   each range is cut at offset + page size and ordered, and the planner merges them (Merge Append);
//   SQLite merges the ranges of a UNION ALL ordered as a whole (MERGE (UNION ALL)) and stops after the
//   page, where cut ranges would be read completely and sorted (a deep page of a main category: 2.5
//   instead of 15 ms);
// - no category: a range of products_listing_all_idx that skips the categories the buyer must not see;
// - with attribute filters: the same, over ranges of product_facets (facet-listing.repository.ts).

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
  | { kind: 'all'; hiddenCategoryIds: readonly number[]; visibleCategoryIds: readonly number[] };

interface IdAndName {
  id: number;
  name: string;
}

/** Adds the stock filters to a query over products; both columns are in the listing indexes. */
function withStockFilters<QB extends SelectQueryBuilder<DB, 'products', object>>(query: QB, filters: ListingFilters): QB {
  let filtered = query;
  if (filters.inStockOnly) filtered = filtered.where('products.stock', '>', 0) as QB;
  if (filters.preOrderOnly) filtered = filtered.where('products.has_pre_stock', '=', 1) as QB;
  return filtered;
}

export function createProductListingRepository(db: Database) {
  const facets = createFacetListingRepository(db);
  const mergesOrderedUnions = engineOf(db) === 'sqlite';

  /** Visible products of one category (or, with null, of every category not hidden), unordered. */
  function unorderedRange(tenantId: number, categoryId: number | null, hiddenCategoryIds: readonly number[], filters: ListingFilters) {
    let query = db.selectFrom('products').select(['products.id', 'products.name']).where('products.tenant_id', '=', tenantId);
    if (categoryId !== null) query = query.where('products.category_id', '=', categoryId);
    query = query.where('products.is_active', '=', 1);
    if (hiddenCategoryIds.length > 0) query = query.where('products.category_id', 'not in', hiddenCategoryIds);
    return withStockFilters(query, filters);
  }

  /** The same in listing order. */
  function productRange(tenantId: number, categoryId: number | null, hiddenCategoryIds: readonly number[], filters: ListingFilters) {
    return unorderedRange(tenantId, categoryId, hiddenCategoryIds, filters).orderBy('products.name').orderBy('products.id');
  }

  /** One page of the products of several categories, as one UNION ALL in listing order (SQLite; see above). */
  async function orderedUnionPage(tenantId: number, categoryIds: readonly number[], filters: ListingFilters, offset: number, limit: number): Promise<number[]> {
    const [first, ...others] = categoryIds.map((id) => unorderedRange(tenantId, id, [], filters));
    if (!first) return [];
    let union = first;
    for (const other of others) union = union.unionAll(other);
    const rows = await union.orderBy(sql.ref('name')).orderBy(sql.ref('id')).limit(limit).offset(offset).execute();
    return rows.map((row) => row.id);
  }

  function branch<D, TB extends keyof D>(range: SelectQueryBuilder<D, TB, IdAndName>, take: number) {
    return db.selectFrom(range.limit(take).as('branch')).select(['branch.id', 'branch.name']);
  }

  /** One page of several ranges: each range only needs as many rows as could land on this page. */
  async function mergedPage(branches: ReturnType<typeof branch>[], offset: number, limit: number): Promise<number[]> {
    const [first, ...others] = branches;
    if (!first) return [];
    let merged = first;
    for (const other of others) merged = merged.unionAll(other);
    const rows = await db
      .selectFrom(merged.as('merged'))
      .select('merged.id')
      .orderBy('merged.name')
      .orderBy('merged.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }

  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

  return {
    /** Ids of one page in listing order (name, then id). */
    async findPageIds(tenantId: number, scope: ListingScope, filters: ListingFilters, offset: number, limit: number): Promise<number[]> {
      const take = offset + limit;
      if (filters.attributes.length > 0) {
        const categoryIds = scope.kind === 'all' ? scope.visibleCategoryIds : scope.categoryIds;
        if (categoryIds.length === 1) return ids(await facets.range(tenantId, categoryIds[0]!, filters).limit(limit).offset(offset).execute());
        return mergedPage(categoryIds.map((id) => branch(facets.range(tenantId, id, filters), take)), offset, limit);
      }
      if (scope.kind === 'all') {
        return ids(await productRange(tenantId, null, scope.hiddenCategoryIds, filters).limit(limit).offset(offset).execute());
      }
      if (scope.categoryIds.length === 1) {
        return ids(await productRange(tenantId, scope.categoryIds[0]!, [], filters).limit(limit).offset(offset).execute());
      }
      if (mergesOrderedUnions) return orderedUnionPage(tenantId, scope.categoryIds, filters, offset, limit);
      return mergedPage(scope.categoryIds.map((id) => branch(productRange(tenantId, id, [], filters), take)), offset, limit);
    },

    async count(tenantId: number, scope: ListingScope, filters: ListingFilters): Promise<number> {
      if (filters.attributes.length > 0) {
        return facets.count(tenantId, scope.kind === 'all' ? scope.visibleCategoryIds : scope.categoryIds, filters);
      }
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
      const row = await withStockFilters(query, filters).executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Distinct attribute name/value pairs of the active products in these categories. */
    async listFacetValues(tenantId: number, categoryIds: readonly number[]): Promise<{ name: string; value: string }[]> {
      const perCategory = await Promise.all(categoryIds.map((categoryId) => facets.listValues(tenantId, categoryId)));
      return perCategory.flat();
    },
  };
}

export type ProductListingRepository = ReturnType<typeof createProductListingRepository>;
