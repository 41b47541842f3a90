import type { Flag } from '../../db/schema.ts';
import type { ImageFields, ProductFields, VariantFields } from './erp-product.repository.ts';

// What a product row changes against what is stored, field by field, so an equal row writes nothing
// (docs/product.md, Entities: Product). Attribute documents are compared as the JSON text they are
// stored as; variants by their variant sku, images as the ordered list they are.

export const flagOf = (value: boolean): Flag => (value ? 1 : 0);

/** The product columns a row sets (the catalogue upsert reads and compares exactly these). */
export const productColumns = [
  'category_id',
  'name',
  'name_en',
  'description',
  'description_en',
  'tax_category',
  'vat_rate_bp',
  'is_stock_freeze',
  'is_only_sellable_with_positive_stock',
  'sales_batch_size',
  'sales_unit_id',
  'release_date',
  'attributes',
  'sales_attributes',
  'erp_active',
  'is_active',
] as const satisfies readonly (keyof ProductFields)[];

export function sameProductFields(stored: ProductFields, wanted: ProductFields): boolean {
  return productColumns.every((column) => stored[column] === wanted[column]);
}

export interface StoredVariant extends VariantFields {
  id: number;
}

export interface VariantChanges {
  deleted: number[];
  updated: StoredVariant[];
  inserted: VariantFields[];
}

/** The writes that make the stored variants the wanted ones: kept variants are updated in place (their price and stock stay). */
export function variantChanges(stored: readonly StoredVariant[], wanted: readonly VariantFields[]): VariantChanges {
  const storedBySku = new Map(stored.map((variant) => [variant.variant_sku, variant]));
  const wantedSkus = new Set(wanted.map((variant) => variant.variant_sku));
  const changes: VariantChanges = { deleted: stored.filter((variant) => !wantedSkus.has(variant.variant_sku)).map((variant) => variant.id), updated: [], inserted: [] };
  for (const variant of wanted) {
    const current = storedBySku.get(variant.variant_sku);
    if (!current) changes.inserted.push(variant);
    else if (current.name !== variant.name || current.attributes !== variant.attributes || current.is_active !== variant.is_active || current.sort_order !== variant.sort_order) {
      changes.updated.push({ ...variant, id: current.id });
    }
  }
  return changes;
}

export const noVariantChanges = (changes: VariantChanges) => changes.deleted.length + changes.updated.length + changes.inserted.length === 0;

export function sameImages(stored: readonly ImageFields[], wanted: readonly ImageFields[]): boolean {
  return stored.length === wanted.length && stored.every((image, i) => image.url === wanted[i]!.url && image.width === wanted[i]!.width && image.height === wanted[i]!.height);
}
