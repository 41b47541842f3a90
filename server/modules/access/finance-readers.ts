import { AppError } from '../../errors.ts';
import type { AccountContext, OrderScopes } from '../orders/order-history-scope.ts';
import type { FinanceScope } from './finance.repository.ts';

// Who sees a company's invoices and credits (docs/product.md, Finance): customer admins, sales persons
// (for the company they act for) and admins always; a plain customer only when the company shares them
// (companies.users_see_finance = 1, off by default), else 403 'finance.not_shared'. Read on every call,
// not cached: switching sharing off takes effect at once.

export interface FinanceSharing {
  usersSeeFinance(tenantId: number, companyId: number): Promise<boolean>;
}

export function createFinanceAccess(deps: { sharing: FinanceSharing; orderScopes: Pick<OrderScopes, 'scopeOf'> }) {
  return {
    /** The documents this user may see; null for a user acting for no company (a sales person who chose none). */
    async scopeOf(ctx: AccountContext): Promise<FinanceScope | null> {
      const { companyId, role } = ctx.identity;
      if (companyId === null) return null;
      const tenantId = ctx.tenant.id;
      if (role !== 'customer') return { tenantId, companyId, orderUserId: null };
      const [shared, orderScope] = await Promise.all([deps.sharing.usersSeeFinance(tenantId, companyId), deps.orderScopes.scopeOf(ctx)]);
      if (!shared) throw new AppError('forbidden', 'finance.not_shared');
      return { tenantId, companyId, orderUserId: orderScope?.userId ?? null };
    },
  };
}

export type FinanceAccess = ReturnType<typeof createFinanceAccess>;
