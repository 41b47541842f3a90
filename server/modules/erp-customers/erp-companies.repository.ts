import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { companyColumnNames, type CompanyColumns } from './company-row.ts';
import { inChunks, readInChunks } from '../erp/in-chunks.ts';

// The SQL of the ERP's company upsert: what is stored for a request's customer numbers (one read per 500),
// and the writes of the rows that changed, on the caller's transaction.

export interface StoredCompany extends CompanyColumns {
  id: number;
  customer_no: string;
}

// Each company row binds 14 values; 200 rows stay far below both engines' limits on bound values.
const rowsPerInsert = 200;

export function createErpCompaniesRepository(db: Database) {
  return {
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The tenant's companies with these customer numbers, as stored. */
    async findByCustomerNos(tenantId: number, customerNos: readonly string[]): Promise<StoredCompany[]> {
      return readInChunks(customerNos, (chunk) =>
        db
          .selectFrom('companies')
          .select(['id', 'customer_no', ...companyColumnNames])
          .where('tenant_id', '=', tenantId)
          .where('customer_no', 'in', chunk)
          .execute(),
      );
    },

    async insert(trx: Executor, tenantId: number, rows: readonly { customerNo: string; columns: CompanyColumns }[], now: string): Promise<void> {
      for (const chunk of inChunks(rows, rowsPerInsert)) {
        await trx
          .insertInto('companies')
          .values(chunk.map((row) => ({ tenant_id: tenantId, customer_no: row.customerNo, ...row.columns, created_at: now })))
          .execute();
      }
    },

    async update(trx: Executor, tenantId: number, id: number, columns: CompanyColumns): Promise<void> {
      await trx.updateTable('companies').set(columns).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
  };
}

export type ErpCompaniesRepository = ReturnType<typeof createErpCompaniesRepository>;
