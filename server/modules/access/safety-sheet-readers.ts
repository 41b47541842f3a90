import type { RequestContext } from '../../context.ts';
import { requireAccess, requireCompany, type CompanyContext } from './access-policy.ts';

// Who receives and reads a company's safety data sheets (docs/product.md, Product documents and downloads):
//  - the mail and the notification of a new version go to the company's own users, its customers and
//    customer admins; sales persons and admins belong to the seller even where a company is theirs;
//  - the list of the versions the company received (GET /api/account/safety-sheets) is read by a full
//    account acting for the company: its users, and sales persons and admins while they act for it (the
//    shared guest: 403 'error.login_required'; a sales person who chose no company: 403 'error.forbidden').

/** The roles of the users a new version of a safety data sheet is sent to. */
export const safetySheetRecipientRoles = ['customer', 'customer_admin'] as const;

/** The caller's context when they may read the company's safety data sheets; throws the refusal otherwise. */
export function requireSafetySheetReader(ctx: RequestContext): CompanyContext {
  return requireCompany(requireAccess(ctx, 'accountUser'));
}
