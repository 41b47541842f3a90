import { describe, expect, it } from 'vitest';
import type { Product, ProductVariant } from './catalog-types.ts';
import { productForVariant } from './product-variant.ts';

const variant: ProductVariant = {
  _id: 11,
  variantSku: 'MAT-000007-RT',
  name: 'Hammer Rot',
  attributes: { Farbe: 'Rot' },
  price: { value: 24.99, currency: 'EUR', rrp: null, preOrderPrice: null },
  tierPrices: [],
  stock: { value: 3 },
};
const product = {
  _id: 7,
  sku: 'MAT-000007',
  name: 'Hammer',
  price: { value: 19.99, currency: 'EUR', rrp: 29.99, preOrderPrice: 18.5 },
  stock: { value: 12 },
  attributes: { Marke: 'Nordlicht', Farbe: 'Natur' },
  variants: [variant],
} as unknown as Product;

describe('productForVariant', () => {
  it('takes the variant’s sku, name, price and stock, and lets its attributes win', () => {
    expect(productForVariant(product, variant)).toMatchObject({
      _id: 7,
      sku: 'MAT-000007',
      variantSku: 'MAT-000007-RT',
      name: 'Hammer Rot',
      price: { value: 24.99 },
      stock: { value: 3 },
      attributes: { Marke: 'Nordlicht', Farbe: 'Rot' },
    });
  });
});
