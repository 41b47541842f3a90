import { describe, expect, it } from 'vitest';
import { lineShownCents, priceForQuantity, rowTotalsLine, tableTotals } from './row-pricing';
import { testProduct } from './test-products';

describe('row prices in the buyer’s view (unit prices: core/vat.test.ts)', () => {
  it('has no line for a row without a price (guests with hidden prices)', () => {
    expect(rowTotalsLine(testProduct({ price: null }), { quantity: 3, quantities: [] }, 'order')).toBeNull();
  });

  it('totals an order row at the unit price and a pre-order row at the pre-order price', () => {
    const row = testProduct();
    const order = rowTotalsLine(row, { quantity: 3, quantities: [] }, 'order')!;
    expect(lineShownCents(order, true)).toBe(3000);
    expect(lineShownCents(order, false)).toBe(3570);
    const preOrder = rowTotalsLine(row, { quantity: 0, quantities: [2, 0, 1] }, 'preOrder')!;
    expect(lineShownCents(preOrder, true)).toBe(2400);
  });

  it('totals an order row at the tier its quantity reaches', () => {
    const eur = (value: number) => ({ value, currency: 'EUR', rrp: null, preOrderPrice: null });
    const row = testProduct({ price: eur(10), tierPrices: [{ minQuantity: 10, price: eur(9) }, { minQuantity: 50, price: eur(8) }] });
    expect(priceForQuantity(row, 9)?.value).toBe(10);
    expect(priceForQuantity(row, 10)?.value).toBe(9);
    expect(priceForQuantity(row, 50)?.value).toBe(8);
    expect(lineShownCents(rowTotalsLine(row, { quantity: 9, quantities: [] }, 'order')!, true)).toBe(9000);
    expect(lineShownCents(rowTotalsLine(row, { quantity: 10, quantities: [] }, 'order')!, true)).toBe(9000);
    expect(lineShownCents(rowTotalsLine(row, { quantity: 10, quantities: [] }, 'order')!, false)).toBe(10710);
    // Pre-order lines of a product without a pre-order price reach tiers with all their seasons' pieces.
    expect(lineShownCents(rowTotalsLine(row, { quantity: 0, quantities: [30, 20] }, 'preOrder')!, true)).toBe(40000);
  });

  it('sums the footer over all rows, skipping rows without price', () => {
    const rows = [
      { row: testProduct(), choice: { quantity: 2, quantities: [] } },
      { row: testProduct({ price: { value: 1.5, currency: 'EUR', rrp: null, preOrderPrice: null }, vatRate: 7 }), choice: { quantity: 4, quantities: [] } },
      { row: testProduct({ price: null }), choice: { quantity: 1, quantities: [] } },
      { row: testProduct(), choice: { quantity: 0, quantities: [] } },
    ];
    expect(tableTotals(rows, 'order', { showNetPrices: true, fallbackCurrency: 'EUR' })).toEqual({ quantity: 7, cents: 2600, currency: 'EUR', vatRates: [19, 7] });
    expect(tableTotals(rows, 'order', { showNetPrices: false, fallbackCurrency: 'EUR' }).cents).toBe(2380 + 642);
  });

  it('counts every season’s pieces in pre-order mode', () => {
    const rows = [{ row: testProduct(), choice: { quantity: 0, quantities: [5, 0, 10] } }];
    expect(tableTotals(rows, 'preOrder', { showNetPrices: true, fallbackCurrency: 'EUR' })).toEqual({ quantity: 15, cents: 12000, currency: 'EUR', vatRates: [19] });
  });
});
