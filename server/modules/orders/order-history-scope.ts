import type { Caches } from '../../cache.ts';
import { seesWholeCompany, type SignedInContext } from '../access/access-policy.ts';

// Whose orders a user sees (docs/product.md, Orders): customer admins, sales persons (for the company
// they act for) and admins see the company's orders; a plain customer sees them too unless the company
// switched that off (companies.users_see_company_orders = 0), then only the orders they placed. Who has
// an order history at all is the access policy's 'accountUser' (server/modules/access/access-policy.ts).

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

export function createOrderScopes(companies: CompanyOrderSharing, caches: Caches) {
  // A company's setting, kept a few seconds like the site settings: asked on every list and detail.
  const sharing = caches.shared<boolean>();
  return {
    /** The orders this user may see; null for a user without a company (a sales person who chose none). */
    async scopeOf(ctx: SignedInContext): Promise<OrderScope | null> {
      const { companyId, userId } = ctx.identity;
      if (companyId === null) return null;
      const tenantId = ctx.tenant.id;
      if (seesWholeCompany(ctx.identity)) return { tenantId, companyId, userId: null };
      const shared = await sharing.get(`${tenantId}:${companyId}`, () => companies.usersSeeCompanyOrders(tenantId, companyId));
      return { tenantId, companyId, userId: shared ? null : userId };
    },

    /** Forgets the companies' settings this process keeps (after a change to companies). */
    clearCache(): void {
      sharing.clear();
    },
  };
}

export type OrderScopes = ReturnType<typeof createOrderScopes>;
