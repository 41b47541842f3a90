import type { Product } from './catalog-types.ts';
import { parseRecordId } from './record-id.ts';

// The URL parameters of /category/:verboseCategory and /product/:verboseProduct (docs/product.md, Screens and routes).
// Links are built and read here only, so a link the shop writes is always one it can read back.

const germanLetters: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** A readable URL piece: lower case, German letters spelt out, other accents dropped, the rest dashes. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => germanLetters[letter]!)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "The category name with dashes followed by a dash and the category id": 'werkzeug-handwerkzeug-12'. */
export function verboseCategory(name: string, id: number): string {
  const slug = slugify(name);
  return slug ? `${slug}-${id}` : String(id);
}

/** "The id is the last dash-separated piece"; a parameter without a readable id gives null (no category). */
export function categoryIdFrom(param: string | null | undefined): number | null {
  return param ? parseRecordId(param.split('-').at(-1)) : null;
}

/** "The link is /product/{id} with query sku … the variant sku if any, else the sku." */
export function productPath(product: Pick<Product, '_id' | 'sku' | 'variantSku'>): string {
  return `/product/${product._id}?sku=${encodeURIComponent(product.variantSku || product.sku)}`;
}

/** "The id is cut at the first dash", so '17-hammer' and '17' both name product 17. */
export function productIdFrom(param: string | null | undefined): number | null {
  return param ? parseRecordId(param.split('-')[0]) : null;
}
