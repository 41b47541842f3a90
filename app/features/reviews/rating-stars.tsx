import { maxRating } from '../../../core/reviews';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../session/use-root-data';

// Five stars filled to a rating (a fraction fills part of a star), read out as "4.5 of 5 stars". The
// shapes are decoration; the text is what a screen reader says.

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Star({ fill }: { fill: number }) {
  return (
    <span className="relative inline-block size-[1em]">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="absolute inset-0 size-full fill-zinc-300">
        <path d={starPath} />
      </svg>
      {fill > 0 ? (
        // The filled part and the rest share the star's width in the rating's proportion.
        <span className="absolute inset-0 flex">
          <span className="overflow-hidden" style={{ flexGrow: fill, flexBasis: 0 }}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-[1em] fill-amber-500">
              <path d={starPath} />
            </svg>
          </span>
          <span style={{ flexGrow: 1 - fill, flexBasis: 0 }} />
        </span>
      ) : null}
    </span>
  );
}

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
    <span className={`inline-flex items-center gap-0.5 ${className}`} data-rating={rating}>
      {Array.from({ length: maxRating }, (_, index) => (
        <Star key={index} fill={Math.min(1, Math.max(0, rating - index))} />
      ))}
      <span className="sr-only">{t('reviews.stars', { rating: ratingText(rating), max: maxRating })}</span>
    </span>
  );
}
