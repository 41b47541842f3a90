import { Link } from 'react-router';
import type { Category } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { megaMenuColumns } from '../catalog/category-groups';

const linkClass = 'rounded-sm text-zinc-700 hover:text-brand-text hover:underline';

/** Up to five subcategories of one main category, each with up to five items. */
export function MegaMenuPanel({ id, main, categories }: { id: string; main: Category; categories: readonly Category[] }) {
  const { t } = useTranslation();
  const columns = megaMenuColumns(categories, main._id);
  return (
    <div id={id} data-testid="mega-menu" className="absolute inset-x-0 top-full z-50 border-y border-zinc-200 bg-white shadow-lg">
      <div className="mx-auto max-w-page px-6 py-5">
        <Link to={`/category/${main.verboseName}`} className="text-base font-semibold text-zinc-900 hover:text-brand-text hover:underline">
          {t('category.menu.all_in', { name: main.name })}
        </Link>
        {columns.length > 0 ? (
          <ul className="mt-4 grid grid-cols-5 gap-6">
            {columns.map(({ category, items, hasMore }) => (
              <li key={category._id} className="min-w-0">
                <Link to={`/category/${category.verboseName}`} className="font-semibold text-zinc-900 hover:text-brand-text hover:underline">
                  {category.name}
                </Link>
                {items.length > 0 ? (
                  <ul className="mt-2 space-y-1.5">
                    {items.map((item) => (
                      <li key={item._id}>
                        <Link to={`/category/${item.verboseName}`} className={linkClass}>
                          {item.name}
                        </Link>
                      </li>
                    ))}
                    {hasMore ? (
                      <li>
                        <Link to={`/category/${category.verboseName}`} className={`${linkClass} font-medium`}>
                          {t('category.menu.more_in', { name: category.name })}
                        </Link>
                      </li>
                    ) : null}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
