import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { TrashGlyph } from '../cart/cart-page-glyphs';
import { alarmIntents } from './alarm-fields';
import { IntentButton } from './alarm-forms';
import { alarmProductPath, type NotificationRow } from './alarm-types';
import { NotificationHeading } from './notification-heading';

// A new version of a safety data sheet in the notification list of /alarm (docs/product.md, Product documents
// and downloads): which product's sheet, in which version, linking to the product page where the sheet is;
// no stock and no cart here, it is about the document.

export function SafetySheetNotification({ row, isNew }: { row: NotificationRow; isNew: boolean }) {
  const { t } = useTranslation();
  const text = t('notifications.safety_sheet', { name: row.name, version: row.version ?? '' });
  return (
    <li data-testid="notification" data-type={row.type} data-new={isNew || undefined} data-sku={row.domainReference ?? undefined} className={`grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center ${isNew ? 'bg-info-soft' : ''}`}>
      <div className="min-w-0 space-y-1">
        <NotificationHeading isNew={isNew} type={row.type} createdAt={row.createdAt} />
        {row.domainId !== null && row.domainReference !== null ? (
          <Link to={alarmProductPath({ domainId: row.domainId, domainReference: row.domainReference })} className="block font-medium text-zinc-900 hover:text-brand-text hover:underline">
            {text}
          </Link>
        ) : (
          <p className="font-medium text-zinc-900">{text}</p>
        )}
        {row.domainReference ? (
          <p className="text-xs text-zinc-600">
            {t('cart.material.number')}: <span className="num">{row.domainReference}</span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <IntentButton intent={alarmIntents.deleteNotification} fields={{ id: row._id }} label={`${t('notifications.delete')}: ${text}`} testId="notification-delete">
          <TrashGlyph className="size-4" />
          <span aria-hidden="true" className="max-sm:sr-only">{t('notifications.delete')}</span>
        </IntentButton>
      </div>
    </li>
  );
}
