import type { ReactNode } from 'react';
import { formatAmount } from '../../../core/money';
import type { FinanceList } from '../../../server/page-surface.server';
import { WarningIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { formatShopDateNumeric } from '../../../core/shop-date-format';
import { PdfLink } from '../order-history/download-links';
import { AgingChart } from './aging-chart';
import { statementPath } from './finance-fields';

// The top of the finance view (what matters first): what the company owes, the part of it
// overdue, credit notes not yet settled, the balance and the oldest overdue due date, then the open
// invoices by age, and the account statement of open items as PDF. An overdue amount is marked by colour,
// an icon and its words.

function Figure({ label, children, tone = 'plain', testId }: { label: string; children: ReactNode; tone?: 'plain' | 'danger'; testId: string }) {
  return (
    <div className={`rounded-md border p-3 ${tone === 'danger' ? 'border-red-200 bg-danger-soft' : 'border-zinc-200 bg-zinc-50'}`}>
      <dt className={`text-xs font-medium ${tone === 'danger' ? 'text-red-900' : 'text-zinc-600'}`}>{label}</dt>
      <dd className={`price mt-1 flex items-center gap-1 text-base font-semibold sm:text-lg ${tone === 'danger' ? 'text-red-900' : 'text-zinc-900'}`} data-testid={testId}>
        {tone === 'danger' ? <WarningIcon className="size-4 shrink-0 text-danger sm:size-5" /> : null}
        {children}
      </dd>
    </div>
  );
}

export function FinanceSummary({ status }: { status: FinanceList['financeStatus'] }) {
  const { t, locale } = useTranslation();
  const money = (amount: { value: number; currency: string }) => formatAmount(amount, locale);
  const overdue = status.overdueAmount.value > 0;
  return (
    <section aria-labelledby="finance-summary-title" className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4" data-testid="finance-summary">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="finance-summary-title" className="text-base font-semibold text-zinc-900">
          {t('finance.summary.title')}
        </h2>
        <PdfLink href={statementPath} testId="statement-pdf">
          {t('finance.summary.statement')} (PDF)
        </PdfLink>
      </div>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-5">
        <Figure label={t('finance.summary.open')} testId="summary-open">
          {money(status.openAmount)}
        </Figure>
        <Figure label={t('finance.summary.overdue')} tone={overdue ? 'danger' : 'plain'} testId="summary-overdue">
          {money(status.overdueAmount)}
        </Figure>
        <Figure label={t('finance.summary.credits')} testId="summary-credits">
          {money(status.unsettledCredits)}
        </Figure>
        <Figure label={t('finance.summary.balance')} testId="summary-balance">
          {money(status.balance)}
        </Figure>
        <Figure label={t('finance.summary.oldest_overdue')} tone={status.oldestOverdueDueDate ? 'danger' : 'plain'} testId="summary-oldest">
          {status.oldestOverdueDueDate ? <span className="num">{formatShopDateNumeric(status.oldestOverdueDueDate, locale)}</span> : t('finance.summary.none_overdue')}
        </Figure>
      </dl>
      <AgingChart aging={status.aging} />
      {status.otherCurrencies.length > 0 ? (
        <p className="text-xs text-zinc-600" data-testid="summary-other-currencies">
          {t('finance.summary.other_currencies', { amounts: status.otherCurrencies.map((other) => money(other.openAmount)).join(', ') })}
        </p>
      ) : null}
    </section>
  );
}
