import { Link, useLocation } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { formatNumber } from '../catalog/format-number';
import { listingSearch } from '../catalog/listing-params';

const stepClass = 'inline-flex h-9 items-center gap-1 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-100';

/**
 * Paging of the search results: previous, where we are, next. Not the category page's PaginationNav:
 * that module is the category page's own, and a second route using it makes the bundler move it
 * into a chunk of its own, which the category page then loads as an extra file (about 0.4 KB gzip
 * more, measured with `npm run bench:js -- routes/category`).
 */
export function SearchPager({ page, pages }: { page: number; pages: number }) {
  const { t, locale } = useTranslation();
  const location = useLocation();
  if (pages <= 1) return null;
  const search = new URLSearchParams(location.search);
  const to = (target: number) => ({ search: listingSearch(search, { page: String(target) }) });
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-center gap-3" data-testid="pagination">
      {page > 1 ? (
        <Link to={to(Math.min(page - 1, pages))} rel="prev" className={stepClass} data-testid="page-previous">
          <ChevronLeftIcon className="size-4" />
          {t('pagination.previous')}
        </Link>
      ) : null}
      <span className="num text-sm text-zinc-700" data-testid="page-position">
        {t('search.pager.position', { page: formatNumber(page, locale), pages: formatNumber(pages, locale) })}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} rel="next" className={stepClass} data-testid="page-next">
          {t('pagination.next')}
          <ChevronRightIcon className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
