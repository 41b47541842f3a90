import { sql } from 'kysely';
import type { DatabaseTransaction } from '../../db/database.ts';
import { bulkRows } from '../erp/bulk-rows.repository.ts';
import { inChunks } from '../erp/in-chunks.ts';

// The kept unread count of a (user, company)'s notifications and its version (docs/product.md, Stock alarms
// and notifications): every writer of notifications (insert, setViewed, delete) calls adjustNotificationCount
// in its own transaction, so the count never differs from the rows and the version (the header's ETag) moves
// with every change.

export interface NotificationCountOwner {
  tenantId: number;
  userId: number;
  companyId: number;
}

/** Adds `unreadDelta` (negative: fewer unread) to the pair's unread count and moves its version; creates the row on first use. */
export async function adjustNotificationCount(trx: DatabaseTransaction, owner: NotificationCountOwner, unreadDelta: number): Promise<{ unread: number; version: number }> {
  const row = await trx
    .insertInto('notification_counts')
    .values({ tenant_id: owner.tenantId, user_id: owner.userId, company_id: owner.companyId, unread: Math.max(0, unreadDelta), version: 1 })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'company_id']).doUpdateSet({
        unread: sql<number>`notification_counts.unread + ${unreadDelta}`,
        version: sql<number>`notification_counts.version + 1`,
      }),
    )
    .returning(['unread', 'version'])
    .executeTakeFirstOrThrow();
  return { unread: Number(row.unread), version: Number(row.version) };
}

/**
 * Adds new notifications to many pairs' unread counts at once (`count` > 0 each), moving each pair's version:
 * the stock alarms' worker raises thousands of pairs in one transaction (ADR 0027), in one statement instead
 * of one per pair. The same count and version as adjustNotificationCount for a positive delta.
 */
export async function addUnreadNotifications(trx: DatabaseTransaction, added: readonly (NotificationCountOwner & { count: number })[]): Promise<void> {
  for (const chunk of inChunks(added)) {
    const rows = bulkRows(trx, { tenant_id: 'integer', user_id: 'integer', company_id: 'integer', unread: 'integer' }, chunk.map((pair) => ({ tenant_id: pair.tenantId, user_id: pair.userId, company_id: pair.companyId, unread: pair.count })));
    // `where true`: SQLite reads an upsert's ON after INSERT … SELECT … FROM only behind a WHERE.
    await sql`insert into notification_counts (tenant_id, user_id, company_id, unread, version)
      select v.tenant_id, v.user_id, v.company_id, v.unread, 1 from ${rows} where true
      on conflict (user_id, company_id) do update set unread = notification_counts.unread + excluded.unread, version = notification_counts.version + 1`.execute(trx);
  }
}

/** What new notifications add to their owners' unread counts: one entry per (user, company). */
export function unreadPerOwner(notifications: readonly { tenant_id: number; user_id: number; company_id: number }[]): (NotificationCountOwner & { count: number })[] {
  const owners = new Map<string, NotificationCountOwner & { count: number }>();
  for (const row of notifications) {
    const key = `${row.user_id}:${row.company_id}`;
    const owner = owners.get(key) ?? { tenantId: row.tenant_id, userId: row.user_id, companyId: row.company_id, count: 0 };
    owner.count += 1;
    owners.set(key, owner);
  }
  return [...owners.values()];
}
