import type { ReviewStatus } from '../../../core/reviews.ts';

// Which status a review takes from its author's writes (docs/product.md, Reviews). Where the seller
// approves reviews first (site setting reviewsNeedApproval) every new or changed review waits ('pending');
// otherwise a review is published at once, and a change keeps a review the seller hid hidden.

export function statusOfNewReview(needsApproval: boolean): ReviewStatus {
  return needsApproval ? 'pending' : 'published';
}

export function statusAfterEdit(current: ReviewStatus, needsApproval: boolean): ReviewStatus {
  if (needsApproval) return 'pending';
  return current === 'hidden' ? 'hidden' : 'published';
}
