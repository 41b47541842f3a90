import { describe, expect, it } from 'vitest';
import { defaultAlarmQuantity, offersAlarm, snappedUpToBatch } from './alarm-quantity';

describe('the wished quantity of an alarm', () => {
  it('is rounded up to whole batches, at least one batch', () => {
    expect(snappedUpToBatch(7, 6)).toBe(12);
    expect(snappedUpToBatch(12, 6)).toBe(12);
    expect(snappedUpToBatch(0, 6)).toBe(6);
    expect(snappedUpToBatch(24, 1)).toBe(24);
    expect(snappedUpToBatch(5, null)).toBe(5);
  });

  it('starts at the row quantity, else at one batch', () => {
    expect(defaultAlarmQuantity(24, 10)).toBe(30);
    expect(defaultAlarmQuantity(0, 10)).toBe(10);
    expect(defaultAlarmQuantity(0, 1)).toBe(1);
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
