import { sql } from 'kysely';
import type { ReviewSort, ReviewStatus } from '../../../core/reviews.ts';
import type { Database, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import { visibleProduct, type ProductVisibility } from '../catalog/product-visibility.repository.ts';
import { placedPaymentStates } from '../orders/placed-orders.ts';
import type { ReviewChange } from './review-input.ts';
import { reviewRows, type ReviewRow } from './review-rows.repository.ts';
import { statsChangeOf } from './review-stats.ts';
import { moveReviewStats, takeFeedPosition } from './review-writes.repository.ts';

// The storefront's reviews (docs/product.md, Reviews): a product's published ones, a user's own,
// and the author's writes, each in one transaction with the kept summary and the feed position.

export interface ReviewAuthor {
  tenantId: number;
  userId: number;
}

export interface NewReview extends ReviewChange {
  tenantId: number;
  userId: number;
  companyId: number;
  productId: number;
  language: string;
  status: ReviewStatus;
  createdAt: string;
}

/** An order line's product: what a link to review it needs. */
export interface OrderLineProduct {
  sku: string;
  variantSku: string | null;
  productId: number;
}

export interface ReviewStatsRow {
  published_count: number;
  rating_sum: number;
  stars: number[];
}

/** `column` compared without its indexes: SQLite, which keeps no statistics, would otherwise read a tenant's reviews through the feed's index. */
const unindexed = (column: string) => sql<number>`${sql.ref(column)} + 0`;

export function createReviewRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';
  const readRow = (executor: Executor, reviewId: number) => reviewRows(executor).where('r.id', '=', reviewId).executeTakeFirstOrThrow();

  return {
    /** Which of `productIds` the viewer may see (the catalogue's visibility rule). */
    async visibleProductIds(visibility: ProductVisibility, productIds: readonly number[]): Promise<number[]> {
      if (productIds.length === 0) return [];
      const rows = await db.selectFrom('products as p').select('p.id').where('p.id', 'in', productIds).where(visibleProduct('p', visibility)).execute();
      return rows.map((row) => row.id);
    },

    /** Which of `productIds` (a variant's line counts for its product) the company has on a placed order. */
    async boughtProductIds(tenantId: number, companyId: number, productIds: readonly number[]): Promise<number[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select('i.product_id')
        .distinct()
        .where('i.tenant_id', '=', tenantId)
        .where('i.product_id', 'in', productIds)
        .where('o.company_id', '=', companyId)
        .where('o.payment_status', 'in', placedPaymentStates)
        .execute();
      return rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id]));
    },

    /** The products of one of the company's orders, by the line's sku and variant sku (the order detail's review links). */
    async orderLineProducts(tenantId: number, companyId: number, orderId: number): Promise<OrderLineProduct[]> {
      const rows = await db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.sku', 'i.variant_sku', 'i.product_id'])
        .distinct()
        .where('i.order_id', '=', orderId)
        .where('i.tenant_id', '=', tenantId)
        .where('o.company_id', '=', companyId)
        .where('i.product_id', 'is not', null)
        .execute();
      return rows.map((row) => ({ sku: row.sku, variantSku: row.variant_sku, productId: row.product_id! }));
    },

    /** Which of `productIds` the user has reviewed. */
    async reviewedProductIds(author: ReviewAuthor, productIds: readonly number[]): Promise<number[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .selectFrom('reviews')
        .select('product_id')
        .where('user_id', '=', author.userId)
        .where('product_id', 'in', productIds)
        .where(unindexed('tenant_id'), '=', author.tenantId)
        .execute();
      return rows.map((row) => row.product_id);
    },

    /** The user's review of the product, whatever its status. */
    findOwn(author: ReviewAuthor, productId: number): Promise<ReviewRow | undefined> {
      return reviewRows(db).where('r.user_id', '=', author.userId).where('r.product_id', '=', productId).where(unindexed('r.tenant_id'), '=', author.tenantId).executeTakeFirst();
    },

    /** One page of the product's published reviews: newest first, or highest rating first, then newest. */
    listPublished(tenantId: number, productId: number, sort: ReviewSort, offset: number, limit: number): Promise<ReviewRow[]> {
      let query = reviewRows(db).where('r.product_id', '=', productId).where('r.status', '=', 'published').where(unindexed('r.tenant_id'), '=', tenantId);
      if (sort === 'rating') query = query.orderBy('r.rating', 'desc');
      return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').offset(offset).limit(limit).execute();
    },

    /** The product's kept summary; none before its first published review. */
    async stats(tenantId: number, productId: number): Promise<ReviewStatsRow | undefined> {
      const row = await db
        .selectFrom('product_review_stats')
        .select(['published_count', 'rating_sum', 'stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5'])
        .where('product_id', '=', productId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return row && { published_count: row.published_count, rating_sum: row.rating_sum, stars: [row.stars_1, row.stars_2, row.stars_3, row.stars_4, row.stars_5] };
    },

    /**
     * Stores a new review; answers it, or the id of the user's review of the product when there is one
     * already (two submissions at once: the unique key lets one in).
     */
    async insert(review: NewReview): Promise<{ created: ReviewRow } | { existingId: number }> {
      const inserted = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('reviews')
          .values({
            tenant_id: review.tenantId,
            product_id: review.productId,
            user_id: review.userId,
            company_id: review.companyId,
            rating: review.rating,
            title: review.title,
            text: review.text,
            name: review.name,
            show_company: review.showCompany ? 1 : 0,
            language: review.language,
            status: review.status,
            created_at: review.createdAt,
          })
          .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return undefined;
        const change = statsChangeOf(null, review);
        if (change) await moveReviewStats(trx, review.tenantId, review.productId, change);
        await takeFeedPosition(trx, review.tenantId, row.id);
        return row.id;
      });
      if (inserted !== undefined) return { created: await readRow(db, inserted) };
      const existing = await db.selectFrom('reviews').select('id').where('user_id', '=', review.userId).where('product_id', '=', review.productId).executeTakeFirstOrThrow();
      return { existingId: existing.id };
    },

    /**
     * Changes the author's review (another user's or an unknown id: undefined) to `change`, in the
     * language it was written in now, with the status `statusAfter` gives for its current one.
     */
    async update(
      author: ReviewAuthor,
      reviewId: number,
      edit: { change: ReviewChange; language: string; updatedAt: string; statusAfter: (current: ReviewStatus) => ReviewStatus },
    ): Promise<ReviewRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const owned = trx
          .selectFrom('reviews')
          .select(['id', 'product_id', 'status', 'rating'])
          .where('id', '=', reviewId)
          .where('user_id', '=', author.userId)
          .where('tenant_id', '=', author.tenantId);
        const current = await (isPostgres ? owned.forUpdate() : owned).executeTakeFirst();
        if (!current) return undefined;
        const { change } = edit;
        const status = edit.statusAfter(current.status);
        await trx
          .updateTable('reviews')
          .set({
            rating: change.rating,
            title: change.title,
            text: change.text,
            name: change.name,
            show_company: change.showCompany ? 1 : 0,
            language: edit.language,
            status,
            updated_at: edit.updatedAt,
          })
          .where('id', '=', reviewId)
          .execute();
        const stats = statsChangeOf(current, { status, rating: change.rating });
        if (stats) await moveReviewStats(trx, author.tenantId, current.product_id, stats);
        await takeFeedPosition(trx, author.tenantId, reviewId);
        return readRow(trx, reviewId);
      });
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
