import { accountListPageSize } from '../../core/list-page';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/my-account.invoices';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { LockIcon } from '../features/finance/finance-glyphs';
import { formatNumber } from '../features/catalog/format-number';
import { listingSearch } from '../features/catalog/listing-params';
import { pageCount } from '../features/catalog/pagination';
import { PaginationNav } from '../features/catalog/pagination-nav';
import { invoicesPath } from '../features/finance/finance-fields';
import { FinanceFilters } from '../features/finance/finance-filters';
import { FinanceDocuments } from '../features/finance/finance-list';
import { FinanceSummary } from '../features/finance/finance-summary';
import { loadFinance } from '../features/finance/finance.server';
import { ExportLinks } from '../features/order-history/download-links';
import { downloadQuery, isFiltered } from '../features/order-history/list-url';
import { EmptyState, LoadFailure } from '../features/order-history/list-states';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';

// /my-account/invoices (docs/product.md, Finance): the finance view. On top what the company owes (open amount, of
// it overdue, credit notes not yet settled, the balance, the oldest overdue due date), the open invoices
// by age, and the statement of open items as PDF; below the invoices and credit notes, searched, filtered
// by type, status and date, sorted and paged in the URL, each with its PDF, and the list as XLSX or CSV.
// Customer admins see the company's documents; other users only where the company shares them, else the
// page says why there is nothing (403 'finance.not_shared').

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFinance(context.get(appLoadContext), new URL(request.url));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'invoices');
}

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const location = useLocation();
  const { values, problems, result, sorts } = loaderData;
  const heading = <h1 className="text-2xl font-semibold text-zinc-900">{t('finance.title')}</h1>;

  if (result.state === 'notShared') {
    return (
      <div className="space-y-4" data-testid="finance-view">
        {heading}
        <div className="flex gap-3 rounded-lg border border-blue-200 bg-info-soft p-4" data-testid="finance-not-shared">
          <LockIcon className="size-6 shrink-0 text-info" />
          <div className="space-y-1 text-sm text-zinc-900">
            <p className="font-semibold">{t('finance.not_shared')}</p>
            <p>{t('finance.not_shared.hint')}</p>
          </div>
        </div>
      </div>
    );
  }

  const filtered = isFiltered(values);
  const exportHref = (format: 'xlsx' | 'csv') => `${invoicesPath}/export?${downloadQuery(values, { format })}`;
  const summary = result.state === 'loaded' ? result.list.financeStatus : result.state === 'invalid' ? result.financeStatus : null;
  return (
    <div className="space-y-4" data-testid="finance-view">
      {heading}
      {summary ? <FinanceSummary status={summary} /> : null}
      <FinanceFilters key={location.search} values={values} problems={problems} sorts={sorts} />

      {result.state === 'failed' ? <LoadFailure message={t('finance.load_failed')} retryTo={`${location.pathname}${location.search}`} /> : null}
      {result.state === 'invalid' ? (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-red-900" data-testid="filter-problem">
          {t('account_list.invalid_filters')}
        </p>
      ) : null}
      {result.state === 'loaded' ? (
        <section aria-labelledby="finance-results" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <h2 id="finance-results" className="num text-sm font-medium text-zinc-800" aria-live="polite" data-testid="finance-count">
              {t('finance.count', { count: result.list.meta.total, formatted: formatNumber(result.list.meta.total, locale) })}
            </h2>
            {result.list.meta.total > 0 ? (
              <ExportLinks
                title={t('account_list.export')}
                rowsText={t('finance.count', { count: result.list.meta.total, formatted: formatNumber(result.list.meta.total, locale) })}
                groups={[
                  {
                    label: t('finance.export.documents'),
                    choices: [
                      { href: exportHref('xlsx'), format: 'XLSX', testId: 'export-xlsx' },
                      { href: exportHref('csv'), format: 'CSV', testId: 'export-csv' },
                    ],
                  },
                ]}
              />
            ) : null}
          </div>
          {result.list.data.length > 0 ? (
            <FinanceDocuments documents={result.list.data} />
          ) : result.list.meta.total > 0 ? (
            <EmptyState
              testId="finance-empty"
              title={t('account_list.page_empty')}
              hint={t('account_list.page_empty.hint')}
              action={<Link to={listingSearch(new URLSearchParams(location.search), { page: null }) || invoicesPath} className={buttonClasses('secondary')}>{t('account_list.first_page')}</Link>}
            />
          ) : (
            <EmptyState
              testId="finance-empty"
              title={t(filtered ? 'finance.empty.filtered' : 'finance.empty')}
              hint={t(filtered ? 'finance.empty.filtered.hint' : 'finance.empty.hint')}
              action={filtered ? <Link to={invoicesPath} className={buttonClasses('secondary')}>{t('account_list.reset')}</Link> : undefined}
            />
          )}
          <PaginationNav page={result.list.meta.page} count={pageCount(result.list.meta.total, accountListPageSize)} />
        </section>
      ) : null}
    </div>
  );
}
