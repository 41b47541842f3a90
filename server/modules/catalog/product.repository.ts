import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { visibleProduct, type ProductVisibility } from './product-visibility.repository.ts';

// Products and everything hanging off them, loaded for a whole page at once: one query per kind
// of child with `product_id in (…)`, never one per product.

/**
 * A column compared without its indexes. The shop keeps no SQLite table statistics, so SQLite's planner
 * would rather read `tenant_id = ?` (or `is_active = 1`) through an index that starts with it (every
 * product of the tenant) than look a page of ids or skus up by their own key. `column + 0` still
 * filters, but no index matches it, on SQLite and PostgreSQL alike.
 */
function unindexed(column: string) {
  return sql<number>`${sql.ref(column)} + 0`;
}

export function createProductRepository(db: Database) {
  return {
    /**
     * Products by id that the buyer may see, with their sales unit and the kept summary of their published
     * reviews (product_review_stats: none for a product without any); callers keep their own order.
     */
    findProducts(visibility: ProductVisibility, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products as p')
        .leftJoin('sales_units as su', 'su.id', 'p.sales_unit_id')
        .leftJoin('product_review_stats as rs', 'rs.product_id', 'p.id')
        .select([
          'p.id',
          'p.category_id',
          'p.sku',
          'p.name',
          'p.name_en',
          'p.price_cents',
          'p.retail_price_cents',
          'p.pre_order_price_cents',
          'p.currency',
          'p.vat_rate_bp',
          'p.stock',
          'p.is_stock_freeze',
          'p.is_only_sellable_with_positive_stock',
          'p.sales_batch_size',
          'p.release_date',
          'p.attributes',
          'p.sales_attributes',
          'p.sales_unit_id',
          'su.name as sales_unit_name',
          'su.name_en as sales_unit_name_en',
          'rs.published_count as reviews_published_count',
          'rs.rating_sum as reviews_rating_sum',
        ])
        .where('p.id', 'in', ids)
        .where(visibleProduct('p', visibility))
        .execute();
    },

    /** The product page's text and whether the product is downloadable (its files go to its buyers). */
    findDescription(tenantId: number, id: number) {
      return db
        .selectFrom('products')
        .select(['description', 'description_en', 'is_downloadable'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findImages(tenantId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_images')
        .select(['product_id', 'url', 'width', 'height'])
        .where('product_id', 'in', productIds)
        .where('tenant_id', '=', tenantId)
        .orderBy('product_id')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    findVariants(tenantId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'variant_sku', 'name', 'attributes', 'price_cents', 'stock'])
        .where('product_id', 'in', productIds)
        .where(unindexed('tenant_id'), '=', tenantId)
        .where('is_active', '=', 1)
        .orderBy('product_id')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    findMaterialUnits(tenantId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('material_units as mu')
        .innerJoin('sales_units as unit', 'unit.id', 'mu.unit_id')
        .innerJoin('sales_units as main', 'main.id', 'mu.main_unit_id')
        .select([
          'mu.product_id',
          'mu.unit_id',
          'mu.base_exchange_ratio_milli',
          'unit.name as unit_name',
          'unit.name_en as unit_name_en',
          'main.name as main_unit_name',
          'main.name_en as main_unit_name_en',
        ])
        .where('mu.product_id', 'in', productIds)
        .where('mu.tenant_id', '=', tenantId)
        .orderBy('mu.product_id')
        .orderBy('mu.base_exchange_ratio_milli')
        .orderBy('mu.id')
        .execute();
    },

    /** Pre-stocks in season order. */
    findPreStocks(tenantId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_pre_stocks as ps')
        .innerJoin('seasons as s', 's.id', 'ps.season_id')
        .select(['ps.product_id', 'ps.season_id', 'ps.quantity'])
        .where('ps.product_id', 'in', productIds)
        .where('ps.tenant_id', '=', tenantId)
        .orderBy('ps.product_id')
        .orderBy('s.sort_order')
        .orderBy('s.id')
        .execute();
    },

    findCustomerPrices(tenantId: number, companyId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('customer_prices')
        .select(['product_id', 'price_cents', 'valid_from', 'valid_to'])
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .where('product_id', 'in', productIds)
        .execute();
    },

    /** The tier prices that may apply to the company's buyers: everyone's and the company's own, of any days (core/buyer-price.ts decides). */
    findTierPrices(tenantId: number, companyId: number | null, productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('tier_prices')
        .select(['product_id', 'min_quantity', 'price_cents', 'valid_from', 'valid_to'])
        .where('tenant_id', '=', tenantId)
        .where('product_id', 'in', productIds)
        .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)])))
        .execute();
    },

    /** The product's documents for everyone (docs/product.md, Product documents and downloads), as the product answer's `downloads`. */
    findPublicDocuments(tenantId: number, productId: number) {
      return db
        .selectFrom('product_files')
        .select(['id', 'title'])
        .where('tenant_id', '=', tenantId)
        .where('product_id', '=', productId)
        .where('purpose', '=', 'document')
        .where('visibility', '=', 'everyone')
        .where('sha256', 'is not', null)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** Products the buyer may see, named by their sku or by the sku of one of their active variants. */
    async findProductIdsBySku(visibility: ProductVisibility, skus: readonly string[]): Promise<{ sku: string; product_id: number }[]> {
      if (skus.length === 0) return [];
      const [products, variants] = await Promise.all([
        db
          .selectFrom('products as p')
          .select(['p.sku', 'p.id as product_id'])
          .where('p.tenant_id', '=', visibility.tenantId)
          .where('p.sku', 'in', skus)
          .where(visibleProduct('p', visibility))
          .execute(),
        db
          .selectFrom('product_variants as v')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .select(['v.variant_sku as sku', 'p.id as product_id'])
          .where('v.tenant_id', '=', visibility.tenantId)
          .where('v.variant_sku', 'in', skus)
          .where('v.is_active', '=', 1)
          .where(visibleProduct('p', visibility))
          .execute(),
      ]);
      return [...products, ...variants];
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
export type ProductRow = Awaited<ReturnType<ProductRepository['findProducts']>>[number];
export type ImageRow = Awaited<ReturnType<ProductRepository['findImages']>>[number];
export type VariantRow = Awaited<ReturnType<ProductRepository['findVariants']>>[number];
export type MaterialUnitRow = Awaited<ReturnType<ProductRepository['findMaterialUnits']>>[number];
export type PreStockRow = Awaited<ReturnType<ProductRepository['findPreStocks']>>[number];
