import { z } from 'zod';
import type { RowProblem } from './row-results.ts';

// Price and stock rows name their product by its sku or one variant by its variant sku, exactly one of
// the two (docs/erp-integration.md). A product's sku and a variant's sku are separate keys: the same
// text may name a product and a variant, and each is its own row.

export const skuText = z.string().trim().min(1).max(100);

export const skuKeyShape = {
  sku: skuText.optional().meta({ description: 'The product’s sku. Exactly one of sku and variantSku.' }),
  variantSku: skuText.optional().meta({ description: 'A variant’s sku. Exactly one of sku and variantSku.' }),
};

export type SkuKey = { kind: 'product'; sku: string } | { kind: 'variant'; variantSku: string };

/** The row's key, or its problem when it names none or both. */
export function skuKeyOf(row: { sku?: string; variantSku?: string }): SkuKey | RowProblem {
  if (row.sku !== undefined && row.variantSku === undefined) return { kind: 'product', sku: row.sku };
  if (row.variantSku !== undefined && row.sku === undefined) return { kind: 'variant', variantSku: row.variantSku };
  return { path: 'sku', code: 'erp.key.sku_or_variant' };
}

/** The key as the answer names the row: the sku or variant sku as sent, empty when the row has none. */
export function sentSkuKey(row: unknown): string {
  if (typeof row !== 'object' || row === null) return '';
  const { sku, variantSku } = row as Record<string, unknown>;
  if (typeof sku === 'string') return sku;
  return typeof variantSku === 'string' ? variantSku : '';
}

/** One text per key, for duplicate checks and maps: a product's and a variant's sku never collide. */
export function skuKeyText(key: SkuKey): string {
  return key.kind === 'product' ? `product:${key.sku}` : `variant:${key.variantSku}`;
}

/** The problem of a row whose product or variant is not stored. */
export function unknownSkuProblem(key: SkuKey): RowProblem {
  return key.kind === 'product'
    ? { path: 'sku', code: 'erp.reference.unknown', params: { key: key.sku } }
    : { path: 'variantSku', code: 'erp.reference.unknown', params: { key: key.variantSku } };
}

/** The key rules of rows named by sku or variant sku (keyed-rows.ts). */
export const skuKeyRules = {
  keyOf: skuKeyOf,
  textOf: skuKeyText,
  sentKeyOf: sentSkuKey,
  keyPath: (key: SkuKey) => (key.kind === 'product' ? 'sku' : 'variantSku'),
};

/** The product skus and the variant skus of these keys, each kind on its own. */
export function skusByKind(keys: readonly SkuKey[]): { skus: string[]; variantSkus: string[] } {
  const skus: string[] = [];
  const variantSkus: string[] = [];
  for (const key of keys) {
    if (key.kind === 'product') skus.push(key.sku);
    else variantSkus.push(key.variantSku);
  }
  return { skus, variantSkus };
}
