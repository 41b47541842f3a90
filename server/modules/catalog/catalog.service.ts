import type { Category, ListMeta, Product, ProductDetail } from '../../../core/catalog-types.ts';
import { verboseCategory } from '../../../core/category-path.ts';
import { createTtlCache } from '../../cache.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { CatalogBuyerRepository } from './catalog-buyer.repository.ts';
import { buildCategoryTree, type CategoryRecord, type CategoryTree } from './category-tree.ts';
import type { CategoryRepository } from './category.repository.ts';
import { groupFacetValues, type FilterableAttribute } from './facet-values.ts';
import { loadProducts, type PricedViewer } from './product-loader.ts';
import { selectVariant } from './product.mapper.ts';
import type { ProductRepository } from './product.repository.ts';
import type { ListingFilters, ListingScope, ProductListingRepository } from './product-listing.repository.ts';
import type { SimilarProductsRepository } from './similar-products.repository.ts';

export interface CatalogDependencies {
  categories: CategoryRepository;
  products: ProductRepository;
  listing: ProductListingRepository;
  similar: SimilarProductsRepository;
  buyers: CatalogBuyerRepository;
  settings: Pick<SettingsService, 'getConfiguration'>;
}

export interface ProductListQuery {
  /** null: every product the buyer may see. */
  categoryId: number | null;
  /** 1-based. */
  page: number;
  pageSize: number;
  filters: ListingFilters;
  withVariants: boolean;
}

/** Deepest row a listing reaches (page × page size): deeper pages cost more than any visitor needs. */
export const maxListingDepth = 10_000;
const similarProductsLimit = 12;

interface CatalogViewer extends PricedViewer {
  showDeals: boolean;
}

export function createCatalogService(deps: CatalogDependencies) {
  // Categories change rarely and every listing needs them: a few seconds of staleness is fine.
  const categoryCache = createTtlCache<CategoryRecord[]>(5_000);
  // A count reads every matching index entry; paging through a category repeats the same count.
  const countCache = createTtlCache<number>(30_000, 10_000);
  const facetCache = createTtlCache<FilterableAttribute[]>(60_000);

  async function viewerOf(ctx: RequestContext): Promise<CatalogViewer> {
    const identity = ctx.identity;
    if (!identity) throw new AppError('unauthorized', 'error.unauthorized');
    const [account, configuration] = await Promise.all([
      deps.buyers.findBuyerAccount(ctx.tenant.id, identity.userId, identity.companyId),
      deps.settings.getConfiguration(ctx),
    ]);
    if (!account) throw new AppError('unauthorized', 'error.unauthorized');
    return {
      tenantId: ctx.tenant.id,
      companyId: identity.companyId,
      locale: ctx.locale,
      showDeals: account.is_deal === 1,
      showPrices: !(identity.role === 'guest' && configuration.hidePricesForGuests),
      isGrossPrice: account.show_net_prices === 0,
    };
  }

  async function treeFor(viewer: CatalogViewer): Promise<CategoryTree> {
    const records = await categoryCache.get(String(viewer.tenantId), () => deps.categories.listCategories(viewer.tenantId));
    return buildCategoryTree(records, viewer.showDeals);
  }

  function visibleCategory(tree: CategoryTree, categoryId: number): number[] {
    const ids = tree.listingIds(categoryId);
    if (ids.length === 0) throw new AppError('not_found', 'error.category_not_found', { field: 'category' });
    return ids;
  }

  function countOf(tenantId: number, scope: ListingScope, filters: ListingFilters): Promise<number> {
    const key = JSON.stringify([tenantId, scope, filters]);
    return countCache.get(key, () => deps.listing.count(tenantId, scope, filters));
  }

  return {
    /** Every category the user may see (spec section 3): main, deal (accounts with deals only) and sub. */
    async listCategories(ctx: RequestContext): Promise<Category[]> {
      const viewer = await viewerOf(ctx);
      const tree = await treeFor(viewer);
      return tree.visible.map((record) => {
        const name = viewer.locale === 'en' && record.name_en ? record.name_en : record.name;
        return {
          _id: record.id,
          name,
          parent: record.parent_id,
          isDeal: record.is_deal === 1,
          isActive: true,
          verboseName: verboseCategory(name, record.id),
        };
      });
    },

    async listProducts(ctx: RequestContext, query: ProductListQuery): Promise<{ data: Product[]; meta: ListMeta }> {
      if (query.page * query.pageSize > maxListingDepth) {
        throw new AppError('validation', 'validation.page_out_of_range', { field: 'page', params: { max: maxListingDepth } });
      }
      const viewer = await viewerOf(ctx);
      const tree = await treeFor(viewer);
      const scope: ListingScope =
        query.categoryId === null
          ? { kind: 'all', hiddenCategoryIds: tree.hiddenIds, visibleCategoryIds: tree.visibleIds }
          : { kind: 'categories', categoryIds: visibleCategory(tree, query.categoryId) };
      const offset = (query.page - 1) * query.pageSize;
      const [ids, total] = await Promise.all([
        deps.listing.findPageIds(viewer.tenantId, scope, query.filters, offset, query.pageSize),
        countOf(viewer.tenantId, scope, query.filters),
      ]);
      const data = await loadProducts(deps.products, viewer, ids, { withVariants: query.withVariants });
      return { data, meta: { total, page: query.page, pageSize: query.pageSize } };
    },

    /** One product with its variants and downloads; `sku` (a variant's sku) makes the answer stand for that variant. */
    async getProductDetail(ctx: RequestContext, productId: number, sku?: string): Promise<ProductDetail> {
      const viewer = await viewerOf(ctx);
      const [tree, products, description, downloads] = await Promise.all([
        treeFor(viewer),
        loadProducts(deps.products, viewer, [productId], { withVariants: true }),
        deps.products.findDescription(viewer.tenantId, productId),
        deps.products.findDownloads(viewer.tenantId, productId),
      ]);
      const product = products[0];
      if (!product || !tree.isVisible(product.categoryId)) throw new AppError('not_found', 'error.product_not_found');
      const shown = sku && sku !== product.sku ? selectVariant(product, sku) : product;
      return {
        ...shown,
        description: (viewer.locale === 'en' && description?.description_en) || description?.description || null,
        downloads: downloads.map((download) => ({ title: download.title, url: download.url })),
      };
    },

    /** Featured products (by name) and best sellers (by rank), up to 12 each. */
    async getSimilarProducts(ctx: RequestContext): Promise<{ featured: Product[]; bestsellers: Product[] }> {
      const viewer = await viewerOf(ctx);
      const tree = await treeFor(viewer);
      const [featuredIds, bestsellerIds] = await Promise.all([
        deps.similar.findFeaturedIds(viewer.tenantId, tree.hiddenIds, similarProductsLimit),
        deps.similar.findBestsellerIds(viewer.tenantId, tree.hiddenIds, similarProductsLimit),
      ]);
      const products = await loadProducts(deps.products, viewer, [...new Set([...featuredIds, ...bestsellerIds])], { withVariants: false });
      const byId = new Map(products.map((product) => [product._id, product]));
      const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
      return { featured: pick(featuredIds), bestsellers: pick(bestsellerIds) };
    },

    /** The main image per requested sku or variant sku, in request order; unknown skus are left out. */
    async getMainImages(ctx: RequestContext, skus: readonly string[]) {
      const viewer = await viewerOf(ctx);
      const [tree, matches] = await Promise.all([treeFor(viewer), deps.products.findProductIdsBySku(viewer.tenantId, skus)]);
      const productOf = new Map(matches.filter((match) => tree.isVisible(match.category_id)).map((match) => [match.sku, match.product_id]));
      const images = await deps.products.findImages(viewer.tenantId, [...new Set(productOf.values())]);
      const mainImage = new Map<number, (typeof images)[number]>();
      for (const image of images) if (!mainImage.has(image.product_id)) mainImage.set(image.product_id, image);
      return skus.flatMap((sku) => {
        const productId = productOf.get(sku);
        if (productId === undefined) return [];
        const image = mainImage.get(productId);
        return [{ sku, images: image ? [{ image: { url: image.url, width: image.width, height: image.height } }] : [] }];
      });
    },

    /** Attribute names with the values the category's products (and their variants) carry, for the filter panel. */
    async getFilterableAttributes(ctx: RequestContext, categoryId: number): Promise<FilterableAttribute[]> {
      const viewer = await viewerOf(ctx);
      const ids = visibleCategory(await treeFor(viewer), categoryId);
      return facetCache.get(JSON.stringify([viewer.tenantId, ids]), async () =>
        groupFacetValues(await deps.listing.listFacetValues(viewer.tenantId, ids)),
      );
    },

    /** Forgets cached categories, counts and filter options (after catalogue changes made by this process). */
    clearCache(): void {
      categoryCache.clear();
      countCache.clear();
      facetCache.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
