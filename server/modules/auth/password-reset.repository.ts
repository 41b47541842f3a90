import { sql } from 'kysely';
import type { Database, DatabaseTransaction } from '../../db/database.ts';
import { deleteExpiredPasswordTokens, hashPasswordToken } from './password-token.repository.ts';

// What the password reset reads and writes besides the tokens themselves (password-token.repository.ts).

export function createPasswordResetRepository(db: Database) {
  const userColumns = ['id', 'username', 'email', 'first_name', 'last_name', 'role', 'is_active', 'is_locked', 'locale'] as const;

  return {
    /** Runs `work` in one transaction: the token is spent, the password set and the sessions ended together. */
    transaction<T>(work: (trx: DatabaseTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Deletes the links that expired before `now`. */
    purgeExpiredTokens(now: Date): Promise<void> {
      return deleteExpiredPasswordTokens(db, now);
    },

    /** Sets the user's new password hash in the caller's transaction. */
    async setPassword(trx: DatabaseTransaction, input: { tenantId: number; userId: number; passwordHash: string; now: Date }): Promise<void> {
      await trx
        .updateTable('users')
        .set({ password_hash: input.passwordHash, password_changed_at: input.now.toISOString() })
        .where('tenant_id', '=', input.tenantId)
        .where('id', '=', input.userId)
        .execute();
    },

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
