import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { hashPasswordToken } from './password-token.repository.ts';

// What the password reset reads and writes besides the tokens themselves (password-token.repository.ts).

export function createPasswordResetRepository(db: Database) {
  const userColumns = ['id', 'username', 'email', 'first_name', 'last_name', 'role', 'is_active', 'is_locked', 'locale'] as const;

  return {
    db,

    /** The accounts of the tenant with this e-mail address, whatever its case (index users_tenant_lower_email_idx); at most `limit`. */
    findUsersByEmail(tenantId: number, email: string, limit = 2) {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('tenant_id', '=', tenantId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    findUser(tenantId: number, userId: number) {
      return db.selectFrom('users').select(userColumns).where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
    },

    /** The user behind a live token (unused, unexpired at `now`), without spending it. */
    findTokenOwner(tenantId: number, token: string, now: string) {
      return db
        .selectFrom('password_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.id', 'u.username', 'u.email', 'u.role'])
        .where('t.tenant_id', '=', tenantId)
        .where('t.token_hash', '=', hashPasswordToken(token))
        .where('t.used_at', 'is', null)
        .where('t.expires_at', '>', now)
        .executeTakeFirst();
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
