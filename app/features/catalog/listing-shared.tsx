import { useEffect } from 'react';
import { Link } from 'react-router';
import type { OrderType, Product } from '../../../core/catalog-types';
import { productPath } from '../../../core/category-path';
import { useTranslation } from '../../lib/i18n';
import { useInterfaceStore } from '../../stores/interface-store';
import { CardPurchase } from './card-purchase';
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
export function GridPurchase({ product, orderType }: { product: Product; orderType: OrderType }) {
  const { t } = useTranslation();
  const viewer = useCatalogViewer();
  if (orderType === 'order') return <CardPurchase product={product} viewer={viewer} />;
  return (
    <Link to={`${productPath(product)}&preOrder=1`} className="text-sm font-medium text-brand-text hover:underline">
      {t('catalog.add.preorder')}
    </Link>
  );
}
