import { accountListPageSize } from '../../core/list-page';
import { Link, useLocation } from 'react-router';
import { searchTotalText } from '../../core/search-text';
import type { Route } from './+types/my-account.order-history';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { pageCount } from '../features/catalog/pagination';
import { PaginationNav } from '../features/catalog/pagination-nav';
import { formatNumber } from '../features/catalog/format-number';
import { listingSearch } from '../features/catalog/listing-params';
import { ExportLinks } from '../features/order-history/download-links';
import { orderHistoryPath } from '../features/order-history/history-fields';
import { HistoryFilters } from '../features/order-history/history-filters';
import { HistoryList } from '../features/order-history/history-list';
import { downloadQuery, isFiltered } from '../features/order-history/list-url';
import { EmptyState, LoadFailure } from '../features/order-history/list-states';
import { loadOrderHistory } from '../features/order-history/order-history.server';
import { useSession } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { pageTitle } from '../lib/page-title';

// /my-account/order-history (docs/product.md, Orders): the orders the user may see (the company's, or only their
// own where the company keeps orders apart: server/modules/orders/order-history-scope.ts), newest first,
// searched by order number, PO number, sku or product name, filtered by order date, status and type,
// sorted and paged, all of it in the URL. Each order links to its detail page; the list as filtered can
// be downloaded as XLSX or CSV, with or without its lines.

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrderHistory(context.get(appLoadContext), new URL(request.url));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, 'order_history');
}

export default function OrderHistoryPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const location = useLocation();
  const showNetPrices = useSession()?.account.showNetPrices ?? true;
  const { values, problems, result, statuses, sorts } = loaderData;
  const filtered = isFiltered(values);
  // A search counts its matches up to 1,000 ("1,000+"), like the product search.
  const countText = (total: number) =>
    t('order_history.count', { count: total, formatted: values.search ? searchTotalText(total, (value) => formatNumber(value, locale)) : formatNumber(total, locale) });
  const exportHref = (format: 'xlsx' | 'csv', withLines: boolean) =>
    `${orderHistoryPath}/export?${downloadQuery(values, { format, ...(withLines ? { withLines: '1' } : {}) })}`;

  return (
    <div className="space-y-4" data-testid="order-history">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('order_history.title')}</h1>
      {/* A new URL starts the form from it (the fields are uncontrolled: they work without JavaScript). */}
      <HistoryFilters key={location.search} values={values} problems={problems} statuses={statuses} sorts={sorts} />
      {statuses === null ? <p className="text-xs text-zinc-600">{t('order_history.statuses.failed')}</p> : null}

      {result.state === 'failed' ? <LoadFailure message={t('order_history.load_failed')} retryTo={`${location.pathname}${location.search}`} /> : null}
      {result.state === 'invalid' ? (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-red-900" data-testid="filter-problem">
          {t('account_list.invalid_filters')}
        </p>
      ) : null}
      {result.state === 'loaded' ? (
        <section aria-labelledby="order-results" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <h2 id="order-results" className="num text-sm font-medium text-zinc-800" aria-live="polite" data-testid="order-count">
              {countText(result.page.meta.total)}
            </h2>
            {result.page.meta.total > 0 ? (
              <ExportLinks
                title={t('account_list.export')}
                rowsText={countText(result.page.meta.total)}
                groups={[
                  {
                    label: t('order_history.export.orders'),
                    choices: [
                      { href: exportHref('xlsx', false), format: 'XLSX', testId: 'export-xlsx' },
                      { href: exportHref('csv', false), format: 'CSV', testId: 'export-csv' },
                    ],
                  },
                  {
                    label: t('order_history.export.lines'),
                    choices: [
                      { href: exportHref('xlsx', true), format: 'XLSX', testId: 'export-xlsx-lines' },
                      { href: exportHref('csv', true), format: 'CSV', testId: 'export-csv-lines' },
                    ],
                  },
                ]}
              />
            ) : null}
          </div>
          {result.page.data.length > 0 ? (
            <HistoryList orders={result.page.data} showNetPrices={showNetPrices} />
          ) : result.page.meta.total > 0 ? (
            <EmptyState
              testId="order-empty"
              title={t('account_list.page_empty')}
              hint={t('account_list.page_empty.hint')}
              action={<Link to={listingSearch(new URLSearchParams(location.search), { page: null }) || orderHistoryPath} className={buttonClasses('secondary')}>{t('account_list.first_page')}</Link>}
            />
          ) : filtered ? (
            <EmptyState
              testId="order-empty"
              title={t('order_history.empty.filtered')}
              hint={t('order_history.empty.filtered.hint')}
              action={<Link to={orderHistoryPath} className={buttonClasses('secondary')}>{t('account_list.reset')}</Link>}
            />
          ) : (
            <EmptyState
              testId="order-empty"
              title={t('order_history.empty')}
              hint={t('order_history.empty.hint')}
              action={<Link to="/" className={buttonClasses('primary')}>{t('order_history.empty.shop')}</Link>}
            />
          )}
          <PaginationNav page={result.page.meta.page} count={pageCount(result.page.meta.total, accountListPageSize)} />
        </section>
      ) : null}
    </div>
  );
}
