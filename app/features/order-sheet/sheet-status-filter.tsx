import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../catalog/format-number';
import { rowStatuses, type RowStatus } from './sheet-fields';
import type { SheetSummary } from './sheet-view';

// The summary of an import as filter chips: all lines, then one chip per status with its count. A chip
// is a toggle button (aria-pressed); the chosen one shows only its rows. Without JavaScript every row shows.

export function SheetStatusFilter({ summary, current, onChange }: { summary: SheetSummary; current: RowStatus | null; onChange: (status: RowStatus | null) => void }) {
  const { t, locale } = useTranslation();
  const chip = (status: RowStatus | null) => {
    const pressed = current === status;
    return (
      <li key={status ?? 'all'}>
        <button
          type="button"
          aria-pressed={pressed}
          onClick={() => onChange(status)}
          className={`inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
            pressed ? 'border-brand bg-brand-soft text-brand-text' : 'border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100'
          }`}
          data-testid={`filter-${status ?? 'all'}`}
        >
          {t(status ? `quick_order.status.${status}` : 'quick_order.filter.all')}
          <span className="num rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-800" data-testid={`count-${status ?? 'lines'}`}>
            {formatNumber(status ? summary[status] : summary.lines, locale)}
          </span>
        </button>
      </li>
    );
  };
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('quick_order.filter.label')} data-testid="sheet-summary">
      {chip(null)}
      {rowStatuses.map((status) => chip(status))}
    </ul>
  );
}
