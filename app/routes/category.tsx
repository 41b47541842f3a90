import { useLocation } from 'react-router';
import { appLoadContext } from '../app-context';
import { Breadcrumb } from '../features/catalog/breadcrumb';
import { CategoryTiles } from '../features/catalog/category-tiles';
import { loadCategoryPage } from '../features/catalog/category-page.server';
import { FilterPanel } from '../features/catalog/filter-panel';
import { listingSearch, productListPageSize } from '../features/catalog/listing-params';
import { CategoryChips, ProductsView, useMirroredToggles } from '../features/catalog/listing-shared';
import { ListingToolbar } from '../features/catalog/listing-toolbar';
import { parentTitle } from '../features/catalog/parent-title';
import { pageCount } from '../features/catalog/pagination';
import { PaginationNav } from '../features/catalog/pagination-nav';
import { useCatalogViewer } from '../features/catalog/use-catalog-viewer';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/category';

export function loader({ context, params, url }: Route.LoaderArgs) {
  return loadCategoryPage(context.get(appLoadContext), params.verboseCategory, url);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return parentTitle(matches);
  return [{ title: loaderData.kind === 'listing' ? loaderData.category.name : loaderData.title }];
}

type Listing = Extract<Route.ComponentProps['loaderData'], { kind: 'listing' }>;

function SubcategoryChips({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (listing.subcategories.length === 0) return null;
  // Toggles and view carry over to a subcategory; page and attribute filters belong to this category.
  const keep = new URLSearchParams([...new URLSearchParams(location.search)].filter(([key]) => ['stockAvail', 'preOrder', 'view'].includes(key)));
  return (
    <nav aria-label={t('category.subcategories')} className="mb-3">
      <CategoryChips categories={listing.subcategories} search={listingSearch(keep, {})} />
    </nav>
  );
}

function CategoryListing({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const viewer = useCatalogViewer();
  const { params, products, total, category } = listing;
  const orderType = params.preOrder ? 'preOrder' : 'order';
  useMirroredToggles(params.stockAvail, params.preOrder);
  const pages = pageCount(total, productListPageSize);
  return (
    <section data-testid="category-page" aria-labelledby="category-title">
      <Breadcrumb items={listing.trail.map((crumb) => ({ label: crumb.name, to: crumb._id === category._id ? undefined : `/category/${crumb.verboseName}` }))} />
      <h1 id="category-title" className="mb-3 text-2xl font-semibold text-zinc-900">
        {category.name}
      </h1>
      <SubcategoryChips listing={listing} />
      {listing.facets ? <FilterPanel attributes={listing.facets} selection={params.attributes} /> : null}
      <ListingToolbar total={total} stockAvail={params.stockAvail} preOrder={params.preOrder} showPreOrderToggle={viewer.isPreOrderModeVisible} view={params.view} />
      {products.length === 0 ? (
        <p className="rounded-md border border-zinc-200 bg-white p-6 text-center text-zinc-700" data-testid="empty-list">
          {t(params.page > 1 && total > 0 ? 'catalog.empty.page' : 'catalog.empty')}
        </p>
      ) : (
        <ProductsView products={products} view={params.view} orderType={orderType} caption={t('catalog.table.caption', { name: category.name })} />
      )}
      <PaginationNav page={params.page} count={pages} />
    </section>
  );
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'listing') return <CategoryListing listing={loaderData} />;
  return (
    <section data-testid="category-index">
      <h1 className="mb-4 text-2xl font-semibold text-zinc-900">{loaderData.title}</h1>
      <CategoryTiles tiles={loaderData.tiles} />
    </section>
  );
}
