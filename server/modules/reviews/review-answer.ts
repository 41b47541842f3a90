import { isLocale, type Locale } from '../../../core/locale.ts';
import type { Review, ReviewReply } from '../../../core/reviews.ts';
import type { ReviewRow } from './review-rows.repository.ts';

// A stored review as the storefront answers it (core/reviews.ts): the company's name only where the author
// chose to show it, the status only to its author.

export function replyOf(row: Pick<ReviewRow, 'reply_text' | 'replied_at'>): ReviewReply | null {
  return row.reply_text !== null && row.replied_at !== null ? { text: row.reply_text, repliedAt: row.replied_at } : null;
}

export function languageOf(row: Pick<ReviewRow, 'language'>): Locale {
  return isLocale(row.language) ? row.language : 'de';
}

/** The review as `viewerId` (null: nobody in particular) reads it. */
export function toReview(row: ReviewRow, viewerId: number | null): Review {
  const own = row.user_id === viewerId;
  return {
    _id: row.id,
    productId: row.product_id,
    rating: row.rating,
    title: row.title,
    text: row.text,
    name: row.name,
    company: row.show_company === 1 ? row.company_name : null,
    verified: true,
    language: languageOf(row),
    ...(own ? { status: row.status } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reply: replyOf(row),
    own,
  };
}
