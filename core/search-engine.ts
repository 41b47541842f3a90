// What the shop and the browser share about the external search engine (spec sections 7 and 9).

/** Hits per engine search (spec section 9: search engine limit 20); the built-in search's default page too. */
export const engineHitLimit = 20;

/** The products index: `{env}_b2b_{index}`, where the index for products is 'material' (spec section 7). */
export function productIndexUid(env: string): string {
  return `${env}_b2b_material`;
}
