import type { Database } from '../../server/db/database.ts';
import { hashSessionToken, newSessionToken } from '../../server/modules/auth/session-token.ts';

/**
 * Customers of company 10001, each with a live session, written directly: signing hundreds of buyers in
 * would spend a test's time on password hashing. Answers each buyer's user id and session token.
 */
export async function createBuyers(db: Database, prefix: string, count: number): Promise<{ userId: number; token: string }[]> {
  const company = await db.selectFrom('companies').select(['id', 'tenant_id']).where('customer_no', '=', '10001').executeTakeFirstOrThrow();
  const template = await db.selectFrom('users').select('password_hash').where('username', '=', 'customer').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 3600_000).toISOString();
  const buyers: { userId: number; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({ tenant_id: company.tenant_id, company_id: company.id, current_company_id: null, username: `${prefix}-${i}`, email: `${prefix}-${i}@example.com`, first_name: 'Buyer', last_name: String(i), phone: null, password_hash: template.password_hash, role: 'customer', locale: null, is_deal: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = newSessionToken();
    await db.insertInto('sessions').values({ tenant_id: company.tenant_id, user_id: user.id, token_hash: hashSessionToken(token), created_at: now, last_seen_at: now, expires_at: expires }).execute();
    buyers.push({ userId: user.id, token });
  }
  return buyers;
}
