import type { Database } from '../../db/database.ts';
import type { ActingFor } from './acting-audit.ts';
import { recordActing } from './acting-audit.repository.ts';
import type { DirectoryVersion } from './customer-directory.ts';
import type { ServedCompany } from './customer-search.ts';

// The companies a sales person serves (sales_person_companies), the switch between them, and the audit
// trail a customer admin reads. Every lookup goes through the tenant: a company of another tenant is
// never served, whatever sales_person_companies says.

export function createSalesPersonRepository(db: Database) {
  return {
    /** The tenant's counters of migration 0030; (0, 0) before anything was counted. */
    async directoryVersion(tenantId: number): Promise<DirectoryVersion> {
      const row = await db.selectFrom('customer_directory_versions').select(['companies', 'assignments']).where('tenant_id', '=', tenantId).executeTakeFirst();
      return { companies: row?.companies ?? 0, assignments: row?.assignments ?? 0 };
    },

    /** Every company of the tenant, for the search's directory. */
    async tenantCompanies(tenantId: number): Promise<ServedCompany[]> {
      const rows = await db.selectFrom('companies').select(['id', 'customer_no', 'name']).where('tenant_id', '=', tenantId).execute();
      return rows.map((row) => ({ id: row.id, customerNo: row.customer_no, name: row.name }));
    },

    /** The ids of the companies assigned to the sales person (the directory drops any of another tenant). */
    async servedCompanyIds(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('sales_person_companies').select('company_id').where('user_id', '=', userId).execute();
      return rows.map((row) => row.company_id);
    },

    /**
     * Makes `companyId` the sales person's current company, with its audit entry, in one transaction.
     * The company is read and the entry written first, and the user's row updated last: the row stays
     * locked from its update to the commit, which switches from several tabs (or a bench on ten
     * connections) wait for. The update is guarded all the same: it changes the row only for a sales person
     * of the tenant who serves a company of the tenant, so an unknown, foreign or not served company (or an
     * assignment removed meanwhile) changes nothing and records nothing. Answers the company, or undefined
     * when refused.
     */
    async switchCompany(tenantId: number, userId: number, companyId: number) {
      const refused = Symbol('refused');
      try {
        return await db.transaction().execute(async (trx) => {
          const company = await trx
            .selectFrom('companies')
            .innerJoin('sales_person_companies as served', 'served.company_id', 'companies.id')
            .select(['companies.id', 'companies.customer_no', 'companies.name'])
            .where('served.user_id', '=', userId)
            .where('companies.tenant_id', '=', tenantId)
            .where('companies.id', '=', companyId)
            .executeTakeFirst();
          if (!company) throw refused;
          const acting: ActingFor = { tenantId, salesPersonId: userId, companyId };
          await recordActing(trx, acting, 'switch', { customerNo: company.customer_no });
          const result = await trx
            .updateTable('users')
            .set({ current_company_id: companyId })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', userId)
            .where('role', '=', 'sales')
            .where(({ exists, selectFrom }) =>
              exists(
                selectFrom('sales_person_companies as served')
                  .innerJoin('companies', 'companies.id', 'served.company_id')
                  .select('served.company_id')
                  .where('served.user_id', '=', userId)
                  .where('served.company_id', '=', companyId)
                  .where('companies.tenant_id', '=', tenantId),
              ),
            )
            .executeTakeFirst();
          // Rolls the audit entry back with the refusal.
          if (Number(result.numUpdatedRows) !== 1) throw refused;
          return company;
        });
      } catch (error) {
        if (error === refused) return undefined;
        throw error;
      }
    },

    /** A page of the company's audit trail, newest first; one row more than asked tells whether more follow. */
    activityPage(tenantId: number, companyId: number, page: { limit: number; offset: number }) {
      return db
        .selectFrom('sales_person_activity')
        .select(['id', 'sales_person_id', 'sales_person_name', 'action', 'detail', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },
  };
}

export type SalesPersonRepository = ReturnType<typeof createSalesPersonRepository>;
