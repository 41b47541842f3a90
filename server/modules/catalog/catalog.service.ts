import { localizedName } from '../../../core/locale.ts';
import { productDocumentUrl } from '../../../core/product-files.ts';
import { shopToday } from '../../../core/shop-day.ts';
import type { Category, ListMeta, Product, ProductDetail } from '../../../core/catalog-types.ts';
import { verboseCategory } from '../../../core/category-path.ts';
import type { BuyerVat } from '../../../core/tax-conversion.ts';
import type { Caches } from '../../cache.ts';
import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { CategoryTree } from './category-tree.ts';
import { createCatalogViewers, type CatalogViewer, type CatalogViewerDependencies } from './catalog-viewer.ts';
import { groupFacetValues, type FilterableAttribute } from './facet-values.ts';
import { loadProducts } from './product-loader.ts';
import { selectVariant } from './product.mapper.ts';
import type { ProductRepository } from './product.repository.ts';
import type { ProductVisibility } from './product-visibility.repository.ts';
import type { ListingFilters, ListingScope, ProductListingRepository } from './product-listing.repository.ts';
import type { SimilarProductsRepository } from './similar-products.repository.ts';

export interface CatalogDependencies extends CatalogViewerDependencies {
  products: ProductRepository;
  listing: ProductListingRepository;
  similar: SimilarProductsRepository;
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

export interface ProductList {
  data: Product[];
  meta: ListMeta;
}

/** Deepest row a listing reaches (page × page size): deeper pages cost more than any visitor needs. */
export const maxListingDepth = 10_000;
const similarProductsLimit = 12;

export function createCatalogService(deps: CatalogDependencies, caches: Caches) {
  const viewers = createCatalogViewers(deps, caches);
  // A count reads every matching index entry; paging through a category repeats the same count.
  const counts = caches.counts<number>(10_000);
  const filterOptions = caches.counts<FilterableAttribute[]>();
  // Answers for one kind of viewer, kept two seconds by default (as long as the site settings): popular
  // pages are asked for many times a second, and stock shown two seconds late is still what the basket
  // re-checks.
  const answers = caches.answers<unknown>(500);
  function remembered<T>(key: unknown[], load: () => Promise<T>): Promise<T> {
    return answers.get(JSON.stringify(key), load) as Promise<T>;
  }

  function visibilityFor(viewer: CatalogViewer, tree: CategoryTree): ProductVisibility {
    return { tenantId: viewer.tenantId, hiddenCategoryIds: tree.hiddenIds };
  }

  function listingIds(tree: CategoryTree, categoryId: number): number[] {
    const ids = tree.listingIds(categoryId);
    if (ids.length === 0) throw new AppError('not_found', 'error.category_not_found', { field: 'category' });
    return ids;
  }

  return {
    /** Every category the user may see: main, deal (accounts with deals only) and sub. */
    async listCategories(ctx: RequestContext): Promise<Category[]> {
      const viewer = await viewers.viewerOf(ctx);
      const tree = await viewers.treeFor(viewer);
      return tree.visible.map((record) => {
        const name = localizedName(viewer.locale, record.name, record.name_en);
        return { _id: record.id, name, parent: record.parent_id, isDeal: record.is_deal === 1, isActive: true, verboseName: verboseCategory(name, record.id) };
      });
    },

    async listProducts(ctx: RequestContext, query: ProductListQuery): Promise<ProductList> {
      if (query.page * query.pageSize > maxListingDepth) {
        throw new AppError('validation', 'validation.page_out_of_range', { field: 'page', params: { max: maxListingDepth } });
      }
      const viewer = await viewers.viewerOf(ctx);
      return remembered(['list', viewers.keyOf(viewer), query], async () => {
        const tree = await viewers.treeFor(viewer);
        const scope: ListingScope =
          query.categoryId === null
            ? { kind: 'all', hiddenCategoryIds: tree.hiddenIds, visibleCategoryIds: tree.visibleIds }
            : { kind: 'categories', categoryIds: listingIds(tree, query.categoryId) };
        const offset = (query.page - 1) * query.pageSize;
        const [ids, total] = await Promise.all([
          deps.listing.findPageIds(viewer.tenantId, scope, query.filters, offset, query.pageSize),
          counts.get(JSON.stringify([viewer.tenantId, scope, query.filters]), () => deps.listing.count(viewer.tenantId, scope, query.filters)),
        ]);
        const data = await loadProducts(deps.products, viewer, visibilityFor(viewer, tree), ids, { withVariants: query.withVariants });
        return { data, meta: { total, page: query.page, pageSize: query.pageSize } };
      });
    },

    /** One product with its variants and its documents for everyone; `sku` (a variant's sku) makes the answer stand for that variant. */
    async getProductDetail(ctx: RequestContext, productId: number, sku?: string): Promise<ProductDetail> {
      const viewer = await viewers.viewerOf(ctx);
      return remembered(['detail', viewers.keyOf(viewer), productId, sku ?? null], async () => {
        const tree = await viewers.treeFor(viewer);
        const [products, description, downloads] = await Promise.all([
          loadProducts(deps.products, viewer, visibilityFor(viewer, tree), [productId], { withVariants: true }),
          deps.products.findDescription(viewer.tenantId, productId),
          deps.products.findPublicDocuments(viewer.tenantId, productId),
        ]);
        const product = products[0];
        if (!product) throw new AppError('not_found', 'error.product_not_found');
        const shown = sku && sku !== product.sku ? selectVariant(product, sku) : product;
        return {
          ...shown,
          description: (viewer.locale === 'en' && description?.description_en) || description?.description || null,
          downloadable: description?.is_downloadable === 1,
          downloads: downloads.map((document) => ({ title: document.title, url: productDocumentUrl(document.id) })),
        };
      });
    },

    /** Featured products (by name) and best sellers (by rank), up to 12 each. */
    async getSimilarProducts(ctx: RequestContext): Promise<{ featured: Product[]; bestsellers: Product[] }> {
      const viewer = await viewers.viewerOf(ctx);
      return remembered(['similar', viewers.keyOf(viewer)], async () => {
        const tree = await viewers.treeFor(viewer);
        const [featuredIds, bestsellerIds] = await Promise.all([
          deps.similar.findFeaturedIds(viewer.tenantId, tree.hiddenIds, similarProductsLimit),
          deps.similar.findBestsellerIds(viewer.tenantId, tree.hiddenIds, similarProductsLimit),
        ]);
        const products = await loadProducts(deps.products, viewer, visibilityFor(viewer, tree), [...new Set([...featuredIds, ...bestsellerIds])], {
          withVariants: false,
        });
        const byId = new Map(products.map((product) => [product._id, product]));
        const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
        return { featured: pick(featuredIds), bestsellers: pick(bestsellerIds) };
      });
    },

    /** The main image per requested sku or variant sku, in request order; unknown skus are left out. */
    async getMainImages(ctx: RequestContext, skus: readonly string[]) {
      const viewer = await viewers.viewerOf(ctx);
      const matches = await deps.products.findProductIdsBySku(visibilityFor(viewer, await viewers.treeFor(viewer)), skus);
      const productOf = new Map(matches.map((match) => [match.sku, match.product_id]));
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
      const viewer = await viewers.viewerOf(ctx);
      const ids = listingIds(await viewers.treeFor(viewer), categoryId);
      return filterOptions.get(JSON.stringify([viewer.tenantId, ids]), async () =>
        groupFacetValues(await deps.listing.listFacetValues(viewer.tenantId, ids)),
      );
    },

    /** Equal for two requests exactly when their viewers see the same catalogue answers (for caches of other finders). */
    async answerKeyOf(ctx: RequestContext): Promise<string> {
      return viewers.keyOf(await viewers.viewerOf(ctx));
    },

    /** Which products this viewer may see (product-visibility.repository.ts), for every other path that takes product ids or skus. */
    async visibilityOf(ctx: RequestContext): Promise<ProductVisibility> {
      const viewer = await viewers.viewerOf(ctx);
      return visibilityFor(viewer, await viewers.treeFor(viewer));
    },

    /** A category and its subcategories as the catalogue lists it for this viewer; a hidden or unknown one is 404 error.category_not_found. */
    async categoryListingIds(ctx: RequestContext, categoryId: number): Promise<number[]> {
      return listingIds(await viewers.treeFor(await viewers.viewerOf(ctx)), categoryId);
    },

    /** Whether this viewer's account shows gross prices (its company's show_net_prices is off), as the catalogue marks its prices. */
    async showsGrossPrices(ctx: RequestContext): Promise<boolean> {
      return (await viewers.viewerOf(ctx)).isGrossPrice;
    },

    /** The shop day whose customer and tier prices apply, as the catalogue prices with it: the basket and the order take the same. */
    priceDay(): string {
      return shopToday(deps.clock.now());
    },

    /** The buyer's VAT situation, as the catalogue prices with it: the basket and the order take the same. */
    async buyerVatOf(ctx: RequestContext): Promise<BuyerVat> {
      return (await viewers.viewerOf(ctx)).vat;
    },

    /** Products by id as this viewer sees them (prices, VAT, language), in the order of `ids`; hidden ids are left out. */
    async productsById(ctx: RequestContext, ids: readonly number[], options: { withVariants: boolean }): Promise<Product[]> {
      const viewer = await viewers.viewerOf(ctx);
      return loadProducts(deps.products, viewer, visibilityFor(viewer, await viewers.treeFor(viewer)), ids, options);
    },

    /** Forgets everything cached (after catalogue changes made by this process or an ERP load it ran, and in tests). */
    clearCache(): void {
      viewers.clear();
      counts.clear();
      filterOptions.clear();
      answers.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
