import type { SearchAnswer } from '../../../core/catalog-types';
import { maxSearchKeyLength } from '../../../core/search-text';
import { createTranslator } from '../../../core/translate';
import { isAppError } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { asPageResponse } from '../catalog/app-errors.server';
import { productListPageSize, readListingParams } from '../catalog/listing-params';
import { listedProducts } from '../catalog/listed-products.server';

type SearchContext = Pick<AppLoadContext, 'services' | 'ctx' | 'translations'>;

/**
 * /search?key=…: one page of the products the key finds, with the toggles, view and page in the URL
 * like the category page, and the categories whose names match. A key the search refuses (missing,
 * too short) shows the search's own message on the page instead of an error screen.
 */
export async function loadSearchPage({ services, ctx, translations }: SearchContext, url: URL) {
  const t = createTranslator(ctx.locale, translations);
  // Longer keys are cut, as the search itself does.
  const key = (url.searchParams.get('key') ?? '').slice(0, maxSearchKeyLength).trim();
  const listing = readListingParams(url.searchParams);
  const configuration = await services.settings.getConfiguration(ctx);
  const params = {
    page: listing.page,
    stockAvail: listing.stockAvail,
    preOrder: listing.preOrder && configuration.isPreOrderModeVisible,
    view: listing.view ?? configuration.defaultCategoryView,
  };
  // The document title is set by meta(), which has no translator: the loader hands it over.
  const title = key ? t('search.page.document.title', { key }) : t('search.page.title.plain');

  let answer: SearchAnswer;
  try {
    answer = await services.search.search(ctx, {
      key,
      page: params.page,
      pageSize: productListPageSize,
      filters: { inStockOnly: params.stockAvail, preOrderOnly: params.preOrder },
    });
  } catch (error) {
    if (isAppError(error) && error.code === 'validation') {
      return { kind: 'refused' as const, key, params, title, message: t(error.messageKey, error.params) };
    }
    // Anything else as on the other pages: a refusal becomes its status, a failure stays a 500.
    return asPageResponse(() => {
      throw error;
    });
  }
  return {
    kind: 'results' as const,
    key,
    params,
    title,
    products: listedProducts(answer.data),
    total: answer.meta.total,
    categories: answer.meta.categories,
  };
}
