import { amountOut } from '../../../core/api-money.ts';
import type { WishlistItem } from '../../../core/catalog-types.ts';
import { apiVatRate } from '../../../core/tax-conversion.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { groupBuyerProducts, unitPriceCents, type BuyerProduct } from '../basket/buyer-products.ts';
import type { BuyerProductsRepository } from '../basket/buyer-products.repository.ts';
import { buyerScopeOf, type VisibilitySource } from '../basket/buyer-scope.ts';
import { checkOwnUser, requireAccess } from '../access/access-policy.ts';
import type { WishlistRepository } from './wishlist.repository.ts';
import { auditHook } from '../sales-persons/acting-audit.ts';

// The wishlist: products a signed-in customer keeps for later.
// Adding a product already there changes nothing; products no longer sold are not shown.

export interface SaveWishlistInput {
  _id?: number | null | undefined;
  userId?: number | null | undefined;
  items: { _id: number }[];
}

interface WishlistDeps {
  wishlists: WishlistRepository;
  catalog: VisibilitySource;
  products: BuyerProductsRepository;
}

function toWishlistItem(product: BuyerProduct): WishlistItem {
  return {
    _id: product.id,
    sku: product.sku,
    name: product.name,
    image: product.imageUrl,
    price: {
      value: amountOut(unitPriceCents(product, null, { orderType: 'order', quantity: 1 })),
      currency: product.currency,
      rrp: product.retailPriceCents === null ? null : amountOut(product.retailPriceCents),
      preOrderPrice: product.prices.preOrderCents === null ? null : amountOut(product.prices.preOrderCents),
    },
    stock: { value: product.stock },
    salesBatchSize: product.salesBatchSize,
    vatRate: apiVatRate(product.vat),
  };
}

export function createWishlistService({ wishlists, catalog, products }: WishlistDeps) {
  return {
    async getWishlist(requestCtx: RequestContext): Promise<{ items: WishlistItem[]; _id: number }> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const wishlistId = await wishlists.ensureWishlistId(ctx.tenant.id, ctx.identity);
      const ids = await wishlists.listProductIds(ctx.tenant.id, wishlistId);
      const scope = await buyerScopeOf(ctx, catalog);
      const byId = groupBuyerProducts(await products.find(scope, { by: 'id', ids }, []), ctx.locale, scope);
      const items = ids.flatMap((id) => {
        const product = byId.get(id);
        return product ? [toWishlistItem(product)] : [];
      });
      return { items, _id: wishlistId };
    },

    /** Replaces the wishlist with the given products (doubles count once). */
    async saveWishlist(requestCtx: RequestContext, input: SaveWishlistInput): Promise<{ id: number }> {
      const ctx = requireAccess(requestCtx, 'buyer');
      checkOwnUser(ctx, input.userId);
      const ownId = await wishlists.findWishlistId(ctx.tenant.id, ctx.identity);
      if (input._id !== null && input._id !== undefined && input._id !== ownId) {
        throw new AppError('not_found', 'error.wishlist_not_found', { field: '_id' });
      }
      const ids = [...new Set(input.items.map((item) => item._id))];
      const scope = await buyerScopeOf(ctx, catalog);
      const known = groupBuyerProducts(await products.find(scope, { by: 'id', ids }, []), ctx.locale, scope);
      const unknown = input.items.findIndex((item) => !known.has(item._id));
      if (unknown >= 0) throw new AppError('validation', 'validation.unknown_product', { field: `items.${unknown}._id` });

      const wishlistId = ownId ?? (await wishlists.ensureWishlistId(ctx.tenant.id, ctx.identity));
      await wishlists.replaceProducts(ctx.tenant.id, wishlistId, ids, auditHook(ctx, 'wishlist.changed', { products: ids.length }));
      return { id: wishlistId };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
