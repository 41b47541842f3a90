import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../../../core/catalog-types';
import { linePrices } from './cart-prices';

const line = (overrides: Partial<CartProduct> = {}): CartProduct => ({
  _id: 1,
  sku: 'A',
  name: 'A',
  image: null,
  price: { value: 10.05, currency: 'EUR', rrp: null, preOrderPrice: null },
  orderType: 'order',
  quantity: 3,
  quantities: [],
  stock: { value: 10 },
  notEnoughStock: false,
  oldPrice: null,
  vatRate: 19,
  salesBatchSize: 1,
  customAttributes: null,
  packs: null,
  ...overrides,
});

describe('linePrices', () => {
  it('shows net prices to buyers with net prices', () => {
    expect(linePrices(line(), true)).toEqual({ unitCents: 1005, oldUnitCents: null, totalCents: 3015, currency: 'EUR' });
  });

  it('shows gross prices to the others, the line total rounded once (core/cart-totals)', () => {
    // 1005 × 1.19 = 1195.95 → 1196; 3015 × 1.19 = 3587.85 → 3588 (not 3 × 1196).
    expect(linePrices(line(), false)).toMatchObject({ unitCents: 1196, totalCents: 3588 });
  });

  it('shows the previous price of a changed line in the same basis', () => {
    expect(linePrices(line({ oldPrice: 8 }), true).oldUnitCents).toBe(800);
    expect(linePrices(line({ oldPrice: 8 }), false).oldUnitCents).toBe(952);
  });

  it('charges pre-order lines their pre-order price over all seasons', () => {
    const preOrder = line({ orderType: 'preOrder', quantities: [2, 0, 3], quantity: 5, price: { value: 10, currency: 'EUR', rrp: null, preOrderPrice: 9 } });
    expect(linePrices(preOrder, true)).toMatchObject({ unitCents: 900, totalCents: 4500 });
  });
});
