import type { Executor } from '../../db/database.ts';
import type { StatsChange } from './review-stats.ts';

// What every transaction that writes a review does besides the review itself (ADR 0029): it moves the
// product's kept summary by what the write changed in what is published, and gives the review the
// tenant's next place in the ERP's review feed.

/** Moves the product's kept summary by `change` in one atomic statement: parallel writes never lose a count. */
export async function moveReviewStats(trx: Executor, tenantId: number, productId: number, change: StatsChange): Promise<void> {
  const [stars1 = 0, stars2 = 0, stars3 = 0, stars4 = 0, stars5 = 0] = change.stars;
  await trx
    .insertInto('product_review_stats')
    .values({
      product_id: productId,
      tenant_id: tenantId,
      published_count: change.count,
      rating_sum: change.ratingSum,
      stars_1: stars1,
      stars_2: stars2,
      stars_3: stars3,
      stars_4: stars4,
      stars_5: stars5,
    })
    .onConflict((conflict) =>
      conflict.column('product_id').doUpdateSet((eb) => ({
        published_count: eb('product_review_stats.published_count', '+', eb.ref('excluded.published_count')),
        rating_sum: eb('product_review_stats.rating_sum', '+', eb.ref('excluded.rating_sum')),
        stars_1: eb('product_review_stats.stars_1', '+', eb.ref('excluded.stars_1')),
        stars_2: eb('product_review_stats.stars_2', '+', eb.ref('excluded.stars_2')),
        stars_3: eb('product_review_stats.stars_3', '+', eb.ref('excluded.stars_3')),
        stars_4: eb('product_review_stats.stars_4', '+', eb.ref('excluded.stars_4')),
        stars_5: eb('product_review_stats.stars_5', '+', eb.ref('excluded.stars_5')),
      })),
    )
    .execute();
}

/**
 * Gives the review the tenant's next feed position; the last statement of its transaction. The counter's
 * row stays locked until the commit (PostgreSQL; SQLite has one writer anyway), so positions are taken in
 * the order their transactions commit: a reader that keeps the last position it read never misses a
 * change committed after it, as a timestamp could.
 */
export async function takeFeedPosition(trx: Executor, tenantId: number, reviewId: number): Promise<void> {
  const { last_seq: position } = await trx
    .insertInto('review_feed_positions')
    .values({ tenant_id: tenantId, last_seq: 1 })
    .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet((eb) => ({ last_seq: eb('review_feed_positions.last_seq', '+', 1) })))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  await trx.updateTable('reviews').set({ feed_seq: position }).where('id', '=', reviewId).execute();
}
