import { describe, expect, it } from 'vitest';
import { allocateStock, mustNotOversell } from './stock-allocation.ts';

describe('stock allocation', () => {
  it.each([
    [true, true, true],
    [true, false, true],
    [false, false, true],
    [false, true, false],
  ])('positive-stock-only %s in a shop selling without stock %s: must not oversell %s', (onlyPositive, buyableWithoutStock, expected) => {
    expect(mustNotOversell({ isOnlySellableWithPositiveStock: onlyPositive }, { buyableWithoutStock })).toBe(expected);
  });

  it('takes a guarded line whole or refuses it with what is there', () => {
    expect(allocateStock({ requested: 5, available: 5, mustNotOversell: true })).toEqual({ ok: true, taken: 5, backordered: 0 });
    expect(allocateStock({ requested: 6, available: 5, mustNotOversell: true })).toEqual({ ok: false, available: 5 });
    expect(allocateStock({ requested: 1, available: -3, mustNotOversell: true })).toEqual({ ok: false, available: 0 });
  });

  it('takes what is in stock of an unguarded line and backorders the rest, never below zero', () => {
    expect(allocateStock({ requested: 8, available: 5, mustNotOversell: false })).toEqual({ ok: true, taken: 5, backordered: 3 });
    expect(allocateStock({ requested: 4, available: -2, mustNotOversell: false })).toEqual({ ok: true, taken: 0, backordered: 4 });
    expect(allocateStock({ requested: 4, available: 10, mustNotOversell: false })).toEqual({ ok: true, taken: 4, backordered: 0 });
  });
});
