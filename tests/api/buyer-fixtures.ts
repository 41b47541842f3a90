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

/** The first shipping address (type 1) of a company, by customer number: where its orders go. */
export async function shippingAddressOf(db: Database, customerNo: string): Promise<number> {
  const company = await db.selectFrom('companies').select('id').where('customer_no', '=', customerNo).executeTakeFirstOrThrow();
  return (await db.selectFrom('addresses').select('id').where('company_id', '=', company.id).where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
}

/**
 * A product every buyer can order one by one at more than 10 €: outside the deal and clearance
 * categories. `onlyPositiveStock` picks one the shop must never oversell (or one it may backorder).
 */
export async function orderableProduct(db: Database, onlyPositiveStock: boolean) {
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'price_cents', 'sales_batch_size', 'stock'])
    .where('is_only_sellable_with_positive_stock', '=', onlyPositiveStock ? 1 : 0)
    .where('is_active', '=', 1)
    .where('sales_batch_size', '=', 1)
    .where('price_cents', '>', 1000)
    .where('category_id', 'not in', db.selectFrom('categories').select('id').where('slug', 'in', ['angebote', 'auslaufartikel']))
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
}
