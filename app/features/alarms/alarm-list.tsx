import { Form, Link } from 'react-router';
import { stepFor } from '../../../core/quantity';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { TrashGlyph } from '../cart/cart-page-glyphs';
import { RepeatGlyph } from '../order-history/history-glyphs';
import { alarmIntents } from './alarm-fields';
import { HiddenFields, IntentButton, useAlarmPageBusy } from './alarm-forms';
import { maxAlarmQuantity } from '../../../core/stock-alarms';
import { AlarmStockState } from './alarm-stock-state';
import { alarmProductPath, type AlarmRow } from './alarm-types';
import { quantityFieldClass } from './notification-list';

// The alarms section of /alarm (docs/product.md, Stock alarms and notifications): each alarm's product,
// its wished quantity (changing it saves and arms it again), when it was set and when it fired; a fired
// alarm can be armed again. A table on desktop, a card per alarm on phones.

type Row = AlarmRow;

function QuantityForm({ row }: { row: Row }) {
  const { t } = useTranslation();
  const busy = useAlarmPageBusy();
  const step = stepFor(row.product?.salesBatchSize);
  const fieldId = `alarm-quantity-${row._id}`;
  return (
    <Form method="post" className="flex items-center gap-2">
      <HiddenFields fields={{ intent: alarmIntents.saveAlarm, id: row._id }} />
      <label htmlFor={fieldId} className="sr-only">
        {t('alarm.quantity.for', { name: row.name })}
      </label>
      <input id={fieldId} name="quantity" type="number" inputMode="numeric" min={step} step={step} max={maxAlarmQuantity} defaultValue={row.quantity} required className={quantityFieldClass} data-testid="alarm-row-quantity" />
      {row.product?.salesUnit ? <span className="text-xs text-zinc-600">{row.product.salesUnit.name}</span> : null}
      <button type="submit" disabled={busy} className={buttonClasses('secondary', 'sm')} data-testid="alarm-row-save">
        {t('alarm.quantity.save')}
        <span className="sr-only">: {row.name}</span>
      </button>
    </Form>
  );
}

function AlarmRow({ row }: { row: Row }) {
  const { t, locale } = useTranslation();
  const cell = 'px-3 py-3 align-middle max-lg:px-0 max-lg:py-0';
  return (
    <tr data-testid="alarm-row" data-sku={row.domainReference} data-fired={row.firedAt ? true : undefined} className="border-b border-zinc-200 max-lg:grid max-lg:gap-2 max-lg:p-4">
      <td className={cell}>
        <Link to={alarmProductPath(row)} className="font-medium text-zinc-900 hover:text-brand-text hover:underline">
          {row.name}
        </Link>
        <span className="num block text-xs text-zinc-600">{row.domainReference}</span>
        <span className="lg:hidden">
          <AlarmStockState stock={row.stock} />
        </span>
      </td>
      <td className={`${cell} max-lg:hidden`}>
        <AlarmStockState stock={row.stock} />
      </td>
      <td className={cell}>
        <QuantityForm row={row} />
      </td>
      <td className={`${cell} num text-sm text-zinc-700`}>
        <span className="text-xs text-zinc-600 lg:hidden">{t('alarm.column.created')}: </span>
        {formatShopDateNumeric(row.createdAt, locale)}
      </td>
      <td className={`${cell} text-sm text-zinc-700`} data-testid="alarm-fired">
        <span className="text-xs text-zinc-600 lg:hidden">{t('alarm.column.status')}: </span>
        {row.firedAt ? t('alarm.fired.on', { date: formatShopDateNumeric(row.firedAt, locale) }) : t('alarm.armed')}
      </td>
      <td className={`${cell} lg:text-right`}>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {row.firedAt ? (
            <IntentButton
              intent={alarmIntents.saveAlarm}
              fields={{ id: row._id, quantity: row.quantity }}
              label={`${t('alarm.rearm')}: ${row.name}`}
              variant="secondary"
              testId="alarm-rearm"
            >
              <RepeatGlyph className="size-4" />
              <span aria-hidden="true">{t('alarm.rearm')}</span>
            </IntentButton>
          ) : null}
          <IntentButton intent={alarmIntents.deleteAlarm} fields={{ id: row._id }} label={`${t('alarm.delete')}: ${row.name}`} testId="alarm-delete">
            <TrashGlyph className="size-4" />
            <span aria-hidden="true">{t('alarm.delete')}</span>
          </IntentButton>
        </div>
      </td>
    </tr>
  );
}

export function AlarmList({ alarms }: { alarms: Row[] }) {
  const { t } = useTranslation();
  const head = 'px-3 py-2 text-left text-xs font-semibold text-zinc-700';
  return (
    <section aria-labelledby="alarms-title" className="space-y-3" data-testid="alarms">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="alarms-title" className="text-lg font-semibold text-zinc-900">
          {t('alarm.list.title')} <span className="num text-sm font-normal text-zinc-600">({alarms.length})</span>
        </h2>
        {alarms.length > 0 ? (
          <IntentButton intent={alarmIntents.deleteAllAlarms} fields={{ id: alarms.map((row) => row._id) }} variant="secondary" testId="alarms-delete-all">
            <TrashGlyph className="size-4" />
            {t('alarm.delete.all')}
          </IntentButton>
        ) : null}
      </div>
      {alarms.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-4 text-sm text-zinc-700" data-testid="alarms-empty">
          {t('alarm.list.empty')}
        </p>
      ) : (
        <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
          <table className="w-full border-collapse text-sm max-lg:block">
            <caption className="sr-only">{t('alarm.list.title')}</caption>
            <thead className="bg-zinc-50 max-lg:hidden">
              <tr className="border-b border-zinc-200">
                <th scope="col" className={head}>{t('alarm.column.product')}</th>
                <th scope="col" className={head}>{t('alarm.column.stock')}</th>
                <th scope="col" className={head}>{t('alarm.column.quantity')}</th>
                <th scope="col" className={head}>{t('alarm.column.created')}</th>
                <th scope="col" className={head}>{t('alarm.column.status')}</th>
                <th scope="col" className={`${head} text-right`}>
                  <span className="sr-only">{t('alarm.column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-lg:block">
              {alarms.map((row) => (
                <AlarmRow key={row._id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
