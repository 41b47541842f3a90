import { data } from 'react-router';
import { productIdFrom } from '../../../core/category-path';
import type { AppLoadContext } from '../../app-context';
import { asPageResponse } from './app-errors.server';
import { categoryTrail } from './category-groups';
import { readListingParams } from './listing-params';
import { readReviewParams } from '../reviews/review-params';

const similarCount = 6;
const maxSkuLength = 64;

/**
 * /product/:verboseProduct?sku=…: the id is the part before the first dash (docs/product.md, Screens), the sku
 * picks a variant. An unknown or hidden product is a 404. With it one page of its reviews
 * (?reviewPage=, ?reviewSort=), the reader's own review, for the form that changes it, and the documents
 * the reader may see (the variant's first), read apart from the catalogue's shared answer.
 */
export async function loadProductPage({ services, ctx }: Pick<AppLoadContext, 'services' | 'ctx'>, param: string | undefined, url: URL) {
  const id = productIdFrom(param);
  if (id === null) throw data(null, { status: 404 });
  const sku = url.searchParams.get('sku')?.slice(0, maxSkuLength) || undefined;
  const [product, categories, similar, configuration, reviews, ownReview, documents] = await Promise.all([
    asPageResponse(() => services.catalog.getProductDetail(ctx, id, sku)),
    services.catalog.listCategories(ctx),
    services.catalog.getSimilarProducts(ctx),
    services.settings.getConfiguration(ctx),
    asPageResponse(() => services.reviews.listForProduct(ctx, id, readReviewParams(url.searchParams))),
    services.reviews.ownReviewOf(ctx, id),
    asPageResponse(() => services.productDocuments.listForProduct(ctx, id, sku)),
  ]);
  return {
    product,
    reviews,
    ownReview,
    documents,
    trail: categoryTrail(categories, product.categoryId),
    similar: similar.featured.filter((candidate) => candidate._id !== product._id).slice(0, similarCount),
    preOrder: readListingParams(url.searchParams).preOrder && configuration.isPreOrderModeVisible,
  };
}
