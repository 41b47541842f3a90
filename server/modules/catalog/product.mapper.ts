import { amountOut } from '../../../core/api-money.ts';
import { buyerUnitCents, tierSteps, type BuyerPriceInput, type PriceValidity, type TierPrice } from '../../../core/buyer-price.ts';
import type { MaterialUnit, Price, Product, ProductVariant, TierPriceStep } from '../../../core/catalog-types.ts';
import { localizedName, type Locale } from '../../../core/locale.ts';
import { productForVariant } from '../../../core/product-variant.ts';
import type { ReviewSummary } from '../../../core/reviews.ts';
import { apiVatRate, buyerVatRateBp, type BuyerVat } from '../../../core/tax-conversion.ts';
import type { ImageRow, MaterialUnitRow, PreStockRow, ProductRow, VariantRow } from './product.repository.ts';

// Database rows to the API's Product shape (core/catalog-types.ts). Pure: the service loads, this maps.

/** How the person asking sees prices and names. */
export interface ProductViewer {
  locale: Locale;
  /** false for guests when the shop hides prices from guests: every price becomes null. */
  showPrices: boolean;
  /** The company shows gross prices (its show_net_prices is off). */
  isGrossPrice: boolean;
  /** The buyer's VAT situation: a product's rate for this viewer is buyerVatRateBp of it (ADR 0016). */
  vat: BuyerVat;
  /** The shop day (core/shop-day.ts) customer and tier prices are valid on, or not. */
  today: string;
}

export interface ProductChildren {
  images: readonly ImageRow[];
  /** Active variants, or none when the caller skips them (the plain list). */
  variants: readonly VariantRow[];
  units: readonly MaterialUnitRow[];
  preStocks: readonly PreStockRow[];
  /** The buyer's company's negotiated price for this product, with the days it applies on. */
  customerPrice: ({ cents: number } & PriceValidity) | null;
  /** The product's tier prices for this buyer: everyone's and the company's, of any days. */
  tiers: readonly TierPrice[];
  /** The kept summary of the product's published reviews. */
  reviews: ReviewSummary;
}

/** An attribute document as display name → value; anything that is not a string value is left out. */
export function parseAttributes(json: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** What core/buyer-price.ts prices the product (or one of its variants) from. */
function priceInput(row: ProductRow, children: ProductChildren, variantPriceCents: number | null): BuyerPriceInput {
  return { listCents: row.price_cents, variantCents: variantPriceCents, customer: children.customerPrice, preOrderCents: row.pre_order_price_cents, tiers: children.tiers };
}

function priceOf(row: ProductRow, cents: number): Price {
  return {
    value: amountOut(cents),
    currency: row.currency,
    rrp: row.retail_price_cents === null ? null : amountOut(row.retail_price_cents),
    preOrderPrice: row.pre_order_price_cents === null ? null : amountOut(row.pre_order_price_cents),
  };
}

/** The buyer's price of one piece, by the rule that also prices basket lines (core/buyer-price.ts). */
export function buyerPrice(row: ProductRow, children: ProductChildren, variantPriceCents: number | null, viewer: ProductViewer): Price | null {
  if (!viewer.showPrices) return null;
  return priceOf(row, buyerUnitCents(priceInput(row, children, variantPriceCents), { orderType: 'order', quantity: 1, today: viewer.today }));
}

/** The buyer's prices by quantity, each in the shape of the price of one piece: what a line of that many costs a piece. */
export function buyerTierPrices(row: ProductRow, children: ProductChildren, variantPriceCents: number | null, viewer: ProductViewer): TierPriceStep[] {
  if (!viewer.showPrices) return [];
  return tierSteps(priceInput(row, children, variantPriceCents), viewer.today).map((step) => ({ minQuantity: step.minQuantity, price: priceOf(row, step.cents) }));
}

function toVariant(row: ProductRow, variant: VariantRow, children: ProductChildren, viewer: ProductViewer): ProductVariant {
  return {
    _id: variant.id,
    variantSku: variant.variant_sku,
    name: variant.name,
    attributes: parseAttributes(variant.attributes),
    price: buyerPrice(row, children, variant.price_cents, viewer),
    tierPrices: buyerTierPrices(row, children, variant.price_cents, viewer),
    stock: { value: variant.stock },
  };
}

function toMaterialUnit(unit: MaterialUnitRow, locale: Locale): MaterialUnit {
  return {
    unit: { id: unit.unit_id, name: localizedName(locale, unit.unit_name, unit.unit_name_en) },
    baseExchangeRatio: unit.base_exchange_ratio_milli / 1000,
    mainUnit: { name: localizedName(locale, unit.main_unit_name, unit.main_unit_name_en) },
  };
}

export function toProduct(row: ProductRow, children: ProductChildren, viewer: ProductViewer): Product {
  return {
    _id: row.id,
    name: localizedName(viewer.locale, row.name, row.name_en),
    sku: row.sku,
    categoryId: row.category_id,
    images: children.images.map((image) => ({ image: { url: image.url, width: image.width, height: image.height } })),
    price: buyerPrice(row, children, null, viewer),
    tierPrices: buyerTierPrices(row, children, null, viewer),
    isGrossPrice: viewer.isGrossPrice,
    vatRate: apiVatRate(buyerVatRateBp({ rateBp: row.vat_rate_bp, ...viewer.vat })),
    stock: { value: row.stock },
    preStocks: children.preStocks.map((preStock) => ({ seasonId: preStock.season_id, quantity: preStock.quantity })),
    isStockFreeze: row.is_stock_freeze === 1,
    salesBatchSize: row.sales_batch_size,
    salesUnit:
      row.sales_unit_id !== null && row.sales_unit_name !== null
        ? { id: row.sales_unit_id, name: localizedName(viewer.locale, row.sales_unit_name, row.sales_unit_name_en) }
        : null,
    materialUnits: children.units.map((unit) => toMaterialUnit(unit, viewer.locale)),
    releaseDate: row.release_date,
    isOnlySellableWithPositiveStock: row.is_only_sellable_with_positive_stock === 1,
    attributes: parseAttributes(row.attributes),
    salesAttributes: parseAttributes(row.sales_attributes),
    variants: children.variants.map((variant) => toVariant(row, variant, children, viewer)),
    reviews: children.reviews,
  };
}

/**
 * The product as it stands for one of its variants (the product page opened with ?sku=<variant sku>):
 * the variant's sku, name, price and stock, and the variant's attributes over the product's.
 */
export function selectVariant(product: Product, variantSku: string): Product {
  const variant = product.variants.find((candidate) => candidate.variantSku === variantSku);
  return variant ? productForVariant(product, variant) : product;
}
