import type { Product } from '../../../core/catalog-types.ts';
import { reviewSummaryOf, type ReviewSummary } from '../../../core/reviews.ts';
import { groupByProduct } from '../../lib/group-by-product.ts';
import { toProduct, type ProductViewer } from './product.mapper.ts';
import type { ProductRepository, ProductRow } from './product.repository.ts';
import type { ProductVisibility } from './product-visibility.repository.ts';

// Turns a list of product ids into API products with a fixed number of queries, whatever the page size:
// products (with the reviews' kept summaries), images, units, pre-stocks, customer and tier prices (and
// variants when asked), each `in (…)`.

export interface PricedViewer extends ProductViewer {
  tenantId: number;
  /** Whose customer and tier prices apply; null for users without a company. */
  companyId: number | null;
}

const noReviews: ReviewSummary = { average: null, count: 0 };

/** The product's kept review summary, read with the product; a product never reviewed has no row of it. */
function reviewsOf(row: ProductRow): ReviewSummary {
  if (row.reviews_published_count === null || row.reviews_rating_sum === null) return noReviews;
  return reviewSummaryOf(row.reviews_rating_sum, row.reviews_published_count);
}

/** Products of `ids` the viewer may see, in the order of `ids`; unknown and hidden ids are left out. */
export async function loadProducts(
  repository: ProductRepository,
  viewer: PricedViewer,
  visibility: ProductVisibility,
  ids: readonly number[],
  options: { withVariants: boolean },
): Promise<Product[]> {
  if (ids.length === 0) return [];
  const tenantId = viewer.tenantId;
  // Customer and tier prices are only worth reading when they will be shown.
  const wantsCustomerPrices = viewer.showPrices && viewer.companyId !== null;
  const [rows, images, variants, units, preStocks, customerPrices, tierPrices] = await Promise.all([
    repository.findProducts(visibility, ids),
    repository.findImages(tenantId, ids),
    options.withVariants ? repository.findVariants(tenantId, ids) : Promise.resolve([]),
    repository.findMaterialUnits(tenantId, ids),
    repository.findPreStocks(tenantId, ids),
    wantsCustomerPrices && viewer.companyId !== null ? repository.findCustomerPrices(tenantId, viewer.companyId, ids) : Promise.resolve([]),
    viewer.showPrices ? repository.findTierPrices(tenantId, viewer.companyId, ids) : Promise.resolve([]),
  ]);
  const imagesOf = groupByProduct(images);
  const variantsOf = groupByProduct(variants);
  const unitsOf = groupByProduct(units);
  const preStocksOf = groupByProduct(preStocks);
  const customerPriceOf = new Map(customerPrices.map((price) => [price.product_id, { cents: price.price_cents, validFrom: price.valid_from, validTo: price.valid_to }]));
  const tiersOf = groupByProduct(tierPrices);
  const rowOf = new Map(rows.map((row) => [row.id, row]));

  const products: Product[] = [];
  for (const id of ids) {
    const row = rowOf.get(id);
    if (!row) continue;
    products.push(
      toProduct(
        row,
        {
          images: imagesOf.get(id) ?? [],
          variants: variantsOf.get(id) ?? [],
          units: unitsOf.get(id) ?? [],
          preStocks: preStocksOf.get(id) ?? [],
          customerPrice: customerPriceOf.get(id) ?? null,
          tiers: (tiersOf.get(id) ?? []).map((tier) => ({ minQuantity: tier.min_quantity, cents: tier.price_cents, validFrom: tier.valid_from, validTo: tier.valid_to })),
          reviews: reviewsOf(row),
        },
        viewer,
      ),
    );
  }
  return products;
}
