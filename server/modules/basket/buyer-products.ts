import { buyerUnitCents } from '../../../core/buyer-price.ts';
import type { Locale } from '../../../core/locale.ts';
import type { OrderType } from '../../../core/catalog-types.ts';
import { buyerVatRateBp, type BuyerVat, type TaxConversion } from '../../../core/tax-conversion.ts';
import type { BuyerProductRow } from './buyer-products.repository.ts';

// Rows of the buyer-product lookup, grouped into one product with its requested variants, and the
// price of every basket and wishlist line.

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
  listPriceCents: number;
  customerPriceCents: number | null;
  retailPriceCents: number | null;
  preOrderPriceCents: number | null;
  /** The VAT rate this buyer pays (buyerVatRateBp), or why the shop has none: such a product cannot be ordered. */
  vat: TaxConversion;
  stock: number;
  isStockFreeze: boolean;
  isOnlySellableWithPositiveStock: boolean;
  salesBatchSize: number;
  variants: Map<string, BuyerVariant>;
}

export function groupBuyerProducts(rows: readonly BuyerProductRow[], locale: Locale, buyerVat: BuyerVat): Map<number, BuyerProduct> {
  const products = new Map<number, BuyerProduct>();
  for (const row of rows) {
    let product = products.get(row.id);
    if (!product) {
      product = {
        id: row.id,
        sku: row.sku,
        name: locale === 'en' && row.name_en ? row.name_en : row.name,
        imageUrl: row.image_url,
        currency: row.currency,
        listPriceCents: row.price_cents,
        customerPriceCents: row.customer_price_cents,
        retailPriceCents: row.retail_price_cents,
        preOrderPriceCents: row.pre_order_price_cents,
        vat: buyerVatRateBp({ rateBp: row.vat_rate_bp, ...buyerVat }),
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

/** What one unit costs this buyer, by the rule that also prices the catalogue (core/buyer-price.ts). */
export function unitPriceCents(product: BuyerProduct, variant: BuyerVariant | null, orderType: OrderType): number {
  const prices = { listCents: product.listPriceCents, variantCents: variant?.priceCents ?? null, customerCents: product.customerPriceCents, preOrderCents: product.preOrderPriceCents };
  return buyerUnitCents(prices, orderType);
}

/** Stock of the line's item: the variant's own stock, else the product's. */
export function stockOf(product: BuyerProduct, variant: BuyerVariant | null): number {
  return variant ? variant.stock : product.stock;
}
