import type { RootLoaderData } from '../../root';
import type { SessionAccount } from '../session/account-name';
import { useRootData } from '../session/use-root-data';

/**
 * Whether the person gets stock alarms and notifications: signed in, not the guest, the shop has
 * `allowNotifications` on, and a sales person acts for a company (their alarms are that company's)
 * (docs/product.md, Stock alarms and notifications). The clock icon, the sidebar entry and the /alarm
 * page go by it; the bells show for guests too (they get the login modal).
 */
export function notificationsAllowedFor(account: SessionAccount | undefined, configuration: Pick<RootLoaderData['configuration'], 'allowNotifications'>): boolean {
  if (!account || account.isGuest || !configuration.allowNotifications) return false;
  return !account.isSalesPerson || account.company !== null;
}

export function useNotificationsAllowed(): boolean {
  const { session, configuration } = useRootData();
  return notificationsAllowedFor(session?.account, configuration);
}
