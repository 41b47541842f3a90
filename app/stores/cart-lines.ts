import { validateBeforeAdding, type InvalidProductKey } from '../../core/add-to-cart-rules';
import type { CartLineInput, CartProduct, OrderType, Price, Product } from '../../core/catalog-types';
import { addItem, isSameLine, lineKey, removeItem, type LineIdentity } from '../../core/cart-state';
import { normaliseQuantity, stepFor } from '../../core/quantity';

// The cart store's pure parts: what a catalogue product becomes as a cart line, what the basket API
// is sent, the header counts and the move between the two carts. Tested directly (cart-lines.test.ts);
// the store adds only the network and the toasts around them.

/**
 * What the catalogue screens hand to addItems: a product as the catalogue API answers it (or one of
 * its variants, with variantSku and the variant's price and stock) plus the chosen quantity, or one
 * quantity per season for a pre-order.
 */
export type CartCandidate = Pick<Product, '_id' | 'sku' | 'name' | 'stock'> &
  Partial<Pick<Product, 'variantSku' | 'images' | 'vatRate' | 'salesBatchSize'>> & {
    price: Price | null;
    /** The image URL where the source has one already (wishlist entries) instead of `images`. */
    image?: string | null;
    quantity?: number;
    quantities?: readonly number[];
    customAttributes?: Record<string, string> | null;
    packs?: { quantity: number; size: number }[] | null;
  };

export type CartCounts = Record<OrderType, number>;

export const otherOrderType = (orderType: OrderType): OrderType => (orderType === 'order' ? 'preOrder' : 'order');

/** The first reason any of the products cannot go into the cart, or null when all can. */
export function firstInvalidCandidate(products: readonly (CartCandidate | null | undefined)[]): InvalidProductKey | null {
  if (products.length === 0) return 'cart.invalid.product.id';
  for (const product of products) {
    const invalid = validateBeforeAdding(product);
    if (invalid) return invalid;
  }
  return null;
}

function sum(quantities: readonly number[]): number {
  return quantities.reduce((total, quantity) => total + normaliseQuantity(quantity), 0);
}

/** A validated candidate as a cart line. Price and stock are the catalogue's until the server answers. */
export function toCartLine(product: CartCandidate, orderType: OrderType): CartProduct {
  const quantities = orderType === 'preOrder' ? (product.quantities ?? []).map(normaliseQuantity) : [];
  return {
    _id: product._id,
    sku: product.sku,
    ...(product.variantSku ? { variantSku: product.variantSku } : {}),
    name: product.name,
    image: product.image ?? product.images?.[0]?.image.url ?? null,
    price: product.price as Price,
    orderType,
    quantity: orderType === 'preOrder' ? sum(quantities) : normaliseQuantity(product.quantity),
    quantities,
    stock: product.stock,
    notEnoughStock: false,
    oldPrice: null,
    vatRate: product.vatRate ?? 0,
    salesBatchSize: product.salesBatchSize ?? 1,
    customAttributes: product.customAttributes ?? null,
    packs: product.packs ?? null,
  };
}

/** The cart after adding the candidates with core's addItem (present lines are replaced). */
export function withCandidates(
  lines: readonly CartProduct[],
  products: readonly CartCandidate[],
  orderType: OrderType,
  settings: { buyableWithoutStock: boolean },
): CartProduct[] {
  return products.reduce<CartProduct[]>((current, product) => addItem(current, toCartLine(product, orderType), settings), [...lines]);
}

/** The basket as POST /api/basket takes it: identity and quantities only, the server prices it. */
export function toBasketItems(lines: readonly CartProduct[]): CartLineInput[] {
  return lines.map((line) => ({
    _id: line._id,
    sku: line.sku,
    ...(line.variantSku ? { variantSku: line.variantSku } : {}),
    orderType: line.orderType,
    ...(line.orderType === 'preOrder' ? { quantities: line.quantities } : { quantity: line.quantity }),
    ...(line.customAttributes ? { customAttributes: line.customAttributes } : {}),
    ...(line.packs ? { packs: line.packs } : {}),
  }));
}

/** How many lines each cart holds: the numbers on the header's cart icons. */
export function countLines(lines: readonly CartProduct[]): CartCounts {
  const counts: CartCounts = { order: 0, preOrder: 0 };
  for (const line of lines) counts[line.orderType] += 1;
  return counts;
}

export function findLine(lines: readonly CartProduct[], identity: LineIdentity): CartProduct | undefined {
  return lines.find((line) => isSameLine(line, identity));
}

/**
 * A quantity change that means something: a positive number for an order line, quantities with at
 * least one piece for a pre-order line. Anything else is ignored like the spec's falsy quantity;
 * taking a line out is remove's job.
 */
export function isEffectiveQuantity(quantity: number | readonly number[] | null | undefined): quantity is number | readonly number[] {
  if (typeof quantity === 'number') return normaliseQuantity(quantity) > 0;
  return Array.isArray(quantity) && sum(quantity) > 0;
}

/**
 * Moves a line into the other cart. An order line becomes a pre-order for one season (the first
 * unless told), a pre-order line an order of all its seasons together. When the other cart already
 * holds the item the quantities are added up: a move must not lose what either cart held.
 */
export function movedToOtherCart(lines: readonly CartProduct[], identity: LineIdentity, seasonCount: number, seasonIndex = 0): CartProduct[] {
  const line = findLine(lines, identity);
  if (!line) return [...lines];
  const target = otherOrderType(line.orderType);
  const existing = findLine(lines, { ...line, orderType: target });
  const remaining = removeItem(lines, line);
  if (target === 'order') {
    const quantity = sum(line.quantities) + (existing ? existing.quantity : 0);
    const moved: CartProduct = { ...(existing ?? line), orderType: 'order', quantity, quantities: [] };
    return existing ? remaining.map((l) => (l === existing ? moved : l)) : [...remaining, moved];
  }
  const seasons = Math.max(seasonCount, 1, existing?.quantities.length ?? 0);
  const quantities = Array.from({ length: seasons }, (_, i) => normaliseQuantity(existing?.quantities[i]) + (i === seasonIndex ? line.quantity : 0));
  const moved: CartProduct = { ...(existing ?? line), orderType: 'preOrder', quantities, quantity: sum(quantities) };
  return existing ? remaining.map((l) => (l === existing ? moved : l)) : [...remaining, moved];
}

/** Lines the server's answer no longer holds (dropped for nothing to order, or no longer sold). */
export function missingLines(expected: readonly LineIdentity[], answer: readonly CartProduct[]): LineIdentity[] {
  const present = new Set(answer.map(lineKey));
  return expected.filter((line) => !present.has(lineKey(line)));
}

/** Order lines of the answer that ask for more than the stock holds, among the given ones. */
export function linesLackingStock(answer: readonly CartProduct[], among: readonly LineIdentity[]): CartProduct[] {
  const keys = new Set(among.map(lineKey));
  return answer.filter((line) => line.notEnoughStock && keys.has(lineKey(line)));
}

/**
 * The not-enough-stock modal's "adjust": each flagged order line (of those given, else all) down to
 * the largest multiple of its batch size the stock holds. A line the stock cannot serve at all leaves
 * the cart.
 */
export function fittedToStock(lines: readonly CartProduct[], only?: readonly LineIdentity[]): CartProduct[] {
  const chosen = only ? new Set(only.map(lineKey)) : null;
  return lines.flatMap((line) => {
    if (line.orderType !== 'order' || !line.notEnoughStock || (chosen && !chosen.has(lineKey(line)))) return [line];
    const step = stepFor(line.salesBatchSize);
    const quantity = Math.floor(Math.max(0, line.stock.value) / step) * step;
    return quantity > 0 ? [{ ...line, quantity, notEnoughStock: false }] : [];
  });
}

export interface LineDetails {
  quantity?: number;
  customAttributes?: Record<string, string> | null;
  packs?: { quantity: number; size: number }[] | null;
}

/** A line with new packs, custom attributes or quantity (from the cart page's modals). */
export function withDetails(lines: readonly CartProduct[], identity: LineIdentity, details: LineDetails): CartProduct[] {
  return lines.map((line) => (isSameLine(line, identity) ? { ...line, ...details } : line));
}
