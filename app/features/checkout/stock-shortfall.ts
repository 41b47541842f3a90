import type { CartProduct, PreStock } from '../../../core/catalog-types';
import { lineKey } from '../../../core/cart-state';
import { normaliseQuantity, stepFor } from '../../../core/quantity';
import { allocateStock, mustNotOversell } from '../../../core/stock-allocation';
import { packsTotal } from '../cart/line-details';

// Which lines of a cart the order placement would refuse for stock ('stock.not.enough.error'), and
// what "reduce to available quantity" makes of them. The same rules as the placement
// (server/modules/orders/order-transaction.ts, core/stock-allocation.ts), so the checkout can say so
// before the click:
//   - an order line asks for more than its item's stock, and the item must not be oversold (the
//     product is sold only with positive stock, or the shop does not sell without stock);
//   - a pre-order line of a product with frozen stock asks, in some season, for more than that season's
//     pre-stock.
// Reducing never raises a quantity: an order line goes down to the largest multiple of its batch size
// the stock holds; a pre-order line keeps, season by season, what the pre-stock still allows under the
// basket's own rule (core/add-to-cart-rules.ts preOrderSeasonMax: a season may take its pre-stock minus
// the other seasons' quantities), so the reduced line is one the basket accepts. A line left with
// nothing leaves the cart.

/** What the placement needs to know of a line's product beyond the basket line itself. */
export interface StockFacts {
  isOnlySellableWithPositiveStock: boolean;
  isStockFreeze: boolean;
  preStocks: readonly PreStock[];
}

export interface StockRules {
  buyableWithoutStock: boolean;
  isBatchSizeActive: boolean;
  /** The tenant's season ids in season order: a pre-order line's quantities follow them. */
  seasonIds: readonly number[];
}

/** One line the placement would refuse, and the quantity (per season for pre-orders) it can have. */
export interface Shortfall {
  sku: string;
  variantSku: string | null;
  name: string;
  orderType: CartProduct['orderType'];
  /** Order lines: the quantity; pre-order lines: the sum over the seasons. */
  requested: number;
  /** What can be ordered: the stock, or for pre-orders the sum of what the reduced seasons keep. */
  available: number;
  /** Pre-order lines: the reduced quantity per season; order lines: empty. */
  quantities: number[];
}

function stepOf(line: Pick<CartProduct, 'salesBatchSize'>, rules: Pick<StockRules, 'isBatchSizeActive'>): number {
  // Without the batch-size feature every quantity is valid, so nothing is rounded away.
  return rules.isBatchSizeActive ? stepFor(line.salesBatchSize) : 1;
}

const roundDown = (quantity: number, step: number) => Math.floor(Math.max(0, quantity) / step) * step;

/**
 * The pre-order quantities the pre-stocks allow, never more than asked. Seasons are served in order:
 * when the pre-stocks cannot hold all seasons, the later ones give way (the earlier delivery is the
 * one the buyer needs first).
 */
export function fitPreOrderQuantities(quantities: readonly number[], preStockOf: (seasonIndex: number) => number, step: number): number[] {
  let total = 0;
  // The smallest pre-stock of the seasons kept so far: the line's total must stay within it.
  let cap = Infinity;
  return quantities.map((requested, index) => {
    const wanted = normaliseQuantity(requested);
    if (wanted === 0) return 0;
    const preStock = Math.max(0, preStockOf(index));
    const kept = roundDown(Math.min(wanted, Math.min(preStock, cap) - total), step);
    if (kept > 0) {
      total += kept;
      cap = Math.min(cap, preStock);
    }
    return kept;
  });
}

function orderShortfall(line: CartProduct, facts: StockFacts, rules: StockRules): Shortfall | null {
  const decision = allocateStock({ requested: line.quantity, available: line.stock.value, mustNotOversell: mustNotOversell(facts, rules) });
  if (decision.ok) return null;
  return {
    sku: line.sku,
    variantSku: line.variantSku ?? null,
    name: line.name,
    orderType: 'order',
    requested: line.quantity,
    available: roundDown(decision.available, stepOf(line, rules)),
    quantities: [],
  };
}

function preOrderShortfall(line: CartProduct, facts: StockFacts, rules: StockRules): Shortfall | null {
  if (!facts.isStockFreeze) return null;
  // The placement reads one quantity per configured season; later entries order nothing.
  const quantities = rules.seasonIds.map((_, index) => normaliseQuantity(line.quantities[index]));
  const preStockOf = (index: number) => facts.preStocks.find((entry) => entry.seasonId === rules.seasonIds[index])?.quantity ?? 0;
  if (quantities.every((quantity, index) => quantity <= Math.max(0, preStockOf(index)))) return null;
  const fitted = fitPreOrderQuantities(quantities, preStockOf, stepOf(line, rules));
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  return {
    sku: line.sku,
    variantSku: line.variantSku ?? null,
    name: line.name,
    orderType: 'preOrder',
    requested: sum(quantities),
    available: sum(fitted),
    quantities: fitted,
  };
}

/** The lines of `lines` the placement would refuse for stock. A line without facts (no longer sold) is left to the placement. */
export function findShortfalls(lines: readonly CartProduct[], factsOf: (productId: number) => StockFacts | undefined, rules: StockRules): Shortfall[] {
  return lines.flatMap((line) => {
    const facts = factsOf(line._id);
    if (!facts) return [];
    const shortfall = line.orderType === 'order' ? orderShortfall(line, facts, rules) : preOrderShortfall(line, facts, rules);
    return shortfall ? [shortfall] : [];
  });
}

/** The whole basket with every short line reduced (or removed when nothing is left); other lines stay as they are. */
export function reducedLines(lines: readonly CartProduct[], shortfalls: readonly Shortfall[]): CartProduct[] {
  const byKey = new Map(shortfalls.map((shortfall) => [lineKey({ ...shortfall, variantSku: shortfall.variantSku ?? undefined }), shortfall]));
  return lines.flatMap((line) => {
    const shortfall = byKey.get(lineKey(line));
    if (!shortfall) return [line];
    if (shortfall.available === 0) return [];
    const quantities = line.orderType === 'preOrder' ? shortfall.quantities : line.quantities;
    // Packs split the old quantity into packages; packs holding more than the new quantity no longer fit.
    const packs = line.packs && packsTotal(line.packs) > shortfall.available ? null : line.packs;
    return [{ ...line, quantity: shortfall.available, quantities, packs, notEnoughStock: false }];
  });
}
