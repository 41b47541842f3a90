import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

// Counters of login attempts per subject ('user:<name>', 'ip:<address>') in a fixed window that starts
// with the first attempt. `take` counts and reads in one statement (an upsert with RETURNING), which
// SQLite runs under its single writer and PostgreSQL under the row's lock: no two requests read the
// same count, whichever process they reach.

export function createLoginThrottleRepository(db: Database) {
  return {
    /** Counts one attempt for the subject and answers the subject's attempts in the current window, this one included. */
    async take(input: { tenantId: number; subject: string; now: string; windowStart: string }): Promise<number> {
      const expired = sql<boolean>`login_throttle.window_started_at <= ${input.windowStart}`;
      const row = await db
        .insertInto('login_throttle')
        .values({ tenant_id: input.tenantId, subject: input.subject, window_started_at: input.now, attempts: 1 })
        .onConflict((conflict) =>
          conflict.columns(['tenant_id', 'subject']).doUpdateSet({
            attempts: sql<number>`case when ${expired} then 1 else login_throttle.attempts + 1 end`,
            window_started_at: sql<string>`case when ${expired} then ${input.now} else login_throttle.window_started_at end`,
          }),
        )
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return Number(row.attempts);
    },

    /**
     * Gives a counted attempt back (a refused attempt, or a successful login, counts as no failure). One
     * statement per subject: an update of both rows at once could lock them in either order and deadlock
     * with another request's give-back on PostgreSQL.
     */
    async giveBack(input: { tenantId: number; subjects: readonly string[] }): Promise<void> {
      for (const subject of input.subjects) {
        await db
          .updateTable('login_throttle')
          .set({ attempts: sql<number>`attempts - 1` })
          .where('tenant_id', '=', input.tenantId)
          .where('subject', '=', subject)
          .where('attempts', '>', 0)
          .execute();
      }
    },

    async deleteOlderThan(windowStart: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('window_started_at', '<=', windowStart).execute();
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
