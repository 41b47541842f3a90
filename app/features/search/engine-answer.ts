import type { Category, HighlightRange, Product, SearchAnswer, SearchProduct } from '../../../core/catalog-types';
import { highlightRanges, searchWords } from '../../../core/search-text';
import { untagHighlights } from './engine-highlight';
import { enginePageSize, type EngineHit, type EngineSearchResult } from './engine-query';

// The engine finds products; the shop says how this buyer sees them. One page of engine hits and the
// shop's products for their ids (GET /api/material/searchHits) make the panel's usual answer: the
// products in the engine's order, each with the engine's highlights where its text is the one the
// shop shows, and the shop's own marking where it is not (a renamed product the engine has not
// caught up with, a variant the engine did not mark).

/** GET /api/material/searchHits: the found products as this buyer sees them, and the matching categories. */
export interface ShopHitsAnswer {
  data: Product[];
  meta: { categories: Category[] };
}

export interface EngineAnswerParts {
  /** The search key as sent to the engine. */
  key: string;
  /** The engine page these hits are (1-based, `enginePageSize` hits each). */
  page: number;
  engine: EngineSearchResult;
  shop: ShopHitsAnswer;
}

/** The ranges of the one tagged text among `tagged` whose plain text is `shown`, or null. */
function engineRanges(shown: string, tagged: readonly unknown[]): HighlightRange[] | null {
  for (const candidate of tagged) {
    if (typeof candidate !== 'string') continue;
    const { text, ranges } = untagHighlights(candidate);
    if (text === shown) return ranges;
  }
  return null;
}

function highlightOf(product: Product, hit: EngineHit, words: readonly string[]): SearchProduct['highlight'] {
  const formatted = hit._formatted ?? {};
  const ranges = (shown: string, tagged: readonly unknown[]) => engineRanges(shown, tagged) ?? highlightRanges(shown, words);
  const variantSkus: unknown[] = Array.isArray(formatted.variantSkus) ? formatted.variantSkus : [];
  return {
    // The shop sends the German or the English name, whichever the buyer reads.
    name: ranges(product.name, [formatted.name, formatted.nameEn]),
    sku: ranges(product.sku, [formatted.sku]),
    variantSku: product.variantSku ? ranges(product.variantSku, variantSkus) : [],
  };
}

/** The panel's answer for one engine page: hits without a product from the shop are left out. */
export function mergeEngineAnswer({ key, page, engine, shop }: EngineAnswerParts): SearchAnswer {
  const products = new Map(shop.data.map((product) => [product._id, product]));
  const words = searchWords(key);
  const data: SearchProduct[] = [];
  for (const hit of engine.hits) {
    const product = products.get(hit.id);
    if (product) data.push({ ...product, highlight: highlightOf(product, hit, words) });
  }
  return { data, meta: { total: engine.estimatedTotalHits, page, pageSize: enginePageSize, categories: shop.meta.categories } };
}
