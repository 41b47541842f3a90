import { Suspense, use } from 'react';
import { NavLink } from 'react-router';
import type { Category } from '../../../core/catalog-types';
import { Skeleton } from '../../components/ui/skeleton';
import { useTranslation } from '../../lib/i18n';
import { headerCategories, headerCategoryCount } from '../catalog/category-groups';
import { useSession } from '../session/use-root-data';
import { useLayoutCategories } from './use-layout-categories';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block max-w-44 truncate rounded-md px-2.5 py-2 text-sm font-medium ${isActive ? 'text-brand-text' : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950'}`;

function Links({ categoriesPromise }: { categoriesPromise: Promise<Category[] | null> }) {
  const { t } = useTranslation();
  const session = useSession();
  const { shown, deals, more } = headerCategories(use(categoriesPromise) ?? [], session?.account.isDeal ?? false);
  if (shown.length === 0 && deals.length === 0) return null;
  return (
    <ul className="flex items-center gap-1">
      {[...shown, ...deals].map((category) => (
        <li key={category._id}>
          <NavLink to={`/category/${category.verboseName}`} className={linkClass} data-deal={category.isDeal || undefined}>
            {category.name}
          </NavLink>
        </li>
      ))}
      {more ? (
        <li>
          <NavLink to={`/category/${more.verboseName}`} className={linkClass} data-testid="header-categories-more">
            {t('header.categories.more')}
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

/** The header's main categories: three, the deal categories, then 'more'. */
export function HeaderCategoryLinks() {
  const { t } = useTranslation();
  const categoriesPromise = useLayoutCategories();
  return (
    <nav aria-label={t('header.categories.label')} data-testid="header-categories" className="hidden min-w-0 lg:block">
      <Suspense
        fallback={
          <div className="flex gap-4">
            {Array.from({ length: headerCategoryCount }, (_, index) => (
              <Skeleton key={index} className="h-4 w-20" />
            ))}
          </div>
        }
      >
        <Links categoriesPromise={categoriesPromise} />
      </Suspense>
    </nav>
  );
}
