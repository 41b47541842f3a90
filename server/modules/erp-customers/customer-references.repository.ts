import type { Database } from '../../db/database.ts';
import { inChunks } from '../erp/in-chunks.ts';

// What the customer-data rows refer to by the ERP's keys, looked up for a whole request at once (one read per
// 500 keys): companies by customer number, users by external id. Always within the client's tenant.

export function createCustomerReferencesRepository(db: Database) {
  return {
    /** The tenant's companies with these customer numbers: customer number → id and name. */
    async companies(tenantId: number, customerNos: readonly string[]): Promise<Map<string, { id: number; name: string }>> {
      const found = new Map<string, { id: number; name: string }>();
      for (const chunk of inChunks([...new Set(customerNos)])) {
        const rows = await db.selectFrom('companies').select(['id', 'customer_no', 'name']).where('tenant_id', '=', tenantId).where('customer_no', 'in', chunk).execute();
        for (const row of rows) found.set(row.customer_no, { id: row.id, name: row.name });
      }
      return found;
    },

    /** The tenant's users with these external ids: external id → id and role. */
    async users(tenantId: number, externalIds: readonly string[]): Promise<Map<string, { id: number; role: string }>> {
      const found = new Map<string, { id: number; role: string }>();
      for (const chunk of inChunks([...new Set(externalIds)])) {
        const rows = await db.selectFrom('users').select(['id', 'external_id', 'role']).where('tenant_id', '=', tenantId).where('external_id', 'in', chunk).execute();
        for (const row of rows) found.set(row.external_id!, { id: row.id, role: row.role });
      }
      return found;
    },
  };
}

export type CustomerReferencesRepository = ReturnType<typeof createCustomerReferencesRepository>;
