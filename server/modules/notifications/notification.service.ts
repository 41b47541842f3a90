import { maxListedNotifications, type StockNotification } from '../../../core/stock-alarms.ts';
import type { RequestContext } from '../../context.ts';
import { seesStockNumbers } from '../access/access-policy.ts';
import type { NotificationUsers } from '../access/notification-users.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { NotificationOwner, NotificationRepository } from './notification.repository.ts';

// Notifications (docs/product.md, Stock alarms and notifications): the list (not viewed and viewed, newest
// first, at most 100 of each) with each product's name in the reader's language and its stock state now (a
// safety data sheet's new version with that version: Product documents and downloads), marking viewed,
// deleting, and the kept unread count with its version (the header's ETag). Ids of other users or
// companies change nothing.

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

export function createNotificationService(deps: NotificationDeps) {
  /** GET /api/notification's answer as JSON text, written by the database (notification.repository.ts). */
  async function listNotificationsJson(requestCtx: RequestContext): Promise<string> {
    const ctx = await deps.notificationUsers.contextOf(requestCtx);
    const reader = { english: ctx.locale === 'en', seesStockNumbers: seesStockNumbers(ctx.identity) };
    const lists = await deps.notifications.listsAsJson(ownerOf(ctx), maxListedNotifications, await deps.catalog.visibilityOf(ctx), reader);
    return `{"data":{"notViewed":${lists.notViewed},"viewed":${lists.viewed}},"unreadNotificationCount":${lists.unread}}`;
  }

  return {
    listNotificationsJson,

    /** The same answer as objects (the /alarm page). */
    async listNotifications(requestCtx: RequestContext): Promise<NotificationList> {
      return JSON.parse(await listNotificationsJson(requestCtx)) as NotificationList;
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
