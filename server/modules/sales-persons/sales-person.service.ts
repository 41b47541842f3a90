import type { RequestContext } from '../../context.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { AppError } from '../../errors.ts';
import { requireAccess } from '../access/access-policy.ts';
import type { ActingDetail } from './acting-audit.ts';
import { createCustomerDirectory } from './customer-directory.ts';
import { searchCustomers, translatedCompanyName } from './customer-search.ts';
import type { SalesPersonRepository } from './sales-person.repository.ts';

// Sales persons and the customers they serve (docs/product.md, Sales persons; ADR 0015):
//   - searchCustomers: GET /api/user/salesPersonCustomers?search= — up to 50 of the served companies;
//   - switchCustomer: POST /api/user/switchCustomerOfSalesPerson {customerId} — the session acts for that
//     company from the next request on, on every instance (a sales person's session is never remembered,
//     auth.service.ts);
//   - companyActivity: GET /api/user/companyActivity?page= — what sales persons did for the company,
//     for its customer admins (and the shop's admins, who manage a company like them).
// Only a sales person searches and switches (the access policy's 'salesPerson'; the company's activity is
// its 'companyActivityReader'). A company they do not serve, of another tenant or unknown is one and the
// same 403: the answer tells nothing about which companies exist.

/** How many companies the selector lists (a remote select shows 50 items). */
export const customerSearchLimit = 50;

// The searching sales persons whose companies are kept ready (customer-directory.ts): about 80 kB each
// for 5,000 companies; a field team of up to this many has its companies read once per change.
export const readySalesPersons = 256;

export interface SalesAccount {
  id: number;
  translatedName: string;
  customerNo: string;
  name: string;
}

export interface ActivityEntry {
  _id: number;
  at: string;
  salesPerson: { _id: number | null; name: string };
  action: string;
  detail: ActingDetail;
}

interface SalesPersonDeps {
  repository: SalesPersonRepository;
}

export function createSalesPersonService({ repository }: SalesPersonDeps) {
  const directory = createCustomerDirectory(
    { version: (tenantId) => repository.directoryVersion(tenantId), tenantCompanies: (tenantId) => repository.tenantCompanies(tenantId), servedCompanyIds: (userId) => repository.servedCompanyIds(userId) },
    { maxSalesPersons: readySalesPersons },
  );

  return {
    async searchCustomers(requestCtx: RequestContext, search: string): Promise<{ data: SalesAccount[] }> {
      const ctx = requireAccess(requestCtx, 'salesPerson');
      const tenantId = ctx.tenant.id;
      const { userId } = ctx.identity;
      const index = await directory.companiesOf(tenantId, userId);
      const data = searchCustomers(index, search, customerSearchLimit).map((company) => ({
        id: company.id,
        translatedName: translatedCompanyName(company),
        customerNo: company.customerNo,
        name: company.name,
      }));
      return { data };
    },

    /** Answers the company the session now acts for; 403 'sales_person.customer.not_served' when refused. */
    async switchCustomer(requestCtx: RequestContext, customerId: number): Promise<{ company: { _id: number; name: string; customerNo: string } }> {
      const ctx = requireAccess(requestCtx, 'salesPerson');
      const tenantId = ctx.tenant.id;
      const { userId } = ctx.identity;
      const company = await repository.switchCompany(tenantId, userId, customerId);
      if (!company) throw new AppError('forbidden', 'sales_person.customer.not_served', { field: 'customerId' });
      return { company: { _id: company.id, name: company.name, customerNo: company.customer_no } };
    },

    /** The company's audit trail, newest first; customer admins and admins of the company. */
    async companyActivity(requestCtx: RequestContext, page: { page: number; pageSize: number }) {
      const ctx = requireAccess(requestCtx, 'companyActivityReader');
      const tenantId = ctx.tenant.id;
      const { companyId } = ctx.identity;
      const rows = await repository.activityPage(tenantId, companyId, { limit: page.pageSize + 1, offset: (page.page - 1) * page.pageSize });
      const data: ActivityEntry[] = rows.slice(0, page.pageSize).map((row) => ({
        _id: row.id,
        at: row.created_at,
        salesPerson: { _id: row.sales_person_id, name: row.sales_person_name },
        action: row.action,
        detail: parseJsonColumn<ActingDetail>(row.detail, {}),
      }));
      return { data, meta: { page: page.page, pageSize: page.pageSize, hasMore: rows.length > page.pageSize } };
    },

    /** Forgets the companies kept ready for searching (tests). */
    clearCache(): void {
      directory.clear();
    },
  };
}

export type SalesPersonService = ReturnType<typeof createSalesPersonService>;
