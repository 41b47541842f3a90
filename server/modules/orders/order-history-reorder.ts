import { basketLineLimit } from '../../../core/cart-state.ts';
import type { PreStock } from '../../../core/catalog-types.ts';
import { AppError } from '../../errors.ts';
import type { BasketRepository } from '../basket/basket.repository.ts';
import type { BasketAnswer, BasketService } from '../basket/basket.service.ts';
import { groupBuyerProducts, type BuyerProduct } from '../basket/buyer-products.ts';
import type { BuyerProductsRepository } from '../basket/buyer-products.repository.ts';
import { buyerScopeOf, type VisibilitySource } from '../basket/buyer-scope.ts';
import type { SignedInContext } from '../access/access-policy.ts';
import { auditHook } from '../sales-persons/acting-audit.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { planReorder, type ReorderLine, type ReorderOutcome } from './order-history-reorder-plan.ts';
import type { OrderItemRow } from './order.repository.ts';

// POST /api/order/{id}/reorder: the order's lines (all, or the ones chosen by their index in the order's
// items) into the buyer's current carts, priced and checked as of now (order-history-reorder-plan.ts),
// written in the basket's one transaction, answered with what happened to each line and the basket as
// GET /api/basket shows it.

export interface ReorderDeps {
  baskets: BasketRepository;
  basket: Pick<BasketService, 'getBasket'>;
  catalog: VisibilitySource;
  products: BuyerProductsRepository;
  settings: Pick<SettingsService, 'getConfiguration'>;
}

export type ReorderAnswer = Omit<ReorderOutcome, 'lines'> & { basket: BasketAnswer };

/** The order's items picked by index; an index the order does not have is a 400 naming it. */
export function chosenLines(items: readonly OrderItemRow[], indexes: readonly number[] | undefined): ReorderLine[] {
  const picked = indexes === undefined ? items : indexes.map((index, position) => {
    const item = items[index];
    if (!item) throw new AppError('validation', 'validation.invalid', { field: `lines.${position}` });
    return item;
  });
  return [...new Set(picked)].map((item) => ({
    sku: item.sku,
    variantSku: item.variant_sku,
    name: item.name,
    orderType: item.order_type,
    seasonId: item.season_id,
    quantity: item.quantity,
    customAttributes: item.custom_attributes,
  }));
}

export function createReorder(deps: ReorderDeps) {
  return async function reorder(ctx: SignedInContext, lines: readonly ReorderLine[], orderNumber: string): Promise<ReorderAnswer> {
    const tenantId = ctx.tenant.id;
    const skus = [...new Set(lines.map((line) => line.sku))];
    const variantSkus = [...new Set(lines.flatMap((line) => (line.variantSku ? [line.variantSku] : [])))];
    const [{ rows, scope }, configuration, basketId] = await Promise.all([
      buyerScopeOf(ctx, deps.catalog).then(async (scope) => ({ rows: await deps.products.find(scope, { by: 'sku', skus }, variantSkus), scope })),
      deps.settings.getConfiguration(ctx),
      deps.baskets.ensureBasketId(tenantId, ctx.identity),
    ]);
    const productsBySku = new Map<string, BuyerProduct>([...groupBuyerProducts(rows, ctx.locale, scope).values()].map((product) => [product.sku, product]));
    const preOrdered = [...new Set(lines.filter((line) => line.orderType === 'preOrder').flatMap((line) => productsBySku.get(line.sku)?.id ?? []))];
    const preStocks = new Map<number, PreStock[]>();
    for (const row of await deps.products.findPreStocks(tenantId, preOrdered)) {
      preStocks.set(row.product_id, [...(preStocks.get(row.product_id) ?? []), { seasonId: row.season_id, quantity: row.quantity }]);
    }
    const rules = {
      isBatchSizeActive: configuration.isBatchSizeActive,
      buyableWithoutStock: configuration.buyableWithoutStock,
      seasonIds: configuration.seasons.map((season) => season._id),
      maxLines: basketLineLimit,
    };
    // Planned against the cart as it is under the basket's lock, so a save in another tab cannot slip in between.
    let outcome: ReorderOutcome | undefined;
    await deps.baskets.replaceLines(
      tenantId,
      basketId,
      (current) => {
        outcome = planReorder(lines, current, { productsBySku, preStocks }, rules);
        return outcome.lines;
      },
      auditHook(ctx, 'basket.reordered', { orderNumber }),
    );
    const { added, reduced, skipped } = outcome!;
    return { added, reduced, skipped, basket: await deps.basket.getBasket(ctx) };
  };
}
