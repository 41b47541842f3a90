import type { SessionIdentity } from '../../context.ts';
import type { Database } from '../../db/database.ts';

// A basket and a wishlist each belong to a user for the company they act for (migration 0026): a customer
// has one of each; a sales person one per customer they act for, so a switch of company brings up that
// customer's cart and wishlist. Both tables have the same owner columns, found and created the same way.

/** Whose basket or wishlist: the user's for the company they act for. */
export type ListOwner = Pick<SessionIdentity, 'userId' | 'companyId'>;

type OwnedListTable = 'baskets' | 'wishlists';

export async function findOwnedListId(db: Database, table: OwnedListTable, tenantId: number, owner: ListOwner): Promise<number | undefined> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', owner.userId)
    // A user without a company (none shops today) has the one without a company.
    .where('company_id', owner.companyId === null ? 'is' : '=', owner.companyId)
    .executeTakeFirst();
  return row?.id;
}

/** The owner's basket or wishlist, created on first use; safe when two requests create it at once. */
export async function ensureOwnedListId(db: Database, table: OwnedListTable, tenantId: number, owner: ListOwner): Promise<number> {
  const existing = await findOwnedListId(db, table, tenantId, owner);
  if (existing !== undefined) return existing;
  const now = new Date().toISOString();
  await db
    .insertInto(table)
    .values({ tenant_id: tenantId, user_id: owner.userId, company_id: owner.companyId, created_at: now, updated_at: now })
    // The unique index is on (user_id, coalesce(company_id, 0)): an expression, so no column list here.
    .onConflict((oc) => oc.doNothing())
    .execute();
  const created = await findOwnedListId(db, table, tenantId, owner);
  if (created === undefined) throw new Error(`${table} of user ${owner.userId} could not be created`);
  return created;
}
