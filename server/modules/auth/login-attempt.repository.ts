import type { Database } from '../../db/database.ts';

export function createLoginAttemptRepository(db: Database) {
  return {
    async record(input: { tenantId: number; username: string; ip: string; succeeded: boolean; at: Date }): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({
          tenant_id: input.tenantId,
          username: input.username,
          ip: input.ip,
          succeeded: input.succeeded ? 1 : 0,
          attempted_at: input.at.toISOString(),
        })
        .execute();
    },

    async deleteOlderThan(before: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;
