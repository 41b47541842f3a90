import type { ListedProduct, Product, ProductVariant } from './catalog-types.ts';

/**
 * The product as it stands for one of its variants: the variant's sku, name, price and stock, and (where
 * the product has its attributes) its attributes over the product's. The product page (?sku=…) and the
 * variant rows of the product list table both show a variant this way.
 */
export function productForVariant<P extends ListedProduct>(product: P, variant: ProductVariant): P {
  const standing = { ...product, variantSku: variant.variantSku, name: variant.name, price: variant.price, tierPrices: variant.tierPrices, stock: variant.stock };
  return hasAttributes(product) ? { ...standing, attributes: { ...product.attributes, ...variant.attributes } } : standing;
}

const hasAttributes = (product: ListedProduct): product is Product => 'attributes' in product;
