import { Suspense, use, useId } from 'react';
import { Link } from 'react-router';
import type { Category } from '../../../core/catalog-types';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../lib/i18n';
import { ChevronDownGlyph, MenuGlyph } from '../catalog/catalog-glyphs';
import { dealCategories, mainCategories, subcategoriesOf } from '../catalog/category-groups';
import { useHeaderPanel } from './use-header-panel';
import { useLayoutCategories } from './use-layout-categories';

const rowClass = 'flex min-h-11 items-center rounded-md px-3 text-sm text-zinc-800 hover:bg-zinc-100';

function CategoryTree({ categoriesPromise }: { categoriesPromise: Promise<Category[] | null> }) {
  const { t } = useTranslation();
  const categories = use(categoriesPromise) ?? [];
  const roots = [...mainCategories(categories), ...dealCategories(categories)];
  if (roots.length === 0) return <p className="px-3 py-2 text-zinc-600">{t('category.menu.empty')}</p>;
  return (
    <ul className="space-y-0.5">
      {roots.map((root) => {
        const subs = subcategoriesOf(categories, root._id);
        if (subs.length === 0) {
          return (
            <li key={root._id}>
              <Link to={`/category/${root.verboseName}`} className={`${rowClass} font-medium`}>
                {root.name}
              </Link>
            </li>
          );
        }
        return (
          <li key={root._id}>
            {/* A native disclosure: opening a branch needs no script. */}
            <details className="group">
              <summary className={`${rowClass} cursor-pointer list-none justify-between font-medium [&::-webkit-details-marker]:hidden`}>
                {root.name}
                <ChevronDownGlyph className="size-4 text-zinc-500 transition-transform group-open:rotate-180" />
              </summary>
              <ul className="mb-1 ml-3 border-l border-zinc-200 pl-2">
                <li>
                  <Link to={`/category/${root.verboseName}`} className={`${rowClass} font-medium text-brand-text`}>
                    {t('category.menu.all_in', { name: root.name })}
                  </Link>
                </li>
                {subs.map((sub) => (
                  <li key={sub._id}>
                    <Link to={`/category/${sub.verboseName}`} className={rowClass}>
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** The category navigation below 1024 px: a button in the header opening the whole tree as a list. */
export function MobileCategoryNav() {
  const { t } = useTranslation();
  const panel = useHeaderPanel<true>({ dimPage: true });
  const categoriesPromise = useLayoutCategories();
  const panelId = useId();
  const open = panel.open === true;
  return (
    <div className="lg:hidden" onKeyDown={(event) => event.key === 'Escape' && panel.close()}>
      <button
        type="button"
        data-testid="mobile-category-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? panel.close() : panel.show(true))}
        className="-ml-2 inline-flex size-10 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <MenuGlyph className="size-5" />
        <span className="sr-only">{t('category.menu.label')}</span>
      </button>
      <nav
        id={panelId}
        aria-label={t('category.menu.label')}
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 max-h-[calc(100dvh-11rem)] overflow-y-auto border-y border-zinc-200 bg-white px-2 py-2 shadow-lg"
      >
        {open ? (
          <Suspense fallback={<Spinner className="m-3 size-5" />}>
            <CategoryTree categoriesPromise={categoriesPromise} />
          </Suspense>
        ) : null}
      </nav>
    </div>
  );
}
