import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Category, OrderType, ListedProduct } from '../../../core/catalog-types';
import { productPath } from '../../../core/category-path';
import { useTranslation } from '../../lib/i18n';
import { useInterfaceStore } from '../../stores/interface-store';
import { CardPurchase } from './card-purchase';
import { ProductCard } from './product-card';
import { ProductListTable } from './product-list-table';
import { useCatalogViewer } from './use-catalog-viewer';

// What the category page and the search page, both lists of products, do alike.

/** The two toggles live in the URL; the interface store mirrors them for the rest of the shop (search panel). */
export function useMirroredToggles(stockAvail: boolean, preOrder: boolean) {
  const setPreOrderMode = useInterfaceStore((state) => state.setPreOrderMode);
  const setShowOnlyAvailableStocks = useInterfaceStore((state) => state.setShowOnlyAvailableStocks);
  useEffect(() => {
    setPreOrderMode(preOrder);
    setShowOnlyAvailableStocks(stockAvail);
  }, [preOrder, stockAvail, setPreOrderMode, setShowOnlyAvailableStocks]);
}

/** A grid card buys in order mode; pre-orders, with a quantity per season, are placed on the product page. */
export function GridPurchase({ product, orderType }: { product: ListedProduct; orderType: OrderType }) {
  const { t } = useTranslation();
  const viewer = useCatalogViewer();
  if (orderType === 'order') return <CardPurchase product={product} viewer={viewer} />;
  return (
    <Link to={`${productPath(product)}&preOrder=1`} className="text-sm font-medium text-brand-text hover:underline">
      {t('catalog.add.preorder')}
    </Link>
  );
}

/** Categories as a row of chips (subcategories of a category, categories a search key names). */
export function CategoryChips({ categories, search = '' }: { categories: readonly Pick<Category, '_id' | 'name' | 'verboseName'>[]; search?: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {categories.map((category) => (
        <li key={category._id}>
          <Link
            to={`/category/${category.verboseName}${search}`}
            className="inline-flex h-8 items-center rounded-full border border-zinc-300 bg-white px-3 text-sm text-zinc-800 hover:border-brand hover:text-brand-text"
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A page of products in the chosen view: cards in a grid, or the product list table. */
export function ProductsView({ products, view, orderType, caption }: { products: readonly ListedProduct[]; view: 'list' | 'grid'; orderType: OrderType; caption: string }) {
  const viewer = useCatalogViewer();
  const keyOf = (product: ListedProduct) => `${product._id}-${product.variantSku ?? ''}`;
  if (view === 'grid') {
    return (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
        {products.map((product, index) => (
          <li key={keyOf(product)}>
            <ProductCard
              product={product}
              viewer={viewer}
              eager={index < 5}
              purchase={viewer.canBuy ? <GridPurchase product={product} orderType={orderType} /> : undefined}
            />
          </li>
        ))}
      </ul>
    );
  }
  // Keyed by the list, so quantities typed on one page do not carry over to the rows of another.
  return <ProductListTable key={products.map(keyOf).join()} products={products} orderType={orderType} caption={caption} />;
}
