import type { CSSProperties, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { maxRating, type RatingHistogram, type ReviewList, type ReviewSort } from '../../../core/reviews';
import { useTranslation } from '../../lib/i18n';
import { RatingStars, useRatingText } from './rating-stars';
import { reviewPageParam, reviewSortParam } from './review-params';
import { ReviewItem } from './review-item';

// The product page's reviews (docs/product.md, Reviews): the average with its stars, how many reviews
// gave each star, how reviews are verified (German law wants it said, § 5b (3) UWG), one page of
// reviews sorted newest first or best first, and the way to the next pages. Sorting and paging are links
// (?reviewSort=, ?reviewPage=): they work without JavaScript and keep the product's own query.


function useReviewsHref() {
  const location = useLocation();
  return (change: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}#reviews`;
  };
}

function Histogram({ histogram, total }: { histogram: RatingHistogram; total: number }) {
  const { t } = useTranslation();
  const stars = Array.from({ length: maxRating }, (_, index) => maxRating - index);
  return (
    <dl className="space-y-1.5 text-sm" data-testid="review-histogram">
      {stars.map((star) => {
        const count = histogram[String(star) as keyof RatingHistogram];
        return (
          <div key={star} className="grid grid-cols-[4.5rem_minmax(0,1fr)_2.5rem] items-center gap-2">
            <dt className="text-zinc-700">{t('reviews.histogram.stars', { count: star })}</dt>
            <dd className="contents">
              {/* The bar is filled as far as this star's reviews share the total (app.css, .rating-bar). */}
              <span aria-hidden="true" className="rating-bar" style={{ '--share': total > 0 ? count / total : 0 } as CSSProperties} />
              <span className="num text-right text-zinc-700" data-testid={`review-histogram-${star}`}>
                {count}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

const pillBase = 'inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium';

export function ProductReviews({ list, sellerName, form }: { list: ReviewList; sellerName: string; form: ReactNode }) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  const hrefWith = useReviewsHref();
  const { total, average, histogram, page, pageSize, sort } = list.meta;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sortLink = (option: ReviewSort) => (
    <Link
      to={hrefWith({ [reviewSortParam]: option === 'newest' ? null : option, [reviewPageParam]: null })}
      preventScrollReset
      aria-current={sort === option ? 'true' : undefined}
      className={`${pillBase} ${sort === option ? 'border-brand bg-brand-soft text-brand-text' : 'border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100'}`}
    >
      {t(`reviews.sort.${option}`)}
    </Link>
  );
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24 space-y-6" data-testid="product-reviews">
      <h2 id="reviews-title" className="text-lg font-semibold text-zinc-900">
        {t('reviews.title', { count: total })}
      </h2>
      {/* Summary, list, form in this order on phones; from 768 px the form stands under the summary. */}
      <div className="grid gap-6 md:grid-cols-[18rem_minmax(0,1fr)] md:grid-rows-[auto_1fr]">
        <div className="space-y-4">
          {average !== null ? (
            <p className="flex items-center gap-3" data-testid="review-average">
              <span className="num text-3xl font-semibold text-zinc-900">{ratingText(average)}</span>
              <span className="flex flex-col">
                <RatingStars rating={average} className="text-lg" />
                <span className="text-sm text-zinc-600">{t('reviews.based_on', { count: total })}</span>
              </span>
            </p>
          ) : (
            <p className="text-zinc-700" data-testid="review-none">
              {t('reviews.none')}
            </p>
          )}
          {total > 0 ? <Histogram histogram={histogram} total={total} /> : null}
          <p className="text-xs leading-5 text-zinc-600" data-testid="review-disclosure">
            {t('reviews.disclosure')}
          </p>
        </div>
        <div className="min-w-0 md:col-start-2 md:row-span-2 md:row-start-1">
          {total > 1 ? (
            <nav aria-label={t('reviews.sort.label')} className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-zinc-700">{t('reviews.sort.label')}</span>
              {sortLink('newest')}
              {sortLink('rating')}
            </nav>
          ) : null}
          <div className="divide-y divide-zinc-200">
            {list.data.map((review) => (
              <ReviewItem key={review._id} review={review} sellerName={sellerName} />
            ))}
          </div>
          {pages > 1 ? (
            <nav aria-label={t('reviews.pages')} className="mt-2 flex items-center gap-3 text-sm">
              {page > 1 ? (
                <Link to={hrefWith({ [reviewPageParam]: page - 1 > 1 ? String(page - 1) : null })} preventScrollReset className={`${pillBase} border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100`}>
                  {t('reviews.previous')}
                </Link>
              ) : null}
              <span className="num text-zinc-700">{t('reviews.page_of', { page, pages })}</span>
              {page < pages ? (
                <Link to={hrefWith({ [reviewPageParam]: String(page + 1) })} preventScrollReset className={`${pillBase} border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100`} data-testid="reviews-next">
                  {t('reviews.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
        {form ? <div className="md:col-start-1 md:row-start-2">{form}</div> : null}
      </div>
    </section>
  );
}
