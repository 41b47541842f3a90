import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { useTranslation } from '../../lib/i18n';

// The header's search field (docs/product.md, Catalogue). Every page carries only this: a plain search form to
// /search (it works before any script has run), with the field marked up as a combobox. On the
// first focus of the field the panel module loads and takes the field over (search-panel.tsx):
// results, their requests, the keys and the field's live combobox state.
const SearchPanel = lazy(() => import('./search-panel'));

/** The field's id: the panel finds the field, and the form around it, by it. */
const fieldId = 'header-search';

export function HeaderSearch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  // Hidden on /search, which has a search form of its own.
  if (pathname === '/search') return null;
  return (
    // Below 1024 px the field takes a row of its own under the logo and icons.
    <form role="search" action="/search" className="relative order-last flex basis-full rounded-md border border-zinc-300 bg-white lg:order-none lg:min-w-40 lg:shrink-[20] lg:basis-80">
      <input
        id={fieldId}
        name="key"
        role="combobox"
        aria-expanded="false"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onFocus={() => setWanted(true)}
        className="min-w-0 flex-1 rounded-l-md px-3 text-base placeholder:text-zinc-500 lg:text-sm"
      />
      <button aria-label={t('search.submit')} className="inline-flex size-10 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900">
        <Icon>
          <path d="m20 20-3.5-3.5M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14" />
        </Icon>
      </button>
      {wanted ? (
        <Suspense>
          <SearchPanel fieldId={fieldId} />
        </Suspense>
      ) : null}
    </form>
  );
}
