import type { ListedProduct, ProductVariant } from '../../../core/catalog-types';
import { productForVariant } from '../../../core/product-variant';

// The product list table shows one row per thing a buyer can order: a product without variants, or
// each variant of a product (the material number column is the variant's sku, else the product's
// sku). A variant row is the product as it stands for that variant, as the product page shows it.

/** A variant as an orderable row of its own (it has no variants of its own). */
export function variantAsProduct<P extends ListedProduct>(product: P, variant: ProductVariant): P {
  return { ...productForVariant(product, variant), variants: [] };
}

export function listRows(products: readonly ListedProduct[]): ListedProduct[] {
  return products.flatMap((product) => (product.variants.length > 0 ? product.variants.map((variant) => variantAsProduct(product, variant)) : [product]));
}

