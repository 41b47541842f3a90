import { describe, expect, it } from 'vitest';
import type { PreStock } from '../../../core/catalog-types.ts';
import type { SheetInput, SheetInputRow } from '../../../core/order-sheet-input.ts';
import { orderSheetMaxQuantity } from '../../../core/order-sheet-limits.ts';
import { preOrderQuantitiesFit } from '../../../core/add-to-cart-rules.ts';
import { priceRequestedLines } from '../basket/basket-lines.ts';
import type { BuyerProduct, BuyerVariant } from '../basket/buyer-products.ts';
import { judgeSheet, type JudgedRow, type SheetRules } from './order-sheet-judge.ts';
import type { SheetCatalogue, SheetSuggestion } from './sheet-catalogue.ts';
import { normalisedSku } from './sku-forms.ts';
import { buyerProduct } from '../basket/buyer-product.fixture.ts';

let nextId = 1;

function product(sku: string, values: Partial<BuyerProduct> = {}): BuyerProduct {
  return buyerProduct(sku, { id: nextId++, name: `${sku} name`, ...values });
}

function variant(variantSku: string, values: Partial<BuyerVariant> = {}): BuyerVariant {
  return { id: nextId++, variantSku, name: `${variantSku} name`, priceCents: null, stock: 10, ...values };
}

function withVariants(sku: string, variants: BuyerVariant[], values: Partial<BuyerProduct> = {}): BuyerProduct {
  return product(sku, { ...values, variants: new Map(variants.map((entry) => [entry.variantSku, entry])) });
}

/** The catalogue lookup's answer for these products, as sheet-catalogue.ts builds it. */
function catalogue(products: BuyerProduct[], extra: { padded?: Record<string, string[]>; near?: SheetSuggestion[]; preStocks?: [BuyerProduct, PreStock[]][] } = {}): SheetCatalogue {
  const nearMatches = new Map<string, SheetSuggestion[]>();
  for (const suggestion of extra.near ?? []) nearMatches.set(normalisedSku(suggestion.sku), [...(nearMatches.get(normalisedSku(suggestion.sku)) ?? []), suggestion]);
  return {
    productsBySku: new Map(products.map((entry) => [entry.sku, entry])),
    productSkuOfVariant: new Map(products.flatMap((entry) => [...entry.variants.keys()].map((variantSku) => [variantSku, entry.sku] as const))),
    paddedMatches: new Map(Object.entries(extra.padded ?? {})),
    nearMatches,
    preStocks: new Map((extra.preStocks ?? []).map(([entry, stocks]) => [entry.id, stocks])),
  };
}

const rules: SheetRules = { isBatchSizeActive: true, buyableWithoutStock: false, seasonIds: [11, 12], maxLines: 500 };

function row(line: number, sku: string, quantity: number | null, extra: Partial<SheetInputRow> = {}): SheetInputRow {
  return { line, sku, quantity, ...extra };
}

function judge(rows: SheetInputRow[], found: SheetCatalogue, override: Partial<SheetRules> = {}, input: Partial<SheetInput> = {}): JudgedRow[] {
  return judgeSheet({ source: 'paste', target: 'order', rows, ...input }, found, { ...rules, ...override });
}

const judgeOne = (...args: Parameters<typeof judge>) => {
  const rows = judge(...args);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('judgeSheet: ready', () => {
  it('takes a found, priced product with a fine quantity as it is, saying nothing', () => {
    const screw = product('A-100');
    const judged = judgeOne([row(1, 'A-100', 5)], catalogue([screw]));
    expect(judged).toEqual({
      line: 1,
      input: row(1, 'A-100', 5),
      status: 'ready',
      quantity: 5,
      messageKey: null,
      params: {},
      product: { id: screw.id, sku: 'A-100', variantSku: null, name: 'A-100 name', unitPriceCents: 1000, currency: 'EUR', salesBatchSize: 1, stock: 100, isOnlySellableWithPositiveStock: false },
    });
  });

  it('prices the row at the tier its quantity reaches', () => {
    const tiered = product('T-1', { prices: { listCents: 1000, customer: null, preOrderCents: null, tiers: [{ minQuantity: 10, cents: 900, validFrom: null, validTo: null }] } });
    expect(judgeOne([row(1, 'T-1', 10)], catalogue([tiered])).product?.unitPriceCents).toBe(900);
  });

  it('finds a variant by its own sku, with the variant’s name, price and stock', () => {
    const shirt = withVariants('SHIRT', [variant('SHIRT-M', { priceCents: 1500, stock: 7 })]);
    const judged = judgeOne([row(1, 'SHIRT-M', 2)], catalogue([shirt]));
    expect(judged).toMatchObject({ status: 'ready', quantity: 2, product: { sku: 'SHIRT', variantSku: 'SHIRT-M', name: 'SHIRT-M name', unitPriceCents: 1500, stock: 7 } });
  });

  it('takes a parent sku with the variant named in its own column', () => {
    const shirt = withVariants('SHIRT', [variant('SHIRT-M'), variant('SHIRT-L')]);
    expect(judgeOne([row(1, 'SHIRT', 2, { variantSku: 'SHIRT-L' })], catalogue([shirt]))).toMatchObject({ status: 'ready', product: { variantSku: 'SHIRT-L' } });
  });

  it('skips rows without a quantity: blank or 0 is not a line, never 1', () => {
    expect(judge([row(1, 'A-100', null), row(2, 'A-100', 0), row(3, 'X', null, { quantities: [0, null] })], catalogue([product('A-100')]))).toEqual([]);
    expect(judge([row(1, 'A-100', null, { quantities: [4] })], catalogue([product('A-100')]))).toEqual([]);
    expect(judge([row(1, 'A-100', null, { quantities: [0, null] }), row(2, 'A-100', 0)], catalogue([product('A-100')]), {}, { target: 'preOrder' })).toEqual([]);
  });

  it('takes a number sku as typed when it exists, over its zero-padded form', () => {
    const hundred = product('100');
    const padded = product('00100');
    const judged = judgeOne([row(1, '100', 1, { skuFromNumber: true })], catalogue([hundred, padded], { padded: { 100: ['00100'] } }));
    expect(judged).toMatchObject({ status: 'ready', messageKey: null, product: { id: hundred.id } });
  });

  it('takes the one zero-padded match of a number that lost its leading zeros, saying how it read it', () => {
    const padded = product('00100');
    const judged = judgeOne([row(1, '100', 1, { skuFromNumber: true })], catalogue([padded], { padded: { 100: ['00100'] } }));
    expect(judged).toMatchObject({ status: 'ready', messageKey: 'orderSheet.row.readWithLeadingZeros', params: { typed: '100', sku: '00100' }, product: { sku: '00100' } });
  });
});

describe('judgeSheet: adjusted', () => {
  it('rounds up to whole batches, saying from and to', () => {
    const judged = judgeOne([row(1, 'P', 10)], catalogue([product('P', { salesBatchSize: 6 })]));
    expect(judged).toMatchObject({ status: 'adjusted', quantity: 12, messageKey: 'orderSheet.row.roundedToBatch', params: { from: 10, to: 12, batchSize: 6 } });
  });

  it('leaves the quantity alone without the shop’s batch-size feature', () => {
    expect(judgeOne([row(1, 'P', 10)], catalogue([product('P', { salesBatchSize: 6 })]), { isBatchSizeActive: false })).toMatchObject({ status: 'ready', quantity: 10 });
  });

  it('caps at the stock where the shop does not sell without stock, in whole batches', () => {
    expect(judgeOne([row(1, 'P', 30)], catalogue([product('P', { stock: 20 })]))).toMatchObject({ status: 'adjusted', quantity: 20, messageKey: 'orderSheet.row.cappedAtStock', params: { from: 30, to: 20 } });
    expect(judgeOne([row(1, 'P', 30)], catalogue([product('P', { stock: 20, salesBatchSize: 6 })]))).toMatchObject({ status: 'adjusted', quantity: 18, params: { from: 30, to: 18, batchSize: 6 } });
  });

  it('caps a positive-stock-only product even where the shop sells without stock, and no other', () => {
    const limited = product('P', { stock: 4, isOnlySellableWithPositiveStock: true });
    expect(judgeOne([row(1, 'P', 9)], catalogue([limited]), { buyableWithoutStock: true })).toMatchObject({ status: 'adjusted', quantity: 4 });
    expect(judgeOne([row(1, 'Q', 9)], catalogue([product('Q', { stock: 4 })]), { buyableWithoutStock: true })).toMatchObject({ status: 'ready', quantity: 9 });
  });

  it('caps at a variant’s own stock', () => {
    const shirt = withVariants('SHIRT', [variant('SHIRT-M', { stock: 3 })], { stock: 500 });
    expect(judgeOne([row(1, 'SHIRT-M', 5)], catalogue([shirt]))).toMatchObject({ status: 'adjusted', quantity: 3, params: { from: 5, to: 3 } });
  });
});

describe('judgeSheet: merged', () => {
  it('sums the same item into its first row, later rows pointing at it with their own quantity', () => {
    const judged = judge([row(1, 'P', 2), row(2, 'Q', 1), row(3, 'P', 3)], catalogue([product('P'), product('Q')]));
    expect(judged.map((entry) => [entry.line, entry.status, entry.quantity, entry.messageKey, entry.params])).toEqual([
      [1, 'ready', 5, 'orderSheet.row.mergedSum', { rows: 2, quantity: 5 }],
      [2, 'ready', 1, null, {}],
      [3, 'merged', 3, 'orderSheet.row.merged', { intoLine: 1 }],
    ]);
  });

  it('judges the sum as a whole: two rows within the stock may together be capped', () => {
    const judged = judge([row(1, 'P', 4), row(2, 'P', 4)], catalogue([product('P', { stock: 6 })]));
    expect(judged.map((entry) => [entry.status, entry.quantity])).toEqual([['adjusted', 6], ['merged', 4]]);
    expect(judged[0]!.params).toEqual({ from: 8, to: 6 });
  });

  it('merges a variant named by its sku with the same variant named through its parent, but not different variants', () => {
    const shirt = withVariants('SHIRT', [variant('SHIRT-M'), variant('SHIRT-L')]);
    const judged = judge([row(1, 'SHIRT-M', 1), row(2, 'SHIRT', 2, { variantSku: 'SHIRT-M' }), row(3, 'SHIRT-L', 1)], catalogue([shirt]));
    expect(judged.map((entry) => entry.status)).toEqual(['ready', 'merged', 'ready']);
    expect(judged[0]!.quantity).toBe(3);
  });

  it('refuses the rows merged into a refused line with it', () => {
    const judged = judge([row(1, 'P', 1), row(2, 'P', 1)], catalogue([product('P', { stock: 0 })]));
    expect(judged.map((entry) => [entry.status, entry.messageKey])).toEqual([['refused', 'orderSheet.row.outOfStock'], ['refused', 'orderSheet.row.outOfStock']]);
  });
});

describe('judgeSheet: refused', () => {
  it('refuses an unknown sku with up to three suggestions from the normalised match', () => {
    const near: SheetSuggestion[] = ['a-100', 'A.100', 'A 100', 'A100'].map((sku) => ({ sku, name: `${sku} name` }));
    const judged = judgeOne([row(1, 'a100', 1)], catalogue([], { near }));
    expect(judged).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.unknown', params: { sku: 'a100' }, quantity: 1 });
    expect(judged.suggestions).toEqual(near.slice(0, 3));
    expect(judged.product).toBeUndefined();
  });

  it('refuses an unknown sku without suggestions when nothing is near', () => {
    const judged = judgeOne([row(1, 'NOPE', 1)], catalogue([product('P')]));
    expect(judged).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.unknown' });
    expect(judged.suggestions).toBeUndefined();
  });

  it('refuses a number with two or more zero-padded matches, suggesting them', () => {
    const judged = judgeOne([row(1, '100', 1, { skuFromNumber: true })], catalogue([product('0100'), product('00100')], { padded: { 100: ['0100', '00100'] } }));
    expect(judged).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.unknown', suggestions: [{ sku: '0100' }, { sku: '00100' }] });
  });

  it('refuses a parent sku of a product sold by variants, offering the variants', () => {
    const shirt = withVariants('SHIRT', [variant('SHIRT-M'), variant('SHIRT-L')]);
    const judged = judgeOne([row(1, 'SHIRT', 2)], catalogue([shirt]));
    expect(judged).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.variantNeeded', params: { sku: 'SHIRT' }, product: { sku: 'SHIRT', variantSku: null } });
    expect(judged.variants).toEqual([{ variantSku: 'SHIRT-L', name: 'SHIRT-L name' }, { variantSku: 'SHIRT-M', name: 'SHIRT-M name' }]);
  });

  it('refuses a variant column the product does not have, offering its variants', () => {
    const shirt = withVariants('SHIRT', [variant('SHIRT-M')]);
    expect(judgeOne([row(1, 'SHIRT', 2, { variantSku: 'SHIRT-XXL' })], catalogue([shirt]))).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.variantUnknown', params: { sku: 'SHIRT', variant: 'SHIRT-XXL' }, variants: [{ variantSku: 'SHIRT-M' }] });
  });

  it('refuses an item with nothing in stock where the shop may not oversell', () => {
    expect(judgeOne([row(1, 'P', 1)], catalogue([product('P', { stock: 0 })]))).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.outOfStock', product: { sku: 'P' } });
    expect(judgeOne([row(1, 'P', 1)], catalogue([product('P', { stock: -3 })]))).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.outOfStock' });
    expect(judgeOne([row(1, 'P', 1)], catalogue([product('P', { stock: 0 })]), { buyableWithoutStock: true })).toMatchObject({ status: 'ready', quantity: 1 });
  });

  it('refuses an item whose stock does not fill one batch', () => {
    expect(judgeOne([row(1, 'P', 6)], catalogue([product('P', { stock: 5, salesBatchSize: 6 })]))).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.stockBelowBatch', params: { batchSize: 6 } });
  });

  it('refuses an item without a price', () => {
    const free = product('P', { prices: { listCents: 0, customer: null, preOrderCents: null, tiers: [] } });
    expect(judgeOne([row(1, 'P', 1)], catalogue([free]))).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.noPrice' });
  });

  it('answers the reader’s own refusal as the row’s verdict, even without a quantity', () => {
    const readRefusal = { messageKey: 'orderSheet.quantity.decimal', params: { value: '2,5' } };
    expect(judgeOne([row(4, 'P', null, { readRefusal })], catalogue([product('P')]))).toEqual({ line: 4, input: row(4, 'P', null, { readRefusal }), status: 'refused', quantity: 0, messageKey: 'orderSheet.quantity.decimal', params: { value: '2,5' } });
  });

  it('refuses a row with a quantity and no sku', () => {
    expect(judgeOne([row(1, '', 3)], catalogue([]))).toMatchObject({ status: 'refused', messageKey: 'orderSheet.sku.missing' });
  });

  it('refuses a sum of merged rows beyond the largest quantity', () => {
    const judged = judge([row(1, 'P', orderSheetMaxQuantity), row(2, 'P', 1)], catalogue([product('P')]), { buyableWithoutStock: true });
    expect(judged[0]).toMatchObject({ status: 'refused', messageKey: 'orderSheet.quantity.tooLarge', params: { max: orderSheetMaxQuantity } });
  });

  it('refuses items beyond the basket’s line limit, counting an item’s rows once', () => {
    const judged = judge([row(1, 'P', 1), row(2, 'P', 1), row(3, 'Q', 1), row(4, 'R', 1)], catalogue([product('P'), product('Q'), product('R')]), { maxLines: 2 });
    expect(judged.map((entry) => entry.status)).toEqual(['ready', 'merged', 'ready', 'refused']);
    expect(judged[3]).toMatchObject({ messageKey: 'orderSheet.row.cartFull', params: { max: 2 } });
  });
});

describe('judgeSheet: pre-order', () => {
  const preOrder = (rows: SheetInputRow[], found: SheetCatalogue, input: Partial<SheetInput> = {}) => judge(rows, found, {}, { target: 'preOrder', ...input });

  it('takes quantities per season within the pre-stock', () => {
    const frozen = product('F', { isStockFreeze: true });
    const found = catalogue([frozen], { preStocks: [[frozen, [{ seasonId: 11, quantity: 10 }, { seasonId: 12, quantity: 10 }]]] });
    expect(preOrder([row(1, 'F', null, { quantities: [2, 3] })], found)[0]).toMatchObject({ status: 'ready', quantity: 5, quantities: [2, 3] });
  });

  it('reads a single quantity (a paste) as the first season’s', () => {
    const open = product('O');
    const found = catalogue([open], { preStocks: [[open, [{ seasonId: 11, quantity: 1 }]]] });
    expect(preOrder([row(1, 'O', 4)], found)[0]).toMatchObject({ status: 'ready', quantities: [4, 0] });
  });

  it('maps the sheet’s season columns onto the shop’s season order', () => {
    const open = product('O');
    const found = catalogue([open], { preStocks: [[open, [{ seasonId: 11, quantity: 1 }]]] });
    expect(preOrder([row(1, 'O', null, { quantities: [4, 1] })], found, { seasonIds: [12, 11] })[0]).toMatchObject({ quantities: [1, 4] });
    expect(preOrder([row(1, 'O', null, { quantities: [4] })], found, { seasonIds: [99] })[0]).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.seasonUnavailable', params: { seasonId: 99 } });
  });

  it('caps each season at what its pre-stock allows next to the others, saying which season', () => {
    const frozen = product('F', { isStockFreeze: true });
    const found = catalogue([frozen], { preStocks: [[frozen, [{ seasonId: 11, quantity: 5 }, { seasonId: 12, quantity: 20 }]]] });
    const judged = preOrder([row(1, 'F', null, { quantities: [8, 0] })], found)[0]!;
    expect(judged).toMatchObject({ status: 'adjusted', quantity: 5, quantities: [5, 0], messageKey: 'orderSheet.row.cappedAtPreStock', params: { from: 8, to: 5, seasonId: 11, season: '1' } });
    const both = preOrder([row(1, 'F', null, { quantities: [3, 9] })], found)[0]!;
    expect(preOrderQuantitiesFit({ isStockFreeze: true, preStocks: [{ seasonId: 11, quantity: 5 }, { seasonId: 12, quantity: 20 }] }, both.quantities!, rules.seasonIds)).toBe(true);
    expect(both.status).toBe('adjusted');
  });

  it('refuses when no season has pre-stock left for the row', () => {
    const frozen = product('F', { isStockFreeze: true });
    const found = catalogue([frozen], { preStocks: [[frozen, [{ seasonId: 12, quantity: 5 }]]] });
    expect(preOrder([row(1, 'F', null, { quantities: [3, 0] })], found)[0]).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.noPreStock', params: { seasonId: 11, season: '1' } });
    const named = judge([row(1, 'F', null, { quantities: [3, 0] })], found, { seasonNames: ['Frühjahr 2027', 'Herbst 2027'] }, { target: 'preOrder' });
    expect(named[0]!.params).toEqual({ seasonId: 11, season: 'Frühjahr 2027' });
  });

  it('refuses a product that cannot be pre-ordered', () => {
    expect(preOrder([row(1, 'P', 3)], catalogue([product('P')]))[0]).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.preOrderUnavailable' });
  });

  it('rounds each season up to whole batches', () => {
    const open = product('O', { salesBatchSize: 4 });
    const found = catalogue([open], { preStocks: [[open, [{ seasonId: 11, quantity: 1 }]]] });
    expect(preOrder([row(1, 'O', null, { quantities: [0, 5] })], found)[0]).toMatchObject({ status: 'adjusted', quantities: [0, 8], messageKey: 'orderSheet.row.roundedToBatch', params: { from: 5, to: 8, batchSize: 4, seasonId: 12 } });
  });
});

describe('judgeSheet: what the basket accepts', () => {
  it('puts every ready and adjusted row into POST /api/basket’s lines without a refusal, quantities unchanged', () => {
    const frozen = product('F', { isStockFreeze: true, salesBatchSize: 3 });
    const shirt = withVariants('SHIRT', [variant('SHIRT-M', { stock: 5 })], { salesBatchSize: 2 });
    const items = [product('A', { salesBatchSize: 6, stock: 40 }), product('B', { stock: 3 }), shirt, product('C'), frozen];
    const preStocks: PreStock[] = [{ seasonId: 11, quantity: 7 }, { seasonId: 12, quantity: 9 }];
    const found = catalogue(items, { preStocks: [[frozen, preStocks]] });
    for (const target of ['order', 'preOrder'] as const) {
      const rows = [row(1, 'A', 10), row(2, 'B', 9), row(3, 'SHIRT-M', 7), row(4, 'C', 1), row(5, 'A', 50), row(6, 'F', null, { quantities: [8, 8] })];
      const judged = judge(rows, found, {}, { target }).filter((entry) => entry.status === 'ready' || entry.status === 'adjusted');
      expect(judged.length).toBeGreaterThan(0);
      const requested = judged.map((entry) => ({
        _id: entry.product!.id,
        sku: entry.product!.sku,
        variantSku: entry.product!.variantSku,
        orderType: target,
        ...(target === 'order' ? { quantity: entry.quantity } : { quantities: entry.quantities! }),
      }));
      const priced = priceRequestedLines(requested, found.productsBySku, { isBatchSizeActive: true, seasonIds: rules.seasonIds, preStocks: found.preStocks });
      expect(priced.map((line) => [line.product.sku, line.variant?.variantSku ?? null, line.quantity])).toEqual(judged.map((entry) => [entry.product!.sku, entry.product!.variantSku, entry.quantity]));
      for (const line of priced) if (target === 'order') expect(line.quantity).toBeLessThanOrEqual(line.variant ? line.variant.stock : line.product.stock);
    }
  });
});
