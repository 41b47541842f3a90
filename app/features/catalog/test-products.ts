import type { Product } from '../../../core/catalog-types';

/** A catalogue product as the API answers it, for the catalogue screens' unit tests. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 7,
    name: 'Schraube',
    sku: 'MAT-000007',
    categoryId: 10,
    images: [{ image: { url: '/media/products/a.svg', width: 400, height: 400 } }],
    price: { value: 10, currency: 'EUR', rrp: 15, preOrderPrice: 8 },
    tierPrices: [],
    isGrossPrice: false,
    vatRate: 19,
    stock: { value: 40 },
    preStocks: [],
    isStockFreeze: false,
    salesBatchSize: 1,
    salesUnit: { id: 1, name: 'Stück' },
    materialUnits: [],
    releaseDate: null,
    isOnlySellableWithPositiveStock: false,
    attributes: { Marke: 'Nordlicht' },
    salesAttributes: {},
    variants: [],
    reviews: { average: null, count: 0 },
    ...overrides,
  };
}
