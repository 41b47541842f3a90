import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { visibleProduct, type ProductVisibility } from '../catalog/product-visibility.repository.ts';

// What an order sheet's rows may name beyond a product's own sku (sheet-catalogue.ts): variants by their sku,
// the catalogue's sku lengths for zero-padded numbers, and items whose normalised sku matches for "did you
// mean". Every lookup goes through the buyer's visibility (product-visibility.repository.ts), so a hidden
// product is not found and not suggested, exactly like an unknown one.

/** The SQL of sku-forms.ts normalisedSku: lower case, without spaces, '-' and '.'. */
function normalisedColumn(column: string): RawBuilder<string> {
  return sql<string>`lower(replace(replace(replace(${sql.ref(column)}, ' ', ''), '-', ''), '.', ''))`;
}

export function createSheetCatalogueRepository(db: Database) {
  return {
    /** The distinct lengths of the tenant's skus: how far a number that lost its leading zeros may be padded. */
    async skuLengths(tenantId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('products')
        .select(sql<number>`length(sku)`.as('length'))
        .distinct()
        .where('tenant_id', '=', tenantId)
        .execute();
      return rows.map((row) => Number(row.length));
    },

    /** Ids and skus of the visible products with these skus. */
    findProductSkus(scope: ProductVisibility, skus: readonly string[]) {
      if (skus.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products as p')
        .select(['p.id', 'p.sku'])
        .where('p.tenant_id', '=', scope.tenantId)
        .where('p.sku', 'in', skus)
        .where(visibleProduct('p', scope))
        .execute();
    },

    /** Active variants with these skus, of visible products. */
    findVariantSkus(scope: ProductVisibility, variantSkus: readonly string[]) {
      if (variantSkus.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.product_id', 'v.variant_sku', 'p.sku'])
        .where('v.tenant_id', '=', scope.tenantId)
        .where('v.variant_sku', 'in', variantSkus)
        .where('v.is_active', '=', 1)
        .where(visibleProduct('p', scope))
        .execute();
    },

    /**
     * Visible products and active variants whose normalised sku is one of `forms`: the candidates of "did you
     * mean". Reads the tenant's products (no index holds the normalised form); asked only for rows found nowhere.
     */
    async findNormalised(scope: ProductVisibility, forms: readonly string[]) {
      if (forms.length === 0) return [];
      const [products, variants] = await Promise.all([
        db
          .selectFrom('products as p')
          .select(['p.sku', 'p.name', 'p.name_en', normalisedColumn('p.sku').as('form')])
          .where('p.tenant_id', '=', scope.tenantId)
          .where(normalisedColumn('p.sku'), 'in', forms)
          .where(visibleProduct('p', scope))
          .execute(),
        db
          .selectFrom('product_variants as v')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .select(['v.variant_sku as sku', 'v.name', sql<string | null>`null`.as('name_en'), normalisedColumn('v.variant_sku').as('form')])
          .where('v.tenant_id', '=', scope.tenantId)
          .where('v.is_active', '=', 1)
          .where(normalisedColumn('v.variant_sku'), 'in', forms)
          .where(visibleProduct('p', scope))
          .execute(),
      ]);
      return [...products, ...variants];
    },
  };
}

export type SheetCatalogueRepository = ReturnType<typeof createSheetCatalogueRepository>;
