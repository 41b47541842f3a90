import { describe, expect, it } from 'vitest';
import type { StoredBasketLine } from './basket.repository.ts';
import type { PricedLine } from './basket-lines.ts';
import { planStoredLines, refreshPrice } from './basket-prices.ts';
import { unitPriceCents, type BuyerProduct } from './buyer-products.ts';

const product: BuyerProduct = {
  id: 7,
  sku: 'MAT-000007',
  name: 'Schraube',
  imageUrl: null,
  currency: 'EUR',
  prices: { listCents: 1000, customer: null, preOrderCents: 900, tiers: [{ minQuantity: 10, cents: 950, validFrom: null, validTo: '2026-03-15' }] },
  retailPriceCents: 1500,
  today: '2026-03-15',
  vat: { ok: true, rateBp: 1900, taxCategory: null },
  stock: 10,
  isStockFreeze: false,
  isOnlySellableWithPositiveStock: false,
  salesBatchSize: 1,
  variants: new Map(),
};

describe('refreshPrice', () => {
  it.each([
    ['an unchanged price changes nothing', { unitPriceCents: 1000, oldPriceCents: null }, 1000, null],
    ['a new price keeps the stored one as old price', { unitPriceCents: 1000, oldPriceCents: null }, 1200, { unitPriceCents: 1200, oldPriceCents: 1000 }],
    ['a second change keeps the first price the user saw', { unitPriceCents: 1200, oldPriceCents: 1000 }, 1300, { unitPriceCents: 1300, oldPriceCents: 1000 }],
    ['back at the price the user saw, no change is shown', { unitPriceCents: 1200, oldPriceCents: 1000 }, 1000, { unitPriceCents: 1000, oldPriceCents: null }],
  ])('%s', (_case, stored, current, expected) => {
    expect(refreshPrice(stored, current)).toEqual(expected);
  });
});

describe('unitPriceCents', () => {
  const variant = { id: 1, variantSku: 'MAT-000007-RT', name: 'Schraube, Rot', priceCents: 1100, stock: 3 };
  const withCustomerPrice = { ...product, prices: { ...product.prices, customer: { cents: 800, validFrom: null, validTo: null } } };
  it.each([
    ['the list price', product, null, 'order', 1, 1000],
    ['the variant’s own price', product, variant, 'order', 1, 1100],
    ['the customer price over the variant price', withCustomerPrice, variant, 'order', 1, 800],
    ['the pre-order price for pre-order lines', withCustomerPrice, null, 'preOrder', 1, 900],
    ['the order price when there is no pre-order price', { ...product, prices: { ...product.prices, preOrderCents: null } }, null, 'preOrder', 1, 1000],
    ['the tier the line’s quantity reaches, on the product’s day', product, variant, 'order', 10, 950],
    ['no tier on a day after its last', { ...product, today: '2026-03-16' }, null, 'order', 10, 1000],
  ] as const)('%s', (_case, p, v, orderType, quantity, expected) => {
    expect(unitPriceCents(p, v, { orderType, quantity })).toBe(expected);
  });
});

describe('planStoredLines', () => {
  const priced = (quantity: number, price = 1000): PricedLine => ({
    product,
    variant: null,
    orderType: 'order',
    quantity,
    quantities: [],
    customAttributes: null,
    packs: null,
    unitPriceCents: price,
  });
  const stored = (quantity: number, unit: number, old: number | null): StoredBasketLine => ({
    id: 1,
    product_id: 7,
    variant_id: null,
    sku: 'MAT-000007',
    variant_sku: null,
    order_type: 'order',
    quantity,
    quantities: '[]',
    custom_attributes: null,
    packs: null,
    unit_price_cents: unit,
    old_price_cents: old,
    created_at: '2026-01-01T00:00:00.000Z',
  });

  it.each([
    ['a new line has no old price', [], priced(2), null, undefined],
    ['an unchanged line keeps its old price', [stored(2, 1000, 900)], priced(2), 900, '2026-01-01T00:00:00.000Z'],
    ['an unchanged line notices a price change since it was stored', [stored(2, 900, null)], priced(2), 900, '2026-01-01T00:00:00.000Z'],
    ['a changed line is saved again at today’s price', [stored(2, 900, 800)], priced(3), null, '2026-01-01T00:00:00.000Z'],
    ['the same item as a pre-order line is another line', [{ ...stored(2, 900, null), order_type: 'preOrder' as const }], priced(2), null, undefined],
  ])('%s', (_case, current, line, oldPrice, createdAt) => {
    const [row] = planStoredLines([line], current);
    expect(row).toMatchObject({ unit_price_cents: 1000, old_price_cents: oldPrice, created_at: createdAt, quantity: line.quantity });
  });
});
