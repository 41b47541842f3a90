import type { OrderType } from '../../../core/catalog-types.ts';
import { lineKey } from '../../../core/cart-state.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { NewBasketLine, StoredBasketLine } from './basket.repository.ts';

// The basket's stored lines as a plan that adds to the cart reads them (a reorder, an order sheet's
// confirm): by item, each ready to be written back as it is.

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
