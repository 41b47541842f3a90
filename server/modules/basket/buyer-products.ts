import { buyerUnitCents, type BuyerPriceInput, type TierPrice } from '../../../core/buyer-price.ts';
import { localizedName, type Locale } from '../../../core/locale.ts';
import type { OrderType } from '../../../core/catalog-types.ts';
import { buyerVatRateBp, type TaxConversion } from '../../../core/tax-conversion.ts';
import type { BuyerProductRows, BuyerScope } from './buyer-products.repository.ts';

// Rows of the buyer-product lookup, grouped into one product with its requested variants and its
// prices on the buyer's shop day, and the price of every basket and wishlist line.

export interface BuyerVariant {
  id: number;
  variantSku: string;
  name: string;
  priceCents: number | null;
  stock: number;
}

export interface BuyerProduct {
  id: number;
  sku: string;
  name: string;
  imageUrl: string | null;
  currency: string;
  /** What core/buyer-price.ts prices its lines from (the product's: a variant's own list price comes in per line). */
  prices: Omit<BuyerPriceInput, 'variantCents'>;
  retailPriceCents: number | null;
  /** The shop day the prices are valid on, or not: the scope's. */
  today: string;
  /** The VAT rate this buyer pays (buyerVatRateBp), or why the shop has none: such a product cannot be ordered. */
  vat: TaxConversion;
  stock: number;
  isStockFreeze: boolean;
  isOnlySellableWithPositiveStock: boolean;
  salesBatchSize: number;
  variants: Map<string, BuyerVariant>;
}

export function groupBuyerProducts(found: BuyerProductRows, locale: Locale, scope: Pick<BuyerScope, 'vat' | 'today'>): Map<number, BuyerProduct> {
  const products = new Map<number, BuyerProduct>();
  const tiersOf = new Map<number, TierPrice[]>();
  for (const tier of found.tiers) {
    const tiers = tiersOf.get(tier.product_id) ?? [];
    tiers.push({ minQuantity: tier.min_quantity, cents: tier.price_cents, validFrom: tier.valid_from, validTo: tier.valid_to });
    tiersOf.set(tier.product_id, tiers);
  }
  for (const row of found.rows) {
    let product = products.get(row.id);
    if (!product) {
      product = {
        id: row.id,
        sku: row.sku,
        name: localizedName(locale, row.name, row.name_en),
        imageUrl: row.image_url,
        currency: row.currency,
        prices: {
          listCents: row.price_cents,
          customer:
            row.customer_price_cents === null ? null : { cents: row.customer_price_cents, validFrom: row.customer_price_valid_from, validTo: row.customer_price_valid_to },
          preOrderCents: row.pre_order_price_cents,
          tiers: tiersOf.get(row.id) ?? [],
        },
        retailPriceCents: row.retail_price_cents,
        today: scope.today,
        vat: buyerVatRateBp({ rateBp: row.vat_rate_bp, ...scope.vat }),
        stock: row.stock,
        isStockFreeze: row.is_stock_freeze === 1,
        isOnlySellableWithPositiveStock: row.is_only_sellable_with_positive_stock === 1,
        salesBatchSize: row.sales_batch_size,
        variants: new Map(),
      };
      products.set(row.id, product);
    }
    if (row.variant_id !== null && row.variant_sku !== null) {
      product.variants.set(row.variant_sku, {
        id: row.variant_id,
        variantSku: row.variant_sku,
        name: row.variant_name ?? product.name,
        priceCents: row.variant_price_cents,
        stock: row.variant_stock ?? 0,
      });
    }
  }
  return products;
}

/** What one unit of a line of `quantity` costs this buyer, by the rule that also prices the catalogue (core/buyer-price.ts). */
export function unitPriceCents(product: BuyerProduct, variant: BuyerVariant | null, line: { orderType: OrderType; quantity: number }): number {
  return buyerUnitCents({ ...product.prices, variantCents: variant?.priceCents ?? null }, { ...line, today: product.today });
}

/** Stock of the line's item: the variant's own stock, else the product's. */
export function stockOf(product: BuyerProduct, variant: BuyerVariant | null): number {
  return variant ? variant.stock : product.stock;
}
