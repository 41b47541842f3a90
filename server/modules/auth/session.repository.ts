import type { Database, Executor } from '../../db/database.ts';

export type ActiveSession = NonNullable<Awaited<ReturnType<SessionRepository['findActive']>>>;

/**
 * Ends every session of a user, in the caller's transaction when it is one (a new password, a user locked
 * or deactivated). After the commit the caller has the auth service forget its remembered sessions
 * (clearCache), so the user is out at once in this process and within two seconds in the others.
 */
export async function deleteSessionsOfUser(db: Executor, input: { tenantId: number; userId: number }): Promise<void> {
  await db.deleteFrom('sessions').where('tenant_id', '=', input.tenantId).where('user_id', '=', input.userId).execute();
}

export function createSessionRepository(db: Database) {
  return {
    /** Ends every session of a user outside a transaction (deleteSessionsOfUser above). */
    deleteSessionsOfUser(input: { tenantId: number; userId: number }): Promise<void> {
      return deleteSessionsOfUser(db, input);
    },

    async create(input: { tenantId: number; userId: number; tokenHash: string; expiresAt: string; now: Date }): Promise<void> {
      const now = input.now.toISOString();
      await db
        .insertInto('sessions')
        .values({
          tenant_id: input.tenantId,
          user_id: input.userId,
          token_hash: input.tokenHash,
          created_at: now,
          last_seen_at: now,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /** The live session for a token hash, with what the request needs to know about its user. */
    findActive(tenantId: number, tokenHash: string, now: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        // A sales person's chosen company counts only while they serve it.
        .leftJoin('sales_person_companies as served', (join) =>
          join.onRef('served.user_id', '=', 'users.id').onRef('served.company_id', '=', 'users.current_company_id'),
        )
        .select([
          'served.company_id as served_company_id',
          'sessions.id as session_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.id as user_id',
          'users.role',
          'users.company_id',
          'users.current_company_id',
          'users.is_active',
          'users.is_locked',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.tenant_id', '=', tenantId)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
    },

    async touch(sessionId: number, now: string): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
    },

    async deleteByTokenHash(tenantId: number, tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('token_hash', '=', tokenHash).execute();
    },

    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
