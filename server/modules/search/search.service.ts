import type { Category, SearchAnswer, SearchProduct } from '../../../core/catalog-types.ts';
import { highlightRanges, maxSearchKeyLength, minSearchKeyLength, searchWords } from '../../../core/search-text.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { selectVariant } from '../catalog/product.mapper.ts';
import type { ProductSearchRepository } from './product-search.repository.ts';

// The built-in product search (spec sections 5 and 7, ADR 0008): checks the key, finds one page of
// matching products in search order, loads them as the buyer sees them, marks what matched, and adds
// the visible categories whose names contain every word.

export interface ProductSearchQuery {
  key: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  filters: { inStockOnly: boolean; preOrderOnly: boolean };
}

/** Deepest row a search reaches (page × page size), as for the catalogue listing. */
export const maxSearchDepth = 1_000;

export function createSearchService(deps: { search: ProductSearchRepository; catalog: Pick<CatalogService, 'visibilityOf' | 'productsById' | 'listCategories'> }) {
  return {
    async search(ctx: RequestContext, query: ProductSearchQuery): Promise<SearchAnswer> {
      const key = query.key.trim();
      if (key === '') throw new AppError('validation', 'search.key.required', { field: 'searchKey' });
      if (key.length < minSearchKeyLength) throw new AppError('validation', 'search.term.too.short', { field: 'searchKey', params: { min: minSearchKeyLength } });
      if (query.page * query.pageSize > maxSearchDepth) {
        throw new AppError('validation', 'validation.page_out_of_range', { field: 'page', params: { max: maxSearchDepth } });
      }
      const words = searchWords(key);
      if (words.length === 0) return { data: [], meta: { total: 0, page: query.page, pageSize: query.pageSize, categories: [] } };

      const visibility = await deps.catalog.visibilityOf(ctx);
      const terms = { words, skuKey: key.slice(0, maxSearchKeyLength).toUpperCase() };
      const scope = { ...visibility, filters: query.filters };
      const [hits, total, categories] = await Promise.all([
        deps.search.findPage(terms, scope, (query.page - 1) * query.pageSize, query.pageSize),
        deps.search.count(terms, scope),
        deps.catalog.listCategories(ctx),
      ]);
      const products = await deps.catalog.productsById(
        ctx,
        hits.map((hit) => hit.id),
        { withVariants: true },
      );
      const exactVariant = new Map(hits.map((hit) => [hit.id, hit.exactVariantSku]));
      const data = products.map((product): SearchProduct => {
        const variantSku = exactVariant.get(product._id);
        // A key that is a variant's sku finds that variant: the entry stands for it, as a list row would.
        const shown = variantSku ? selectVariant(product, variantSku) : product;
        return {
          ...shown,
          highlight: {
            name: highlightRanges(shown.name, words),
            sku: highlightRanges(shown.sku, words),
            variantSku: shown.variantSku ? highlightRanges(shown.variantSku, words) : [],
          },
        };
      });
      return { data, meta: { total, page: query.page, pageSize: query.pageSize, categories: matchingCategories(categories, words) } };
    },
  };
}

function matchingCategories(categories: readonly Category[], words: readonly string[]): Category[] {
  return categories.filter((category) => words.every((word) => highlightRanges(category.name, [word]).length > 0));
}

export type SearchService = ReturnType<typeof createSearchService>;
