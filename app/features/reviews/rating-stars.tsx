import { maxRating } from '../../../core/reviews';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../session/use-root-data';

// Five stars filled to a rating (a fraction fills part of a star), read out as "4.5 of 5 stars". The
// stars are decoration drawn by CSS (app.css, .rating-stars); the text is what a screen reader says.

// One formatter per language: a list renders the stars of every product on it.
const formats = new Map<string, Intl.NumberFormat>();

/** A rating with one decimal in the reader's language: 4,5 / 4.5. */
export function useRatingText() {
  const { locale } = useRootData();
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    formats.set(locale, format);
  }
  return (rating: number) => format.format(rating);
}

export function RatingStars({ rating, className = 'text-base' }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  return (
    <span className={`inline-flex items-center ${className}`} data-rating={rating}>
      <span className="rating-stars" aria-hidden="true">
        <span className="rating-stars-fill" style={{ width: `${Math.min(maxRating, Math.max(0, rating))}em` }} />
      </span>
      <span className="sr-only">{t('reviews.stars', { rating: ratingText(rating), max: maxRating })}</span>
    </span>
  );
}
