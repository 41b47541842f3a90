import type { CartProduct, OrderType } from '../../../core/catalog-types';
import type { AppLoadContext } from '../../app-context';
import { toBasketItems } from '../../stores/cart-lines';
import { findShortfalls, reducedLines, type Shortfall, type StockFacts } from './stock-shortfall';

// The checkout's stock check (docs/product.md, Checkout): which lines of one cart the placement would refuse for stock,
// shown before the click, and the "reduce to available quantity" behind the page action's
// intent=reduceToAvailable. Everything is read anew for the signed-in buyer: the basket with today's
// stock (basket service), the products' stock rules and pre-stocks (catalogue service), the shop's
// settings. Nothing the browser posts about quantities or stock is used.

async function stockFactsOf(app: AppLoadContext, lines: readonly CartProduct[]): Promise<Map<number, StockFacts>> {
  const ids = [...new Set(lines.map((line) => line._id))];
  if (ids.length === 0) return new Map();
  const products = await app.services.catalog.productsById(app.ctx, ids, { withVariants: false });
  return new Map(products.map((product) => [product._id, product]));
}

/** The lines of one cart of `basket` (lines as the basket service answers them) the placement would refuse for stock. */
export async function checkoutShortfalls(app: AppLoadContext, basket: readonly CartProduct[], orderType: OrderType): Promise<Shortfall[]> {
  const lines = basket.filter((line) => line.orderType === orderType);
  const [facts, configuration] = await Promise.all([stockFactsOf(app, lines), app.services.settings.getConfiguration(app.ctx)]);
  return findShortfalls(lines, (id) => facts.get(id), {
    buyableWithoutStock: configuration.buyableWithoutStock,
    isBatchSizeActive: configuration.isBatchSizeActive,
    seasonIds: configuration.seasons.map((season) => season._id),
  });
}

/**
 * Lowers every short line of the cart to what can be ordered (removes it when nothing can) and saves
 * the basket through the basket service, like the cart page's own "adjust to stock". Answers what was
 * changed; an empty list when nothing was short (any more).
 */
export async function reduceToAvailable(app: AppLoadContext, orderType: OrderType): Promise<Shortfall[]> {
  const basket = await app.services.basket.getBasket(app.ctx);
  const shortfalls = await checkoutShortfalls(app, basket.items, orderType);
  if (shortfalls.length === 0) return [];
  // The whole basket goes back (the basket API replaces all lines): unchanged lines keep their content,
  // so the basket keeps their price references too.
  await app.services.basket.saveBasket(app.ctx, { _id: basket._id, items: toBasketItems(reducedLines(basket.items, shortfalls)) });
  return shortfalls;
}
