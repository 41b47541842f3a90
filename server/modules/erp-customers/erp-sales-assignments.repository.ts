import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { inChunks } from '../erp/in-chunks.ts';

// The SQL of the ERP's sales person assignments (sales_person_companies): the stored sets of a request's
// sales persons (one read per 500), and the rows added and taken away, on the caller's transaction. The
// triggers of migration 0030 count every change for the sales persons' customer search (ADR 0015).

const rowsPerWrite = 500;

export function createErpSalesAssignmentsRepository(db: Database) {
  return {
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The companies each of these sales persons serves now: user id → company ids. */
    async servedBy(userIds: readonly number[]): Promise<Map<number, Set<number>>> {
      const served = new Map<number, Set<number>>(userIds.map((id) => [id, new Set<number>()]));
      for (const chunk of inChunks([...new Set(userIds)])) {
        const rows = await db.selectFrom('sales_person_companies').select(['user_id', 'company_id']).where('user_id', 'in', chunk).execute();
        for (const row of rows) served.get(row.user_id)!.add(row.company_id);
      }
      return served;
    },

    async add(trx: Executor, userId: number, companyIds: readonly number[]): Promise<void> {
      for (const chunk of inChunks(companyIds, rowsPerWrite)) {
        await trx.insertInto('sales_person_companies').values(chunk.map((companyId) => ({ user_id: userId, company_id: companyId }))).execute();
      }
    },

    async remove(trx: Executor, userId: number, companyIds: readonly number[]): Promise<void> {
      for (const chunk of inChunks(companyIds, rowsPerWrite)) {
        await trx.deleteFrom('sales_person_companies').where('user_id', '=', userId).where('company_id', 'in', chunk).execute();
      }
    },
  };
}

export type ErpSalesAssignmentsRepository = ReturnType<typeof createErpSalesAssignmentsRepository>;
