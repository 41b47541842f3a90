import { describe, expect, it } from 'vitest';
import { lineSku } from '../../../core/cart-state';
import { listedProducts } from './listed-products.server';
import { listRows, variantAsProduct } from './product-rows';
import { testProduct } from './test-products';

describe('product list rows', () => {
  const plain = testProduct({ _id: 1, sku: 'MAT-1' });
  const withVariants = testProduct({
    _id: 2,
    sku: 'MAT-2',
    attributes: { Marke: 'Elbtal', Farbe: 'Rot' },
    variants: [
      { _id: 21, variantSku: 'MAT-2-RT', name: 'Eimer, Rot', attributes: { Farbe: 'Rot' }, price: { value: 11, currency: 'EUR', rrp: null, preOrderPrice: null }, tierPrices: [], stock: { value: 0 } },
      { _id: 22, variantSku: 'MAT-2-BL', name: 'Eimer, Blau', attributes: { Farbe: 'Blau' }, price: null, tierPrices: [], stock: { value: 5 } },
    ],
  });

  it('gives a product without variants one row and each variant a row of its own', () => {
    const rows = listRows([plain, withVariants]);
    expect(rows.map(lineSku)).toEqual(['MAT-1', 'MAT-2-RT', 'MAT-2-BL']);
    expect(rows[0]).toBe(plain);
  });

  it('lets a variant row stand for the variant, keeping the product id for the cart', () => {
    const [, red, blue] = listRows(listedProducts([plain, withVariants]));
    expect(red).toMatchObject({ _id: 2, sku: 'MAT-2', variantSku: 'MAT-2-RT', name: 'Eimer, Rot', stock: { value: 0 }, variants: [] });
    expect(red!.price?.value).toBe(11);
    expect(blue!.price).toBeNull();
    expect(blue).not.toHaveProperty('attributes');
  });

  it('gives a full product’s variant the variant’s attributes over the product’s (the product page)', () => {
    expect(variantAsProduct(withVariants, withVariants.variants[1]!).attributes).toEqual({ Marke: 'Elbtal', Farbe: 'Blau' });
  });
});
