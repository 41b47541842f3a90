import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { visibleProduct, type ProductVisibility } from '../catalog/product-visibility.repository.ts';
import { adjustNotificationCount, type NotificationCountOwner } from './notification-counts.repository.ts';

// A user's stock notifications for the company they act for (docs/product.md, Stock alarms and
// notifications). Every write moves the kept unread count and its version in its own transaction
// (notification-counts.repository.ts).

export type NotificationOwner = NotificationCountOwner;

export type NotificationRow = Pick<Row<'notifications'>, 'id' | 'type' | 'product_id' | 'name' | 'domain_reference' | 'quantity' | 'viewed' | 'created_at'>;

/**
 * A listed notification with the product it names as the reader may see it now: the product's columns are
 * null when the catalogue hides it from the reader (or it is gone), the variant's when the reference names
 * the product's own sku or a variant no longer active.
 */
export interface ListedNotificationRow extends NotificationRow {
  product_sku: string | null;
  product_name: string | null;
  product_name_en: string | null;
  product_stock: number | null;
  product_batch_size: number | null;
  variant_id: number | null;
  variant_name: string | null;
  variant_stock: number | null;
}

/** A notification to record: everything but its id, date and viewed flag (new ones are unread). */
export type NewNotification = Omit<NewRow<'notifications'>, 'id' | 'viewed' | 'created_at'>;

/** Records a notification on the caller's transaction, with the owner's unread count (the firing worker's write). */
export async function insertNotification(trx: DatabaseTransaction, notification: NewNotification): Promise<number> {
  const row = await trx.insertInto('notifications').values({ ...notification, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  await adjustNotificationCount(trx, { tenantId: notification.tenant_id, userId: notification.user_id, companyId: notification.company_id }, 1);
  return row.id;
}

export function createNotificationRepository(db: Database) {
  return {
    /**
     * The owner's viewed or not viewed notifications, newest first, each joined to its product under the
     * catalogue's visibility (product-visibility.repository.ts) and to the active variant its reference
     * names: one read by the owner's index and primary keys, where a lookup of the 200 named products
     * afterwards cost the list most of its time.
     */
    list(owner: NotificationOwner, viewed: boolean, limit: number, visibility: ProductVisibility): Promise<ListedNotificationRow[]> {
      return db
        .selectFrom('notifications as n')
        .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'n.product_id').on(visibleProduct('p', visibility)))
        .leftJoin('product_variants as v', (join) =>
          join.onRef('v.product_id', '=', 'p.id').onRef('v.tenant_id', '=', 'n.tenant_id').onRef('v.variant_sku', '=', 'n.domain_reference').on('v.is_active', '=', 1),
        )
        .select([
          'n.id',
          'n.type',
          'n.product_id',
          'n.name',
          'n.domain_reference',
          'n.quantity',
          'n.viewed',
          'n.created_at',
          'p.sku as product_sku',
          'p.name as product_name',
          'p.name_en as product_name_en',
          'p.stock as product_stock',
          'p.sales_batch_size as product_batch_size',
          'v.id as variant_id',
          'v.name as variant_name',
          'v.stock as variant_stock',
        ])
        .where('n.tenant_id', '=', owner.tenantId)
        .where('n.user_id', '=', owner.userId)
        .where('n.company_id', '=', owner.companyId)
        .where('n.viewed', '=', viewed ? 1 : 0)
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
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
