import type { DatabaseTransaction, Executor } from '../../db/database.ts';
import type { ActingAction, ActingDetail, ActingFor, PlacedBy } from './acting-audit.ts';

// The audit trail's reads and its one write (acting-audit.ts says when an entry is written), always on
// the caller's transaction, so an entry commits or rolls back with the change it records.

/** The sales person's name as the customer sees it: first and last name, else the username. */
export async function salesPersonName(trx: Executor, acting: ActingFor): Promise<string> {
  const person = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('tenant_id', '=', acting.tenantId)
    .where('id', '=', acting.salesPersonId)
    .executeTakeFirst();
  return person ? [person.first_name, person.last_name].filter((part) => part.trim() !== '').join(' ') || person.username : '';
}

/** The sales person's name with the company's name and customer number as they are now. */
export async function placedByOf(trx: Executor, acting: ActingFor): Promise<PlacedBy> {
  const company = await trx.selectFrom('companies').select(['name', 'customer_no']).where('tenant_id', '=', acting.tenantId).where('id', '=', acting.companyId).executeTakeFirst();
  return { name: await salesPersonName(trx, acting), companyName: company?.name ?? '', customerNo: company?.customer_no ?? '' };
}

/** Records one entry on `trx`, with the sales person's name as it is now (kept if the account goes). */
export async function recordActing(trx: DatabaseTransaction, acting: ActingFor, action: ActingAction, detail: ActingDetail = {}, name?: string): Promise<void> {
  await trx
    .insertInto('sales_person_activity')
    .values({
      tenant_id: acting.tenantId,
      company_id: acting.companyId,
      sales_person_id: acting.salesPersonId,
      sales_person_name: name ?? (await salesPersonName(trx, acting)),
      action,
      detail: JSON.stringify(detail),
      created_at: new Date().toISOString(),
    })
    .execute();
}
