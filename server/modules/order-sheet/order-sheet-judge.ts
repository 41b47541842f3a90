import { canPreOrder, preOrderSeasonMax, validateBeforeAdding } from '../../../core/add-to-cart-rules.ts';
import type { OrderType } from '../../../core/catalog-types.ts';
import { lineKey } from '../../../core/cart-state.ts';
import type { SheetInput, SheetInputRow } from '../../../core/order-sheet-input.ts';
import { orderSheetMaxQuantity } from '../../../core/order-sheet-limits.ts';
import { stepFor } from '../../../core/quantity.ts';
import { mustNotOversell } from '../../../core/stock-allocation.ts';
import { stockOf, unitPriceCents, type BuyerProduct, type BuyerVariant } from '../basket/buyer-products.ts';
import type { SheetCatalogue, SheetSuggestion } from './sheet-catalogue.ts';
import { normalisedSku } from './sku-forms.ts';

// The line judge (docs/product.md, Order sheets: reading and judging lines): what would happen to each row of an
// order sheet in the target cart, said before anything enters it. Pure: the caller looks the products up
// (sheet-catalogue.ts) and puts the ready and adjusted rows into the cart. A ready or adjusted row is always
// one POST /api/basket accepts (basket-lines.ts) and one the checkout can take from stock.
//  - A row without a quantity (blank or 0) is skipped: not a line.
//  - The same item (order type, variant sku else sku) twice: the first row carries the sum, later rows are merged into it.
//  - Quantities are never changed silently: rounded up to whole batches, capped at the stock where the shop may
//    not oversell, capped at a season's pre-stock, each row saying from and to.

export type JudgedStatus = 'ready' | 'adjusted' | 'merged' | 'refused';
export type MessageParams = Record<string, string | number>;

export interface JudgedProduct {
  id: number;
  sku: string;
  variantSku: string | null;
  name: string;
  /** What one unit costs this buyer at the row's quantity. */
  unitPriceCents: number;
  currency: string;
  salesBatchSize: number;
  stock: number;
  isOnlySellableWithPositiveStock: boolean;
}

export interface JudgedRow {
  line: number;
  input: SheetInputRow;
  status: JudgedStatus;
  product?: JudgedProduct;
  /** Order: what goes into the cart; pre-order: the sum of `quantities`; a merged row: its own quantity. */
  quantity: number;
  /** Pre-order: one per season of the shop, in season order. */
  quantities?: number[];
  /** Null only for a ready row that needs no word. */
  messageKey: string | null;
  params: MessageParams;
  /** A product sold by variants: the variants the row may choose from. */
  variants?: { variantSku: string; name: string }[];
  suggestions?: SheetSuggestion[];
}

export interface SheetRules {
  isBatchSizeActive: boolean;
  buyableWithoutStock: boolean;
  /** The shop's seasons, in season order. */
  seasonIds: readonly number[];
  /** The most lines a basket holds (core/cart-state.ts basketLineLimit). */
  maxLines: number;
  /** The seasons' names in the same order, for the messages; without them a season is named by its position. */
  seasonNames?: readonly string[];
}

const maxSuggestions = 3;

interface Item {
  product: BuyerProduct;
  variant: BuyerVariant | null;
  /** Set when the row named its item other than as typed (a number that lost its leading zeros). */
  note: { messageKey: string; params: MessageParams } | null;
}

type Resolved = { item: Item } | { refusal: Omit<JudgedRow, 'line' | 'input' | 'quantity'> };

function refused(messageKey: string, params: MessageParams = {}, extra: Partial<JudgedRow> = {}): { refusal: Omit<JudgedRow, 'line' | 'input' | 'quantity'> } {
  return { refusal: { status: 'refused', messageKey, params, ...extra } };
}

/** The row's quantities in the shop's season order, or the season id the shop does not offer. */
function seasonQuantities(row: SheetInputRow, input: SheetInput, rules: SheetRules): { quantities: number[] } | { unknownSeasonId: number } {
  // A reader with one quantity column (a paste) orders for the first season.
  const read = row.quantities ?? [row.quantity];
  const readSeasons = input.seasonIds ?? rules.seasonIds;
  const quantities = rules.seasonIds.map(() => 0);
  for (const [index, quantity] of read.entries()) {
    if (!quantity) continue;
    const season = rules.seasonIds.indexOf(readSeasons[index] ?? Number.NaN);
    if (season < 0) return { unknownSeasonId: readSeasons[index] ?? index + 1 };
    quantities[season]! += quantity;
  }
  return { quantities };
}

function suggestionsFor(sku: string, catalogue: SheetCatalogue): SheetSuggestion[] {
  const padded = (catalogue.paddedMatches.get(sku) ?? []).flatMap((match) => {
    const product = catalogue.productsBySku.get(match);
    return product ? [{ sku: product.sku, name: product.name }] : [];
  });
  const near = catalogue.nearMatches.get(normalisedSku(sku)) ?? [];
  const unique = new Map([...padded, ...near].map((suggestion) => [suggestion.sku, suggestion]));
  return [...unique.values()].slice(0, maxSuggestions);
}

function variantsOffered(product: BuyerProduct): { variantSku: string; name: string }[] {
  // In sku order: the lookup does not keep the catalogue's variant order, and the offer must not change between reloads.
  return [...product.variants.values()].map((variant) => ({ variantSku: variant.variantSku, name: variant.name })).sort((a, b) => (a.variantSku < b.variantSku ? -1 : a.variantSku > b.variantSku ? 1 : 0));
}

/** Which product and variant the row names, or why none. */
function resolve(row: SheetInputRow, catalogue: SheetCatalogue): Resolved {
  const sku = row.sku;
  let product = catalogue.productsBySku.get(sku);
  let variant: BuyerVariant | null = null;
  let note: Item['note'] = null;
  if (!product) {
    const parentSku = catalogue.productSkuOfVariant.get(sku);
    const parent = parentSku === undefined ? undefined : catalogue.productsBySku.get(parentSku);
    if (parent) {
      product = parent;
      variant = parent.variants.get(sku) ?? null;
    }
  }
  if (!product) {
    const padded = catalogue.paddedMatches.get(sku) ?? [];
    const only = padded.length === 1 ? catalogue.productsBySku.get(padded[0]!) : undefined;
    if (only) {
      product = only;
      note = { messageKey: 'orderSheet.row.readWithLeadingZeros', params: { typed: sku, sku: only.sku } };
    }
  }
  if (!product) {
    const suggestions = suggestionsFor(sku, catalogue);
    return refused(sku === '' ? 'orderSheet.sku.missing' : 'orderSheet.row.unknown', { sku }, suggestions.length > 0 ? { suggestions } : {});
  }
  if (!variant && product.variants.size > 0) {
    variant = row.variantSku ? (product.variants.get(row.variantSku) ?? null) : null;
    if (!variant) {
      const params: MessageParams = row.variantSku ? { sku: product.sku, variant: row.variantSku } : { sku: product.sku };
      return refused(row.variantSku ? 'orderSheet.row.variantUnknown' : 'orderSheet.row.variantNeeded', params, {
        product: shownProduct({ product, variant: null, note }, 'order', 1),
        variants: variantsOffered(product),
      });
    }
  }
  return { item: { product, variant, note } };
}

function shownProduct(item: Item, orderType: OrderType, quantity: number): JudgedProduct {
  const { product, variant } = item;
  return {
    id: product.id,
    sku: product.sku,
    variantSku: variant?.variantSku ?? null,
    name: variant?.name ?? product.name,
    unitPriceCents: unitPriceCents(product, variant, { orderType, quantity: Math.max(1, quantity) }),
    currency: product.currency,
    salesBatchSize: product.salesBatchSize,
    stock: stockOf(product, variant),
    isOnlySellableWithPositiveStock: product.isOnlySellableWithPositiveStock,
  };
}

type Verdict = Pick<JudgedRow, 'status' | 'quantity' | 'messageKey' | 'params'> & { quantities?: number[] };

function roundUp(quantity: number, step: number): number {
  return Math.ceil(quantity / step) * step;
}

function judgeOrderQuantity(item: Item, wanted: number, rules: SheetRules): Verdict {
  const { product, variant } = item;
  const step = rules.isBatchSizeActive ? stepFor(product.salesBatchSize) : 1;
  const batch: MessageParams = step > 1 ? { batchSize: step } : {};
  const stock = mustNotOversell(product, rules) ? Math.max(0, stockOf(product, variant)) : null;
  if (stock === 0) return { status: 'refused', quantity: 0, messageKey: 'orderSheet.row.outOfStock', params: {} };
  const rounded = roundUp(wanted, step);
  if (stock !== null && rounded > stock) {
    const capped = Math.floor(stock / step) * step;
    if (capped === 0) return { status: 'refused', quantity: 0, messageKey: 'orderSheet.row.stockBelowBatch', params: { ...batch } };
    return { status: 'adjusted', quantity: capped, messageKey: 'orderSheet.row.cappedAtStock', params: { from: wanted, to: capped, ...batch } };
  }
  if (rounded > orderSheetMaxQuantity) return { status: 'refused', quantity: 0, messageKey: 'orderSheet.quantity.tooLarge', params: { value: rounded, max: orderSheetMaxQuantity } };
  if (rounded !== wanted) return { status: 'adjusted', quantity: rounded, messageKey: 'orderSheet.row.roundedToBatch', params: { from: wanted, to: rounded, ...batch } };
  return { status: 'ready', quantity: wanted, messageKey: null, params: {} };
}

function judgePreOrderQuantities(item: Item, wanted: readonly number[], catalogue: SheetCatalogue, rules: SheetRules): Verdict {
  const { product } = item;
  const preOrder = { isStockFreeze: product.isStockFreeze, preStocks: catalogue.preStocks.get(product.id) ?? [] };
  if (!canPreOrder(preOrder).allowed) return { status: 'refused', quantity: 0, messageKey: 'orderSheet.row.preOrderUnavailable', params: {} };
  const step = rules.isBatchSizeActive ? stepFor(product.salesBatchSize) : 1;
  const batch: MessageParams = step > 1 ? { batchSize: step } : {};
  const quantities = wanted.map((quantity) => roundUp(quantity, step));
  const tooLarge = quantities.find((quantity) => quantity > orderSheetMaxQuantity);
  if (tooLarge !== undefined) return { status: 'refused', quantity: 0, messageKey: 'orderSheet.quantity.tooLarge', params: { value: tooLarge, max: orderSheetMaxQuantity } };
  // Each season within what core/add-to-cart-rules.ts allows next to the others; lowering one only raises the others' room.
  let firstCapped: number | null = null;
  quantities.forEach((quantity, season) => {
    const max = preOrderSeasonMax(preOrder, season, quantities, rules.seasonIds);
    if (max === null || quantity <= max) return;
    quantities[season] = Math.floor(max / step) * step;
    firstCapped ??= season;
  });
  const total = quantities.reduce((sum, quantity) => sum + quantity, 0);
  const seasonOf = (season: number) => ({ seasonId: rules.seasonIds[season]!, season: rules.seasonNames?.[season] ?? String(season + 1) });
  if (firstCapped !== null) {
    const season: number = firstCapped;
    const change = { from: wanted[season]!, to: quantities[season]!, ...seasonOf(season), ...batch };
    if (total === 0) return { status: 'refused', quantity: 0, quantities, messageKey: 'orderSheet.row.noPreStock', params: seasonOf(season) };
    return { status: 'adjusted', quantity: total, quantities, messageKey: 'orderSheet.row.cappedAtPreStock', params: change };
  }
  const rounded = quantities.findIndex((quantity, season) => quantity !== wanted[season]);
  if (rounded >= 0) {
    return { status: 'adjusted', quantity: total, quantities, messageKey: 'orderSheet.row.roundedToBatch', params: { from: wanted[rounded]!, to: quantities[rounded]!, ...seasonOf(rounded), ...batch } };
  }
  return { status: 'ready', quantity: total, quantities, messageKey: null, params: {} };
}

interface Group {
  first: number;
  item: Item;
  order: number;
  quantities: number[];
  /** How many later rows were merged into the first. */
  merged: number;
}

export function judgeSheet(input: SheetInput, catalogue: SheetCatalogue, rules: SheetRules): JudgedRow[] {
  const orderType: OrderType = input.target;
  const judged: JudgedRow[] = [];
  const groups = new Map<string, Group>();
  /** Index in `judged` → the group whose first row it is, or that it was merged into. */
  const groupOfRow = new Map<number, Group>();

  for (const row of input.rows) {
    const base = { line: row.line, input: row };
    if (row.readRefusal) {
      judged.push({ ...base, status: 'refused', quantity: 0, messageKey: row.readRefusal.messageKey, params: row.readRefusal.params ?? {} });
      continue;
    }
    let wanted: number[];
    if (orderType === 'order') wanted = [row.quantity ?? 0];
    else {
      const read = seasonQuantities(row, input, rules);
      if ('unknownSeasonId' in read) {
        judged.push({ ...base, status: 'refused', quantity: 0, messageKey: 'orderSheet.row.seasonUnavailable', params: { seasonId: read.unknownSeasonId } });
        continue;
      }
      wanted = read.quantities;
    }
    const own = wanted.reduce((sum, quantity) => sum + quantity, 0);
    if (own === 0) continue;
    const resolved = resolve(row, catalogue);
    if ('refusal' in resolved) {
      judged.push({ ...base, quantity: own, ...resolved.refusal });
      continue;
    }
    const { item } = resolved;
    if (validateBeforeAdding({ _id: item.product.id, sku: item.product.sku, name: item.product.name, price: { value: unitPriceCents(item.product, item.variant, { orderType, quantity: 1 }) } })) {
      judged.push({ ...base, status: 'refused', quantity: own, messageKey: 'orderSheet.row.noPrice', params: {}, product: shownProduct(item, orderType, own) });
      continue;
    }
    const key = lineKey({ sku: item.product.sku, variantSku: item.variant?.variantSku, orderType });
    const group = groups.get(key);
    if (group) {
      group.quantities = group.quantities.map((quantity, index) => quantity + wanted[index]!);
      group.merged += 1;
      groupOfRow.set(judged.length, group);
      const intoLine = judged[group.first]!.line;
      judged.push({ ...base, status: 'merged', quantity: own, ...(orderType === 'preOrder' ? { quantities: wanted } : {}), messageKey: 'orderSheet.row.merged', params: { intoLine }, product: shownProduct(item, orderType, own) });
      continue;
    }
    const created: Group = { first: judged.length, item, order: groups.size, quantities: wanted, merged: 0 };
    groups.set(key, created);
    groupOfRow.set(judged.length, created);
    // Filled in below, once every row of the item is known.
    judged.push({ ...base, status: 'ready', quantity: own, messageKey: null, params: {} });
  }

  for (const group of groups.values()) {
    const row = judged[group.first]!;
    if (group.order >= rules.maxLines) {
      judged[group.first] = { ...row, status: 'refused', messageKey: 'orderSheet.row.cartFull', params: { max: rules.maxLines }, product: shownProduct(group.item, orderType, row.quantity) };
      continue;
    }
    const verdict = orderType === 'order' ? judgeOrderQuantity(group.item, group.quantities[0]!, rules) : judgePreOrderQuantities(group.item, group.quantities, catalogue, rules);
    const note = group.item.note;
    const said = verdict.status === 'ready' && group.merged > 0 ? { messageKey: 'orderSheet.row.mergedSum', params: { rows: group.merged + 1, quantity: verdict.quantity } } : null;
    judged[group.first] = {
      ...row,
      ...verdict,
      ...(verdict.status === 'ready' && !said && note ? note : {}),
      ...(said ?? {}),
      product: shownProduct(group.item, orderType, verdict.quantity),
    };
  }
  // Rows merged into a refused line are refused with it.
  for (const [index, group] of groupOfRow) {
    const first = judged[group.first]!;
    const row = judged[index]!;
    if (index !== group.first && first.status === 'refused') judged[index] = { ...row, status: 'refused', messageKey: first.messageKey, params: first.params };
  }
  return judged;
}
