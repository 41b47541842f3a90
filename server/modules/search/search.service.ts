import type { Category, Product, SearchAnswer, SearchProduct } from '../../../core/catalog-types.ts';
import { containsSearchWord, highlightRanges, minSearchKeyLength, searchWords } from '../../../core/search-text.ts';
import type { Caches } from '../../cache.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { selectVariant } from '../catalog/product.mapper.ts';
import type { ProductSearchRepository, SearchWords } from './product-search.repository.ts';
import type { SearchVocabulary } from './search-vocabulary.ts';

// The built-in product search (docs/product.md, Catalogue; ADR 0008): checks the key, finds one page of
// matching products — exact sku and variant sku hits first, then the products whose search documents
// contain every word, in name order — loads them as the buyer sees them, marks what matched, and adds
// the visible categories whose names contain every word. The total is counted up to 1,000.

export interface ProductSearchQuery {
  key: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  filters: { inStockOnly: boolean; preOrderOnly: boolean };
}

export interface EngineHitsAnswer {
  data: Product[];
  meta: { categories: Category[] };
}

/** Deepest row a search reaches (page × page size), as for the catalogue listing. */
export const maxSearchDepth = 1_000;

export interface SearchDependencies {
  search: ProductSearchRepository;
  vocabulary: SearchVocabulary;
  catalog: Pick<CatalogService, 'visibilityOf' | 'productsById' | 'listCategories' | 'answerKeyOf'>;
}

export function createSearchService(deps: SearchDependencies, caches: Caches) {
  // Typeahead asks for the same keys again and again (every buyer typing "schrau" passes "sch",
  // "schr" …): answers are reused for the same kind of viewer as long as catalogue answers are.
  const answers = caches.answers<SearchAnswer>(1_000);
  // Counting a common word's matches reads up to a thousand of them; paging and the same key typed
  // by other buyers repeat it. Kept as long as the catalogue keeps its listing counts.
  const counts = caches.counts<number>(10_000);

  return {
    async search(ctx: RequestContext, query: ProductSearchQuery): Promise<SearchAnswer> {
      const key = checkedKey(query.key);
      if (query.page * query.pageSize > maxSearchDepth) {
        throw new AppError('validation', 'validation.page_out_of_range', { field: 'page', params: { max: maxSearchDepth } });
      }
      const viewerKey = await deps.catalog.answerKeyOf(ctx);
      return answers.get(JSON.stringify([viewerKey, key, query.page, query.pageSize, query.filters]), () => findAnswer(ctx, key, query));
    },

    /**
     * The products an external engine found for a key (ADR 0009), as this buyer sees them: prices,
     * stock and language come from the shop, since the engine holds none of them. Products the buyer
     * may not see are left out; a product whose variant sku is the key stands for that variant, as
     * in the built-in answer. With the visible categories whose names contain every word.
     */
    async engineHits(ctx: RequestContext, query: { key: string; ids: readonly number[] }): Promise<EngineHitsAnswer> {
      const key = checkedKey(query.key);
      const visibility = await deps.catalog.visibilityOf(ctx);
      const scope = { ...visibility, filters: { inStockOnly: false, preOrderOnly: false } };
      const [exactHits, categories] = await Promise.all([
        deps.search.findExactSkus([...new Set([key, key.toUpperCase()])], scope),
        deps.catalog.listCategories(ctx),
      ]);
      const variantOf = new Map(exactHits.flatMap((hit) => (hit.variantSku !== null && query.ids.includes(hit.id) ? [[hit.id, hit.variantSku] as const] : [])));
      const products = await deps.catalog.productsById(ctx, query.ids, { withVariants: variantOf.size > 0 });
      const data = products.map((product) => {
        const variantSku = variantOf.get(product._id);
        return variantSku ? selectVariant(product, variantSku) : product;
      });
      return { data, meta: { categories: matchingCategories(categories, searchWords(key).map((word) => [word])) } };
    },

    // After a change of the catalogue the words for typo corrections stay: they are read again every few
    // minutes (search-vocabulary.ts), and reading them takes 60–180 ms of the request thread, too much to
    // pay after every ERP load.
    forgetCatalogChanges(): void {
      answers.clear();
      counts.clear();
    },

    clearCache(): void {
      answers.clear();
      counts.clear();
      deps.vocabulary.clear();
    },
  };

  async function findAnswer(ctx: RequestContext, key: string, query: ProductSearchQuery): Promise<SearchAnswer> {
    const words = searchWords(key);
    if (words.length === 0) return { data: [], meta: { total: 0, page: query.page, pageSize: query.pageSize, categories: [] } };

    const visibility = await deps.catalog.visibilityOf(ctx);
    const scope = { ...visibility, filters: query.filters };
    // Skus are compared as typed and in upper case (the way wholesalers write them).
    const skuKeys = [...new Set([key, key.toUpperCase()])];
    const countOf = (groups: SearchWords) => counts.get(JSON.stringify([scope, groups]), () => deps.search.countMatches(groups, scope));
    let groups: SearchWords = words.map((word) => [word]);
    const [exactHits, typedMatches, categories] = await Promise.all([deps.search.findExactSkus(skuKeys, scope), countOf(groups), deps.catalog.listCategories(ctx)]);
    let matches = typedMatches;
    // Nothing as typed: a word of five letters or more may carry one typo; try the known words one
    // edit away from it (ADR 0008).
    if (matches === 0 && exactHits.length === 0) {
      const corrected = await Promise.all(words.map(async (word) => [word, ...(await deps.vocabulary.corrections(word))]));
      if (corrected.some((group) => group.length > 1)) {
        groups = corrected;
        matches = await countOf(groups);
      }
    }
    // Exact sku hits come first (one product once), then every other match in name order.
    const exact = [...new Map(exactHits.map((hit) => [hit.id, hit] as const)).values()];
    const offset = (query.page - 1) * query.pageSize;
    const exactOnPage = exact.slice(offset, offset + query.pageSize);
    const restIds =
      exactOnPage.length < query.pageSize
        ? await deps.search.findPageIds(
            groups,
            scope,
            matches,
            exact.map((hit) => hit.id),
            Math.max(0, offset - exact.length),
            query.pageSize - exactOnPage.length,
          )
        : [];
    const hits = [...exactOnPage.map((hit) => ({ id: hit.id, exactVariantSku: hit.variantSku })), ...restIds.map((id) => ({ id, exactVariantSku: null }))];
    const total = Math.max(matches, exact.length);
    // Variants only when a key named one: the entry then stands for that variant.
    const products = await deps.catalog.productsById(
      ctx,
      hits.map((hit) => hit.id),
      { withVariants: hits.some((hit) => hit.exactVariantSku !== null) },
    );
    const exactVariant = new Map(hits.map((hit) => [hit.id, hit.exactVariantSku]));
    const marked = groups.flat();
    const data = products.map((product): SearchProduct => {
      const variantSku = exactVariant.get(product._id);
      // A key that is a variant's sku finds that variant: the entry stands for it, as a list row would.
      const shown = variantSku ? selectVariant(product, variantSku) : product;
      return {
        ...shown,
        highlight: {
          name: highlightRanges(shown.name, marked),
          sku: highlightRanges(shown.sku, marked),
          variantSku: shown.variantSku ? highlightRanges(shown.variantSku, marked) : [],
        },
      };
    });
    return { data, meta: { total, page: query.page, pageSize: query.pageSize, categories: matchingCategories(categories, groups) } };
  }
}

/** The key as searched: trimmed, present and at least 3 characters long. */
function checkedKey(searchKey: string): string {
  const key = searchKey.trim();
  if (key === '') throw new AppError('validation', 'search.key.required', { field: 'searchKey' });
  if (key.length < minSearchKeyLength) throw new AppError('validation', 'search.term.too.short', { field: 'searchKey', params: { min: minSearchKeyLength } });
  return key;
}

function matchingCategories(categories: readonly Category[], groups: SearchWords): Category[] {
  return categories.filter((category) => groups.every((group) => group.some((word) => containsSearchWord(category.name, word))));
}

export type SearchService = ReturnType<typeof createSearchService>;
