import { describe, expect, it } from 'vitest';
import { offersAlarm, wishedQuantity } from './alarm-quantity';

describe('the quantity the alarm dialog starts with and saves', () => {
  it('is the row quantity rounded up to whole batches', () => {
    expect(wishedQuantity(7, 6)).toBe(12);
    expect(wishedQuantity(12, 6)).toBe(12);
    expect(wishedQuantity(24, 1)).toBe(24);
  });

  it('is one batch where no quantity is chosen', () => {
    expect(wishedQuantity(0, 10)).toBe(10);
    expect(wishedQuantity(0, 1)).toBe(1);
  });
});

describe('the bell', () => {
  const product = (value: number, isOnlySellableWithPositiveStock = false) => ({ stock: { value }, isOnlySellableWithPositiveStock });

  it('rings for every out-of-stock product', () => {
    expect(offersAlarm(product(0), 0)).toBe(true);
    expect(offersAlarm(product(0), 5)).toBe(true);
  });

  it('rings for a product short of the chosen quantity, not for one that has enough', () => {
    expect(offersAlarm(product(10), 12)).toBe(true);
    expect(offersAlarm(product(10), 10)).toBe(false);
    expect(offersAlarm(product(10), 0)).toBe(false);
  });

  it('counts a positive-stock-only product at zero as short once a quantity is chosen', () => {
    expect(offersAlarm(product(0, true), 0)).toBe(false);
    expect(offersAlarm(product(0, true), 6)).toBe(true);
  });
});
