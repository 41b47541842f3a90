import { describe, expect, it } from 'vitest';
import { bpToPercent, percentToBp } from './basis-points.ts';

describe('percentToBp', () => {
  it.each([
    [19, 1900],
    [8.1, 810],
    [2.6, 260],
    [5.5, 550],
    [0.07, 7],
    [0, 0],
    [100, 10000],
    [2.555, 256],
  ])('%d %% is %i bp', (percent, bp) => {
    expect(Object.is(percentToBp(percent), bp)).toBe(true);
  });

  it('gives no negative zero', () => {
    expect(Object.is(percentToBp(-0), 0)).toBe(true);
  });
});

describe('bpToPercent', () => {
  it.each([
    [1900, 19],
    [810, 8.1],
    [7, 0.07],
    [0, 0],
  ])('%i bp is %d %%', (bp, percent) => {
    expect(bpToPercent(bp)).toBe(percent);
  });

  it('round-trips every rate with two decimals', () => {
    for (let bp = 0; bp <= 10000; bp++) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });
});
