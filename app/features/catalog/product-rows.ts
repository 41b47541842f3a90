import type { Product, ProductVariant } from '../../../core/catalog-types';

// The product list table shows one row per thing a buyer can order: a product without variants, or
// each variant of a product (spec section 2: the material number column is the sku or the variant
// sku). A variant row is the product as it stands for that variant, as the product page shows it.

/** The product standing for one of its variants: the variant's sku, name, price, stock and attributes. */
export function variantAsProduct(product: Product, variant: ProductVariant): Product {
  return {
    ...product,
    variantSku: variant.variantSku,
    name: variant.name,
    price: variant.price,
    stock: variant.stock,
    attributes: { ...product.attributes, ...variant.attributes },
    variants: [],
  };
}

export function listRows(products: readonly Product[]): Product[] {
  return products.flatMap((product) => (product.variants.length > 0 ? product.variants.map((variant) => variantAsProduct(product, variant)) : [product]));
}

/** What identifies a row (and its cart line): the variant sku if any, else the sku. */
export function rowKey(row: Pick<Product, 'sku' | 'variantSku'>): string {
  return row.variantSku || row.sku;
}
