import type { Locale } from './locale.ts';

// Product reviews as the API answers them (docs/product.md, Reviews), and the limits of their
// fields, shared by the API's validation (server/modules/reviews/review-input.ts) and the pages' forms.

export const reviewLimits = {
  title: 120,
  text: 4_000,
  name: 80,
  /** The seller's reply (PUT /erp/v1/reviews/{id}). */
  reply: 4_000,
} as const;

export const minRating = 1;
export const maxRating = 5;

/** Reviews on one page of a product's list. */
export const reviewPageSize = 10;

/** newest: newest first; rating: highest rating first, then newest. */
export const reviewSorts = ['newest', 'rating'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** 'pending' waits for the seller (site setting reviewsNeedApproval); only 'published' ones are listed and counted. */
export const reviewStatuses = ['published', 'pending', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** What the seller may set a review to. */
export const moderationStatuses = ['published', 'hidden'] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

export interface ReviewReply {
  text: string;
  repliedAt: string;
}

/** A review as the storefront answers it. */
export interface Review {
  _id: number;
  productId: number;
  rating: number;
  title: string;
  text: string;
  /** The display name the author chose; null: none. */
  name: string | null;
  /** The company's name when the author chose to show it, else null. */
  company: string | null;
  /** Only buyers of the product write reviews: always true. */
  verified: true;
  /** The language the author wrote in. */
  language: Locale;
  /** Only on the viewer's own review. */
  status?: ReviewStatus;
  createdAt: string;
  /** When the author last changed it; null when never. */
  updatedAt: string | null;
  reply: ReviewReply | null;
  /** The viewer wrote it. */
  own: boolean;
}

/** What a product list or page shows of a product's reviews: the published ones' average (one decimal) and count. */
export interface ReviewSummary {
  average: number | null;
  count: number;
}

/** Published reviews per star, keyed "1" to "5". */
export type RatingHistogram = Record<'1' | '2' | '3' | '4' | '5', number>;

/** GET /api/material/{id}/reviews. */
export interface ReviewList {
  data: Review[];
  meta: {
    total: number;
    average: number | null;
    histogram: RatingHistogram;
    page: number;
    pageSize: number;
    sort: ReviewSort;
    viewer: { canReview: boolean; ownReviewId: number | null };
  };
}

/** The average of `count` ratings summing to `sum`, rounded to one decimal (half up); null for none. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : null;
}

export function reviewSummaryOf(sum: number, count: number): ReviewSummary {
  return { average: averageRating(sum, count), count };
}
