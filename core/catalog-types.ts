import type { ReviewSummary } from './reviews.ts';

// The JSON shapes of the catalogue, basket and wishlist API (docs/product.md, Entities). The server
// builds them, the browser reads them; both import these types. Amounts are major units (12.5 = 12,50).

export type OrderType = 'order' | 'preOrder';

export interface Price {
  /** Net unit price for this buyer (customer price when one exists). Absent for guests when prices are hidden. */
  value: number;
  currency: string;
  /** Recommended retail price, when the product has one. */
  rrp: number | null;
  preOrderPrice: number | null;
  isLoading?: boolean;
}

/** From `minQuantity` pieces on, a line costs `price` a piece (docs/product.md, "The buyer's price"). */
export interface TierPriceStep {
  minQuantity: number;
  price: Price;
}

export interface ProductImage {
  image: { url: string; width: number; height: number };
}

export interface SalesUnit {
  id: number;
  name: string;
}

export interface MaterialUnit {
  unit: { id: number; name: string };
  /** How many base units one of this unit holds (exact decimal from thousandths). */
  baseExchangeRatio: number;
  mainUnit: { name: string };
}

export interface PreStock {
  seasonId: number;
  quantity: number;
}

export interface ProductVariant {
  _id: number;
  variantSku: string;
  name: string;
  attributes: Record<string, string>;
  price: Price | null;
  /** The variant's prices by quantity; empty where none applies or prices are hidden. */
  tierPrices: TierPriceStep[];
  stock: { value: number };
}

export interface Product {
  /** Product id (a number: never contains a hyphen). */
  _id: number;
  name: string;
  sku: string;
  /** Set when this entry stands for one variant of the product. */
  variantSku?: string;
  categoryId: number;
  images: ProductImage[];
  /** null for guests when the shop hides prices from guests: the server never sends them. */
  price: Price | null;
  /** The buyer's prices by quantity, lowest quantity first, each below the one before; empty where none applies or prices are hidden. */
  tierPrices: TierPriceStep[];
  isGrossPrice: boolean;
  /** The VAT rate in percent this buyer pays; null when the shop has no rate for the buyer's VAT country (ADR 0016): the price is net, and the item cannot be ordered. */
  vatRate: number | null;
  stock: { value: number };
  preStocks: PreStock[];
  isStockFreeze: boolean;
  salesBatchSize: number;
  salesUnit: SalesUnit | null;
  materialUnits: MaterialUnit[];
  releaseDate: string | null;
  isOnlySellableWithPositiveStock: boolean;
  attributes: Record<string, string>;
  salesAttributes: Record<string, string>;
  variants: ProductVariant[];
  /** The product's published reviews (a variant's belong to its product): average and count. */
  reviews: ReviewSummary;
}

/**
 * A product as the listings (category, search and home pages) show it: without the attributes and sales
 * attributes only its own page lists, so every listing page's data is smaller by them.
 */
export type ListedProduct = Omit<Product, 'attributes' | 'salesAttributes'>;

export interface ProductDetail extends Product {
  description: string | null;
  /** A downloadable product: its buyers' company downloads its files once the order is placed (GET /api/account/downloads). */
  downloadable: boolean;
  /** The product's documents for everyone (its other documents: GET /api/material/{id}/documents). */
  downloads: { title: string; url: string }[];
}

export interface Category {
  _id: number;
  name: string;
  parent: number | null;
  isDeal: boolean;
  isActive: boolean;
  /** URL parameter of /category/: the name with dashes, a dash, then the id. */
  verboseName: string;
}

export interface Season {
  _id: number;
  name: string;
  date: string;
}

export interface ListMeta {
  total: number;
  page: number;
  pageSize: number;
}

/** A matched part of a text: [start, end) in UTF-16 code units of the original string. */
export type HighlightRange = readonly [start: number, end: number];

/** A product found by GET /api/material/search, with the parts of its texts the search key matched. */
export interface SearchProduct extends Product {
  highlight: { name: HighlightRange[]; sku: HighlightRange[]; variantSku: HighlightRange[] };
}

/** GET /api/material/search: one page of products, and the visible categories with matching names. */
export interface SearchAnswer {
  data: SearchProduct[];
  meta: ListMeta & { categories: Category[] };
}

/** A line of the basket as the API answers it. */
export interface CartProduct {
  _id: number;
  sku: string;
  variantSku?: string;
  name: string;
  image: string | null;
  price: Price;
  orderType: OrderType;
  /** Order lines: the quantity. */
  quantity: number;
  /** Pre-order lines: one quantity per season, in season order. */
  quantities: number[];
  stock: { value: number };
  notEnoughStock: boolean;
  /** Set when the price changed since the line was added: the previous price. */
  oldPrice: number | null;
  /** The VAT rate in percent this buyer pays; null when the shop has no rate for the buyer's VAT country (ADR 0016): the price is net, and the item cannot be ordered. */
  vatRate: number | null;
  salesBatchSize: number;
  customAttributes: Record<string, string> | null;
  packs: { quantity: number; size: number }[] | null;
}

/** What the browser sends for a line: identity and quantities only; the server fills in price and stock. */
export interface CartLineInput {
  _id: number;
  sku: string;
  variantSku?: string;
  orderType: OrderType;
  quantity?: number;
  quantities?: number[];
  customAttributes?: Record<string, string> | null;
  packs?: { quantity: number; size: number }[] | null;
}

/** An entry of the wishlist (GET /api/wishlist): the product as the signed-in buyer sees it today. */
export interface WishlistItem {
  _id: number;
  sku: string;
  name: string;
  image: string | null;
  price: Price;
  stock: { value: number };
  salesBatchSize: number;
  /** The VAT rate in percent this buyer pays; null when the shop has no rate for the buyer's VAT country (ADR 0016): the price is net, and the item cannot be ordered. */
  vatRate: number | null;
}
