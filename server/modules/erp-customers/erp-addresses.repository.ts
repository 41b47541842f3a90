import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { AddressType } from '../../db/schema.ts';
import type { AddressColumns, StoredAddressColumns } from './address-row.ts';
import { inChunks } from '../erp/in-chunks.ts';

// The SQL of the ERP's address upsert: the stored addresses of a request's external ids and the size of the
// address books it adds to (one read per 500), and the writes, on the caller's transaction.

export interface StoredAddress extends StoredAddressColumns {
  id: number;
  external_id: string;
}

const rowsPerInsert = 200;

export function createErpAddressesRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';

  return {
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async findByExternalIds(tenantId: number, externalIds: readonly string[]): Promise<StoredAddress[]> {
      const found: StoredAddress[] = [];
      for (const chunk of inChunks(externalIds)) {
        const rows = await db
          .selectFrom('addresses')
          .select([
            'id',
            'external_id',
            'company_id',
            'type',
            'is_default',
            'first_name',
            'last_name',
            'company_name',
            'street',
            'street2',
            'zip_code',
            'city',
            'state',
            'country_code',
            'country_name',
            'phone_number',
          ])
          .where('tenant_id', '=', tenantId)
          .where('external_id', 'in', chunk)
          .execute();
        for (const row of rows) found.push({ ...row, external_id: row.external_id! });
      }
      return found;
    },

    /** How many addresses each of these companies' address books holds. */
    async countsByCompany(tenantId: number, companyIds: readonly number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      for (const chunk of inChunks([...new Set(companyIds)])) {
        const rows = await db
          .selectFrom('addresses')
          .select(['company_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('tenant_id', '=', tenantId)
          .where('company_id', 'in', chunk)
          .groupBy('company_id')
          .execute();
        for (const row of rows) counts.set(row.company_id, Number(row.count));
      }
      return counts;
    },

    /**
     * Locks the address books whose default marks the transaction moves, as the address book does
     * (address.repository.ts): on PostgreSQL the companies' rows, in id order so two writers never wait for
     * each other in a circle; SQLite runs one writing transaction at a time.
     */
    async lockCompanies(trx: DatabaseTransaction, tenantId: number, companyIds: readonly number[]): Promise<void> {
      if (!isPostgres) return;
      const sorted = [...new Set(companyIds)].sort((a, b) => a - b);
      for (const chunk of inChunks(sorted)) {
        await trx.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('id', 'in', chunk).orderBy('id').forUpdate().execute();
      }
    },

    /** Takes the default mark of a type from the company's other addresses. */
    async clearDefault(trx: Executor, tenantId: number, companyId: number, type: AddressType, exceptId: number | null): Promise<void> {
      let query = trx.updateTable('addresses').set({ is_default: 0 }).where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('type', '=', type).where('is_default', '=', 1);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      await query.execute();
    },

    /** New addresses; updated_at stays null, as for every address that did not come through the shop. */
    async insert(trx: Executor, tenantId: number, rows: readonly { externalId: string; columns: AddressColumns }[], now: string): Promise<void> {
      for (const chunk of inChunks(rows, rowsPerInsert)) {
        await trx
          .insertInto('addresses')
          .values(chunk.map((row) => ({ tenant_id: tenantId, external_id: row.externalId, is_default: 0 as const, ...row.columns, created_at: now })))
          .execute();
      }
    },

    async update(trx: Executor, tenantId: number, id: number, columns: AddressColumns): Promise<void> {
      await trx.updateTable('addresses').set(columns).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
  };
}

export type ErpAddressesRepository = ReturnType<typeof createErpAddressesRepository>;
