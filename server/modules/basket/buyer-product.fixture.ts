import type { BuyerProduct } from './buyer-products.ts';

// A product as the buyer-product lookup answers it, for the unit tests of the plans that price and check
// cart lines (reorder, order sheets): sold at 10.00 EUR, 19 % VAT, 100 in stock, batches of 1, no variants.

/** The product `sku` (its id the digits of the sku) with `values` over the defaults. */
export function buyerProduct(sku: string, values: Partial<BuyerProduct> = {}): BuyerProduct {
  return {
    id: Number(sku.replace(/\D/g, '')),
    sku,
    name: sku,
    imageUrl: null,
    currency: 'EUR',
    prices: { listCents: 1000, customer: null, preOrderCents: null, tiers: [] },
    retailPriceCents: null,
    today: '2026-03-15',
    vat: { ok: true, rateBp: 1900, taxCategory: null },
    stock: 100,
    isStockFreeze: false,
    isOnlySellableWithPositiveStock: false,
    salesBatchSize: 1,
    variants: new Map(),
    ...values,
  };
}
