import type { ModerationStatus } from '../../../core/reviews.ts';
import type { Database, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import { reviewRows } from './review-rows.repository.ts';
import { statsChangeOf } from './review-stats.ts';
import { moveReviewStats, takeFeedPosition } from './review-writes.repository.ts';

// The seller's side of the reviews (GET and PUT /erp/v1/reviews): the tenant's reviews in the order of
// their feed positions, and moderation (publish, hide, reply), in one transaction with the kept summary and
// the feed position.

export interface Moderation {
  status?: ModerationStatus | undefined;
  /** A reply's text; null removes the reply; left out keeps it. */
  reply?: string | null | undefined;
}

/** A review as the ERP reads it: with the product's sku, the author's username and the company's customer number. */
function feedRows(executor: Executor, tenantId: number) {
  return reviewRows(executor)
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.feed_seq', 'p.sku', 'u.username', 'c.customer_no'])
    .where('r.tenant_id', '=', tenantId);
}

export type FeedRow = Awaited<ReturnType<ReturnType<typeof feedRows>['executeTakeFirstOrThrow']>>;

export function createReviewModerationRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  return {
    /** The tenant's reviews written or changed after the feed position `after`, in position order. */
    feed(tenantId: number, after: number, limit: number): Promise<FeedRow[]> {
      return feedRows(db, tenantId).where('r.feed_seq', '>', after).orderBy('r.feed_seq').limit(limit).execute();
    },

    /**
     * Sets the review's status or reply (another tenant's or an unknown id: undefined). What changes
     * nothing writes nothing; a change moves the kept summary and takes the next feed position.
     */
    async moderate(tenantId: number, reviewId: number, moderation: Moderation, now: string): Promise<FeedRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const found = trx.selectFrom('reviews').select(['id', 'product_id', 'status', 'rating', 'reply_text']).where('id', '=', reviewId).where('tenant_id', '=', tenantId);
        const current = await (isPostgres ? found.forUpdate() : found).executeTakeFirst();
        if (!current) return undefined;
        const status = moderation.status ?? current.status;
        const reply = moderation.reply === undefined ? current.reply_text : moderation.reply;
        const replyChanged = reply !== current.reply_text;
        if (status !== current.status || replyChanged) {
          await trx
            .updateTable('reviews')
            .set({ status, ...(replyChanged ? { reply_text: reply, replied_at: reply === null ? null : now } : {}) })
            .where('id', '=', reviewId)
            .execute();
          const stats = statsChangeOf(current, { status, rating: current.rating });
          if (stats) await moveReviewStats(trx, tenantId, current.product_id, stats);
          await takeFeedPosition(trx, tenantId, reviewId);
        }
        return feedRows(trx, tenantId).where('r.id', '=', reviewId).executeTakeFirstOrThrow();
      });
    },
  };
}

export type ReviewModerationRepository = ReturnType<typeof createReviewModerationRepository>;
