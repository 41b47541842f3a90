import { canAddAll, canAddSingle, canPreOrder, isQuantityInputDisabled, preOrderSeasonMax, type CartRuleSettings, type RuleResult } from '../../../core/add-to-cart-rules';
import type { OrderType, Product } from '../../../core/catalog-types';
import { invalidBatchQuantityKey, isValidBatchMultiple, normaliseQuantity } from '../../../core/quantity';
import { chosenQuantity, type RowChoice } from './row-pricing';

// What a product row allows, from the shared rules of core/add-to-cart-rules.ts (docs/product.md, Cart):
// the browser disables and explains with the same reason keys the basket API refuses with.

export type RowProduct = Pick<Product, 'stock' | 'isOnlySellableWithPositiveStock' | 'salesBatchSize' | 'preStocks' | 'isStockFreeze'>;

/** Whether the row's own add button may add what is chosen. */
export function rowAddRule(row: RowProduct, choice: RowChoice, orderType: OrderType, settings: CartRuleSettings): RuleResult {
  if (orderType === 'order') return canAddSingle(row, choice.quantity, settings);
  const preOrder = canPreOrder(row);
  if (!preOrder.allowed) return preOrder;
  if (chosenQuantity(choice, 'preOrder') <= 0) return { allowed: false, reason: 'cart.quantity.not.positive' };
  const invalid = choice.quantities.some((quantity) => !isValidBatchMultiple(normaliseQuantity(quantity), row.salesBatchSize, settings.isBatchSizeActive));
  return invalid ? { allowed: false, reason: invalidBatchQuantityKey } : { allowed: true };
}

/** Order mode: the field takes at most the stock, unless the shop sells beyond its stock; null is no cap. */
export function orderQuantityMax(row: Pick<Product, 'stock'>, settings: Pick<CartRuleSettings, 'buyableWithoutStock'>): number | null {
  return settings.buyableWithoutStock ? null : Math.max(0, row.stock.value);
}

export function isRowInputDisabled(row: RowProduct, orderType: OrderType, settings: Pick<CartRuleSettings, 'buyableWithoutStock'>): boolean {
  return orderType === 'order' ? isQuantityInputDisabled(row, settings) : !canPreOrder(row).allowed;
}

/** Pre-order mode: each season's 'max' when the stock is frozen (null: no cap). */
export function seasonMaxima(row: RowProduct, quantities: readonly number[], seasonIds: readonly number[]): (number | null)[] {
  return seasonIds.map((_, index) => preOrderSeasonMax(row, index, quantities, seasonIds));
}

/**
 * The footer's 'add all to cart'. As the spec writes it, only order mode needs a choice; an add with
 * nothing to add would only end in an error message, so pre-order mode asks for a choice too.
 */
export function addAllRule(entries: readonly { row: RowProduct; choice: RowChoice }[], orderType: OrderType, settings: CartRuleSettings): RuleResult {
  const rule = canAddAll(
    entries.map(({ row, choice }) => ({ salesBatchSize: row.salesBatchSize, quantity: choice.quantity, quantities: choice.quantities })),
    orderType,
    settings,
  );
  if (!rule.allowed) return rule;
  return entries.some(({ choice }) => chosenQuantity(choice, orderType) > 0) ? rule : { allowed: false, reason: 'cart.nothing.chosen' };
}
