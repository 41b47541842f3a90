import { canPreOrder, preOrderSeasonMax } from '../../../core/add-to-cart-rules.ts';
import type { OrderType, PreStock } from '../../../core/catalog-types.ts';
import { lineKey } from '../../../core/cart-state.ts';
import { stepFor } from '../../../core/quantity.ts';
import { mustNotOversell } from '../../../core/stock-allocation.ts';
import type { NewBasketLine, StoredBasketLine } from '../basket/basket.repository.ts';
import { plannedBasketLine, storedLinesByItem, storedSeasonQuantities } from '../basket/stored-basket-lines.ts';
import { stockOf, unitPriceCents, type BuyerProduct } from '../basket/buyer-products.ts';

// Reorder (docs/product.md, Orders): which of an order's lines go into the buyer's current carts, with how much,
// at today's price and availability. Pure: the caller looks the products up (through the catalogue's
// visibility, so a hidden product is as unknown as a deleted one) and writes the lines this answers in
// the basket's one transaction.
//  - A product no longer sold (unknown, hidden, inactive variant, no price) is skipped.
//  - A pre-order line needs its season still on offer and the product's pre-stock.
//  - Already in the cart: the quantities add up (what the cart holds is never reduced).
//  - A product the shop must not oversell (positive stock only, or a shop that does not sell without
//    stock) gets at most its stock (less what the cart already holds); a frozen pre-order product at most
//    its season's pre-stock. With the batch-size feature, quantities are rounded down to whole batches.
//  - A line whose quantity came out lower is "reduced" with the reason; nothing left is "skipped".

export type ReorderReason =
  | 'reorder.reason.not_sold'
  | 'reorder.reason.out_of_stock'
  | 'reorder.reason.stock_limited'
  | 'reorder.reason.season_ended'
  | 'reorder.reason.batch_size'
  | 'reorder.reason.cart_full';

/** An order line to reorder, as the order's snapshot has it. */
export interface ReorderLine {
  sku: string;
  variantSku: string | null;
  name: string;
  orderType: OrderType;
  seasonId: number | null;
  quantity: number;
  customAttributes: string | null;
}

export interface ReorderRules {
  isBatchSizeActive: boolean;
  buyableWithoutStock: boolean;
  /** The seasons on offer now, in season order. */
  seasonIds: readonly number[];
  /** The most lines a basket holds (as POST /api/basket accepts). */
  maxLines: number;
}

export interface ReorderOutcome {
  lines: NewBasketLine[];
  added: { sku: string; variantSku: string | null; name: string; quantity: number }[];
  reduced: { sku: string; variantSku: string | null; name: string; requested: number; quantity: number; reason: ReorderReason }[];
  skipped: { sku: string; variantSku: string | null; name: string; reason: ReorderReason }[];
}

export interface ReorderCatalogue {
  /** The products the buyer may order now, by sku, with the variants the lines name. */
  productsBySku: ReadonlyMap<string, BuyerProduct>;
  preStocks: ReadonlyMap<number, PreStock[]>;
}

/**
 * How much of `wanted` fits next to the `held` quantity: with `held` + the answer within `limit` (the
 * stock or pre-stock; null: no limit) and a whole number of batches (`step`). The reason names what cut it.
 */
function fit(wanted: number, held: number, limit: number | null, step: number): { quantity: number; reason: ReorderReason | null } {
  const capped = limit === null ? wanted : Math.min(wanted, Math.max(0, limit - held));
  const quantity = Math.max(0, Math.floor((held + capped) / step) * step - held);
  if (quantity >= wanted) return { quantity: wanted, reason: null };
  if (capped < wanted) return { quantity, reason: limit !== null && limit <= 0 ? 'reorder.reason.out_of_stock' : 'reorder.reason.stock_limited' };
  return { quantity, reason: 'reorder.reason.batch_size' };
}

export function planReorder(requested: readonly ReorderLine[], current: readonly StoredBasketLine[], catalogue: ReorderCatalogue, rules: ReorderRules): ReorderOutcome {
  const basket = storedLinesByItem(current);
  const outcome: Omit<ReorderOutcome, 'lines'> = { added: [], reduced: [], skipped: [] };

  for (const line of requested) {
    const shown = { sku: line.sku, variantSku: line.variantSku, name: line.name };
    const skip = (reason: ReorderReason) => outcome.skipped.push({ ...shown, reason });
    const product = catalogue.productsBySku.get(line.sku);
    const variant = line.variantSku ? (product?.variants.get(line.variantSku) ?? null) : null;
    // Sold at all: priced for one piece; the line's own price comes with its quantity below.
    const pieceCents = product && (variant || !line.variantSku) ? unitPriceCents(product, variant, { orderType: line.orderType, quantity: 1 }) : 0;
    if (!product || pieceCents <= 0) {
      skip('reorder.reason.not_sold');
      continue;
    }
    const key = lineKey({ sku: product.sku, variantSku: variant?.variantSku, orderType: line.orderType });
    const existing = basket.get(key);
    if (!existing && basket.size >= rules.maxLines) {
      skip('reorder.reason.cart_full');
      continue;
    }
    const step = rules.isBatchSizeActive ? stepFor(product.salesBatchSize) : 1;
    let quantities: number[] = [];
    let result: { quantity: number; reason: ReorderReason | null };
    if (line.orderType === 'order') {
      const stock = mustNotOversell(product, rules) ? stockOf(product, variant) : null;
      result = fit(line.quantity, existing?.quantity ?? 0, stock, step);
    } else {
      const season = line.seasonId === null ? -1 : rules.seasonIds.indexOf(line.seasonId);
      if (season < 0) {
        skip('reorder.reason.season_ended');
        continue;
      }
      const preOrder = { isStockFreeze: product.isStockFreeze, preStocks: catalogue.preStocks.get(product.id) ?? [] };
      if (!canPreOrder(preOrder).allowed) {
        skip('reorder.reason.out_of_stock');
        continue;
      }
      quantities = storedSeasonQuantities(existing, rules.seasonIds.length);
      const held = quantities[season]!;
      result = fit(line.quantity, held, preOrderSeasonMax(preOrder, season, quantities, rules.seasonIds), step);
      quantities[season] = held + result.quantity;
    }

    if (result.quantity === 0) {
      skip(result.reason ?? 'reorder.reason.out_of_stock');
      continue;
    }
    if (result.reason) outcome.reduced.push({ ...shown, requested: line.quantity, quantity: result.quantity, reason: result.reason });
    else outcome.added.push({ ...shown, quantity: result.quantity });

    const quantity = line.orderType === 'order' ? (existing?.quantity ?? 0) + result.quantity : quantities.reduce((sum, q) => sum + q, 0);
    // A line already in the cart keeps its own details; a new one takes the order line's.
    basket.set(key, plannedBasketLine({ product, variant, orderType: line.orderType, quantity, quantities }, existing, line.customAttributes));
  }
  return { lines: [...basket.values()], ...outcome };
}
