import { averageRating, reviewPageSize, type Review, type ReviewList, type ReviewSort } from '../../../core/reviews.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireAccess, type CompanyContext } from '../access/access-policy.ts';
import { mayReview, requireReviewer, reviewRefusal } from '../access/reviewers.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { toReview } from './review-answer.ts';
import type { ReviewChange, ReviewInput } from './review-input.ts';
import type { OrderLineProduct, ReviewAuthor, ReviewRepository } from './review.repository.ts';
import { histogramOf } from './review-stats.ts';
import { statusAfterEdit, statusOfNewReview } from './review-status.ts';

// Product reviews by verified buyers (docs/product.md, Reviews). A customer or customer admin
// reviews a product their company has on a placed order (on account or paid; a variant's line counts for
// its product), once; the author changes it later. A product the reader may not see answers exactly like
// an unknown one. The list shows the published reviews and the reader's own whatever its status; the
// summary counts the published ones only, from the kept summary (never counted on a read).

interface ReviewDeps {
  reviews: ReviewRepository;
  catalog: Pick<CatalogService, 'visibilityOf'>;
  settings: Pick<SettingsService, 'getConfiguration'>;
  clock: Clock;
}

const authorOf = (ctx: CompanyContext): ReviewAuthor => ({ tenantId: ctx.tenant.id, userId: ctx.identity.userId });
const productNotFound = () => new AppError('not_found', 'error.product_not_found');

export function createReviewService(deps: ReviewDeps) {
  async function visibleIds(ctx: RequestContext, productIds: readonly number[]): Promise<number[]> {
    return deps.reviews.visibleProductIds(await deps.catalog.visibilityOf(ctx), productIds);
  }

  /** Which of the products (visible to the reviewer) the reviewer could review now: bought, not yet reviewed. */
  async function reviewable(ctx: CompanyContext, visibleProductIds: readonly number[]): Promise<Set<number>> {
    const bought = await deps.reviews.boughtProductIds(ctx.tenant.id, ctx.identity.companyId, visibleProductIds);
    const reviewed = new Set(await deps.reviews.reviewedProductIds(authorOf(ctx), bought));
    return new Set(bought.filter((id) => !reviewed.has(id)));
  }

  async function reviewableProductIdsOf(ctx: RequestContext, productIds: readonly number[]): Promise<Set<number>> {
    if (!mayReview(ctx)) return new Set();
    return reviewable(ctx, await visibleIds(ctx, [...new Set(productIds)]));
  }

  async function needsApproval(ctx: RequestContext): Promise<boolean> {
    return (await deps.settings.getConfiguration(ctx)).reviewsNeedApproval;
  }

  return {
    /** A page of the product's reviews with the kept summary and what the reader may do. */
    async listForProduct(ctx: RequestContext, productId: number, query: { page: number; sort: ReviewSort }): Promise<ReviewList> {
      const reader = requireAccess(ctx, 'signedIn');
      if ((await visibleIds(reader, [productId])).length === 0) throw productNotFound();
      const author = { tenantId: reader.tenant.id, userId: reader.identity.userId };
      const [stats, rows, own] = await Promise.all([
        deps.reviews.stats(author.tenantId, productId),
        deps.reviews.listPublished(author.tenantId, productId, query.sort, (query.page - 1) * reviewPageSize, reviewPageSize),
        deps.reviews.findOwn(author, productId),
      ]);
      const canReview = !own && mayReview(reader) && (await reviewable(reader, [productId])).has(productId);
      // The author's review waiting for the seller or hidden by them is theirs to see, first on the first page.
      const shown = own && own.status !== 'published' && query.page === 1 ? [own, ...rows] : rows;
      const total = stats?.published_count ?? 0;
      return {
        data: shown.map((row) => toReview(row, author.userId)),
        meta: {
          total,
          average: averageRating(stats?.rating_sum ?? 0, total),
          histogram: histogramOf(stats?.stars ?? []),
          page: query.page,
          pageSize: reviewPageSize,
          sort: query.sort,
          viewer: { canReview, ownReviewId: own?.id ?? null },
        },
      };
    },

    /** The reader's own review of the product whatever its status (for the form that changes it); null when none, or the product is not theirs to see. */
    async ownReviewOf(ctx: RequestContext, productId: number): Promise<Review | null> {
      const reader = requireAccess(ctx, 'signedIn');
      const author = { tenantId: reader.tenant.id, userId: reader.identity.userId };
      const [visible, own] = await Promise.all([visibleIds(reader, [productId]), deps.reviews.findOwn(author, productId)]);
      return own && visible.length > 0 ? toReview(own, author.userId) : null;
    },

    /** A new review; refused with 'review.submit_error' and its reason (not bought, not a buyer, already reviewed). */
    async submit(ctx: RequestContext, input: ReviewInput): Promise<Review> {
      const reviewer = requireReviewer(ctx);
      const { productId, ...change } = input;
      if ((await visibleIds(reviewer, [productId])).length === 0) throw new AppError('not_found', 'error.product_not_found', { field: 'productId' });
      const author = authorOf(reviewer);
      const existing = await deps.reviews.findOwn(author, productId);
      if (existing) throw reviewRefusal('conflict', 'review.already_reviewed', { reviewId: existing.id });
      const bought = await deps.reviews.boughtProductIds(author.tenantId, reviewer.identity.companyId, [productId]);
      if (bought.length === 0) throw reviewRefusal('forbidden', 'review.not_bought');
      const saved = await deps.reviews.insert({
        ...change,
        ...author,
        companyId: reviewer.identity.companyId,
        productId,
        language: reviewer.locale,
        status: statusOfNewReview(await needsApproval(reviewer)),
        createdAt: deps.clock.now().toISOString(),
      });
      if ('existingId' in saved) throw reviewRefusal('conflict', 'review.already_reviewed', { reviewId: saved.existingId });
      return toReview(saved.created, author.userId);
    },

    /** The author's change of their review; another user's review answers like an unknown one (404 'review.not_found'). */
    async update(ctx: RequestContext, reviewId: number, change: ReviewChange): Promise<Review> {
      const reviewer = requireReviewer(ctx);
      const approval = await needsApproval(reviewer);
      const saved = await deps.reviews.update(authorOf(reviewer), reviewId, {
        change,
        language: reviewer.locale,
        updatedAt: deps.clock.now().toISOString(),
        statusAfter: (current) => statusAfterEdit(current, approval),
      });
      if (!saved) throw new AppError('not_found', 'review.not_found');
      return toReview(saved, reviewer.identity.userId);
    },

    /** Which of `productIds` the reader could review now (the order detail's buttons); none for anyone who may not review. */
    reviewableProductIdsOf,

    /** The lines of one of the reader's company's orders whose product the reader could review now (the order detail's links). */
    async reviewableLinesOf(ctx: RequestContext, orderId: number): Promise<OrderLineProduct[]> {
      if (!mayReview(ctx)) return [];
      const lines = await deps.reviews.orderLineProducts(ctx.tenant.id, ctx.identity.companyId, orderId);
      const reviewableIds = await reviewableProductIdsOf(ctx, lines.map((line) => line.productId));
      return lines.filter((line) => reviewableIds.has(line.productId));
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
