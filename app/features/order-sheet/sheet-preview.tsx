import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { SheetConfirmForm } from './sheet-confirm-form';
import { SheetConfirmed } from './sheet-confirmed';
import { SheetOriginNotice } from './sheet-origin-notice';
import { correctionsPath, orderSheetPath, type RowStatus } from './sheet-fields';
import { SheetRowItem } from './sheet-row-item';
import { SheetStatusFilter } from './sheet-status-filter';
import type { SheetView } from './sheet-view';

// The preview of an import: its counts as filter chips, every line with its verdict (editable until the
// import is confirmed), the rows as an XLSX file to correct in a spreadsheet, and the confirmation, or what
// a confirmation put into the cart.

export function SheetPreview({ sheet }: { sheet: SheetView }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RowStatus | null>(null);
  const rows = status ? sheet.rows.filter((row) => row.status === status) : sheet.rows;
  const editable = sheet.confirmed === null;
  return (
    <div className="space-y-4" data-testid="sheet-preview" data-import={sheet.importId}>
      {sheet.confirmed ? <SheetConfirmed sheet={sheet} confirmed={sheet.confirmed} /> : null}
      <SheetOriginNotice sheet={sheet} />
      <SheetStatusFilter summary={sheet.summary} current={status} onChange={setStatus} />
      <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
        <table className="block w-full text-left sm:table" data-testid="sheet-rows">
          <caption className="sr-only">{t('quick_order.table.caption')}</caption>
          <thead className="hidden border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-600 sm:table-header-group">
            <tr>
              <th scope="col" className="px-3 py-2">{t('quick_order.column.line')}</th>
              <th scope="col" className="px-3 py-2">{t('quick_order.column.sku')}</th>
              <th scope="col" className="px-3 py-2">{t('quick_order.column.product')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('quick_order.column.price')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('quick_order.column.quantity')}</th>
              <th scope="col" className="px-3 py-2">{t('quick_order.column.status')}</th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('quick_order.column.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {rows.map((row) => (
              <SheetRowItem key={row.line} row={row} importId={sheet.importId} editable={editable} />
            ))}
          </tbody>
        </table>
      </div>
      {editable ? <SheetConfirmForm sheet={sheet} /> : null}
      <p className="text-sm text-zinc-700">
        <a href={correctionsPath(sheet.importId)} download className="font-medium text-brand-text hover:underline" data-testid="sheet-corrections">
          {t('quick_order.corrections.download')}
        </a>{' '}
        {t('quick_order.corrections.hint')}
      </p>
      <p className="text-sm">
        <Link to={orderSheetPath} className="font-medium text-brand-text hover:underline" data-testid="sheet-new">
          {t('quick_order.new')}
        </Link>
      </p>
    </div>
  );
}
