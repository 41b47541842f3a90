import type { Executor } from '../../db/database.ts';

// Where the mails to the seller go (the notice of a signup request, a contact message): the contact
// address of the tenant's seller company, the one the shop's pages and mail footers show.

/** The seller's contact address (seller_companies.email), or null when the seller has none. */
export async function findSellerEmail(db: Executor, tenantId: number): Promise<string | null> {
  const row = await db.selectFrom('seller_companies').select('email').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.email.trim() ? row.email.trim() : null;
}
