import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useAlarmStore } from '../../stores/alarm-store';
import { useNotificationCountStore } from '../../stores/notification-count-store';
import { ClockGlyph } from '../catalog/catalog-glyphs';
import { useSession } from '../session/use-root-data';
import type { NotificationCount } from './alarm-types';
import { alarmPagePath } from './alarm-fields';

// The notification (clock) icon with the unread count (docs/product.md, Stock alarms and notifications):
// in the header, and in the phones' bottom navigation. Shown only where notifications are allowed.

const badge = 'price inline-flex items-center justify-center rounded-full bg-brand font-semibold text-brand-foreground';

/** The count the layout's loader read (null where notifications are not allowed). */
function useLayoutCount(): NotificationCount | null {
  const layout = useRouteLoaderData<{ notificationCount: NotificationCount | null }>('layouts/default-layout');
  return layout?.notificationCount ?? null;
}

/**
 * Takes the layout's count and asks again after every client navigation (304 while nothing changed).
 * Rendered once, by the header.
 */
function NotificationCountSync() {
  const layoutCount = useLayoutCount();
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (layoutCount) useNotificationCountStore.getState().hydrate(layoutCount);
  }, [layoutCount]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void useNotificationCountStore.getState().refresh();
  }, [pathname, search]);
  return null;
}

/**
 * Reads the buyer's alarms once per session, so the bells know which products are watched; again when
 * a sales person acts for another company (its alarms are that company's).
 */
function AlarmDataLoader() {
  const companyId = useSession()?.account.company?._id ?? null;
  const loadedFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const alarms = useAlarmStore.getState();
    alarms.setEnabled(true);
    if (!alarms.loaded || (loadedFor.current !== undefined && loadedFor.current !== companyId)) void alarms.load();
    loadedFor.current = companyId;
  }, [companyId]);
  return null;
}

function useUnreadCount(): number {
  const layoutCount = useLayoutCount();
  const stored = useNotificationCountStore((state) => (state.etag === null ? null : state.unreadNotificationCount));
  // Until the store has a count, the server's (so the first paint already shows it).
  return stored ?? layoutCount?.unreadNotificationCount ?? 0;
}

const shown = (count: number) => (count > 99 ? '99+' : String(count));

export function HeaderNotificationLink() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  const label = t('header.notifications', { count });
  return (
    <>
      <NotificationCountSync />
      <AlarmDataLoader />
      <Link
        to={alarmPagePath}
        data-testid="header-notifications"
        aria-label={label}
        title={label}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <ClockGlyph className="size-5" />
        {count > 0 ? (
          <span data-testid="header-notifications-count" aria-hidden="true" className={`${badge} absolute -top-0.5 -right-0.5 h-5 min-w-5 px-1 text-xs`}>
            {shown(count)}
          </span>
        ) : null}
      </Link>
    </>
  );
}

/** The entry of the phones' bottom navigation. */
export function MobileNotificationLink({ className, activeClassName }: { className: string; activeClassName: string }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  return (
    <NavLink to={alarmPagePath} data-testid="bottom-nav-notifications" className={({ isActive }) => (isActive ? activeClassName : className)}>
      <span className="relative">
        <ClockGlyph className="size-5" />
        {count > 0 ? (
          <span className={`${badge} absolute -top-1.5 -right-2.5 h-4 min-w-4 px-1 text-[0.625rem]`}>
            {shown(count)}
            <span className="sr-only"> {t('notifications.unread.suffix')}</span>
          </span>
        ) : null}
      </span>
      {t('bottom.nav.notifications')}
    </NavLink>
  );
}
