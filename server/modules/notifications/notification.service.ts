import { maxListedNotifications, type StockNotification } from '../../../core/stock-alarms.ts';
import type { RequestContext } from '../../context.ts';
import type { NotificationUsers } from '../access/notification-users.ts';
import { lookUpWishedProducts, type WishedProductDeps, type WishedProducts } from '../alarms/wished-products.ts';
import type { NotificationOwner, NotificationRepository, NotificationRow } from './notification.repository.ts';

// Stock notifications (docs/product.md, Stock alarms and notifications): the list (not viewed and viewed,
// newest first, at most 100 of each) with each product's name in the reader's language and its stock state
// now, marking viewed, deleting, and the kept unread count with its version (the header's ETag). Ids of
// other users or companies change nothing.

interface NotificationDeps extends WishedProductDeps {
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

function toNotification(row: NotificationRow, wished: WishedProducts): StockNotification {
  const product = wished.find(row.product_id, row.domain_reference);
  return {
    _id: row.id,
    type: row.type,
    name: product?.name ?? row.name,
    domainId: row.product_id,
    domainReference: row.domain_reference,
    quantity: row.quantity,
    createdAt: row.created_at,
    viewed: row.viewed === 1,
    stock: wished.stockOf(row.product_id, row.domain_reference, row.quantity ?? product?.product.salesBatchSize ?? 1),
  };
}

export function createNotificationService(deps: NotificationDeps) {
  return {
    async listNotifications(requestCtx: RequestContext): Promise<NotificationList> {
      const ctx = await deps.notificationUsers.contextOf(requestCtx);
      const owner = ownerOf(ctx);
      const [notViewed, viewed, count] = await Promise.all([
        deps.notifications.list(owner, false, maxListedNotifications),
        deps.notifications.list(owner, true, maxListedNotifications),
        deps.notifications.count(owner),
      ]);
      const wishes = [...notViewed, ...viewed].flatMap((row) =>
        row.product_id === null || row.domain_reference === null ? [] : [{ productId: row.product_id, domainReference: row.domain_reference }],
      );
      const wished = await lookUpWishedProducts(ctx, deps, wishes);
      return {
        data: { notViewed: notViewed.map((row) => toNotification(row, wished)), viewed: viewed.map((row) => toNotification(row, wished)) },
        unreadNotificationCount: count.unread,
      };
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
