import { isAppError, meetsRequirement } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import type { NotificationCount } from './alarm-types';

/**
 * The header's unread count for the layout's loader (the kept count: one primary-key read), or null
 * where notifications are not allowed (guests, a shop without notifications, a sales person acting for
 * no company). A failure leaves the badge out rather than taking the page down.
 */
export async function layoutNotificationCount({ services, ctx }: AppLoadContext): Promise<NotificationCount | null> {
  if (!meetsRequirement(ctx, 'notificationUser')) return null;
  try {
    const { unreadNotificationCount, etag } = await services.notifications.countNotifications(ctx);
    return { unreadNotificationCount, etag };
  } catch (error) {
    // Notifications off, a sales person acting for no company: no count, and nothing to log.
    if (!isAppError(error) || error.statusCode >= 500) console.error(error);
    return null;
  }
}
