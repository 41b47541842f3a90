import type { Clock } from '../../lib/clock.ts';
import type { ErpContext } from '../access/erp-access.ts';
import { maxAddressesPerCompany } from '../addresses/address.service.ts';
import { decided, fail, parseKeyedRowSlots, unknownReference } from '../erp/keyed-rows.ts';
import type { RowResult } from '../erp/row-results.ts';
import { addressColumnsOf, addressRowSchema, sameAddress, type AddressColumns } from './address-row.ts';
import type { CustomerReferencesRepository } from './customer-references.repository.ts';
import type { ErpAddressesRepository, StoredAddress } from './erp-addresses.repository.ts';
import { externalIdRules } from './external-id.ts';
import { retriedOnceOnUniqueViolation } from '../erp/unique-race.ts';

// PUT /erp/v1/addresses: the companies' address books as the ERP keeps them (address-row.ts), under the
// address book's rules (docs/product.md, Profile and address book):
//   1. every row checked on its own; an external id sent twice fails the later row;
//   2. the companies (by customer number) and the stored addresses, one read per 500 keys; an unknown
//      company fails the row (erp.reference.unknown): companies come first, in their own request;
//   3. one default per company and type: a row that makes its address the default of a type another row of
//      the request made the default already fails ('erp.address.default.taken'); an address moved to
//      another type or company without `isDefault` starts as an ordinary one there, as in the address book;
//   4. at most 200 addresses per company: a new one beyond fails ('erp.address.limit_reached');
//   5. each row compared with what is stored: identical → 'unchanged', nothing written;
//   6. in one transaction: the address books whose default marks move locked (as the address book locks
//      them), the mark taken from the other addresses of the type where a row takes it, then the new
//      addresses and the changes. Orders keep their own copy of their addresses.
// The address book reads the table on every request: a change shows at once.

export interface ErpAddressesDeps {
  addresses: ErpAddressesRepository;
  references: CustomerReferencesRepository;
  clock: Clock;
}

interface AddressWrite {
  externalId: string;
  columns: AddressColumns;
  before: StoredAddress | null;
}

export function createErpAddressesService(deps: ErpAddressesDeps) {
  const { addresses, references } = deps;

  async function upsertOnce(ctx: ErpContext, rows: readonly unknown[]): Promise<RowResult[]> {
    const { tenantId } = ctx;
    const { results, passed: pending } = parseKeyedRowSlots(addressRowSchema, rows, externalIdRules('externalId', (value) => value.externalId));
    const [companies, storedAddresses] = await Promise.all([
      references.companies(tenantId, pending.map((row) => row.value.companyExternalId)),
      addresses.findByExternalIds(tenantId, pending.map((row) => row.value.externalId)),
    ]);
    const stored = new Map(storedAddresses.map((address) => [address.external_id, address]));
    const sizes = await addresses.countsByCompany(tenantId, [...companies.values()].map((company) => company.id));

    const writes: AddressWrite[] = [];
    const defaultsTaken = new Set<string>();
    for (const row of pending) {
      const { value } = row;
      const company = companies.get(value.companyExternalId);
      if (!company) {
        fail(results, row, unknownReference('companyExternalId', value.companyExternalId));
        continue;
      }
      const before = stored.get(value.externalId) ?? null;
      const columns = addressColumnsOf(value, company.id);
      const moved = before !== null && (before.company_id !== columns.company_id || before.type !== columns.type);
      if (columns.is_default === undefined && (before === null || moved)) columns.is_default = 0;
      // Only a row that says isDefault takes the mark; one that keeps its stored mark loses it to such a row.
      const takesDefault = columns.is_default === 1;
      const defaultKey = `${columns.company_id}:${columns.type}`;
      if (takesDefault && defaultsTaken.has(defaultKey)) {
        fail(results, row, { path: 'isDefault', code: 'erp.address.default.taken' });
        continue;
      }
      const joins = before === null || before.company_id !== columns.company_id;
      const size = sizes.get(company.id) ?? 0;
      if (joins && size >= maxAddressesPerCompany) {
        fail(results, row, { path: 'companyExternalId', code: 'erp.address.limit_reached', params: { max: maxAddressesPerCompany } });
        continue;
      }
      if (takesDefault) defaultsTaken.add(defaultKey);
      if (joins) sizes.set(company.id, size + 1);
      const { line } = row;
      if (before && sameAddress(before, columns)) {
        results[line - 1] = { line, key: row.key, result: 'unchanged' };
        continue;
      }
      results[line - 1] = { line, key: row.key, result: before ? 'updated' : 'created' };
      writes.push({ externalId: value.externalId, columns, before });
    }
    if (writes.length === 0) return decided(results);

    const takingDefault = writes.filter(
      ({ columns, before }) => columns.is_default === 1 && (before === null || before.is_default !== 1 || before.company_id !== columns.company_id || before.type !== columns.type),
    );
    await addresses.transaction(async (trx) => {
      await addresses.lockCompanies(trx, tenantId, takingDefault.map((write) => write.columns.company_id));
      for (const { columns, before } of takingDefault) await addresses.clearDefault(trx, tenantId, columns.company_id, columns.type, before?.id ?? null);
      const created = writes.filter((write) => write.before === null);
      await addresses.insert(trx, tenantId, created, deps.clock.now().toISOString());
      for (const write of writes) if (write.before) await addresses.update(trx, tenantId, write.before.id, write.columns);
    });
    return decided(results);
  }

  return {
    /** Every row's result, in the request's order; run once more when another request created a record meanwhile. */
    upsert: (ctx: ErpContext, rows: readonly unknown[]) => retriedOnceOnUniqueViolation(() => upsertOnce(ctx, rows)),
  };
}

export type ErpAddressesService = ReturnType<typeof createErpAddressesService>;
