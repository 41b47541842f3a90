import type { ListedProduct, Product } from '../../../core/catalog-types';

/** The products as a listing page's data carries them: without the attributes only the product page shows. */
export function listedProducts(products: readonly Product[]): ListedProduct[] {
  return products.map(({ attributes: _attributes, salesAttributes: _salesAttributes, ...listed }) => listed);
}
