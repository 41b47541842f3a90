import type { ErpContext } from '../access/erp-access.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { ErpEventRepository } from './erp-event.repository.ts';
import type { ErpEventType } from './erp-event-types.ts';

// GET /erp/v1/events: the tenant's events after the seq the ERP kept, in seq order
// (docs/decisions/0021-erp-event-feed.md). Only sequenced events are read, so the answer's `next` never
// passes an event that is still to come.

/** Events are kept this long (housekeeping deletes older ones): a reader must come back within it. */
export const erpEventRetentionDays = 30;

export interface EventFeedQuery {
  after: number;
  types: readonly ErpEventType[];
  limit: number;
}

export function createErpEventFeed(deps: { events: Pick<ErpEventRepository, 'readAfter' | 'purgeBefore'> }) {
  return {
    async read(ctx: ErpContext, query: EventFeedQuery) {
      const rows = await deps.events.readAfter(ctx.tenantId, query.after, query.types, query.limit);
      const events = rows.map((row) => ({
        id: row.id,
        type: row.type as ErpEventType,
        seq: Number(row.seq),
        occurredAt: row.occurred_at,
        data: parseJsonColumn<Record<string, unknown>>(row.data, {}),
      }));
      // The last event's seq, or the reader's own when there is none (also under a types filter: the
      // events of other types after it are read again next time, never skipped).
      return { events, next: events.at(-1)?.seq ?? query.after };
    },

    /** Deletes what is older than the retention (housekeeping). */
    purgeExpired(now: Date): Promise<number> {
      return deps.events.purgeBefore(new Date(now.getTime() - erpEventRetentionDays * 24 * 3_600_000));
    },
  };
}

export type ErpEventFeed = ReturnType<typeof createErpEventFeed>;
