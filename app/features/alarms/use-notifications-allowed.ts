import { useRootData } from '../session/use-root-data';

/**
 * Whether the person gets stock alarms and notifications: signed in, not the guest, and the shop has
 * `allowNotifications` on (docs/product.md, Stock alarms and notifications). The clock icon, the
 * sidebar entry and the /alarm page go by it; the bells show for guests too (they get the login modal).
 */
export function useNotificationsAllowed(): boolean {
  const { session, configuration } = useRootData();
  return session !== null && !session.account.isGuest && configuration.allowNotifications;
}
