import { formatMoney } from '../../../core/money';
import type { FinanceStatusView } from '../../../server/page-surface.server';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../catalog/format-number';

// The company's open invoices by how late they are (current, 1–30, 31–60, 61–90, more than 90 days
// overdue): one bar per age with its amount and count written next to it. The bars only draw what the
// words say (hidden from screen readers); the colours darken with the age, and each bar keeps 3:1
// against white (WCAG 1.4.11).

const barTones: Record<string, string> = {
  current: 'bg-blue-700',
  '1-30': 'bg-amber-600',
  '31-60': 'bg-orange-600',
  '61-90': 'bg-red-600',
  '90+': 'bg-red-800',
};

export function AgingChart({ aging }: { aging: FinanceStatusView['aging'] }) {
  const { t, locale } = useTranslation();
  // A bar's length is its share of the largest bucket: a proportion to draw, not an amount.
  const largest = Math.max(0, ...aging.map((bucket) => bucket.amount.value));
  return (
    <figure className="space-y-2" data-testid="aging-chart">
      <figcaption className="text-sm font-medium text-zinc-800">{t('finance.aging.title')}</figcaption>
      <ul className="space-y-1.5">
        {aging.map((bucket) => {
          const share = largest > 0 ? Math.max(bucket.amount.value > 0 ? 2 : 0, Math.round((bucket.amount.value / largest) * 100)) : 0;
          return (
            // Phones: the words and the amount on one line, the bar under them; wider: one row each.
            <li key={bucket.bucket} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[11rem_minmax(0,1fr)_auto]" data-testid={`aging-${bucket.bucket}`}>
              <span className="col-start-1 row-start-1 text-zinc-700">{t(`finance.aging.${bucket.bucket.replace('-', '_').replace('+', '_plus')}`)}</span>
              <span aria-hidden="true" className="col-span-2 col-start-1 row-start-2 h-3 rounded-sm bg-zinc-100 sm:col-span-1 sm:col-start-2 sm:row-start-1">
                <span className={`block h-3 rounded-sm ${barTones[bucket.bucket] ?? 'bg-zinc-600'}`} style={{ width: `${share}%` }} />
              </span>
              <span className="price col-start-2 row-start-1 text-right text-zinc-900 sm:col-start-3">
                {formatMoney(bucket.amount.value, bucket.amount.currency, locale)}{' '}
                <span className="text-xs text-zinc-600">({t('finance.aging.count', { count: bucket.count, formatted: formatNumber(bucket.count, locale) })})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
