import { describe, expect, it } from 'vitest';
import type { StoredBasketLine } from '../basket/basket.repository.ts';
import type { BuyerProduct } from '../basket/buyer-products.ts';
import { planReorder, type ReorderLine, type ReorderRules } from './order-history-reorder-plan.ts';
import { buyerProduct } from '../basket/buyer-product.fixture.ts';

const product = buyerProduct;

const rules: ReorderRules = { isBatchSizeActive: true, buyableWithoutStock: false, seasonIds: [11, 12], maxLines: 3 };

function ordered(sku: string, quantity: number, extra: Partial<ReorderLine> = {}): ReorderLine {
  return { sku, variantSku: null, name: `${sku} as ordered`, orderType: 'order', seasonId: null, quantity, customAttributes: null, ...extra };
}

function inCart(sku: string, quantity: number, extra: Partial<StoredBasketLine> = {}): StoredBasketLine {
  return {
    id: 1,
    product_id: Number(sku.replace(/\D/g, '')),
    variant_id: null,
    sku,
    variant_sku: null,
    order_type: 'order',
    quantity,
    quantities: '[]',
    custom_attributes: null,
    packs: null,
    unit_price_cents: 900,
    old_price_cents: 800,
    created_at: '2024-01-01T00:00:00.000Z',
    ...extra,
  };
}

const catalogue = (...products: BuyerProduct[]) => ({ productsBySku: new Map(products.map((p) => [p.sku, p])), preStocks: new Map([[3, [{ seasonId: 11, quantity: 5 }]]]) });

describe('planReorder', () => {
  it('adds to a line already in the cart at today’s price, keeping when it was first added', () => {
    const plan = planReorder([ordered('P1', 3)], [inCart('P1', 2)], catalogue(product('P1')), rules);
    expect(plan.added).toEqual([{ sku: 'P1', variantSku: null, name: 'P1 as ordered', quantity: 3 }]);
    expect(plan.lines).toEqual([expect.objectContaining({ sku: 'P1', quantity: 5, unit_price_cents: 1000, old_price_cents: null, created_at: '2024-01-01T00:00:00.000Z' })]);
  });

  it('never reduces what the cart holds: a cart that already holds the whole stock gets nothing more', () => {
    const plan = planReorder([ordered('P1', 3)], [inCart('P1', 4)], catalogue(product('P1', { stock: 4 })), rules);
    expect(plan.skipped).toEqual([{ sku: 'P1', variantSku: null, name: 'P1 as ordered', reason: 'reorder.reason.stock_limited' }]);
    expect(plan.lines[0]!.quantity).toBe(4);
  });

  it('rounds the cart’s line to whole batches, even when the cart held an odd quantity', () => {
    const plan = planReorder([ordered('P1', 5)], [inCart('P1', 4)], catalogue(product('P1', { salesBatchSize: 6 })), rules);
    expect(plan.reduced).toEqual([{ sku: 'P1', variantSku: null, name: 'P1 as ordered', requested: 5, quantity: 2, reason: 'reorder.reason.batch_size' }]);
    expect(plan.lines[0]!.quantity).toBe(6);
  });

  it('skips a new line once the cart is full, but still adds to lines it holds', () => {
    const plan = planReorder([ordered('P4', 1), ordered('P1', 1)], [inCart('P1', 1), inCart('P2', 1, { id: 2 }), inCart('P3', 1, { id: 3 })], catalogue(product('P1'), product('P4')), rules);
    expect(plan.skipped).toEqual([{ sku: 'P4', variantSku: null, name: 'P4 as ordered', reason: 'reorder.reason.cart_full' }]);
    expect(plan.added.map((line) => line.sku)).toEqual(['P1']);
    expect(plan.lines.map((line) => [line.sku, line.quantity])).toEqual([['P1', 2], ['P2', 1], ['P3', 1]]);
  });

  it('keeps a frozen pre-order within its season’s pre-stock and skips seasons no longer offered', () => {
    const frozen = product('P3', { isStockFreeze: true });
    const plan = planReorder(
      [ordered('P3', 4, { orderType: 'preOrder', seasonId: 11 }), ordered('P3', 4, { orderType: 'preOrder', seasonId: 11 }), ordered('P3', 1, { orderType: 'preOrder', seasonId: 10 })],
      [],
      catalogue(frozen),
      rules,
    );
    expect(plan.added).toEqual([expect.objectContaining({ quantity: 4 })]);
    expect(plan.reduced).toEqual([expect.objectContaining({ requested: 4, quantity: 1, reason: 'reorder.reason.stock_limited' })]);
    expect(plan.skipped).toEqual([expect.objectContaining({ reason: 'reorder.reason.season_ended' })]);
    expect(plan.lines).toEqual([expect.objectContaining({ order_type: 'preOrder', quantity: 5, quantities: '[5,0]' })]);
  });

  it('takes a variant only while it is sold, and a product without a price as not sold', () => {
    const withVariant = product('P5', { variants: new Map([['P5-RED', { id: 51, variantSku: 'P5-RED', name: 'P5 rot', priceCents: 1200, stock: 3 }]]) });
    const plan = planReorder([ordered('P5', 2, { variantSku: 'P5-RED' }), ordered('P5', 1, { variantSku: 'P5-BLUE' }), ordered('P6', 1)], [], catalogue(withVariant, product('P6', { prices: { listCents: 0, customer: null, preOrderCents: null, tiers: [] } })), rules);
    expect(plan.added).toEqual([{ sku: 'P5', variantSku: 'P5-RED', name: 'P5 as ordered', quantity: 2 }]);
    expect(plan.lines).toEqual([expect.objectContaining({ variant_id: 51, variant_sku: 'P5-RED', unit_price_cents: 1200 })]);
    expect(plan.skipped.map((line) => line.reason)).toEqual(['reorder.reason.not_sold', 'reorder.reason.not_sold']);
  });

  it('prices a line at the tier its quantity in the cart reaches, with what the cart held added', () => {
    const tiered = product('P7', { prices: { listCents: 1000, customer: null, preOrderCents: null, tiers: [{ minQuantity: 10, cents: 900, validFrom: null, validTo: null }] } });
    expect(planReorder([ordered('P7', 4)], [], catalogue(tiered), rules).lines).toEqual([expect.objectContaining({ quantity: 4, unit_price_cents: 1000 })]);
    expect(planReorder([ordered('P7', 10)], [], catalogue(tiered), rules).lines).toEqual([expect.objectContaining({ quantity: 10, unit_price_cents: 900 })]);
  });
});
