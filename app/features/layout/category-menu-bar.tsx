import { Suspense, use, useRef, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router';
import type { Category } from '../../../core/catalog-types';
import { Skeleton } from '../../components/ui/skeleton';
import { useTranslation } from '../../lib/i18n';
import { mainCategories, menuBarCategoryCount } from '../catalog/category-groups';
import { MegaMenuPanel } from './mega-menu-panel';
import { useHeaderPanel } from './use-header-panel';
import { useLayoutCategories } from './use-layout-categories';

const itemClass = 'flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap';

function MenuBarSkeleton() {
  return (
    <div className="flex h-11 items-center gap-6 px-3" data-testid="category-menu-loading">
      {Array.from({ length: menuBarCategoryCount }, (_, index) => (
        <Skeleton key={index} className="h-4 w-24" />
      ))}
    </div>
  );
}

function MenuBarItems({ categoriesPromise }: { categoriesPromise: Promise<Category[] | null> }) {
  const { t } = useTranslation();
  const categories = use(categoriesPromise) ?? [];
  const mains = mainCategories(categories).slice(0, menuBarCategoryCount);
  const panel = useHeaderPanel<number>({ dimPage: false });
  const links = useRef(new Map<number, HTMLAnchorElement>());
  // Escape moves focus back to the main link; that focus must not open the panel again.
  const reopenOnFocus = useRef(true);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || panel.open === null) return;
    const link = links.current.get(panel.open);
    panel.close();
    reopenOnFocus.current = false;
    link?.focus();
    reopenOnFocus.current = true;
  }

  if (mains.length === 0) return null;
  return (
    <nav
      aria-label={t('category.menu.label')}
      onPointerLeave={panel.closeSoon}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) panel.closeSoon();
      }}
    >
      <ul className="-mx-3 flex">
        {mains.map((main) => {
          const open = panel.open === main._id;
          const panelId = `mega-menu-${main._id}`;
          return (
            <li
              key={main._id}
              onPointerEnter={() => panel.show(main._id)}
              onFocus={() => {
                if (reopenOnFocus.current) panel.show(main._id);
              }}
            >
              <NavLink
                ref={(element) => {
                  if (element) links.current.set(main._id, element);
                  else links.current.delete(main._id);
                }}
                to={`/category/${main.verboseName}`}
                aria-expanded={open}
                aria-controls={open ? panelId : undefined}
                className={({ isActive }) =>
                  `${itemClass} ${open || isActive ? 'border-brand text-brand-text' : 'border-transparent text-zinc-700 hover:text-zinc-950'}`
                }
              >
                {main.name}
              </NavLink>
              {open ? <MegaMenuPanel id={panelId} main={main} categories={categories} /> : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Desktop category menu: the first seven main categories, each with its mega menu. */
export function CategoryMenuBar() {
  const categoriesPromise = useLayoutCategories();
  return (
    <div className="hidden border-t border-zinc-200 lg:block" data-testid="category-menu">
      <div className="mx-auto max-w-page px-6">
        <Suspense fallback={<MenuBarSkeleton />}>
          <MenuBarItems categoriesPromise={categoriesPromise} />
        </Suspense>
      </div>
    </div>
  );
}
