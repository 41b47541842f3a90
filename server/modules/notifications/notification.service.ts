import { localizedName, type Locale } from '../../../core/locale.ts';
import { maxListedNotifications, wishStock, type StockNotification } from '../../../core/stock-alarms.ts';
import type { RequestContext } from '../../context.ts';
import { seesStockNumbers } from '../access/access-policy.ts';
import type { NotificationUsers } from '../access/notification-users.ts';
import { namedByReference } from '../alarms/wished-products.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ListedNotificationRow, NotificationOwner, NotificationRepository } from './notification.repository.ts';

// Stock notifications (docs/product.md, Stock alarms and notifications): the list (not viewed and viewed,
// newest first, at most 100 of each) with each product's name in the reader's language and its stock state
// now, marking viewed, deleting, and the kept unread count with its version (the header's ETag). Ids of
// other users or companies change nothing.

interface NotificationDeps {
  catalog: Pick<CatalogService, 'visibilityOf'>;
  notifications: NotificationRepository;
  notificationUsers: NotificationUsers;
}

export interface NotificationList {
  data: { notViewed: StockNotification[]; viewed: StockNotification[] };
  unreadNotificationCount: number;
}

export interface NotificationCount {
  /** The owner's tag: "<userId>-<companyId>-<version>". */
  etag: string;
  unreadNotificationCount: number;
  version: number;
}

function ownerOf(ctx: { tenant: { id: number }; identity: { userId: number; companyId: number } }): NotificationOwner {
  return { tenantId: ctx.tenant.id, userId: ctx.identity.userId, companyId: ctx.identity.companyId };
}

/**
 * A notification as its reader sees it: the name of the product (in the reader's language) or of the
 * variant the reference names, and its stock now, while the reader may see it; else the name it was
 * recorded with, and out of stock.
 */
function toNotification(row: ListedNotificationRow, locale: Locale, seesNumbers: boolean): StockNotification {
  const product = row.product_sku === null ? null : { sku: row.product_sku, name: localizedName(locale, row.product_name!, row.product_name_en), stock: row.product_stock! };
  const variant = row.variant_id === null ? null : { name: row.variant_name, stock: row.variant_stock };
  const named = product === null || row.domain_reference === null ? undefined : namedByReference(product, row.domain_reference, variant);
  return {
    _id: row.id,
    type: row.type,
    name: named?.name ?? row.name,
    domainId: row.product_id,
    domainReference: row.domain_reference,
    quantity: row.quantity,
    createdAt: row.created_at,
    viewed: row.viewed === 1,
    stock: wishStock(named?.stock ?? null, row.quantity ?? row.product_batch_size ?? 1, seesNumbers),
  };
}

export function createNotificationService(deps: NotificationDeps) {
  return {
    async listNotifications(requestCtx: RequestContext): Promise<NotificationList> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      const owner = ownerOf(ctx);
      const visibility = await deps.catalog.visibilityOf(ctx);
      const [notViewed, viewed, count] = await Promise.all([
        deps.notifications.list(owner, false, maxListedNotifications, visibility),
        deps.notifications.list(owner, true, maxListedNotifications, visibility),
        deps.notifications.count(owner),
      ]);
      const seesNumbers = seesStockNumbers(ctx.identity);
      const shown = (row: ListedNotificationRow) => toNotification(row, ctx.locale, seesNumbers);
      return { data: { notViewed: notViewed.map(shown), viewed: viewed.map(shown) }, unreadNotificationCount: count.unread };
    },

    async setViewed(requestCtx: RequestContext, ids: readonly number[]): Promise<{ unreadNotificationCount: number }> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      return { unreadNotificationCount: await deps.notifications.setViewed(ownerOf(ctx), [...new Set(ids)]) };
    },

    async deleteNotifications(requestCtx: RequestContext, ids: readonly number[]): Promise<{ deleted: number; unreadNotificationCount: number }> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      const { deleted, unread } = await deps.notifications.delete(ownerOf(ctx), [...new Set(ids)]);
      return { deleted, unreadNotificationCount: unread };
    },

    /** The unread count for the header, with the tag that changes whenever the owner's notifications do. */
    async countNotifications(requestCtx: RequestContext): Promise<NotificationCount> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      const { unread, version } = await deps.notifications.count(ownerOf(ctx));
      return { etag: `"${ctx.identity.userId}-${ctx.identity.companyId}-${version}"`, unreadNotificationCount: unread, version };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
