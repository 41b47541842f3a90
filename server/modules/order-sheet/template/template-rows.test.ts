import { describe, expect, it } from 'vitest';
import type { BuyerProduct, BuyerVariant } from '../../basket/buyer-products.ts';
import { templateRows } from './template-rows.ts';

// The rows of a personalised sheet from the buyer's products: one per product or per variant, in sku order,
// priced as the catalogue prices one piece, and for a `bought` sheet only what was bought, with its last quantity.

function product(id: number, sku: string, extra: Partial<BuyerProduct> = {}, variants: BuyerVariant[] = []): BuyerProduct {
  return {
    id, sku, name: `Name ${sku}`, imageUrl: null, currency: 'EUR',
    prices: { listCents: 1000, customer: null, preOrderCents: 800, tiers: [] },
    retailPriceCents: 2000, today: '2026-11-26', vat: { ok: true, rateBp: 1900, taxCategory: null },
    stock: 5, isStockFreeze: false, isOnlySellableWithPositiveStock: false, salesBatchSize: 1,
    variants: new Map(variants.map((variant) => [variant.variantSku, variant])), ...extra,
  };
}

const shirt = product(2, 'B-SHIRT', {}, [
  { id: 21, variantSku: 'B-SHIRT-L', name: 'Shirt L', priceCents: 1200, stock: 0 },
  { id: 20, variantSku: 'B-SHIRT-M', name: 'Shirt M', priceCents: null, stock: 3 },
]);
const plain = product(1, 'A-100', { vat: { ok: false, error: { key: 'tax.no_category', params: { rate: 19, country: 'CH' } } } });

describe('the rows of a personalised sheet', () => {
  it('one row per product, one per variant of a product sold by variants, in sku order, priced for one piece', () => {
    const rows = templateRows({ products: [shirt, plain], type: 'order', salesUnitOf: new Map([[1, 'Stück']]), seasonIds: [], showsGross: true });
    expect(rows.map((row) => [row.sku, row.variantSku, row.netCents, row.grossCents, row.retailCents, row.inStock, row.salesUnit, row.quantities])).toEqual([
      // No VAT rate for this buyer: no gross figure, the retail price as it is.
      ['A-100', null, 1000, null, 2000, true, 'Stück', [null]],
      ['B-SHIRT', 'B-SHIRT-L', 1200, 1428, 2380, false, null, [null]],
      ['B-SHIRT', 'B-SHIRT-M', 1000, 1190, 2380, true, null, [null]],
    ]);
  });

  it('a pre-order sheet shows the pre-order price and one quantity per season', () => {
    const [row] = templateRows({ products: [plain], type: 'preOrder', salesUnitOf: new Map(), seasonIds: [7, 9], showsGross: false });
    expect(row).toMatchObject({ netCents: 800, retailCents: 2000, quantities: [null, null] });
  });

  it('a bought sheet lists what was bought with the newest quantity, per season for a pre-order', () => {
    const bought = [
      { product_id: 2, variant_sku: 'B-SHIRT-M', season_id: 9, quantity: 4 },
      { product_id: 2, variant_sku: 'B-SHIRT-M', season_id: 9, quantity: 40 },
      { product_id: 2, variant_sku: 'B-SHIRT-M', season_id: 7, quantity: 2 },
    ];
    const rows = templateRows({ products: [shirt, plain], type: 'preOrder', salesUnitOf: new Map(), seasonIds: [7, 9], showsGross: false, bought });
    expect(rows.map((row) => [row.sku, row.variantSku, row.quantities])).toEqual([['B-SHIRT', 'B-SHIRT-M', [2, 4]]]);
  });
});
