import { lineKey } from '../../../core/cart-state.ts';
import type { NewBasketLine, StoredBasketLine } from './basket.repository.ts';
import type { PricedLine } from './basket-lines.ts';

// How a line remembers a price change (when an item has an updated price, the old price is kept as
// oldPrice and the new price replaces it). The basket keeps the price the user last
// agreed to in old_price_cents until the user saves that line again with new quantities.

export interface LinePrice {
  unitPriceCents: number;
  oldPriceCents: number | null;
}

/** The line's price against today's price, or null when nothing changed. */
export function refreshPrice(stored: LinePrice, currentPriceCents: number): LinePrice | null {
  if (stored.unitPriceCents === currentPriceCents) return null;
  // The first price the user saw stays the reference through several changes; back at it, nothing is shown.
  const agreed = stored.oldPriceCents ?? stored.unitPriceCents;
  return { unitPriceCents: currentPriceCents, oldPriceCents: agreed === currentPriceCents ? null : agreed };
}

function storedKey(line: Pick<StoredBasketLine, 'sku' | 'variant_sku' | 'order_type'>): string {
  return lineKey({ sku: line.sku, variantSku: line.variant_sku ?? undefined, orderType: line.order_type });
}

function contentOf(line: { quantity: number; quantities: string; custom_attributes: string | null; packs: string | null }): string {
  return JSON.stringify([line.quantity, line.quantities, line.custom_attributes, line.packs]);
}

/**
 * The rows that replace the basket's lines. The client re-sends the whole basket on every change, so a
 * line it sends unchanged keeps its price reference (and shows a change that happened meanwhile);
 * a line the user changed counts as saved again at today's price.
 */
export function planStoredLines(priced: readonly PricedLine[], current: readonly StoredBasketLine[]): NewBasketLine[] {
  const currentByKey = new Map(current.map((line) => [storedKey(line), line]));
  return priced.map((line) => {
    const row: NewBasketLine = {
      product_id: line.product.id,
      variant_id: line.variant?.id ?? null,
      sku: line.product.sku,
      variant_sku: line.variant?.variantSku ?? null,
      order_type: line.orderType,
      quantity: line.quantity,
      quantities: JSON.stringify(line.quantities),
      custom_attributes: line.customAttributes ? JSON.stringify(line.customAttributes) : null,
      packs: line.packs ? JSON.stringify(line.packs) : null,
      unit_price_cents: line.unitPriceCents,
      old_price_cents: null,
      created_at: undefined,
    };
    const previous = currentByKey.get(storedKey(row));
    if (!previous) return row;
    row.created_at = previous.created_at;
    if (contentOf(previous) !== contentOf(row)) return row;
    const stored = { unitPriceCents: previous.unit_price_cents, oldPriceCents: previous.old_price_cents };
    row.old_price_cents = (refreshPrice(stored, line.unitPriceCents) ?? stored).oldPriceCents;
    return row;
  });
}
