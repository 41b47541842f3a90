import { expect } from 'vitest';
import type { Role } from '../../server/db/schema.ts';
import type { TestShop } from './helper.ts';
import { createCompany, createUser, sessionClient, type SessionClient } from './order-history-fixtures.ts';

// Companies and users made for one test of the customer admin's user list, so tests do
// not share state: every company gets its own admin, signed in.

let sequence = 0;

export interface TestCompany {
  companyId: number;
  admin: { userId: number; username: string; auth: string; client: SessionClient };
  /** Adds a user of the company with a session; answers its id and a client signed in as it. */
  addUser(role: Extract<Role, 'customer' | 'customer_admin'>, flags?: { active?: boolean; locked?: boolean }): Promise<{ userId: number; username: string; auth: string; client: SessionClient }>;
}

export async function createTestCompany(shop: TestShop, tenantId: number): Promise<TestCompany> {
  sequence += 1;
  const prefix = `cu${sequence}-${Date.now().toString(36)}`;
  const companyId = await createCompany(shop.db, tenantId, `CU-${prefix}`, 1);
  let users = 0;
  const addUser: TestCompany['addUser'] = async (role, flags = {}) => {
    users += 1;
    const username = `${prefix}-${users}`;
    const { userId, auth } = await createUser(shop.db, tenantId, companyId, username, role);
    await shop.db
      .updateTable('users')
      .set({ first_name: 'Test', last_name: `User ${users}`, is_active: flags.active === false ? 0 : 1, is_locked: flags.locked ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
    return { userId, username, auth, client: sessionClient(shop, auth) };
  };
  const admin = await addUser('customer_admin');
  return { companyId, admin, addUser };
}

/** A complete save body for POST /api/user/saveCompanyUser; `overrides` change single fields. */
export function userBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const name = `neu-${sequence}-${Date.now().toString(36)}`;
  return { firstName: 'Nora', lastName: 'Neu', email: `${name}@example.com`, username: name, phone: '+49 40 555-0100', active: true, locked: false, customerAdmin: false, ...overrides };
}

/** Everything the user list's writes may touch, for "nothing changed" checks. */
export async function snapshot(shop: TestShop) {
  const [users, sessions, tokens, mails] = await Promise.all([
    shop.db.selectFrom('users').selectAll().orderBy('id').execute(),
    shop.db.selectFrom('sessions').select(['id', 'user_id']).orderBy('id').execute(),
    shop.db.selectFrom('password_tokens').selectAll().orderBy('id').execute(),
    shop.db.selectFrom('mail_outbox').select(['id', 'kind', 'recipient']).orderBy('id').execute(),
  ]);
  return { users, sessions, tokens, mails };
}

export function expectRefusal(response: { statusCode: number; body: unknown }, status: number, messageKey: string, field?: string) {
  expect(response.statusCode, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ messageKey, ...(field ? { field } : {}) });
}
