import { formatShopDate } from '../../../core/shop-date-format';
import type { NotificationType } from '../../../core/stock-alarms';
import { useTranslation } from '../../lib/i18n';

/** The line above a notification of /alarm, whatever its kind: "new" while unread, its kind and when it came. */
export function NotificationHeading({ isNew, type, createdAt }: { isNew: boolean; type: NotificationType; createdAt: string }) {
  const { t, locale } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs font-medium text-zinc-700">
      {isNew ? <span className="rounded-full bg-brand px-2 py-0.5 text-brand-foreground" data-testid="notification-new">{t('notifications.new')}</span> : null}
      <span>{t(`notifications.type.${type}`)}</span>
      <span aria-hidden="true">·</span>
      <span className="num">{formatShopDate(createdAt, locale, true)}</span>
    </p>
  );
}
