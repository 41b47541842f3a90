import { formatShopDate } from '../../../core/shop-date-format';
import type { Review } from '../../../core/reviews';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../session/use-root-data';
import { RatingStars } from './rating-stars';

// One review as the product page lists it (docs/product.md, Reviews): its stars and title, who wrote it
// (the name they chose, their company's name if they chose to show it, else "a buyer at a customer"),
// that the purchase is verified, the date and the language it was written in when it is not the
// reader's, the text as plain text with its line breaks, and the seller's reply.

const statusKey = { pending: 'reviews.status.pending', hidden: 'reviews.status.hidden' } as const;

export function ReviewItem({ review, sellerName }: { review: Review; sellerName: string }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const author = [review.name, review.company ?? t('reviews.author.buyer_at_customer')].filter(Boolean).join(', ');
  const titleId = `review-${review._id}-title`;
  return (
    <article aria-labelledby={titleId} className="py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars rating={review.rating} />
        <h3 id={titleId} className="font-semibold text-zinc-900">
          {review.title}
        </h3>
        {review.status && review.status !== 'published' ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="review-status">
            {t(statusKey[review.status])}
          </span>
        ) : null}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600">
        <span data-testid="review-author">{author}</span>
        <span className="inline-flex items-center gap-1 font-medium text-emerald-800" data-testid="review-verified">
          <CheckCircleIcon className="size-4" />
          {t('reviews.verified')}
        </span>
        <span>{formatShopDate(review.createdAt, locale)}</span>
        {review.language !== locale ? <span lang={locale}>{t('reviews.written_in', { language: t(`language.${review.language}`) })}</span> : null}
      </p>
      <p lang={review.language} className="mt-2 max-w-prose whitespace-pre-line text-zinc-800" data-testid="review-text">
        {review.text}
      </p>
      {review.reply ? (
        <div className="mt-3 max-w-prose rounded-md border-l-4 border-brand bg-zinc-50 px-4 py-2 text-sm" data-testid="review-reply">
          <p className="font-medium text-zinc-900">
            {t('reviews.reply_from', { seller: sellerName })} · <span className="font-normal text-zinc-600">{formatShopDate(review.reply.repliedAt, locale)}</span>
          </p>
          <p className="mt-1 whitespace-pre-line text-zinc-800">{review.reply.text}</p>
        </div>
      ) : null}
    </article>
  );
}
