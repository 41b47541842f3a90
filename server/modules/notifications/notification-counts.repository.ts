import { sql } from 'kysely';
import type { DatabaseTransaction } from '../../db/database.ts';

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
