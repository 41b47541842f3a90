import type { CartProduct, PreStock } from '../../../core/catalog-types.ts';
import { checkOwnUser, requireAccess, type SignedInContext } from '../access/access-policy.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { auditHook } from '../sales-persons/acting-audit.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { BasketRepository, StoredBasketLine } from './basket.repository.ts';
import { priceRequestedLines, type RequestedLine } from './basket-lines.ts';
import { planStoredLines, refreshPrice } from './basket-prices.ts';
import { toCartProduct } from './basket-view.ts';
import { groupBuyerProducts, unitPriceCents, type BuyerProduct } from './buyer-products.ts';
import type { BuyerProductsRepository } from './buyer-products.repository.ts';
import { buyerScopeOf, type VisibilitySource } from './buyer-scope.ts';

// The basket (order cart and pre-order cart in one; docs/product.md, Cart). The server is the
// authority: prices and stock always come from the catalogue for the buyer's company, never from
// the client, and a line whose product is no longer sold leaves the basket.

export interface SaveBasketInput {
  _id?: number | null | undefined;
  userId?: number | null | undefined;
  items: RequestedLine[];
}

export interface BasketAnswer {
  items: CartProduct[];
  _id: number;
}

interface BasketDeps {
  baskets: BasketRepository;
  catalog: VisibilitySource;
  products: BuyerProductsRepository;
  settings: Pick<SettingsService, 'getConfiguration'>;
}

function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

export function createBasketService({ baskets, catalog, products, settings }: BasketDeps) {
  async function preStocksFor(ctx: SignedInContext, productIds: number[]): Promise<Map<number, PreStock[]>> {
    const rows = await products.findPreStocks(ctx.tenant.id, productIds);
    const byProduct = new Map<number, PreStock[]>();
    for (const row of rows) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push({ seasonId: row.season_id, quantity: row.quantity });
      byProduct.set(row.product_id, list);
    }
    return byProduct;
  }

  return {
    /** The user's basket with today's prices; price changes since a line was saved show as oldPrice. */
    async getBasket(requestCtx: RequestContext): Promise<BasketAnswer> {
      const ctx = requireAccess(requestCtx, 'buyer');
      const basketId = await baskets.ensureBasketId(ctx.tenant.id, ctx.identity);
      const lines = await baskets.listLines(ctx.tenant.id, basketId);
      if (lines.length === 0) return { items: [], _id: basketId };

      const variantSkus = unique(lines.flatMap((line) => (line.variant_sku ? [line.variant_sku] : [])));
      const scope = await buyerScopeOf(ctx, catalog);
      const [rows, configuration] = await Promise.all([
        products.find(scope, { by: 'id', ids: unique(lines.map((line) => line.product_id)) }, variantSkus),
        settings.getConfiguration(ctx),
      ]);
      const byId = groupBuyerProducts(rows, ctx.locale, scope);

      const unsold: number[] = [];
      const priceChanges: Parameters<BasketRepository['updateLinePrices']>[1][number][] = [];
      const items: CartProduct[] = [];
      for (const line of lines) {
        const product = byId.get(line.product_id);
        const variant = line.variant_sku ? (product?.variants.get(line.variant_sku) ?? null) : null;
        const price = product && (variant || !line.variant_sku) ? unitPriceCents(product, variant, { orderType: line.order_type, quantity: line.quantity }) : 0;
        if (!product || price <= 0) {
          unsold.push(line.id);
          continue;
        }
        const refreshed = refreshPrice({ unitPriceCents: line.unit_price_cents, oldPriceCents: line.old_price_cents }, price);
        let current: StoredBasketLine = line;
        if (refreshed) {
          priceChanges.push({ lineId: line.id, expectedUnitPriceCents: line.unit_price_cents, ...refreshed });
          current = { ...line, unit_price_cents: refreshed.unitPriceCents, old_price_cents: refreshed.oldPriceCents };
        }
        items.push(toCartProduct(current, product, variant, configuration.seasons.length));
      }
      await baskets.deleteLines(ctx.tenant.id, unsold);
      await baskets.updateLinePrices(ctx.tenant.id, priceChanges);
      return { items, _id: basketId };
    },

    /** Replaces all lines of the user's basket with the given ones, priced by the server. */
    async saveBasket(requestCtx: RequestContext, input: SaveBasketInput): Promise<{ id: number }> {
      const ctx = requireAccess(requestCtx, 'buyer');
      checkOwnUser(ctx, input.userId);
      const ownId = await baskets.findBasketId(ctx.tenant.id, ctx.identity);
      // Someone else's basket id (or a made-up one) is answered like a missing basket: no hint it exists.
      if (input._id !== null && input._id !== undefined && input._id !== ownId) {
        throw new AppError('not_found', 'error.basket_not_found', { field: '_id' });
      }

      const skus = unique(input.items.map((item) => item.sku));
      const variantSkus = unique(input.items.flatMap((item) => (item.variantSku ? [item.variantSku] : [])));
      const scope = await buyerScopeOf(ctx, catalog);
      const [rows, configuration] = await Promise.all([products.find(scope, { by: 'sku', skus }, variantSkus), settings.getConfiguration(ctx)]);
      const bySku = new Map<string, BuyerProduct>([...groupBuyerProducts(rows, ctx.locale, scope).values()].map((p) => [p.sku, p]));
      const preOrderProductIds = unique(
        input.items.filter((item) => item.orderType === 'preOrder').flatMap((item) => bySku.get(item.sku)?.id ?? []),
      );
      const priced = priceRequestedLines(input.items, bySku, {
        isBatchSizeActive: configuration.isBatchSizeActive,
        seasonIds: configuration.seasons.map((season) => season._id),
        preStocks: await preStocksFor(ctx, preOrderProductIds),
      });

      const basketId = ownId ?? (await baskets.ensureBasketId(ctx.tenant.id, ctx.identity));
      await baskets.replaceLines(ctx.tenant.id, basketId, (current) => planStoredLines(priced, current), auditHook(ctx, 'basket.changed'));
      return { id: basketId };
    },
  };
}

export type BasketService = ReturnType<typeof createBasketService>;
