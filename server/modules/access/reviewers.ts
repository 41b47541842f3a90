import type { RequestContext, SessionIdentity } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireAccess, type CompanyContext } from './access-policy.ts';

// Who writes product reviews (docs/product.md, Reviews): the buyers of a company, its customers and
// customer admins. The shared guest is refused like everywhere a full account is needed (403
// 'error.login_required'); sales persons and admins are the seller's staff, and a review by them would not
// be a buyer's: 403 'review.submit_error' with the reason 'review.not_a_buyer'. Whether the buyer's company
// bought the product is the reviews service's to judge.

/** A customer or customer admin of a company. */
function isCompanyBuyer(identity: SessionIdentity): identity is SessionIdentity & { companyId: number } {
  return (identity.role === 'customer' || identity.role === 'customer_admin') && identity.companyId !== null;
}

/** The refusal of a review, with the reason the client shows (`details.reason`); `extra` adds what it needs to offer a way on. */
export function reviewRefusal(code: 'forbidden' | 'conflict', reason: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError(code, 'review.submit_error', { details: { reason, ...extra } });
}

/** The caller's context when they may write reviews; throws the refusal otherwise. */
export function requireReviewer(ctx: RequestContext): CompanyContext {
  const signedIn = requireAccess(ctx, 'buyer');
  if (!isCompanyBuyer(signedIn.identity)) throw reviewRefusal('forbidden', 'review.not_a_buyer');
  return signedIn as CompanyContext;
}

/** Whether the caller may write reviews (a list offers the form only then). */
export function mayReview(ctx: RequestContext): ctx is CompanyContext {
  return ctx.identity !== null && isCompanyBuyer(ctx.identity);
}
