import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { AttributeFilter, ListingFilters } from './product-listing.repository.ts';

// Attribute-filtered listings read product_facets (migration 0007), whose primary key is
// (tenant, category, attribute name, value, product name, product id): the products of one category
// with one attribute value form one index range, already in listing order. So a filtered page reads
// about as many index entries as it shows, wherever the matches sit in the alphabet, and a filtered
// count reads only the matching entries instead of every product of the category.

type FacetQuery<O> = SelectQueryBuilder<DB & { f: DB['product_facets'] }, 'f', O>;

/** Adds to a query over the facet row `f` the stock filters on its product and the further attributes. */
function withOtherFilters<O>(query: FacetQuery<O>, filters: ListingFilters, others: readonly AttributeFilter[]): FacetQuery<O> {
  let filtered = query;
  if (filters.inStockOnly || filters.preOrderOnly) {
    filtered = filtered.where((eb) => {
      let product = eb.selectFrom('products as p').select('p.id').whereRef('p.id', '=', 'f.product_id');
      if (filters.inStockOnly) product = product.where('p.stock', '>', 0);
      if (filters.preOrderOnly) product = product.where('p.has_pre_stock', '=', 1);
      return eb.exists(product);
    });
  }
  for (const other of others) {
    // Every primary key column is bound, so this is one index probe per facet row read.
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_facets as g')
          .select('g.product_id')
          .whereRef('g.tenant_id', '=', 'f.tenant_id')
          .whereRef('g.category_id', '=', 'f.category_id')
          .where('g.name', '=', other.name)
          .where('g.value', 'in', other.values)
          .whereRef('g.product_name', '=', 'f.product_name')
          .whereRef('g.product_id', '=', 'f.product_id'),
      ),
    );
  }
  return filtered;
}

export function createFacetListingRepository(db: Database) {
  return {
    /**
     * Matching products of one category in listing order, driven by the first attribute filter.
     * A product with several of the wanted values (through its variants) is listed once.
     */
    range(tenantId: number, categoryId: number, filters: ListingFilters) {
      const [driving, ...others] = filters.attributes;
      if (!driving) throw new Error('A facet range needs an attribute filter');
      let query = db
        .selectFrom('product_facets as f')
        .select(['f.product_id as id', 'f.product_name as name'])
        .where('f.tenant_id', '=', tenantId)
        .where('f.category_id', '=', categoryId)
        .where('f.name', '=', driving.name)
        .where('f.value', 'in', driving.values);
      query = withOtherFilters(query, filters, others);
      if (driving.values.length > 1) query = query.distinct();
      return query.orderBy('f.product_name').orderBy('f.product_id');
    },

    async count(tenantId: number, categoryIds: readonly number[], filters: ListingFilters): Promise<number> {
      const [driving, ...others] = filters.attributes;
      if (!driving || categoryIds.length === 0) return 0;
      const query = db
        .selectFrom('product_facets as f')
        // One facet row per product and value: only several values can name a product twice.
        .select((eb) => (driving.values.length > 1 ? eb.fn.count<number | string>('f.product_id').distinct() : eb.fn.countAll<number | string>()).as('total'))
        .where('f.tenant_id', '=', tenantId)
        .where('f.category_id', 'in', categoryIds)
        .where('f.name', '=', driving.name)
        .where('f.value', 'in', driving.values);
      const row = await withOtherFilters(query, filters, others).executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * Distinct attribute name/value pairs of one category, as a loose index scan: each step seeks the
     * next name after the previous one, then each next value of that name. A category with 40 pairs
     * costs about 50 index seeks, however many products carry them.
     */
    async listValues(tenantId: number, categoryId: number): Promise<{ name: string; value: string }[]> {
      const inCategory = sql`f.tenant_id = ${tenantId} and f.category_id = ${categoryId}`;
      const result = await sql<{ name: string; value: string }>`
        with recursive
          names(name) as (
            select (select f.name from product_facets f where ${inCategory} order by f.name limit 1)
            union all
            select (select f.name from product_facets f where ${inCategory} and f.name > names.name order by f.name limit 1)
              from names where names.name is not null
          ),
          pairs(name, value) as (
            select names.name, (select f.value from product_facets f where ${inCategory} and f.name = names.name order by f.value limit 1)
              from names where names.name is not null
            union all
            select pairs.name, (select f.value from product_facets f
                                 where ${inCategory} and f.name = pairs.name and f.value > pairs.value order by f.value limit 1)
              from pairs where pairs.value is not null
          )
        select name, value from pairs where value is not null`.execute(db);
      return result.rows;
    },
  };
}

export type FacetListingRepository = ReturnType<typeof createFacetListingRepository>;
