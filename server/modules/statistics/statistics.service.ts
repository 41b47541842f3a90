import type { RequestContext } from '../../context.ts';
import type { StatisticsRepository } from './statistics.repository.ts';

export function createStatisticsService(repository: StatisticsRepository) {
  return {
    recordPageView(ctx: RequestContext, data: { path: string; userAgent: string }): Promise<void> {
      return repository.insertEvent({
        tenantId: ctx.tenant.id,
        userId: ctx.identity?.userId ?? null,
        type: 'page_view',
        path: data.path,
        userAgent: data.userAgent,
      });
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
