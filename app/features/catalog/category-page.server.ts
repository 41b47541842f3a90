import { data, redirect } from 'react-router';
import type { Category } from '../../../core/catalog-types';
import { categoryIdFrom } from '../../../core/category-path';
import { createTranslator } from '../../../core/translate';
import { parseAttributeFilters } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';
import { asPageResponse } from './app-errors.server';
import { categoryTrail, mainCategories, subcategoriesOf } from './category-groups';
import { listedProducts } from './listed-products.server';
import { attributeParam, productListPageSize, readListingParams } from './listing-params';

type CatalogContext = Pick<AppLoadContext, 'services' | 'ctx' | 'translations'>;

export interface CategoryTile {
  category: Category;
  subcategories: Category[];
}

/** /category without a parameter: every main category as a tile with its subcategories. */
async function loadIndex({ services, ctx, translations }: CatalogContext) {
  const categories = await services.catalog.listCategories(ctx);
  const tiles: CategoryTile[] = mainCategories(categories).map((category) => ({ category, subcategories: subcategoriesOf(categories, category._id) }));
  // The document title is set by meta(), which has no translator: the loader hands it over.
  return { kind: 'index' as const, tiles, title: createTranslator(ctx.locale, translations)('category.index.title') };
}

/**
 * /category/:verboseCategory: the category's products as the URL asks (docs/product.md, Catalogue). An id the
 * buyer cannot see is a 404; a known id under an outdated name redirects to the current name.
 */
export async function loadCategoryPage({ services, ctx, translations }: CatalogContext, param: string | undefined, url: URL) {
  if (!param) return loadIndex({ services, ctx, translations });
  const [categories, configuration] = await Promise.all([services.catalog.listCategories(ctx), services.settings.getConfiguration(ctx)]);
  const category = categories.find((candidate) => candidate._id === categoryIdFrom(param));
  if (!category) throw data(null, { status: 404 });
  if (param !== category.verboseName) throw redirect(`/category/${category.verboseName}${url.search}`, 301);

  const params = readListingParams(url.searchParams);
  const preOrder = params.preOrder && configuration.isPreOrderModeVisible;
  const filters = {
    inStockOnly: params.stockAvail,
    preOrderOnly: preOrder,
    // The API's own reading of `attr[…]`, with its limits; a bad filter answers 400 like the API would.
    attributes: configuration.showCategoryFilters
      ? await asPageResponse(() => parseAttributeFilters(Object.fromEntries(params.attributes.map((a) => [attributeParam(a.name), a.values]))))
      : [],
  };
  const [list, facets] = await Promise.all([
    asPageResponse(() =>
      services.catalog.listProducts(ctx, { categoryId: category._id, page: params.page, pageSize: productListPageSize, filters, withVariants: true }),
    ),
    configuration.showCategoryFilters ? services.catalog.getFilterableAttributes(ctx, category._id) : Promise.resolve(null),
  ]);
  return {
    kind: 'listing' as const,
    category,
    trail: categoryTrail(categories, category._id),
    subcategories: subcategoriesOf(categories, category._id),
    products: listedProducts(list.data),
    total: list.meta.total,
    params: { ...params, preOrder, view: params.view ?? configuration.defaultCategoryView },
    facets,
  };
}
