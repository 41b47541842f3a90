import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { adjustNotificationCount, type NotificationCountOwner } from './notification-counts.repository.ts';

// A user's stock notifications for the company they act for (docs/product.md, Stock alarms and
// notifications). Every write moves the kept unread count and its version in its own transaction
// (notification-counts.repository.ts).

export type NotificationOwner = NotificationCountOwner;

export type NotificationRow = Pick<Row<'notifications'>, 'id' | 'type' | 'product_id' | 'name' | 'domain_reference' | 'quantity' | 'viewed' | 'created_at'>;

const notificationColumns = ['id', 'type', 'product_id', 'name', 'domain_reference', 'quantity', 'viewed', 'created_at'] as const;

/** A notification to record: everything but its id, date and viewed flag (new ones are unread). */
export type NewNotification = Omit<NewRow<'notifications'>, 'id' | 'viewed' | 'created_at'>;

/** Records a notification on the caller's transaction, with the owner's unread count (the firing worker's write). */
export async function insertNotification(trx: DatabaseTransaction, notification: NewNotification): Promise<number> {
  const row = await trx.insertInto('notifications').values({ ...notification, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  await adjustNotificationCount(trx, { tenantId: notification.tenant_id, userId: notification.user_id, companyId: notification.company_id }, 1);
  return row.id;
}

export function createNotificationRepository(db: Database) {
  const ofOwner = (owner: NotificationOwner) =>
    db.selectFrom('notifications').where('tenant_id', '=', owner.tenantId).where('user_id', '=', owner.userId).where('company_id', '=', owner.companyId);

  return {
    /** The owner's viewed or not viewed notifications, newest first. */
    list(owner: NotificationOwner, viewed: boolean, limit: number): Promise<NotificationRow[]> {
      return ofOwner(owner)
        .select(notificationColumns)
        .where('viewed', '=', viewed ? 1 : 0)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The kept unread count and its version; 0 and 0 for an owner who never had a notification. */
    count: (owner: NotificationOwner) => readCount(db, owner),

    /** Marks the owner's notifications among `ids` viewed (others' ids change nothing); answers the unread count after. */
    async setViewed(owner: NotificationOwner, ids: readonly number[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('notifications')
          .set({ viewed: 1 })
          .where('tenant_id', '=', owner.tenantId)
          .where('user_id', '=', owner.userId)
          .where('company_id', '=', owner.companyId)
          .where('viewed', '=', 0)
          .where('id', 'in', ids)
          .executeTakeFirst();
        const n = Number(changed.numUpdatedRows);
        if (n > 0) return (await adjustNotificationCount(trx, owner, -n)).unread;
        return (await readCount(trx, owner)).unread;
      });
    },

    /** Deletes the owner's notifications among `ids` (others' ids delete nothing); answers how many went and the unread count after. */
    async delete(owner: NotificationOwner, ids: readonly number[]): Promise<{ deleted: number; unread: number }> {
      return db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('notifications')
          .where('tenant_id', '=', owner.tenantId)
          .where('user_id', '=', owner.userId)
          .where('company_id', '=', owner.companyId)
          .where('id', 'in', ids)
          .returning('viewed')
          .execute();
        if (gone.length === 0) return { deleted: 0, unread: (await readCount(trx, owner)).unread };
        const unreadGone = gone.filter((row) => row.viewed === 0).length;
        return { deleted: gone.length, unread: (await adjustNotificationCount(trx, owner, -unreadGone)).unread };
      });
    },
  };
}

/** The kept unread count and its version; 0 and 0 for an owner who never had a notification. */
async function readCount(executor: Executor, owner: NotificationOwner): Promise<{ unread: number; version: number }> {
  const row = await executor
    .selectFrom('notification_counts')
    .select(['unread', 'version'])
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .executeTakeFirst();
  return { unread: Number(row?.unread ?? 0), version: Number(row?.version ?? 0) };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
