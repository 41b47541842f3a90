import type { Database } from '../../db/database.ts';

export function createLoginAttemptRepository(db: Database) {
  return {
    async record(input: { tenantId: number; username: string; ip: string; succeeded: boolean }): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({
          tenant_id: input.tenantId,
          username: input.username,
          ip: input.ip,
          succeeded: input.succeeded ? 1 : 0,
          attempted_at: new Date().toISOString(),
        })
        .execute();
    },

    async countFailures(input: { tenantId: number; since: string; username?: string; ip?: string }): Promise<number> {
      let query = db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('failures'))
        .where('tenant_id', '=', input.tenantId)
        .where('succeeded', '=', 0)
        .where('attempted_at', '>', input.since);
      if (input.username !== undefined) query = query.where('username', '=', input.username);
      if (input.ip !== undefined) query = query.where('ip', '=', input.ip);
      const row = await query.executeTakeFirst();
      return Number(row?.failures ?? 0);
    },

    async deleteOlderThan(before: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('attempted_at', '<', before).execute();
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;
