import type { Selectable } from 'kysely';
import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { AddressesTable, AddressType } from '../../db/schema.ts';
import type { AuditHook } from '../sales-persons/acting-audit.ts';
import { recordAddressChanged } from '../erp-events/erp-event.repository.ts';

// All SQL of the company address book. Every statement is scoped to the tenant and the company, so an
// id of another company or tenant finds nothing, exactly like an id that never existed.

export type AddressRow = Selectable<AddressesTable>;

/** The fields a buyer writes (the service has validated and trimmed them; '' is stored as null). */
export interface AddressFields {
  type: AddressType;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  street: string;
  street2: string | null;
  addressline2: string | null;
  apartment: string | null;
  zipCode: string;
  city: string;
  state: string | null;
  countryCode: string;
  countryName: string;
  phoneNumber: string | null;
}

function columnsOf(fields: AddressFields) {
  return {
    type: fields.type,
    first_name: fields.firstName,
    last_name: fields.lastName,
    company_name: fields.companyName,
    street: fields.street,
    street2: fields.street2,
    addressline2: fields.addressline2,
    apartment: fields.apartment,
    zip_code: fields.zipCode,
    city: fields.city,
    state: fields.state,
    country_code: fields.countryCode,
    country_name: fields.countryName,
    phone_number: fields.phoneNumber,
  };
}

export function createAddressRepository(db: Database) {
  const isPostgres = engineOf(db) === 'postgres';

  /**
   * Locks the company's address book for one write: on PostgreSQL the company row (`FOR UPDATE`), so two
   * writes of one company run one after the other and never both keep a default or pass the count; on
   * SQLite a write first takes the database's write lock at once (the transaction then runs alone).
   * Answers false when the company does not exist in the tenant.
   */
  async function lockCompany(trx: DatabaseTransaction, tenantId: number, companyId: number): Promise<boolean> {
    if (isPostgres) {
      const row = await trx.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('id', '=', companyId).forUpdate().executeTakeFirst();
      return row !== undefined;
    }
    const result = await trx
      .updateTable('companies')
      .set((eb) => ({ is_active: eb.ref('is_active') }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', companyId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function clearDefault(trx: DatabaseTransaction, tenantId: number, companyId: number, type: AddressType, exceptId: number | null): Promise<void> {
    let query = trx
      .updateTable('addresses')
      .set({ is_default: 0 })
      .where('tenant_id', '=', tenantId)
      .where('company_id', '=', companyId)
      .where('type', '=', type)
      .where('is_default', '=', 1);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    await query.execute();
  }

  function findIn(executor: Executor, tenantId: number, companyId: number, id: number) {
    return executor.selectFrom('addresses').selectAll().where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  }

  return {
    /** The company's addresses: by type, the default of each type first, then in the order they were made. */
    list(tenantId: number, companyId: number): Promise<AddressRow[]> {
      return db
        .selectFrom('addresses')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .orderBy('type')
        .orderBy('is_default', 'desc')
        .orderBy('id')
        .execute();
    },

    find(tenantId: number, companyId: number, id: number): Promise<AddressRow | undefined> {
      return findIn(db, tenantId, companyId, id);
    },

    /**
     * Adds an address, in one transaction: with `isDefault` the previous default of its type loses it.
     * Answers undefined when the company already holds `maxPerCompany` addresses (nothing is written).
     * `audit` (here and in update and delete: a sales person acting for the company) records the write in
     * the same transaction.
     */
    create(tenantId: number, companyId: number, fields: AddressFields, isDefault: boolean, maxPerCompany: number, audit?: AuditHook): Promise<AddressRow | undefined> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockCompany(trx, tenantId, companyId))) return undefined;
        const { count } = await trx
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('tenant_id', '=', tenantId)
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= maxPerCompany) return undefined;
        if (isDefault) await clearDefault(trx, tenantId, companyId, fields.type, null);
        const now = new Date().toISOString();
        const { id } = await trx
          .insertInto('addresses')
          .values({ tenant_id: tenantId, company_id: companyId, is_default: isDefault ? 1 : 0, ...columnsOf(fields), created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit?.(trx, { addressId: id, type: fields.type, city: fields.city });
        await recordAddressChanged(trx, { tenantId, companyId, addressId: id, externalId: null, deleted: false, occurredAt: now });
        return findIn(trx, tenantId, companyId, id);
      });
    },

    /**
     * Changes an address, in one transaction. `check` sees the stored row (under the lock) before anything
     * is written and may throw to refuse; with `isDefault` true the previous default of the (new) type
     * loses it. Answers undefined for an address the company does not have.
     */
    update(
      tenantId: number,
      companyId: number,
      id: number,
      change: (current: AddressRow) => { fields: AddressFields; isDefault: boolean },
      audit?: AuditHook,
    ): Promise<AddressRow | undefined> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockCompany(trx, tenantId, companyId))) return undefined;
        const current = await findIn(trx, tenantId, companyId, id);
        if (!current) return undefined;
        const { fields, isDefault } = change(current);
        if (isDefault) await clearDefault(trx, tenantId, companyId, fields.type, id);
        const now = new Date().toISOString();
        await trx
          .updateTable('addresses')
          .set({ ...columnsOf(fields), is_default: isDefault ? 1 : 0, updated_at: now })
          .where('tenant_id', '=', tenantId)
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .execute();
        await audit?.(trx, { addressId: id, type: fields.type, city: fields.city });
        await recordAddressChanged(trx, { tenantId, companyId, addressId: id, externalId: current.external_id, deleted: false, occurredAt: now });
        return findIn(trx, tenantId, companyId, id);
      });
    },

    /**
     * Deletes an address, in one transaction. `check` sees the stored row and the company's other
     * addresses (under the lock) and may throw to refuse. Answers false for an address the company does
     * not have.
     */
    delete(tenantId: number, companyId: number, id: number, check: (current: AddressRow, others: AddressRow[]) => void, audit?: AuditHook): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockCompany(trx, tenantId, companyId))) return false;
        const rows = await trx.selectFrom('addresses').selectAll().where('tenant_id', '=', tenantId).where('company_id', '=', companyId).execute();
        const current = rows.find((row) => row.id === id);
        if (!current) return false;
        check(
          current,
          rows.filter((row) => row.id !== id),
        );
        await trx.deleteFrom('addresses').where('tenant_id', '=', tenantId).where('company_id', '=', companyId).where('id', '=', id).execute();
        await audit?.(trx, { addressId: id, type: current.type, city: current.city });
        await recordAddressChanged(trx, { tenantId, companyId, addressId: id, externalId: current.external_id, deleted: true, occurredAt: new Date().toISOString() });
        return true;
      });
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
