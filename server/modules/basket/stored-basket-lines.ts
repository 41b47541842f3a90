import type { OrderType } from '../../../core/catalog-types.ts';
import { lineKey } from '../../../core/cart-state.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { NewBasketLine, StoredBasketLine } from './basket.repository.ts';
import { unitPriceCents, type BuyerProduct, type BuyerVariant } from './buyer-products.ts';

// The basket's stored lines as a plan that adds to the cart reads them (a reorder, an order sheet's
// confirm): by item, each ready to be written back as it is, and the line such a plan writes for an item.

function itemKeyOf(line: { sku: string; variant_sku: string | null; order_type: OrderType }): string {
  return lineKey({ sku: line.sku, variantSku: line.variant_sku ?? undefined, orderType: line.order_type });
}

/** The cart's lines by item (order type + variant sku, else sku), each as it would be written back unchanged. */
export function storedLinesByItem(current: readonly StoredBasketLine[]): Map<string, NewBasketLine> {
  return new Map(
    current.map((line) => {
      const { id: _id, ...kept } = line;
      return [itemKeyOf(line), kept];
    }),
  );
}

/** A stored pre-order line's quantity per season, in season order (0 where none or unreadable). */
export function storedSeasonQuantities(line: NewBasketLine | undefined, seasonCount: number): number[] {
  const stored = parseJsonColumn<unknown>(line?.quantities ?? null, []);
  const list = Array.isArray(stored) ? stored : [];
  return Array.from({ length: seasonCount }, (_, index) => (Number.isInteger(list[index]) && (list[index] as number) > 0 ? (list[index] as number) : 0));
}

/** An item a plan puts into the cart, with the cart's new quantity of it (and per season, for a pre-order). */
export interface PlannedItem {
  product: BuyerProduct;
  variant: BuyerVariant | null;
  orderType: OrderType;
  quantity: number;
  /** Pre-order: the quantity per season, in season order; an order line has none. */
  quantities: readonly number[];
}

/**
 * The stored line of a planned item (docs/product.md, Orders: reorder; Order sheets: confirm). A line already
 * in the cart (`existing`) keeps its details and first-added time; a new one takes `customAttributes`.
 * Changed by the plan, the line counts as saved again at today's price for its new quantity, like a save in
 * the cart.
 */
export function plannedBasketLine(item: PlannedItem, existing: NewBasketLine | undefined, customAttributes: string | null = null): NewBasketLine {
  const { product, variant, orderType, quantity } = item;
  return {
    product_id: product.id,
    variant_id: variant?.id ?? null,
    sku: product.sku,
    variant_sku: variant?.variantSku ?? null,
    order_type: orderType,
    quantity,
    quantities: JSON.stringify(item.quantities),
    custom_attributes: existing ? existing.custom_attributes : customAttributes,
    packs: existing?.packs ?? null,
    unit_price_cents: unitPriceCents(product, variant, { orderType, quantity }),
    old_price_cents: null,
    created_at: existing?.created_at,
  };
}
