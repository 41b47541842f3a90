import { moneyOut, type MoneyJson } from '../../../core/api-money.ts';
import type { OrderType } from '../../../core/catalog-types.ts';
import { lineKey } from '../../../core/cart-state.ts';
import type { NewBasketLine, StoredBasketLine } from '../basket/basket.repository.ts';
import { plannedBasketLine, storedLinesByItem, storedSeasonQuantities } from '../basket/stored-basket-lines.ts';
import type { BuyerProduct } from '../basket/buyer-products.ts';
import type { JudgedRow } from './order-sheet-judge.ts';
import type { SheetInput } from './sheet-input.ts';

// Confirming an order sheet (docs/product.md, Order sheets): which cart lines its ready and adjusted rows
// make, planned against the cart as it is under the basket's lock. Pure: the caller judged the rows against
// today's catalogue and writes the lines this answers in the basket's one transaction.
//  - mode `set`: the row's quantity replaces the cart's quantity of that item; `add`: it is added to it, and
//    the sum is judged again as a whole (batch size, stock cap, pre-stock caps), so the cart never holds
//    what a single row could not. A sum that comes out no higher than the cart's quantity (or lower in any
//    season) adds nothing.
//  - Other cart lines stay as they are; a line already in the cart keeps its details and first-added time.
//  - A new item beyond the basket's line limit is refused with its reason.
//  - Every line written is priced at today's price for its new quantity (like a save in the cart).

export type ConfirmMode = 'set' | 'add';

export interface ConfirmedLine {
  line: number;
  sku: string;
  variantSku: string | null;
  name: string;
  orderType: OrderType;
  /** The cart's quantity of the item now. */
  quantity: number;
  quantities?: number[];
  price: MoneyJson;
}

export interface RefusedAtConfirm {
  line: number;
  sku: string;
  messageKey: string;
  params: Record<string, string | number>;
}

export interface ConfirmPlan {
  lines: NewBasketLine[];
  went: ConfirmedLine[];
  refused: RefusedAtConfirm[];
}

export interface ConfirmContext {
  target: OrderType;
  mode: ConfirmMode;
  /** The shop's seasons in order: a judged pre-order row's quantities follow them. */
  seasonIds: readonly number[];
  maxLines: number;
  /** The buyer's products by id, as judged (variants included), to price lines and name variants. */
  products: ReadonlyMap<number, BuyerProduct>;
  /** Judges rows against the same catalogue and rules as the sheet (for the sums of mode `add`). */
  judge: (input: SheetInput) => JudgedRow[];
}

function rowQuantities(row: JudgedRow, seasonCount: number): number[] {
  return Array.from({ length: seasonCount }, (_, index) => row.quantities?.[index] ?? 0);
}

/** Mode `add`: each row's quantity plus what the cart holds, judged again as one row per item. */
function judgedSums(rows: readonly JudgedRow[], basket: ReadonlyMap<string, NewBasketLine>, context: ConfirmContext): Map<number, JudgedRow> {
  const seasonCount = context.seasonIds.length;
  const summed = rows.map((row) => {
    const product = row.product!;
    const held = basket.get(lineKey({ sku: product.sku, variantSku: product.variantSku ?? undefined, orderType: context.target }));
    const base = { line: row.line, sku: product.sku, variantSku: product.variantSku };
    if (context.target === 'order') return { ...base, quantity: (held?.quantity ?? 0) + row.quantity };
    const heldSeasons = storedSeasonQuantities(held, seasonCount);
    const quantities = rowQuantities(row, seasonCount).map((quantity, season) => quantity + heldSeasons[season]!);
    return { ...base, quantity: null, quantities };
  });
  const judged = context.judge({ source: 'paste', target: context.target, rows: summed, seasonIds: [...context.seasonIds] });
  return new Map(judged.map((row) => [row.line, row]));
}

export function planConfirm(rows: readonly JudgedRow[], current: readonly StoredBasketLine[], context: ConfirmContext): ConfirmPlan {
  const basket = storedLinesByItem(current);
  const seasonCount = context.seasonIds.length;
  const going = rows.filter((row) => (row.status === 'ready' || row.status === 'adjusted') && row.product);
  const sums = context.mode === 'add' ? judgedSums(going, basket, context) : null;
  const plan: ConfirmPlan = { lines: [], went: [], refused: [] };

  for (const row of going) {
    const judged = sums ? sums.get(row.line) : row;
    const product = context.products.get(row.product!.id);
    const variant = row.product!.variantSku ? (product?.variants.get(row.product!.variantSku) ?? null) : null;
    const refuse = (messageKey: string, params: Record<string, string | number> = {}) => plan.refused.push({ line: row.line, sku: row.product!.sku, messageKey, params });
    // Judged from the same catalogue, so these are always there; said rather than dropped should they not be.
    if (!judged || !product || (row.product!.variantSku && !variant)) {
      refuse('orderSheet.confirm.notAdded');
      continue;
    }
    if (judged.status !== 'ready' && judged.status !== 'adjusted') {
      refuse(judged.messageKey ?? 'orderSheet.confirm.notAdded', judged.params ?? {});
      continue;
    }
    const key = lineKey({ sku: product.sku, variantSku: variant?.variantSku, orderType: context.target });
    const existing = basket.get(key);
    if (!existing && basket.size >= context.maxLines) {
      refuse('orderSheet.row.cartFull', { max: context.maxLines });
      continue;
    }
    const quantities = context.target === 'preOrder' ? rowQuantities(judged, seasonCount) : [];
    const quantity = context.target === 'preOrder' ? quantities.reduce((sum, q) => sum + q, 0) : judged.quantity;
    // Adding never takes away: not in total, and not from any season the cart already holds.
    const heldSeasons = storedSeasonQuantities(existing, seasonCount);
    const takesAway = context.target === 'preOrder' && quantities.some((q, season) => q < heldSeasons[season]!);
    if (context.mode === 'add' && existing && (quantity <= existing.quantity || takesAway)) {
      refuse(judged.messageKey ?? 'orderSheet.confirm.notAdded', judged.params ?? {});
      continue;
    }
    const written = plannedBasketLine({ product, variant, orderType: context.target, quantity, quantities }, existing);
    basket.set(key, written);
    plan.went.push({
      line: row.line,
      sku: product.sku,
      variantSku: variant?.variantSku ?? null,
      name: variant ? variant.name : product.name,
      orderType: context.target,
      quantity,
      ...(context.target === 'preOrder' ? { quantities } : {}),
      price: moneyOut(written.unit_price_cents, product.currency),
    });
  }
  plan.lines = [...basket.values()];
  return plan;
}
