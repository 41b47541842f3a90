import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { StatusChip, type ChipTone } from '../order-history/status-chip';
import type { RowStatus } from './sheet-fields';
import type { SheetRowView } from './sheet-view';

// A row's verdict in words: its status as a chip (colour and word) and the judge's message with its
// numbers ("10 → 12: packs of 6"), plus the articles an unknown number may have meant: while the row can be
// edited, each a button of the row's form (`formId`) that takes it as the row's sku, with or without JavaScript.

export const statusTones: Record<RowStatus, ChipTone> = { ready: 'success', adjusted: 'warning', merged: 'info', refused: 'danger' };

export function SheetRowVerdict({ row, formId, busy = false }: { row: SheetRowView; formId?: string | undefined; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <StatusChip tone={statusTones[row.status]} testId="row-status">
        {t(`quick_order.status.${row.status}`)}
      </StatusChip>
      {row.messageKey ? (
        <p className="text-sm text-zinc-800" data-testid="row-message">
          {t(row.messageKey, row.params)}
        </p>
      ) : null}
      {row.suggestions && row.suggestions.length > 0 && formId ? (
        <div className="text-sm text-zinc-700" data-testid="row-suggestions">
          <p>{t('quick_order.row.suggestions')}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {row.suggestions.map((suggestion) => (
              <li key={suggestion.sku}>
                <button
                  type="submit"
                  form={formId}
                  name="suggestion"
                  value={suggestion.sku}
                  disabled={busy}
                  aria-label={t('quick_order.row.take_suggestion', { line: row.line, sku: suggestion.sku, name: suggestion.name })}
                  className={buttonClasses('secondary', 'sm')}
                  data-testid="row-suggestion"
                >
                  <span className="font-mono">{suggestion.sku}</span>&nbsp;({suggestion.name})
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : row.suggestions && row.suggestions.length > 0 ? (
        <p className="text-sm text-zinc-700" data-testid="row-suggestions">
          {t('quick_order.row.suggestions')}{' '}
          {row.suggestions.map((suggestion, index) => (
            <span key={suggestion.sku}>
              {index > 0 ? ', ' : null}
              <span className="font-mono">{suggestion.sku}</span> ({suggestion.name})
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
