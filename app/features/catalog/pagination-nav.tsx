import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';
import { listingSearch } from './listing-params';
import { pageItems } from './pagination';

const itemClass = 'num inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm';

export function PaginationNav({ page, count }: { page: number; count: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (count <= 1) return null;
  const search = new URLSearchParams(location.search);
  const href = (target: number) => ({ search: listingSearch(search, { page: String(target) }) });
  const edge = (target: number, label: string, icon: ReactNode, testId: string) =>
    target >= 1 && target <= count ? (
      <Link to={href(target)} aria-label={label} data-testid={testId} className={`${itemClass} text-zinc-700 hover:bg-zinc-100`}>
        {icon}
      </Link>
    ) : (
      <span aria-hidden="true" className={`${itemClass} text-zinc-300`}>
        {icon}
      </span>
    );

  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex justify-center" data-testid="pagination">
      <ul className="flex flex-wrap items-center gap-1">
        <li>{edge(page - 1, t('pagination.previous'), <ChevronLeftIcon className="size-4" />, 'page-previous')}</li>
        {pageItems(page, count).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className={`${itemClass} text-zinc-500`}>
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                className={`${itemClass} ${item === page ? 'bg-brand font-semibold text-brand-foreground' : 'text-zinc-700 hover:bg-zinc-100'}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>{edge(page + 1, t('pagination.next'), <ChevronRightIcon className="size-4" />, 'page-next')}</li>
      </ul>
    </nav>
  );
}
