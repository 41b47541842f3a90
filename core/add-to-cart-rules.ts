import type { CartLineInput, OrderType, Price, Product } from './catalog-types.ts';
import { invalidBatchQuantityKey, isValidBatchMultiple, normaliseQuantity } from './quantity.ts';
import type { SiteSettings } from './site-settings.ts';
import { isInStock } from './stock.ts';

// When adding to the cart is allowed (docs/product.md, Cart). The browser disables buttons and explains with
// the reason key; the basket API refuses the same cases with the same key.

export type CartRuleSettings = Pick<SiteSettings, 'isBatchSizeActive' | 'buyableWithoutStock'>;

export type CartRuleReason =
  | 'cart.quantity.not.positive'
  | 'cart.product.out.of.stock'
  | typeof invalidBatchQuantityKey
  | 'cart.nothing.chosen'
  | 'cart.preorder.unavailable';

export type RuleResult = { allowed: true } | { allowed: false; reason: CartRuleReason };

const allowed: RuleResult = { allowed: true };
const refused = (reason: CartRuleReason): RuleResult => ({ allowed: false, reason });

export type StockRuleInput = Pick<Product, 'stock' | 'isOnlySellableWithPositiveStock'>;

export function canAddSingle(product: StockRuleInput & Pick<Product, 'salesBatchSize'>, quantity: number, settings: CartRuleSettings): RuleResult {
  if (!(quantity > 0)) return refused('cart.quantity.not.positive');
  // isInStock already counts positive-stock-only products as in stock, which the spec exempts here too.
  if (!isInStock(product) && !settings.buyableWithoutStock) return refused('cart.product.out.of.stock');
  if (!isValidBatchMultiple(quantity, product.salesBatchSize, settings.isBatchSizeActive)) return refused(invalidBatchQuantityKey);
  return allowed;
}

export function isQuantityInputDisabled(product: StockRuleInput, settings: Pick<CartRuleSettings, 'buyableWithoutStock'>): boolean {
  // "Stock is empty, not buyable without stock and not positive-stock-only" is exactly "out of stock" here.
  return !isInStock(product) && !settings.buyableWithoutStock;
}

export interface AddAllLine {
  salesBatchSize: number;
  quantity?: number;
  /** Pre-order mode: one quantity per season. */
  quantities?: readonly number[];
}

/** The sticky "add to cart" for all rows of the product table. */
export function canAddAll(lines: readonly AddAllLine[], mode: OrderType, settings: Pick<CartRuleSettings, 'isBatchSizeActive'>): RuleResult {
  const chosen = (line: AddAllLine) => (mode === 'order' ? [line.quantity] : (line.quantities ?? [])).map(normaliseQuantity);
  // The spec requires a choice only in order mode; the pre-order button follows it as written.
  if (mode === 'order' && !lines.some((line) => chosen(line)[0]! > 0)) return refused('cart.nothing.chosen');
  const invalid = lines.some((line) => chosen(line).some((quantity) => !isValidBatchMultiple(quantity, line.salesBatchSize, settings.isBatchSizeActive)));
  return invalid ? refused(invalidBatchQuantityKey) : allowed;
}

export function canPreOrder(product: Pick<Product, 'preStocks'>): RuleResult {
  return product.preStocks.length > 0 ? allowed : refused('cart.preorder.unavailable');
}

export type PreOrderInput = Pick<Product, 'isStockFreeze' | 'preStocks'>;

/**
 * The most one season may take (shown as 'max'), or null when there is no cap (stock not frozen).
 * `quantities` and `seasonIds` are both in season order; pre-stocks are matched by season id, and a
 * season without a pre-stock has nothing to give.
 */
export function preOrderSeasonMax(product: PreOrderInput, seasonIndex: number, quantities: readonly number[], seasonIds: readonly number[]): number | null {
  if (!product.isStockFreeze) return null;
  const seasonId = seasonIds[seasonIndex];
  const preStock = product.preStocks.find((entry) => entry.seasonId === seasonId)?.quantity ?? 0;
  const otherSeasons = quantities.reduce((sum, quantity, index) => (index === seasonIndex ? sum : sum + normaliseQuantity(quantity)), 0);
  return Math.max(0, preStock - otherSeasons);
}

/** The server's check of a whole pre-order line: every season stays within its 'max'. */
export function preOrderQuantitiesFit(product: PreOrderInput, quantities: readonly number[], seasonIds: readonly number[]): boolean {
  return quantities.every((quantity, index) => {
    const max = preOrderSeasonMax(product, index, quantities, seasonIds);
    return max === null || normaliseQuantity(quantity) <= max;
  });
}

export type AddCandidate = {
  _id?: number | string | null;
  sku?: string | null;
  name?: string | null;
  price?: Pick<Price, 'value' | 'isLoading'> | null;
} | null | undefined;

export type InvalidProductKey = 'cart.invalid.product.id' | 'cart.invalid.product.price';

/**
 * The check before anything goes into the cart. A missing product or field other than the price
 * counts as an invalid id: the product cannot be identified. A missing price counts as an invalid price.
 */
export function validateBeforeAdding(product: AddCandidate): InvalidProductKey | null {
  if (!product || !product._id || !product.sku || !product.name) return 'cart.invalid.product.id';
  // Product ids are numbers; a hyphen means a verbose URL parameter was passed instead of the id.
  if (String(product._id).includes('-')) return 'cart.invalid.product.id';
  const price = product.price;
  if (!price || price.isLoading || typeof price.value !== 'number' || !Number.isFinite(price.value) || price.value === 0) {
    return 'cart.invalid.product.price';
  }
  return null;
}

/**
 * Whether a cart line asks for more than the stock holds. Only order lines count: pre-orders draw on
 * pre-stock. The flag informs (the not-enough-stock modal); it does not depend on buyableWithoutStock.
 */
export function hasNotEnoughStock(line: Pick<CartLineInput, 'orderType' | 'quantity'>, product: StockRuleInput): boolean {
  if (line.orderType !== 'order' || product.isOnlySellableWithPositiveStock) return false;
  return normaliseQuantity(line.quantity) > product.stock.value;
}
