import { describe, expect, it } from 'vitest';
import { splitByLargestRemainder } from './largest-remainder.ts';

describe('splitByLargestRemainder', () => {
  it.each([
    ['in proportion when it divides evenly', 300, [100, 200], [100, 200]],
    ['the left-over cent goes to the largest remainder', 100, [1, 1, 1], [34, 33, 33]],
    ['ties go to the earlier part', 1, [5, 5], [1, 0]],
    ['a larger remainder beats an earlier part', 10, [1, 2], [3, 7]],
    ['a part without weight gets nothing', 7, [0, 3, 0], [0, 7, 0]],
    ['nothing to split', 0, [1, 2], [0, 0]],
    ['no weight at all: nothing carries the amount', 5, [0, 0], [0, 0]],
    ['no parts', 5, [], []],
    ['exact beyond the range of doubles', 9_000_000_000_000, [3_000_000_000_000, 6_000_000_000_001], [3_000_000_000_000, 6_000_000_000_000]],
  ])('%s', (_case, amount, weights, expected) => {
    const parts = splitByLargestRemainder(amount, weights);
    expect(parts).toEqual(expected);
    if (weights.some((w) => w > 0)) expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
  });
});
