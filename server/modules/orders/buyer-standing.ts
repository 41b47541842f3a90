import type { CheckoutBuyer } from './checkout-data.repository.ts';

// Whether a buyer may order at all (blocked or locked accounts cannot order; docs/product.md, Signup,
// password reset and blocked accounts), one rule for placing an order and for the checkout that explains it beforehand:
//  - a user who is locked or inactive (or gone): 'login.blocked', the spec's 'Your account is blocked.
//    Please contact your Sales Manager' (such a user cannot sign in either; a session that outlived the
//    lock meets it here);
//  - a blocked company: its companies.is_active is 0 (the company's own "blocked" mark; delivery blocks
//    are companies.blocked_delivery): 'checkout.company.blocked'. Its users still sign in and browse,
//    but nobody orders for it, a sales person acting for it included;
//  - delivery to the company blocked: 'checkout.delivery.blocked'.
// Null when nothing stands in the way.

export type BuyerStanding = Pick<CheckoutBuyer, 'is_active' | 'is_locked' | 'company_is_active' | 'blocked_delivery'>;

export function orderBlockerOf(buyer: BuyerStanding | undefined): 'login.blocked' | 'checkout.company.blocked' | 'checkout.delivery.blocked' | null {
  if (!buyer || buyer.is_locked === 1 || buyer.is_active !== 1) return 'login.blocked';
  if (buyer.company_is_active !== 1) return 'checkout.company.blocked';
  if (buyer.blocked_delivery === 1) return 'checkout.delivery.blocked';
  return null;
}
