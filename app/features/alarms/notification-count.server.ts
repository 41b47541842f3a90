import { meetsRequirement } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import type { NotificationCount } from './alarm-types';

/**
 * The header's unread count for the layout's loader (the kept count: one primary-key read), or null
 * where notifications are not allowed (guests, a shop without notifications). A failure leaves the
 * badge out rather than taking the page down.
 */
export async function layoutNotificationCount({ services, ctx }: AppLoadContext): Promise<NotificationCount | null> {
  if (!ctx.identity || !meetsRequirement(ctx, 'buyer')) return null;
  try {
    if (!(await services.settings.getConfiguration(ctx)).allowNotifications) return null;
    return await services.notifications.count(ctx);
  } catch (error) {
    console.error(error);
    return null;
  }
}
