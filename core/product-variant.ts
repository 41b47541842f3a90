import type { Product, ProductVariant } from './catalog-types.ts';

/**
 * The product as it stands for one of its variants: the variant's sku, name, price and stock, and its
 * attributes over the product's. The product page (?sku=…) and the variant rows of the product list
 * table both show a variant this way.
 */
export function productForVariant(product: Product, variant: ProductVariant): Product {
  return {
    ...product,
    variantSku: variant.variantSku,
    name: variant.name,
    price: variant.price,
    tierPrices: variant.tierPrices,
    stock: variant.stock,
    attributes: { ...product.attributes, ...variant.attributes },
  };
}
