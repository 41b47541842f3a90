import { Link } from 'react-router';
import type { Category } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';

const shownSubcategories = 5;

/** /category without a parameter: every main category as a tile, with its first subcategories. */
export function CategoryTiles({ tiles }: { tiles: readonly { category: Category; subcategories: Category[] }[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="category-tiles">
      {tiles.map(({ category, subcategories }) => (
        <li key={category._id} className="flex flex-col rounded-lg border border-zinc-200 bg-white p-4">
          <h2 className="text-base font-semibold">
            <Link to={`/category/${category.verboseName}`} className="text-zinc-900 hover:text-brand-text hover:underline">
              {category.name}
            </Link>
          </h2>
          {subcategories.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm">
              {subcategories.slice(0, shownSubcategories).map((sub) => (
                <li key={sub._id}>
                  <Link to={`/category/${sub.verboseName}`} className="text-zinc-700 hover:text-brand-text hover:underline">
                    {sub.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {subcategories.length > shownSubcategories ? (
            <Link to={`/category/${category.verboseName}`} className="mt-2 text-sm font-medium text-brand-text hover:underline">
              {t('category.menu.all_in', { name: category.name })}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
