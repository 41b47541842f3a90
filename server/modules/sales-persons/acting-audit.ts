import type { RequestContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';

// The audit trail of a sales person acting for a customer company (ADR 0015): the
// switch to the company and every write done for it — cart, wishlist, addresses, orders, payments. An
// entry is written on the transaction of the change it records, so a change never commits without its
// entry and a refused change leaves none. The repositories that write take an optional hook and call it
// last in their transaction; sessions that do not act for a customer get no hook and pay nothing.
//
// The sales person's own account (profile, password) is not the company's business and is not recorded.

export const actingActions = [
  'switch',
  'basket.changed',
  'basket.reordered',
  'wishlist.changed',
  'address.added',
  'address.changed',
  'address.deleted',
  'order.placed',
  'payment.retried',
  'payment.on_account',
] as const;

export type ActingAction = (typeof actingActions)[number];

/** A small, flat JSON object: what the customer admin needs to know which change it was (an order number, a count). */
export type ActingDetail = Record<string, string | number | boolean | null>;

/** Writes the entry on the caller's transaction; `detail` adds what is known only inside it (the order number). */
export type AuditHook = (trx: Database, detail?: ActingDetail) => Promise<void>;

export interface ActingFor {
  tenantId: number;
  salesPersonId: number;
  companyId: number;
}

/** The sales person and the company a session acts for; null for every other session. */
export function actingFor(ctx: RequestContext): ActingFor | null {
  const identity = ctx.identity;
  if (!identity || identity.role !== 'sales' || identity.companyId === null) return null;
  return { tenantId: ctx.tenant.id, salesPersonId: identity.userId, companyId: identity.companyId };
}

/** The sales person's name as the customer sees it: first and last name, else the username. */
export async function salesPersonName(trx: Database, acting: ActingFor): Promise<string> {
  const person = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('tenant_id', '=', acting.tenantId)
    .where('id', '=', acting.salesPersonId)
    .executeTakeFirst();
  return person ? [person.first_name, person.last_name].filter((part) => part.trim() !== '').join(' ') || person.username : '';
}

/** Who placed an order for whom, as an order keeps it (orders.placed_by). */
export interface PlacedBy {
  name: string;
  companyName: string;
  customerNo: string;
}

/** The sales person's name with the company's name and customer number as they are now. */
export async function placedByOf(trx: Database, acting: ActingFor): Promise<PlacedBy> {
  const company = await trx.selectFrom('companies').select(['name', 'customer_no']).where('tenant_id', '=', acting.tenantId).where('id', '=', acting.companyId).executeTakeFirst();
  return { name: await salesPersonName(trx, acting), companyName: company?.name ?? '', customerNo: company?.customer_no ?? '' };
}

/** Records one entry on `trx`, with the sales person's name as it is now (kept if the account goes). */
export async function recordActing(trx: Database, acting: ActingFor, action: ActingAction, detail: ActingDetail = {}, name?: string): Promise<void> {
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

/** The hook a write calls inside its transaction, or undefined when the session does not act for a customer. */
export function auditHook(ctx: RequestContext, action: ActingAction, detail: ActingDetail = {}): AuditHook | undefined {
  const acting = actingFor(ctx);
  if (!acting) return undefined;
  return (trx, more) => recordActing(trx, acting, action, { ...detail, ...more });
}
