import { describe, expect, it } from 'vitest';
import { histogramOf, statsChangeOf } from './review-stats.ts';

describe('statsChangeOf', () => {
  it('counts a new published review once, with its rating and in its star', () => {
    expect(statsChangeOf(null, { status: 'published', rating: 4 })).toEqual({ count: 1, ratingSum: 4, stars: [0, 0, 0, 1, 0] });
  });

  it('counts nothing for a review that is not published', () => {
    expect(statsChangeOf(null, { status: 'pending', rating: 5 })).toBeNull();
    expect(statsChangeOf({ status: 'hidden', rating: 2 }, { status: 'pending', rating: 5 })).toBeNull();
  });

  it('moves a changed rating from one star to the other', () => {
    expect(statsChangeOf({ status: 'published', rating: 4 }, { status: 'published', rating: 2 })).toEqual({ count: 0, ratingSum: -2, stars: [0, 1, 0, -1, 0] });
  });

  it('takes a review out when it is hidden or waits again, and puts it back when published', () => {
    expect(statsChangeOf({ status: 'published', rating: 3 }, { status: 'hidden', rating: 3 })).toEqual({ count: -1, ratingSum: -3, stars: [0, 0, -1, 0, 0] });
    expect(statsChangeOf({ status: 'published', rating: 3 }, { status: 'pending', rating: 1 })).toEqual({ count: -1, ratingSum: -3, stars: [0, 0, -1, 0, 0] });
    expect(statsChangeOf({ status: 'pending', rating: 5 }, { status: 'published', rating: 5 })).toEqual({ count: 1, ratingSum: 5, stars: [0, 0, 0, 0, 1] });
  });

  it('moves nothing when nothing published changes', () => {
    expect(statsChangeOf({ status: 'published', rating: 5 }, { status: 'published', rating: 5 })).toBeNull();
  });
});

describe('histogramOf', () => {
  it('keys the counts per star "1" to "5"', () => {
    expect(histogramOf([4, 0, 1, 2, 9])).toEqual({ '1': 4, '2': 0, '3': 1, '4': 2, '5': 9 });
    expect(histogramOf([])).toEqual({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });
  });
});
