import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { decided, parseKeyedRowSlots } from '../erp/keyed-rows.ts';
import type { RowResult } from '../erp/row-results.ts';
import { companyColumnsOf, companyRowSchema, sameCompany, type CompanyColumns } from './company-row.ts';
import type { ErpCompaniesRepository } from './erp-companies.repository.ts';
import { externalIdRules } from './external-id.ts';
import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';

// PUT /erp/v1/companies: the ERP's customer companies, keyed by customer number (company-row.ts).
//   1. every row checked on its own; a customer number sent twice fails the later row;
//   2. what is stored for the request's customer numbers, in one read per 500;
//   3. each row compared with it in memory: identical → 'unchanged' and nothing written (no UPDATE, so
//      no trigger moves the sales persons' directory); otherwise 'created' or 'updated';
//   4. the new and changed companies written in one transaction (nothing can fail a row by then);
//   5. after the commit, this process forgets what it keeps of companies: the catalogue's buyer accounts
//      (net or gross, VAT country) and whose orders a company's users see. Other processes follow within
//      the few seconds such caches live (ADR 0003); the sales persons' customer search sees a new or
//      renamed company with its next search in every process (ADR 0015, customer_directory_versions).
// A company's standing (blocked, delivery blocked) and finance sharing are read at every order and
// every finance call, and the session user's company on every request: they show at once.

export interface ErpCompaniesDeps {
  companies: ErpCompaniesRepository;
  /** Forgets what this process keeps of companies (see 5. above). */
  forgetCompanies: () => void;
  clock: Clock;
}

export function createErpCompaniesService(deps: ErpCompaniesDeps) {
  const { companies } = deps;

  async function upsertOnce(ctx: ErpContext, rows: readonly unknown[]): Promise<RowResult[]> {
    const { results, passed: pending } = parseKeyedRowSlots(companyRowSchema, rows, externalIdRules('externalId', (value) => value.externalId));
    const stored = new Map((await companies.findByCustomerNos(ctx.tenantId, pending.map((row) => row.value.externalId))).map((row) => [row.customer_no, row]));

    const inserts: { customerNo: string; columns: CompanyColumns }[] = [];
    const updates: { id: number; columns: CompanyColumns }[] = [];
    for (const row of pending) {
      const columns = companyColumnsOf(row.value);
      const before = stored.get(row.value.externalId);
      const { line } = row;
      if (!before) {
        inserts.push({ customerNo: row.value.externalId, columns });
        results[line - 1] = { line, key: row.key, result: 'created' };
      } else if (sameCompany(before, columns)) {
        results[line - 1] = { line, key: row.key, result: 'unchanged' };
      } else {
        updates.push({ id: before.id, columns });
        results[line - 1] = { line, key: row.key, result: 'updated' };
      }
    }

    if (inserts.length > 0 || updates.length > 0) {
      await companies.transaction(async (trx) => {
        await companies.insert(trx, ctx.tenantId, inserts, deps.clock.now().toISOString());
        for (const update of updates) await companies.update(trx, ctx.tenantId, update.id, update.columns);
      });
      deps.forgetCompanies();
    }
    return decided(results);
  }

  return {
    /** Every row's result, in the request's order; run once more when another request created a record meanwhile. */
    upsert: (ctx: ErpContext, rows: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(ctx, rows)),
  };
}

export type ErpCompaniesService = ReturnType<typeof createErpCompaniesService>;
