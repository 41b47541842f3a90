import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { requireAccess, requireCompany, type CompanyContext } from './access-policy.ts';

// Who uses stock alarms and notifications (docs/product.md, Stock alarms and notifications): full accounts
// (the shared guest: 403 'error.login_required') when the shop allows notifications (site setting
// allowNotifications, else 403 'error.notifications_not_allowed'), for the company they act for (a sales
// person who chose none: 403 'error.forbidden', like the cart). Alarms and notifications belong to the user
// and that company.

export function createNotificationUsers(deps: { settings: Pick<SettingsService, 'getConfiguration'> }) {
  return {
    /** The caller's context when they may use alarms and notifications; throws the refusal otherwise. */
    async contextOf(requestCtx: RequestContext): Promise<CompanyContext> {
      const ctx = requireAccess(requestCtx, 'notificationUser');
      const { allowNotifications } = await deps.settings.getConfiguration(ctx);
      if (!allowNotifications) throw new AppError('forbidden', 'error.notifications_not_allowed');
      return requireCompany(ctx);
    },
  };
}

export type NotificationUsers = ReturnType<typeof createNotificationUsers>;
