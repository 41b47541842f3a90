import { createTtlCache } from '../../cache.ts';
import type { RequestContext, SessionIdentity } from '../../context.ts';
import { AppError } from '../../errors.ts';

// Whose orders a user sees (docs/product.md, Orders): customer admins, sales persons (for the company
// they act for) and admins see the company's orders; a plain customer sees them too unless the company
// switched that off (companies.users_see_company_orders = 0), then only the orders they placed. The
// shared guest has no account (403 error.forbidden). Checked here, in the service, so route loaders
// calling it in process are held to it as well.

export type AccountContext = RequestContext & { identity: SessionIdentity };

export function requireAccountUser(ctx: RequestContext): AccountContext {
  if (!ctx.identity) throw new AppError('unauthorized', 'error.unauthorized');
  if (ctx.identity.role === 'guest') throw new AppError('forbidden', 'error.forbidden');
  return ctx as AccountContext;
}

export interface OrderScope {
  tenantId: number;
  companyId: number;
  /** Only this user's orders; null: all of the company's. */
  userId: number | null;
}

export interface CompanyOrderSharing {
  /** Whether the company's users who are not customer admins see all of its orders. */
  usersSeeCompanyOrders(tenantId: number, companyId: number): Promise<boolean>;
}

export function createOrderScopes(companies: CompanyOrderSharing) {
  // A company's setting, kept a few seconds like the site settings: asked on every list and detail.
  const sharing = createTtlCache<boolean>(2000);
  return {
    /** The orders this user may see; null for a user without a company (a sales person who chose none). */
    async scopeOf(ctx: AccountContext): Promise<OrderScope | null> {
      const { companyId, role, userId } = ctx.identity;
      if (companyId === null) return null;
      const tenantId = ctx.tenant.id;
      if (role !== 'customer') return { tenantId, companyId, userId: null };
      const shared = await sharing.get(`${tenantId}:${companyId}`, () => companies.usersSeeCompanyOrders(tenantId, companyId));
      return { tenantId, companyId, userId: shared ? null : userId };
    },
  };
}

export type OrderScopes = ReturnType<typeof createOrderScopes>;
