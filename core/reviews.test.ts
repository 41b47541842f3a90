import { describe, expect, it } from 'vitest';
import { averageRating, reviewSummaryOf } from './reviews.ts';

describe('averageRating', () => {
  it('rounds to one decimal, half up', () => {
    expect(averageRating(17, 4)).toBe(4.3);
    expect(averageRating(29, 7)).toBe(4.1);
    expect(averageRating(60, 20)).toBe(3);
    expect(averageRating(9, 2)).toBe(4.5);
  });

  it('is null without ratings', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(reviewSummaryOf(0, 0)).toEqual({ average: null, count: 0 });
  });
});
