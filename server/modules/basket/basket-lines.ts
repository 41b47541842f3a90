import { hasNotEnoughStock, canPreOrder, preOrderSeasonMax, validateBeforeAdding } from '../../../core/add-to-cart-rules.ts';
import type { OrderType, PreStock } from '../../../core/catalog-types.ts';
import { lineKey } from '../../../core/cart-state.ts';
import { invalidBatchQuantityKey, isValidBatchMultiple } from '../../../core/quantity.ts';
import { AppError } from '../../errors.ts';
import { stockOf, unitPriceCents, type BuyerProduct, type BuyerVariant } from './buyer-products.ts';

// Turns the lines a client sent into the lines the basket stores: every product and variant looked
// up, every price and stock taken from the catalogue, every quantity checked against the rules in
// core/. Anything the client claims beyond identity and quantities is never read.

export interface RequestedLine {
  _id: number;
  sku: string;
  variantSku?: string | null | undefined;
  orderType: OrderType;
  quantity?: number | undefined;
  quantities?: number[] | undefined;
  customAttributes?: Record<string, string> | null | undefined;
  packs?: { quantity: number; size: number }[] | null | undefined;
}

export interface PricedLine {
  product: BuyerProduct;
  variant: BuyerVariant | null;
  orderType: OrderType;
  quantity: number;
  /** One per season, in season order; empty for order lines. */
  quantities: number[];
  customAttributes: Record<string, string> | null;
  packs: { quantity: number; size: number }[] | null;
  unitPriceCents: number;
}

export interface LineRules {
  isBatchSizeActive: boolean;
  /** The tenant's season ids in season order: a pre-order line has one quantity per season. */
  seasonIds: readonly number[];
  preStocks: ReadonlyMap<number, PreStock[]>;
}

export function requestedIdentity(line: Pick<RequestedLine, 'sku' | 'variantSku' | 'orderType'>): string {
  return lineKey({ sku: line.sku, variantSku: line.variantSku ?? undefined, orderType: line.orderType });
}

/**
 * The lines to store, in request order. A later line with the same identity replaces an earlier one
 * (spec: adding an item already present replaces it); lines with nothing to order are dropped.
 * Throws a 400 naming the offending line as `items.<index>.<field>`.
 */
export function priceRequestedLines(lines: readonly RequestedLine[], productsBySku: ReadonlyMap<string, BuyerProduct>, rules: LineRules): PricedLine[] {
  const byIdentity = new Map<string, PricedLine | null>();
  lines.forEach((line, index) => {
    const priced = priceLine(line, `items.${index}`, productsBySku, rules);
    const key = requestedIdentity(line);
    // Deleting first moves a replaced line to the position of its last mention.
    byIdentity.delete(key);
    byIdentity.set(key, priced);
  });
  return [...byIdentity.values()].filter((line): line is PricedLine => line !== null);
}

function priceLine(line: RequestedLine, field: string, productsBySku: ReadonlyMap<string, BuyerProduct>, rules: LineRules): PricedLine | null {
  const product = productsBySku.get(line.sku);
  if (!product) throw new AppError('validation', 'validation.unknown_product', { field: `${field}.sku` });
  if (product.id !== line._id) throw new AppError('validation', 'validation.unknown_product', { field: `${field}._id` });
  let variant: BuyerVariant | null = null;
  if (line.variantSku) {
    variant = product.variants.get(line.variantSku) ?? null;
    if (!variant) throw new AppError('validation', 'validation.unknown_product', { field: `${field}.variantSku` });
  }
  const invalid = validateBeforeAdding({ _id: product.id, sku: product.sku, name: product.name, price: { value: unitPriceCents(product, variant, { orderType: line.orderType, quantity: 1 }) } });
  if (invalid) throw new AppError('validation', invalid, { field: `${field}.sku` });

  const quantities = line.orderType === 'preOrder' ? preOrderQuantities(line, field, product, rules) : [];
  const quantity = line.orderType === 'preOrder' ? quantities.reduce((sum, q) => sum + q, 0) : (line.quantity ?? 0);
  // The tier the line's quantity reaches prices it (core/buyer-price.ts).
  const price = unitPriceCents(product, variant, { orderType: line.orderType, quantity });
  if (line.orderType === 'order') checkBatch(quantity, product, rules, `${field}.quantity`);
  if (quantity === 0) return null;
  return {
    product,
    variant,
    orderType: line.orderType,
    quantity,
    quantities,
    customAttributes: line.customAttributes && Object.keys(line.customAttributes).length > 0 ? line.customAttributes : null,
    packs: line.packs && line.packs.length > 0 ? line.packs : null,
    unitPriceCents: price,
  };
}

function preOrderQuantities(line: RequestedLine, field: string, product: BuyerProduct, rules: LineRules): number[] {
  const sent = line.quantities ?? [];
  if (sent.length > rules.seasonIds.length) throw new AppError('validation', 'validation.too_many_seasons', { field: `${field}.quantities` });
  // Trailing seasons the client left out order nothing.
  const quantities = rules.seasonIds.map((_, season) => sent[season] ?? 0);
  if (quantities.every((q) => q === 0)) return quantities;
  const preStocks = rules.preStocks.get(product.id) ?? [];
  const preOrder = { isStockFreeze: product.isStockFreeze, preStocks };
  const available = canPreOrder(preOrder);
  if (!available.allowed) throw new AppError('validation', available.reason, { field: `${field}.orderType` });
  quantities.forEach((q, season) => {
    checkBatch(q, product, rules, `${field}.quantities.${season}`);
    const max = preOrderSeasonMax(preOrder, season, quantities, rules.seasonIds);
    // Refused rather than clamped: the browser already caps each season with the same rule, so only a
    // stale or forged request gets here, and silently ordering less than asked would go unnoticed.
    if (max !== null && q > max) {
      throw new AppError('validation', 'validation.pre_order_quantity_exceeds_pre_stock', { field: `${field}.quantities.${season}`, params: { max } });
    }
  });
  return quantities;
}

function checkBatch(quantity: number, product: BuyerProduct, rules: LineRules, field: string): void {
  if (!isValidBatchMultiple(quantity, product.salesBatchSize, rules.isBatchSizeActive)) {
    throw new AppError('validation', invalidBatchQuantityKey, { field, params: { batchSize: product.salesBatchSize } });
  }
}

/** Whether the line asks for more than its item's stock (order lines of products not limited to positive stock). */
export function lineLacksStock(line: { orderType: OrderType; quantity: number }, product: BuyerProduct, variant: BuyerVariant | null): boolean {
  return hasNotEnoughStock(line, { stock: { value: stockOf(product, variant) }, isOnlySellableWithPositiveStock: product.isOnlySellableWithPositiveStock });
}
