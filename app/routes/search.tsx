import { searchTotalText } from '../../core/search-text';
import { appLoadContext } from '../app-context';
import { Breadcrumb } from '../features/catalog/breadcrumb';
import { productListPageSize } from '../features/catalog/listing-params';
import { CategoryChips, ProductsView, useMirroredToggles } from '../features/catalog/listing-shared';
import { ListingToolbar } from '../features/catalog/listing-toolbar';
import { formatNumber } from '../features/catalog/format-number';
import { parentTitle } from '../features/catalog/parent-title';
import { useCatalogViewer } from '../features/catalog/use-catalog-viewer';
import { loadSearchPage } from '../features/search/search-page.server';
import { SearchPageForm } from '../features/search/search-page-form';
import { SearchPager } from '../features/search/search-pager';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/search';

// The search results (/search?key={text}; docs/product.md, Catalogue): the category page's product list table
// (or grid) and toolbar, paging, the categories whose names match, and a search form of its own.

export function loader({ context, url }: Route.LoaderArgs) {
  return loadSearchPage(context.get(appLoadContext), url);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }] : parentTitle(matches);
}

type Results = Extract<Route.ComponentProps['loaderData'], { kind: 'results' }>;

function MatchingCategories({ categories }: { categories: Results['categories'] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby="search-categories" className="mb-3" data-testid="search-page-categories">
      <h2 id="search-categories" className="mb-1.5 text-sm font-semibold text-zinc-700">
        {t('search.categories.matching')}
      </h2>
      <CategoryChips categories={categories} />
    </nav>
  );
}

function SearchResults({ results }: { results: Results }) {
  const { t, locale } = useTranslation();
  const viewer = useCatalogViewer();
  const { products, total, params, key } = results;
  const orderType = params.preOrder ? 'preOrder' : 'order';
  return (
    <>
      <MatchingCategories categories={results.categories} />
      <ListingToolbar total={total} totalText={searchTotalText(total, (value) => formatNumber(value, locale))} stockAvail={params.stockAvail} preOrder={params.preOrder} showPreOrderToggle={viewer.isPreOrderModeVisible} view={params.view} />
      {products.length === 0 ? (
        <div className="rounded-md border border-zinc-200 bg-white p-6 text-center text-zinc-700" data-testid="empty-list">
          {params.page > 1 && total > 0 ? (
            <p>{t('catalog.empty.page')}</p>
          ) : (
            <>
              <p className="font-medium text-zinc-900">{t('not.found')}</p>
              <p className="mt-1 text-sm">{t(params.stockAvail ? 'search.not.found.hint.stock' : 'search.not.found.hint')}</p>
            </>
          )}
        </div>
      ) : (
        <ProductsView products={products} view={params.view} orderType={orderType} caption={t('search.table.caption', { key })} />
      )}
      <SearchPager page={params.page} pages={Math.ceil(total / productListPageSize)} />
    </>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { key, params } = loaderData;
  useMirroredToggles(params.stockAvail, params.preOrder);
  return (
    <section data-testid="search-page" aria-labelledby="search-title">
      <Breadcrumb items={[{ label: t('search.page.title.plain') }]} />
      <h1 id="search-title" className="mb-3 text-2xl font-semibold text-zinc-900" data-testid="search-heading">
        {loaderData.kind === 'results'
          ? t('search.page.title', { count: loaderData.total, formatted: searchTotalText(loaderData.total, (value) => formatNumber(value, locale)), key })
          : t('search.page.title.plain')}
      </h1>
      {/* Keyed by the key, so the field shows the new key after a navigation. */}
      <SearchPageForm key={key} value={key} stockAvail={params.stockAvail} preOrder={params.preOrder} />
      {loaderData.kind === 'results' ? (
        <SearchResults results={loaderData} />
      ) : (
        <p role="status" className="rounded-md border border-warning/30 bg-warning-soft p-4 text-zinc-900" data-testid="search-message">
          {loaderData.message}
        </p>
      )}
    </section>
  );
}
