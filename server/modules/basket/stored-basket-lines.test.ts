import { describe, expect, it } from 'vitest';
import type { NewBasketLine } from './basket.repository.ts';
import { buyerProduct } from './buyer-product.fixture.ts';
import { plannedBasketLine } from './stored-basket-lines.ts';

// The line a reorder or an order sheet's confirm writes for an item: a new one, or one the cart already holds.

const tiered = buyerProduct('P7', { prices: { listCents: 1000, customer: null, preOrderCents: null, tiers: [{ minQuantity: 10, cents: 900, validFrom: null, validTo: null }] } });
const red = { id: 71, variantSku: 'P7-RED', name: 'P7 rot', priceCents: null, stock: 5 };

describe('plannedBasketLine', () => {
  it('a new line: the item, its quantities, the given details, today’s price for the new quantity', () => {
    expect(plannedBasketLine({ product: tiered, variant: red, orderType: 'order', quantity: 12, quantities: [] }, undefined, '{"Gravur":"A"}')).toEqual({
      product_id: 7,
      variant_id: 71,
      sku: 'P7',
      variant_sku: 'P7-RED',
      order_type: 'order',
      quantity: 12,
      quantities: '[]',
      custom_attributes: '{"Gravur":"A"}',
      packs: null,
      unit_price_cents: 900,
      old_price_cents: null,
      created_at: undefined,
    });
  });

  it('a line the cart holds keeps its details and first-added time; its price and old price are today’s', () => {
    const existing: NewBasketLine = {
      product_id: 7,
      variant_id: null,
      sku: 'P7',
      variant_sku: null,
      order_type: 'preOrder',
      quantity: 2,
      quantities: '[2,0]',
      custom_attributes: null,
      packs: '[{"size":6}]',
      unit_price_cents: 1100,
      old_price_cents: 1200,
      created_at: '2026-03-01T08:00:00.000Z',
    };
    expect(plannedBasketLine({ product: tiered, variant: null, orderType: 'preOrder', quantity: 5, quantities: [2, 3] }, existing, '{"Gravur":"B"}')).toEqual({
      ...existing,
      quantity: 5,
      quantities: '[2,3]',
      unit_price_cents: 1000,
      old_price_cents: null,
    });
  });
});
