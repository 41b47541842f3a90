import { localizedName } from '../../../core/locale.ts';
import { wishStock, type WishStock } from '../../../core/stock-alarms.ts';
import type { CompanyContext } from '../access/access-policy.ts';
import { seesStockNumbers } from '../access/access-policy.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { WishedProductsRepository } from './wished-products.repository.ts';

// The products alarms and notifications name, as the reader may see them now: the catalogue's visibility
// (the rule the cart and the wishlist use), the name in the reader's language and the stock of the product
// or of the variant the domain reference names. A product the reader may not see is not found.

export interface WishedProductDeps {
  catalog: Pick<CatalogService, 'visibilityOf'>;
  wishedProducts: WishedProductsRepository;
}

interface WishedVariant {
  id: number;
  name: string;
  stock: number;
}

interface WishedProductEntry {
  id: number;
  sku: string;
  name: string;
  stock: number;
  salesBatchSize: number;
  variants: Map<string, WishedVariant>;
}

export interface Wish {
  productId: number;
  domainReference: string;
}

export interface WishedProduct {
  product: WishedProductEntry;
  /** The active variant the domain reference names; null when it names the product's own sku. */
  variant: WishedVariant | null;
  /** The product's name in the reader's language; a variant's own name. */
  name: string;
  stock: number;
}

export interface WishedProducts {
  /** The product a wish names, when the reader sees it and the reference is its sku or an active variant's. */
  find(productId: number | null, domainReference: string | null): WishedProduct | undefined;
  /** The stock state of a wish for `quantity` (core/stock-alarms.ts): numbers only for sales persons. */
  stockOf(productId: number | null, domainReference: string | null, quantity: number): WishStock;
}

/**
 * What a wish's domain reference names of a product the reader sees: the product by its own sku, else the
 * active variant it names (by the variant's own name, else the product's); nothing for another reference.
 */
export function namedByReference<V extends { name: string | null; stock: number | null }>(
  product: { sku: string; name: string; stock: number },
  reference: string,
  variant: V | null | undefined,
): { name: string; stock: number; variant: V | null } | undefined {
  if (reference === product.sku) return { name: product.name, stock: product.stock, variant: null };
  return variant ? { name: variant.name ?? product.name, stock: variant.stock ?? 0, variant } : undefined;
}

export async function lookUpWishedProducts(ctx: CompanyContext, deps: WishedProductDeps, wishes: readonly Wish[]): Promise<WishedProducts> {
  const ids = [...new Set(wishes.map((wish) => wish.productId))];
  const references = [...new Set(wishes.map((wish) => wish.domainReference))];
  const products = new Map<number, WishedProductEntry>();
  const rows = ids.length === 0 ? [] : await deps.wishedProducts.find(await deps.catalog.visibilityOf(ctx), ids, references);
  for (const row of rows) {
    const product = products.get(row.id) ?? { id: row.id, sku: row.sku, name: localizedName(ctx.locale, row.name, row.name_en), stock: row.stock, salesBatchSize: row.sales_batch_size, variants: new Map() };
    products.set(row.id, product);
    if (row.variant_id !== null && row.variant_sku !== null) product.variants.set(row.variant_sku, { id: row.variant_id, name: row.variant_name ?? product.name, stock: row.variant_stock ?? 0 });
  }

  function find(productId: number | null, domainReference: string | null): WishedProduct | undefined {
    const product = productId === null ? undefined : products.get(productId);
    if (!product || domainReference === null) return undefined;
    const named = namedByReference(product, domainReference, product.variants.get(domainReference));
    return named && { product, variant: named.variant, name: named.name, stock: named.stock };
  }

  return {
    find,
    stockOf(productId, domainReference, quantity) {
      return wishStock(find(productId, domainReference)?.stock ?? null, quantity, seesStockNumbers(ctx.identity));
    },
  };
}
