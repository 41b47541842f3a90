import type { OrderType } from '../../../core/catalog-types';
import type { CatalogViewer } from './use-catalog-viewer';

/** Which optional columns the product list table shows (docs/product.md, Catalogue). */
export interface ListColumns {
  salesUnit: boolean;
  retailPrice: boolean;
  batchSize: boolean;
  /** Customers choose quantities; guests only look. */
  quantity: boolean;
  seasons: boolean;
  total: boolean;
}

export function listColumns(viewer: CatalogViewer, orderType: OrderType): ListColumns {
  const preOrder = orderType === 'preOrder';
  return {
    salesUnit: viewer.isSalesUnitActive,
    retailPrice: viewer.showRetailPrice && !viewer.pricesHidden && !preOrder,
    batchSize: viewer.isBatchSizeActive && !preOrder,
    quantity: viewer.canBuy && !preOrder,
    seasons: viewer.canBuy && preOrder,
    total: viewer.canBuy,
  };
}
