import { wishStock, type WishStock } from '../../../core/stock-alarms.ts';
import type { CompanyContext } from '../access/access-policy.ts';
import { seesStockNumbers } from '../access/access-policy.ts';
import { groupBuyerProducts, type BuyerProduct, type BuyerVariant } from '../basket/buyer-products.ts';
import type { BuyerProductsRepository } from '../basket/buyer-products.repository.ts';
import { buyerScopeOf, type VisibilitySource } from '../basket/buyer-scope.ts';

// The products alarms and notifications name, as the reader may see them now: the catalogue's visibility
// (buyerScopeOf, like the cart and the wishlist), the name in the reader's language and the stock of the
// product or of the variant the domain reference names. A product the reader may not see is not found.

export interface WishedProductDeps {
  catalog: VisibilitySource;
  products: BuyerProductsRepository;
}

export interface Wish {
  productId: number;
  domainReference: string;
}

export interface WishedProduct {
  product: BuyerProduct;
  /** The active variant the domain reference names; null when it names the product's own sku. */
  variant: BuyerVariant | null;
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

export async function lookUpWishedProducts(ctx: CompanyContext, deps: WishedProductDeps, wishes: readonly Wish[]): Promise<WishedProducts> {
  const ids = [...new Set(wishes.map((wish) => wish.productId))];
  const references = [...new Set(wishes.map((wish) => wish.domainReference))];
  const scope = await buyerScopeOf(ctx, deps.catalog);
  const products = ids.length === 0 ? new Map<number, BuyerProduct>() : groupBuyerProducts(await deps.products.find(scope, { by: 'id', ids }, references), ctx.locale, scope);

  function find(productId: number | null, domainReference: string | null): WishedProduct | undefined {
    const product = productId === null ? undefined : products.get(productId);
    if (!product || domainReference === null) return undefined;
    if (domainReference === product.sku) return { product, variant: null, name: product.name, stock: product.stock };
    const variant = product.variants.get(domainReference);
    return variant ? { product, variant, name: variant.name, stock: variant.stock } : undefined;
  }

  return {
    find,
    stockOf(productId, domainReference, quantity) {
      return wishStock(find(productId, domainReference)?.stock ?? null, quantity, seesStockNumbers(ctx.identity));
    },
  };
}
