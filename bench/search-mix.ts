// The search keys a bench types, from real product names and skus of the catalogue it runs on.

interface Category {
  _id: number;
  parent: number | null;
  isDeal: boolean;
}

/**
 * Search keys as buyers type them, from the products of page 3 of every main category: exact skus (half
 * of them lower-cased), prefixes of 3 to 6 letters, two-word names, and words of 5 or more letters with
 * two letters swapped. Four keys a product, deterministic for one catalogue; answered as the paths of
 * `GET /api/material/search` with 20 hits.
 */
export async function searchMixPaths(categories: readonly Category[], get: <T>(url: string) => Promise<T>): Promise<string[]> {
  const sample: { name: string; sku: string }[] = [];
  for (const category of categories.filter((c) => c.parent === null && !c.isDeal)) {
    sample.push(...(await get<{ data: { name: string; sku: string }[] }>(`/api/material?category=${category._id}&page=3&pageSize=25`)).data);
  }
  const words = [...new Set(sample.flatMap((product) => product.name.split(/\s+/)).filter((word) => /^\p{L}{5,}$/u.test(word)))];
  const keys: string[] = [];
  sample.forEach((product, index) => {
    const word = words[index % words.length]!;
    keys.push(index % 2 === 0 ? product.sku : product.sku.toLowerCase());
    keys.push(word.slice(0, 3 + (index % 4)).toLowerCase());
    keys.push(product.name.split(/\s+/).slice(1, 3).join(' '));
    const at = 1 + (index % (word.length - 2));
    keys.push(`${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`.toLowerCase());
  });
  return keys.map((key) => `/api/material/search?searchKey=${encodeURIComponent(key)}&pageSize=20`);
}
