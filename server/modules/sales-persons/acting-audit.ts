import type { RequestContext } from '../../context.ts';
import type { DatabaseTransaction } from '../../db/database.ts';
import { isActingSalesPerson } from '../access/access-policy.ts';
import { recordActing } from './acting-audit.repository.ts';

// The audit trail of a sales person acting for a customer company (ADR 0015): the
// switch to the company and every write done for it — cart, wishlist, stock alarms, addresses, orders, payments. An
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
  'alarm.saved',
  'alarm.deleted',
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
export type AuditHook = (trx: DatabaseTransaction, detail?: ActingDetail) => Promise<void>;

export interface ActingFor {
  tenantId: number;
  salesPersonId: number;
  companyId: number;
}

/** The sales person and the company a session acts for; null for every other session. */
export function actingFor(ctx: RequestContext): ActingFor | null {
  const identity = ctx.identity;
  if (!isActingSalesPerson(identity)) return null;
  return { tenantId: ctx.tenant.id, salesPersonId: identity.userId, companyId: identity.companyId };
}

/** Who placed an order for whom, as an order keeps it (orders.placed_by). */
export interface PlacedBy {
  name: string;
  companyName: string;
  customerNo: string;
}

/** The hook a write calls inside its transaction, or undefined when the session does not act for a customer. */
export function auditHook(ctx: RequestContext, action: ActingAction, detail: ActingDetail = {}): AuditHook | undefined {
  const acting = actingFor(ctx);
  if (!acting) return undefined;
  return (trx, more) => recordActing(trx, acting, action, { ...detail, ...more });
}
