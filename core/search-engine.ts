// What the shop and the browser share about the external search engine (ADR 0009).

/** Hits per engine search; the built-in search's default page too. */
export const engineHitLimit = 20;

/** The products index: `{env}_b2b_{index}`, where the index for products is 'material'. */
export function productIndexUid(env: string): string {
  return `${env}_b2b_material`;
}

/**
 * A product as the engine holds it (ADR 0009): what search needs and what a tenant token filters on,
 * never a price (prices depend on the company, and browsers read the engine directly).
 */
export interface EngineDocument {
  id: number;
  tenantId: number;
  categoryId: number;
  sku: string;
  variantSkus: string[];
  /** German name. */
  name: string;
  nameEn: string | null;
  inStock: boolean;
  hasPreStock: boolean;
}
