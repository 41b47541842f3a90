import { Form, Link } from 'react-router';
import { stepFor } from '../../../core/quantity';
import { buttonClasses } from '../../components/ui/button';
import { BellIcon, InfoIcon } from '../../components/ui/icons';
import { Tooltip } from '../../components/ui/tooltip';
import { useTranslation } from '../../lib/i18n';
import { CartGlyph } from '../cart/cart-glyphs';
import { TrashGlyph } from '../cart/cart-page-glyphs';
import { alarmIntents } from './alarm-fields';
import { HiddenFields, IntentButton, useAlarmPageBusy } from './alarm-forms';
import { AlarmStockState } from './alarm-stock-state';
import { NotificationHeading } from './notification-heading';
import { alarmProductPath, type NotificationRow } from './alarm-types';
import { SafetySheetNotification } from './safety-sheet-notification';

// The notifications section of /alarm (docs/product.md, Stock alarms and notifications): the ones new
// at this visit first, then the earlier ones; each links to its product, says its stock now and puts it
// into the order cart right there (a safety data sheet's new version: safety-sheet-notification.tsx).

type Row = NotificationRow & { isNew: boolean };

export const quantityFieldClass = 'num h-9 w-24 rounded-md border border-zinc-300 bg-white px-2 text-right text-sm focus:border-brand focus:outline-2 focus:outline-brand';

function AddToCartForm({ row, productId, domainReference, buyableWithoutStock }: { row: Row; productId: number; domainReference: string; buyableWithoutStock: boolean }) {
  const { t } = useTranslation();
  const busy = useAlarmPageBusy();
  const item = row.product;
  const step = stepFor(item?.salesBatchSize);
  const refusal = !item || !item.price ? 'alarm.product.unavailable' : row.stock.state === 'out' && !buyableWithoutStock ? 'cart.product.out.of.stock' : null;
  const fieldId = `notification-quantity-${row._id}`;
  const button = (
    <button type="submit" disabled={busy} aria-disabled={refusal !== null || undefined} className={buttonClasses('primary', 'sm')} data-testid="notification-add-to-cart">
      <CartGlyph className="size-4" />
      {t('wishlist.add.to.cart')}
      <span className="sr-only">: {row.name}</span>
    </button>
  );
  return (
    <Form
      method="post"
      className="flex items-center gap-2"
      onSubmit={(event) => {
        if (refusal) event.preventDefault();
      }}
    >
      <HiddenFields fields={{ intent: alarmIntents.addToCart, productId, domainReference }} />
      <label htmlFor={fieldId} className="sr-only">
        {t('quantity.for', { name: row.name })}
      </label>
      <input
        id={fieldId}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={step}
        step={step}
        defaultValue={row.quantity && row.quantity > 0 ? row.quantity : step}
        required
        className={quantityFieldClass}
        data-testid="notification-quantity"
      />
      {refusal ? <Tooltip content={t(refusal)} align="end">{button}</Tooltip> : button}
    </Form>
  );
}

function NotificationRow({ row, buyableWithoutStock }: { row: Row; buyableWithoutStock: boolean }) {
  const { t } = useTranslation();
  return (
    <li data-testid="notification" data-new={row.isNew || undefined} data-sku={row.domainReference ?? undefined} className={`grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center ${row.isNew ? 'bg-info-soft' : ''}`}>
      <div className="min-w-0 space-y-1">
        <NotificationHeading isNew={row.isNew} type={row.type} createdAt={row.createdAt} />
        {row.domainId !== null && row.domainReference !== null ? (
          <Link to={alarmProductPath({ domainId: row.domainId, domainReference: row.domainReference })} className="block font-medium text-zinc-900 hover:text-brand-text hover:underline">
            {row.name}
          </Link>
        ) : (
          <p className="font-medium text-zinc-900">{row.name}</p>
        )}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600">
          {row.domainReference ? (
            <span>
              {t('cart.material.number')}: <span className="num">{row.domainReference}</span>
            </span>
          ) : null}
          {row.quantity ? <span>{t('notifications.wished', { quantity: row.quantity })}</span> : null}
          <AlarmStockState stock={row.stock} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {row.domainId !== null && row.domainReference !== null ? <AddToCartForm row={row} productId={row.domainId} domainReference={row.domainReference} buyableWithoutStock={buyableWithoutStock} /> : null}
        <IntentButton intent={alarmIntents.deleteNotification} fields={{ id: row._id }} label={`${t('notifications.delete')}: ${row.name}`} testId="notification-delete">
          <TrashGlyph className="size-4" />
          <span aria-hidden="true" className="max-sm:sr-only">{t('notifications.delete')}</span>
        </IntentButton>
      </div>
    </li>
  );
}

/** The empty list: the spec's 'Low in stock' info, and how to get notifications. */
function NoNotifications() {
  const { t } = useTranslation();
  return (
    <div data-testid="notifications-empty" role="status" className="flex gap-3 rounded-lg border border-blue-200 bg-info-soft p-4 text-sm text-zinc-900">
      <InfoIcon className="size-5 shrink-0 text-info" />
      <div className="space-y-1">
        <p className="font-semibold">{t('notifications.empty')}</p>
        <p className="text-zinc-700">
          {t('notifications.empty.hint.before')} <BellIcon className="inline size-4 align-text-bottom" /> {t('notifications.empty.hint.after')}
        </p>
      </div>
    </div>
  );
}

export function NotificationList({ newOnes, earlier, buyableWithoutStock }: { newOnes: NotificationRow[]; earlier: NotificationRow[]; buyableWithoutStock: boolean }) {
  const { t } = useTranslation();
  const rows: Row[] = [...newOnes.map((row) => ({ ...row, isNew: true })), ...earlier.map((row) => ({ ...row, isNew: false }))];
  return (
    <section aria-labelledby="notifications-title" className="space-y-3" data-testid="notifications">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notifications-title" className="text-lg font-semibold text-zinc-900">
          {t('notifications.title')} <span className="num text-sm font-normal text-zinc-600">({rows.length})</span>
        </h2>
        {rows.length > 0 ? (
          <IntentButton intent={alarmIntents.deleteAllNotifications} fields={{ id: rows.map((row) => row._id) }} variant="secondary" testId="notifications-delete-all">
            <TrashGlyph className="size-4" />
            {t('notifications.delete.all')}
          </IntentButton>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <NoNotifications />
      ) : (
        <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
          {rows.map((row) =>
            row.type === 'safetyDataSheet' ? (
              <SafetySheetNotification key={row._id} row={row} isNew={row.isNew} />
            ) : (
              <NotificationRow key={row._id} row={row} buyableWithoutStock={buyableWithoutStock} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
