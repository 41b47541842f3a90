import { sql } from 'kysely';
import type { BuyerVat } from '../../../core/tax-conversion.ts';
import type { Database } from '../../db/database.ts';
import { visibleProduct, type ProductVisibility } from '../catalog/product-visibility.repository.ts';

// Products one buyer (company) may see (product-visibility.repository.ts), as that buyer sees them: list price, the company's
// customer price and the tier prices that may apply (everyone's and the company's), the product's own (seller country) VAT rate, the first image and the requested
// variants. The basket and the wishlist price their lines from here and nowhere else, and the rate the
// buyer pays is buyerVatRateBp of the product's (buyer-products.ts).
// Overlaps with the catalogue's product queries (server/modules/catalog) on purpose: the basket
// needs a narrow, one-query lookup by a set of skus or ids, not a listing.

export interface BuyerProductRow {
  id: number;
  sku: string;
  name: string;
  name_en: string | null;
  price_cents: number;
  retail_price_cents: number | null;
  pre_order_price_cents: number | null;
  currency: string;
  vat_rate_bp: number;
  stock: number;
  is_stock_freeze: number;
  is_only_sellable_with_positive_stock: number;
  sales_batch_size: number;
  customer_price_cents: number | null;
  customer_price_valid_from: string | null;
  customer_price_valid_to: string | null;
  image_url: string | null;
  variant_id: number | null;
  variant_sku: string | null;
  variant_name: string | null;
  variant_price_cents: number | null;
  variant_stock: number | null;
}

export interface BuyerTierRow {
  product_id: number;
  min_quantity: number;
  price_cents: number;
  valid_from: string | null;
  valid_to: string | null;
}

/** The rows of the products and the tier prices that may apply to them. */
export interface BuyerProductRows {
  rows: BuyerProductRow[];
  tiers: BuyerTierRow[];
}

export interface BuyerScope extends ProductVisibility {
  /** The company whose customer and tier prices apply; null for users without one. */
  companyId: number | null;
  /** The buyer's VAT situation (core/tax-conversion.ts), the catalogue's. */
  vat: BuyerVat;
  /** The shop day whose customer and tier prices apply, the catalogue's. */
  today: string;
}

export type ProductKeys = { by: 'sku'; skus: readonly string[] } | { by: 'id'; ids: readonly number[] };

export function createBuyerProductsRepository(db: Database) {
  return {
    /**
     * One row per product, or one per requested variant of it (variants of `variantSkus` only, or every
     * active variant with 'all': an order sheet offers a product's variants).
     * Hidden products and inactive variants are left out, so they count as unknown.
     */
    async find(scope: BuyerScope, keys: ProductKeys, variantSkus: readonly string[] | 'all'): Promise<BuyerProductRows> {
      const wanted = keys.by === 'sku' ? keys.skus : keys.ids;
      if (wanted.length === 0) return { rows: [], tiers: [] };
      const companyId = scope.companyId ?? 0;
      let query = db
        .selectFrom('products as p')
        .leftJoin('product_variants as v', (join) =>
          join
            .onRef('v.product_id', '=', 'p.id')
            .on('v.is_active', '=', 1)
            .on(
              variantSkus === 'all'
                ? sql<boolean>`1 = 1`
                : variantSkus.length > 0
                  ? sql<boolean>`${sql.ref('v.variant_sku')} in (${sql.join(variantSkus)})`
                  : sql<boolean>`1 = 0`,
            ),
        )
        .leftJoin('customer_prices as cp', (join) =>
          join.onRef('cp.product_id', '=', 'p.id').on('cp.tenant_id', '=', scope.tenantId).on('cp.company_id', '=', companyId),
        )
        .select((eb) => [
          'p.id',
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
          'cp.price_cents as customer_price_cents',
          'cp.valid_from as customer_price_valid_from',
          'cp.valid_to as customer_price_valid_to',
          eb
            .selectFrom('product_images as i')
            .select('i.url')
            .whereRef('i.product_id', '=', 'p.id')
            .orderBy('i.sort_order')
            .orderBy('i.id')
            .limit(1)
            .as('image_url'),
          'v.id as variant_id',
          'v.variant_sku',
          'v.name as variant_name',
          'v.price_cents as variant_price_cents',
          'v.stock as variant_stock',
        ])
        .where(visibleProduct('p', scope));
      // By sku through the (tenant_id, sku) index; by id through the primary key.
      query = keys.by === 'sku' ? query.where('p.tenant_id', '=', scope.tenantId).where('p.sku', 'in', keys.skus) : query.where('p.id', 'in', keys.ids);
      const rows = await query.execute();
      const productIds = [...new Set(rows.map((row) => row.id))];
      const tiers =
        productIds.length === 0
          ? []
          : await db
              .selectFrom('tier_prices')
              .select(['product_id', 'min_quantity', 'price_cents', 'valid_from', 'valid_to'])
              .where('tenant_id', '=', scope.tenantId)
              .where('product_id', 'in', productIds)
              .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
              .execute();
      return { rows, tiers };
    },

    /** Pre-stock quantities of the given products, per season. */
    findPreStocks(tenantId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_pre_stocks')
        .select(['product_id', 'season_id', 'quantity'])
        .where('tenant_id', '=', tenantId)
        .where('product_id', 'in', productIds)
        .execute();
    },
  };
}

export type BuyerProductsRepository = ReturnType<typeof createBuyerProductsRepository>;
