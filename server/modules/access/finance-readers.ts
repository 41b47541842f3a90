import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { FinanceScope } from '../finance/finance.repository.ts';
import type { OrderScopes } from '../orders/order-history-scope.ts';
import { requireAccess, seesWholeCompany } from './access-policy.ts';

// Who reads a company's invoices and credits (the finance view, its export and the documents as PDF):
// customer admins, sales persons (for the company they act for) and admins always; a plain customer only
// when the company shares them (companies.users_see_finance = 1, off by default), else 403
// 'finance.not_shared'. Read on every call, not cached: switching sharing off takes effect at once.

export interface FinanceSharing {
  usersSeeFinance(tenantId: number, companyId: number): Promise<boolean>;
}

export function createFinanceReaders(deps: { sharing: FinanceSharing; orderScopes: Pick<OrderScopes, 'scopeOf'> }) {
  return {
    /** The documents the caller may see; null for a caller acting for no company (a sales person who chose none). */
    async scopeOf(requestCtx: RequestContext): Promise<FinanceScope | null> {
      const ctx = requireAccess(requestCtx, 'financeReader');
      const { companyId } = ctx.identity;
      if (companyId === null) return null;
      const tenantId = ctx.tenant.id;
      if (seesWholeCompany(ctx.identity)) return { tenantId, companyId, orderUserId: null };
      const [shared, orderScope] = await Promise.all([deps.sharing.usersSeeFinance(tenantId, companyId), deps.orderScopes.scopeOf(ctx)]);
      if (!shared) throw new AppError('forbidden', 'finance.not_shared');
      return { tenantId, companyId, orderUserId: orderScope?.userId ?? null };
    },
  };
}

export type FinanceReaders = ReturnType<typeof createFinanceReaders>;
