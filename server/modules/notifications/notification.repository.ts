import { sql } from 'kysely';
import type { Database, DatabaseTransaction, Executor } from '../../db/database.ts';
import { jsonArrayText, jsonBoolean, jsonObject } from '../../db/json-text.ts';
import { engineOf } from '../../db/migration-helpers.ts';
import type { NewRow } from '../../db/schema.ts';
import { visibleProduct, type ProductVisibility } from '../catalog/product-visibility.repository.ts';
import { inChunks } from '../erp/in-chunks.ts';
import { addUnreadNotifications, adjustNotificationCount, unreadPerOwner, type NotificationCountOwner } from './notification-counts.repository.ts';

// A user's notifications for the company they act for (docs/product.md, Stock alarms and notifications;
// a safety data sheet's new version: Product documents and downloads). Every write moves the kept unread
// count and its version in its own transaction (notification-counts.repository.ts).

export type NotificationOwner = NotificationCountOwner;

/** Who reads the list: the product names in their language, the stock as a number only for sales persons. */
export interface NotificationReader {
  english: boolean;
  seesStockNumbers: boolean;
}

/** Both lists of GET /api/notification as the JSON text of their arrays, and the kept unread count. */
export interface NotificationListsText {
  notViewed: string;
  viewed: string;
  unread: number;
}

/** A notification to record: everything but its id, date and viewed flag (new ones are unread). */
export type NewNotification = Omit<NewRow<'notifications'>, 'id' | 'viewed' | 'created_at'>;

/** Records a notification on the caller's transaction, with the owner's unread count (the firing worker's write). */
export async function insertNotification(trx: DatabaseTransaction, notification: NewNotification): Promise<number> {
  const row = await trx.insertInto('notifications').values({ ...notification, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  await adjustNotificationCount(trx, { tenantId: notification.tenant_id, userId: notification.user_id, companyId: notification.company_id }, 1);
  return row.id;
}

/**
 * Records many notifications at once on the caller's transaction, with their owners' unread counts (a safety
 * data sheet's new version reaches every user of the companies that bought the product in one transaction).
 */
export async function insertNotifications(trx: DatabaseTransaction, notifications: readonly NewRow<'notifications'>[]): Promise<void> {
  if (notifications.length === 0) return;
  for (const chunk of inChunks(notifications)) await trx.insertInto('notifications').values(chunk).execute();
  await addUnreadNotifications(trx, unreadPerOwner(notifications));
}

/**
 * Deletes the notifications of a product file that goes (the database would drop them with it, past the
 * kept counts), moving each owner's unread count and version.
 */
export async function deleteFileNotifications(trx: DatabaseTransaction, fileId: number): Promise<void> {
  const gone = await trx.deleteFrom('notifications').where('file_id', '=', fileId).returning(['tenant_id', 'user_id', 'company_id', 'viewed']).execute();
  const owners = new Map<string, NotificationCountOwner & { unread: number }>();
  for (const row of gone) {
    const key = `${row.user_id}:${row.company_id}`;
    const owner = owners.get(key) ?? { tenantId: row.tenant_id, userId: row.user_id, companyId: row.company_id, unread: 0 };
    if (row.viewed === 0) owner.unread += 1;
    owners.set(key, owner);
  }
  for (const owner of owners.values()) await adjustNotificationCount(trx, owner, -owner.unread);
}

export function createNotificationRepository(db: Database) {
  return {
    /**
     * Both lists, newest first, at most `limit` of each, with the unread count, in one read by the owner's
     * index and primary keys, the database writing each list's JSON text (server/db/json-text.ts): the
     * list is 200 rows, and as JavaScript objects they cost the request most of its time. Each
     * notification is joined to its product under the catalogue's visibility (product-visibility.repository.ts)
     * and to the active variant its reference names, and shows what namedByReference
     * (alarms/wished-products.ts) names of it while the reader may see it (its name in the reader's
     * language and its stock now, judged as core/stock-alarms.ts wishStock does), else the name it was
     * recorded with and out of stock. tests/api/notifications.test.ts holds this SQL to those two rules.
     * The list's flag and its length are the code's constants, written into the text: as parameters
     * SQLite ran the statement a third slower.
     */
    async listsAsJson(owner: NotificationOwner, limit: number, visibility: ProductVisibility, reader: NotificationReader): Promise<NotificationListsText> {
      const engine = engineOf(db);
      const productName = reader.english ? sql`coalesce(nullif(p.name_en, ''), p.name)` : sql`p.name`;
      const state = sql`case when l.stock is null or l.stock <= 0 then 'out' when l.stock >= l.wished then 'available' else 'short' end`;
      const stock = reader.seesStockNumbers
        ? sql`case when l.stock is null then ${jsonObject(engine, { state })} else ${jsonObject(engine, { value: sql`l.stock`, state })} end`
        : jsonObject(engine, { state });
      const list = (viewed: boolean) => {
        const fields = {
          _id: sql`l.id`,
          type: sql`l.type`,
          name: sql`l.name`,
          domainId: sql`l.product_id`,
          domainReference: sql`l.domain_reference`,
          quantity: sql`l.quantity`,
          createdAt: sql`l.created_at`,
          viewed: jsonBoolean(engine, viewed),
          stock,
          version: sql`l.file_version`,
        };
        // A reference that is the product's own sku names the product; only another one looks up its variant.
        const variant = sql`from product_variants v where v.tenant_id = n.tenant_id and v.variant_sku = n.domain_reference and v.product_id = p.id and v.is_active = 1`;
        const rows = sql`(
          select n.id, n.type, n.product_id, n.domain_reference, n.quantity, n.created_at, n.file_version,
            case when p.id is null then n.name
                 when n.domain_reference = p.sku then ${productName}
                 else coalesce((select coalesce(v.name, ${productName}) ${variant}), n.name) end as name,
            case when p.id is null then null
                 when n.domain_reference = p.sku then p.stock
                 else (select coalesce(v.stock, 0) ${variant}) end as stock,
            coalesce(n.quantity, p.sales_batch_size, 1) as wished
          from notifications n
          left join products p on p.id = n.product_id and ${visibleProduct('p', visibility)}
          where n.tenant_id = ${owner.tenantId} and n.user_id = ${owner.userId} and n.company_id = ${owner.companyId} and n.viewed = ${sql.lit(viewed ? 1 : 0)}
          order by n.created_at desc, n.id desc
          limit ${sql.lit(limit)}) l`;
        return jsonArrayText(engine, fields, rows, sql`l.created_at desc, l.id desc`);
      };
      const unread = sql`select unread from notification_counts where tenant_id = ${owner.tenantId} and user_id = ${owner.userId} and company_id = ${owner.companyId}`;
      const { rows } = await sql<{ not_viewed: string; viewed: string; unread: number | null }>`select (${list(false)}) as not_viewed, (${list(true)}) as viewed, (${unread}) as unread`.execute(db);
      const row = rows[0]!;
      return { notViewed: row.not_viewed, viewed: row.viewed, unread: Number(row.unread ?? 0) };
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
