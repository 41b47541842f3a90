import type { CartProduct, OrderType, Price } from './catalog-types.ts';

// The cart's transitions (docs/product.md, Cart) as pure functions over its lines: the browser's cart store
// applies them optimistically, the basket service applies them to what it stores. Every function
// returns a new array and leaves its input untouched.

/** What identifies a line: the variant sku if any, else the sku, within one order type. */
export type LineIdentity = Pick<CartProduct, 'sku' | 'variantSku' | 'orderType'>;

/**
 * The most lines one basket holds, order and pre-order lines together: far above any real order, and
 * 500 lines × 16 values stay below both engines' parameter limits in the basket's one insert. POST
 * /api/basket refuses more (validation.too_many_items); a reorder adds lines only up to it.
 */
export const basketLineLimit = 500;

export type CartStateLine = LineIdentity &
  Pick<CartProduct, 'quantity' | 'quantities' | 'stock' | 'price' | 'oldPrice'> & {
    /** Set by the server when the price changed since the line was added. */
    updatedPrice?: Price | null;
  };

export function lineSku(line: Pick<CartProduct, 'sku' | 'variantSku'>): string {
  return line.variantSku || line.sku;
}

/** A string key for maps and React lists; equal keys mean the same line. */
export function lineKey(line: LineIdentity): string {
  return `${line.orderType}:${lineSku(line)}`;
}

export function isSameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.orderType === b.orderType && lineSku(a) === lineSku(b);
}

/**
 * An item already present is replaced by the added one as it comes. A new order item gets
 * min(requested or 1, stock) — never below 0, so a negative stock cannot make a negative line;
 * a new pre-order item keeps its quantities per season.
 *
 * A shop that sells beyond its stock (buyableWithoutStock) keeps the requested quantity: the product
 * row does not clamp to the stock there either, and the cap would turn every
 * out-of-stock product into an empty line that the shop allows to be ordered.
 */
export function addItem<T extends CartStateLine>(lines: readonly T[], item: T, settings: { buyableWithoutStock: boolean }): T[] {
  const index = lines.findIndex((line) => isSameLine(line, item));
  if (index >= 0) return lines.map((line, i) => (i === index ? item : line));
  if (item.orderType === 'preOrder') return [...lines, item];
  const requested = item.quantity || 1;
  const quantity = settings.buyableWithoutStock ? requested : Math.max(0, Math.min(requested, item.stock.value));
  return [...lines, { ...item, quantity }];
}

/**
 * A number sets an order line's quantity, an array a pre-order line's quantities. A falsy quantity
 * (0, NaN, none) or an unknown line leaves the cart as it is, and the same array comes back so
 * callers can tell nothing changed.
 */
export function updateQuantity<T extends CartStateLine>(lines: readonly T[], target: LineIdentity, quantity: number | readonly number[] | null | undefined): readonly T[] {
  if (!quantity) return lines;
  const index = lines.findIndex((line) => isSameLine(line, target));
  if (index < 0) return lines;
  const change = typeof quantity === 'number' ? { quantity } : { quantities: [...quantity] };
  return lines.map((line, i) => (i === index ? { ...line, ...change } : line));
}

export function removeItem<T extends CartStateLine>(lines: readonly T[], target: LineIdentity): T[] {
  return lines.filter((line) => !isSameLine(line, target));
}

/** Empties one of the two carts (order or pre-order) and keeps the other. */
export function emptyByOrderType<T extends CartStateLine>(lines: readonly T[], orderType: OrderType): T[] {
  return lines.filter((line) => line.orderType !== orderType);
}

/** A line whose price changed: the previous value stays as oldPrice so the cart can show the change. */
export function applyUpdatedPrice<T extends CartStateLine>(line: T): T {
  if (!line.updatedPrice) return line;
  const { updatedPrice, ...rest } = line;
  return { ...rest, oldPrice: line.price.value, price: updatedPrice } as T;
}

export function applyUpdatedPrices<T extends CartStateLine>(lines: readonly T[]): T[] {
  return lines.map(applyUpdatedPrice);
}
