import type { ErpContext } from '../access/erp-access.ts';
import { decided, fail, parseKeyedRowSlots, unknownReference } from '../erp/keyed-rows.ts';
import type { RowProblem, RowResult } from '../erp/row-results.ts';
import type { CustomerReferencesRepository } from './customer-references.repository.ts';
import type { ErpSalesAssignmentsRepository } from './erp-sales-assignments.repository.ts';
import { externalIdRules } from './external-id.ts';
import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';
import { salesAssignmentRowSchema } from './sales-assignment-row.ts';

// PUT /erp/v1/salesPersonAssignments: the companies each sales person serves (sales-assignment-row.ts), the
// whole set per row (docs/product.md, Sales persons; ADR 0015):
//   1. every row checked on its own; a sales person sent twice fails the later row;
//   2. the sales persons (users by external id, role `sales`) and the companies (by customer number), one
//      read per 500 keys; an unknown one fails the row naming it (erp.reference.unknown, the list's index),
//      a user who is no sales person 'erp.user.not_sales_person'; users and companies come first, in
//      their own requests;
//   3. the stored set compared with the row's: the same → 'unchanged', nothing written; else the
//      companies taken away and the ones added, all rows in one transaction ('created' for a sales person
//      who served none before);
//   4. the triggers of migration 0030 count the change, so the sales person's customer search shows the new
//      set with its next search in every process; after the commit this process forgets the sessions it
//      remembers, so a sales person acting for a company no longer served is out of it at once (other
//      processes within two seconds, ADR 0003).

export interface ErpSalesAssignmentsDeps {
  assignments: ErpSalesAssignmentsRepository;
  references: CustomerReferencesRepository;
  /** Forgets the sessions this process remembers (auth.service.ts clearCache). */
  forgetLiveSessions: () => void;
}

interface AssignmentWrite {
  userId: number;
  added: number[];
  removed: number[];
}

export function createErpSalesAssignmentsService(deps: ErpSalesAssignmentsDeps) {
  const { assignments, references } = deps;

  async function upsertOnce(ctx: ErpContext, rows: readonly unknown[]): Promise<RowResult[]> {
    const { tenantId } = ctx;
    const { results, passed: pending } = parseKeyedRowSlots(salesAssignmentRowSchema, rows, externalIdRules('salesPersonExternalId', (value) => value.salesPersonExternalId));
    const [salesPersons, companies] = await Promise.all([
      references.users(tenantId, pending.map((row) => row.value.salesPersonExternalId)),
      references.companies(tenantId, pending.flatMap((row) => row.value.companyExternalIds)),
    ]);
    const known = pending.flatMap((row) => {
      const user = salesPersons.get(row.value.salesPersonExternalId);
      return user?.role === 'sales' ? [user.id] : [];
    });
    const stored = await assignments.servedBy(known);

    const writes: AssignmentWrite[] = [];
    for (const row of pending) {
      const { value } = row;
      const user = salesPersons.get(value.salesPersonExternalId);
      const problems: RowProblem[] = [];
      if (!user) problems.push(unknownReference('salesPersonExternalId', value.salesPersonExternalId));
      else if (user.role !== 'sales') problems.push({ path: 'salesPersonExternalId', code: 'erp.user.not_sales_person', params: { externalId: value.salesPersonExternalId } });
      value.companyExternalIds.forEach((customerNo, at) => {
        if (!companies.has(customerNo)) problems.push(unknownReference(`companyExternalIds.${at}`, customerNo));
      });
      if (problems.length > 0 || !user) {
        fail(results, row, ...problems);
        continue;
      }
      const before = stored.get(user.id) ?? new Set<number>();
      const after = new Set(value.companyExternalIds.map((customerNo) => companies.get(customerNo)!.id));
      const added = [...after].filter((id) => !before.has(id));
      const removed = [...before].filter((id) => !after.has(id));
      const { line } = row;
      if (added.length === 0 && removed.length === 0) {
        results[line - 1] = { line, key: row.key, result: 'unchanged' };
        continue;
      }
      results[line - 1] = { line, key: row.key, result: before.size === 0 ? 'created' : 'updated' };
      writes.push({ userId: user.id, added, removed });
    }
    if (writes.length === 0) return decided(results);

    await assignments.transaction(async (trx) => {
      for (const write of writes) {
        await assignments.remove(trx, write.userId, write.removed);
        await assignments.add(trx, write.userId, write.added);
      }
    });
    deps.forgetLiveSessions();
    return decided(results);
  }

  return {
    /** Every row's result, in the request's order; run once more when another request created a record meanwhile. */
    upsert: (ctx: ErpContext, rows: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(ctx, rows)),
  };
}

export type ErpSalesAssignmentsService = ReturnType<typeof createErpSalesAssignmentsService>;
