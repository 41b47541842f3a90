import { pageOfUrl } from '../../../core/list-page';
import { reviewSorts, type ReviewSort } from '../../../core/reviews';

// The product page's review list in its address (?reviewPage=2&reviewSort=rating): anything else there
// is the first page, newest first, as a buyer who edits the address by hand would expect.

export const reviewPageParam = 'reviewPage';
export const reviewSortParam = 'reviewSort';

export function readReviewParams(params: URLSearchParams): { page: number; sort: ReviewSort } {
  const sort = params.get(reviewSortParam);
  return { page: pageOfUrl(params, reviewPageParam), sort: reviewSorts.find((option) => option === sort) ?? 'newest' };
}
