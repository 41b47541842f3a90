import type { Database } from '../../db/database.ts';

export function createStatisticsRepository(db: Database) {
  return {
    async insertEvent(event: { tenantId: number; userId: number | null; type: string; path: string; userAgent: string }) {
      await db
        .insertInto('statistics_events')
        .values({
          tenant_id: event.tenantId,
          user_id: event.userId,
          type: event.type,
          path: event.path,
          user_agent: event.userAgent,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
