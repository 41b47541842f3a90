import type { Locale } from '../../../core/locale.ts';
import type { ReviewReply, ReviewStatus } from '../../../core/reviews.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { languageOf, replyOf } from './review-answer.ts';
import type { FeedRow, Moderation, ReviewModerationRepository } from './review-moderation.repository.ts';

// The seller moderates the buyers' reviews through the ERP API (docs/erp-integration.md, Reviews): it reads
// every review written or changed after the position it kept (GET /erp/v1/reviews?after=), whatever its
// status, and publishes, hides or answers one (PUT /erp/v1/reviews/{id}). An API client sees its tenant's
// reviews only; another tenant's review answers like an unknown one.

/** A review as the ERP reads it. */
export interface ErpReview {
  id: number;
  /** Its place in the feed: increasing with every write of any review of the tenant. */
  seq: number;
  sku: string;
  userId: number;
  username: string;
  customerNo: string;
  rating: number;
  title: string;
  text: string;
  name: string | null;
  showCompany: boolean;
  language: Locale;
  status: ReviewStatus;
  reply: ReviewReply | null;
  createdAt: string;
  updatedAt: string | null;
}

function toErpReview(row: FeedRow): ErpReview {
  return {
    id: row.id,
    seq: row.feed_seq ?? 0,
    sku: row.sku,
    userId: row.user_id,
    username: row.username,
    customerNo: row.customer_no,
    rating: row.rating,
    title: row.title,
    text: row.text,
    name: row.name,
    showCompany: row.show_company === 1,
    language: languageOf(row),
    status: row.status,
    reply: replyOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createReviewModeration(deps: { moderation: ReviewModerationRepository; clock: Clock }) {
  return {
    /** The reviews after the position `after`, and `next`: the last one's position, or `after` when there was none. */
    async feed(ctx: ErpContext, page: { after: number; limit: number }): Promise<{ data: ErpReview[]; next: number }> {
      const data = (await deps.moderation.feed(ctx.tenantId, page.after, page.limit)).map(toErpReview);
      return { data, next: data.at(-1)?.seq ?? page.after };
    },

    /** Publishes, hides or answers a review of the client's tenant; answers it as it stands now. */
    async moderate(ctx: ErpContext, reviewId: number, moderation: Moderation): Promise<ErpReview> {
      const row = await deps.moderation.moderate(ctx.tenantId, reviewId, moderation, deps.clock.now().toISOString());
      if (!row) throw new AppError('not_found', 'erp.reviews.not_found');
      return toErpReview(row);
    },
  };
}

export type ReviewModeration = ReturnType<typeof createReviewModeration>;
