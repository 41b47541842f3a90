import type { ReviewSummary } from '../../../core/reviews';
import { useTranslation } from '../../lib/i18n';
import { RatingStars, useRatingText } from './rating-stars';

// A product's published reviews in short: stars, the average and the count. Nothing for a product
// without reviews in lists (a row of empty stars says nothing); the product page links it to its reviews.

export function ReviewBadge({ summary, href, className = '' }: { summary: ReviewSummary | undefined; href?: string; className?: string }) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  if (!summary || summary.count === 0 || summary.average === null) return null;
  const content = (
    <>
      <RatingStars rating={summary.average} className="text-sm" />
      <span aria-hidden="true" className="num font-medium text-zinc-800">
        {ratingText(summary.average)}
      </span>
      <span className="num text-zinc-600">{t('reviews.count', { count: summary.count })}</span>
    </>
  );
  const classes = `inline-flex items-center gap-1.5 text-sm ${className}`;
  return href ? (
    <a href={href} className={`${classes} rounded hover:underline`} data-testid="review-badge">
      {content}
    </a>
  ) : (
    <span className={classes} data-testid="review-badge">
      {content}
    </span>
  );
}
