import type { RatingHistogram, ReviewStatus } from '../../../core/reviews.ts';

// What one review adds to its product's kept summary (product_review_stats): a published review counts
// once, with its rating and in its star; any other status adds nothing. A write moves the summary by the
// difference between the review's contribution after it and before it.

export interface StatsChange {
  count: number;
  ratingSum: number;
  /** Per star 1 to 5, at index star − 1. */
  stars: readonly number[];
}

interface Counted {
  status: ReviewStatus;
  rating: number;
}

const nothing: StatsChange = { count: 0, ratingSum: 0, stars: [0, 0, 0, 0, 0] };

function contributionOf(review: Counted | null): StatsChange {
  if (!review || review.status !== 'published') return nothing;
  return { count: 1, ratingSum: review.rating, stars: nothing.stars.map((_, index) => (index === review.rating - 1 ? 1 : 0)) };
}

/** How a write from `before` (null: new) to `after` moves the summary; null when it does not. */
export function statsChangeOf(before: Counted | null, after: Counted): StatsChange | null {
  const old = contributionOf(before);
  const next = contributionOf(after);
  const change: StatsChange = {
    count: next.count - old.count,
    ratingSum: next.ratingSum - old.ratingSum,
    stars: next.stars.map((star, index) => star - (old.stars[index] ?? 0)),
  };
  return change.count === 0 && change.ratingSum === 0 && change.stars.every((star) => star === 0) ? null : change;
}

/** The kept counts per star as the API answers them. */
export function histogramOf(stars: readonly number[]): RatingHistogram {
  return { '1': stars[0] ?? 0, '2': stars[1] ?? 0, '3': stars[2] ?? 0, '4': stars[3] ?? 0, '5': stars[4] ?? 0 };
}
