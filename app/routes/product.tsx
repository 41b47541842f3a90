import { data } from 'react-router';
import { appLoadContext } from '../app-context';
import { AttributeList } from '../features/catalog/attribute-list';
import { Breadcrumb } from '../features/catalog/breadcrumb';
import { SwitchLink } from '../features/catalog/listing-toolbar';
import { Money, UnitPrice, VatNote } from '../features/catalog/price-text';
import { TierPrices } from '../features/catalog/tier-prices';
import { AlarmBell } from '../features/alarms/alarm-bell';
import { ProductBuyBox } from '../features/catalog/product-buy-box';
import { ProductCard } from '../features/catalog/product-card';
import { DigitalProductNote } from '../features/downloads/digital-product-note';
import { parentTitle } from '../features/catalog/parent-title';
import { ProductGallery } from '../features/catalog/product-gallery';
import { ProductListTable } from '../features/catalog/product-list-table';
import { ProductDocuments } from '../features/product-documents/product-documents';
import { loadProductPage } from '../features/catalog/product-page.server';
import { variantAsProduct } from '../features/catalog/product-rows';
import { shownCents } from '../../core/vat';
import { SalesUnitInfo } from '../features/catalog/sales-unit-info';
import { StockIndicator } from '../features/catalog/stock-indicator';
import { useCatalogViewer } from '../features/catalog/use-catalog-viewer';
import { ProductReviews } from '../features/reviews/product-reviews';
import { ReviewBadge } from '../features/reviews/review-badge';
import { ReviewForm, reviewIntent } from '../features/reviews/review-form';
import { sendReviewFromForm } from '../features/reviews/review-form.server';
import { useRootData } from '../features/session/use-root-data';
import { useTranslation } from '../lib/i18n';
import { readForm } from '../lib/read-form.server';
import type { Route } from './+types/product';

export function loader({ context, params, url }: Route.LoaderArgs) {
  return loadProductPage(context.get(appLoadContext), params.verboseProduct, url);
}

// The page's one form post: the buyer's review (app/features/reviews/review-form.server.ts).
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appLoadContext);
  const form = await readForm(request, app);
  if (form.get('intent') !== reviewIntent) throw data(null, { status: 400 });
  const result = await sendReviewFromForm(app, form);
  return data(result, { status: result.ok ? 200 : result.status });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.product.name }] : parentTitle(matches);
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const viewer = useCatalogViewer();
  const { session, configuration } = useRootData();
  const { product, trail, similar, preOrder, reviews, ownReview, documents } = loaderData;
  const reviewSummary = { average: reviews.meta.average, count: reviews.meta.total };
  const mayWriteReview = reviews.meta.viewer.canReview || ownReview !== null;
  const orderType = preOrder ? 'preOrder' : 'order';
  // Several variants are chosen in a table; a single one (or the one the link named) is bought directly.
  const onlyVariant = product.variants.length === 1 ? product.variants[0] : undefined;
  const item = onlyVariant && !product.variantSku ? variantAsProduct(product, onlyVariant) : product;
  const variantTable = product.variants.length > 1;
  const price = item.price;

  return (
    <article data-testid="product-page" className="space-y-8">
      <div>
        <Breadcrumb items={[...trail.map((crumb) => ({ label: crumb.name, to: `/category/${crumb.verboseName}` })), { label: item.name }]} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ProductGallery images={product.images} name={product.name} />
          <div className="space-y-4">
            <div>
              <h1 className="text-2xl font-semibold text-zinc-900">{item.name}</h1>
              <p className="num mt-1 text-sm text-zinc-600">
                {t('catalog.column.sku')}: <span data-testid="product-sku">{item.variantSku || item.sku}</span>
              </p>
              <ReviewBadge summary={reviewSummary} href="#reviews" className="mt-2" />
            </div>
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1" data-testid="product-price">
              <span className="flex items-baseline gap-2">
                {preOrder && price?.preOrderPrice != null ? <span className="text-sm text-zinc-600">{t('catalog.preorder.price')}</span> : null}
                <UnitPrice price={price} vatRate={item.vatRate} showNetPrices={viewer.showNetPrices} preOrder={preOrder} className="text-2xl font-semibold text-zinc-900" />
                {price ? <VatNote showNetPrices={viewer.showNetPrices} vatRates={[item.vatRate]} className="text-sm text-zinc-600" /> : null}
              </span>
              {viewer.showRetailPrice && !viewer.pricesHidden && price?.rrp != null ? (
                <span className="text-sm text-zinc-600">
                  {t('catalog.column.rrp')} <Money cents={shownCents(price.rrp, item.vatRate, viewer.showNetPrices)} currency={price.currency} />{' '}
                  <VatNote showNetPrices={viewer.showNetPrices} vatRates={[item.vatRate]} onlyWhenUnknown className="text-sm text-zinc-600" />
                </span>
              ) : null}
            </div>
            <TierPrices item={item} showNetPrices={viewer.showNetPrices} preOrder={preOrder} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700" />
            <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
              <StockIndicator product={item} isSalesPerson={viewer.isSalesPerson} />
              {/* A guest has no buy box: the bell (with its login modal) stands by the stock. */}
              {!viewer.canBuy && !variantTable ? <AlarmBell item={item} quantity={0} /> : null}
              {viewer.isSalesUnitActive ? <SalesUnitInfo product={item} /> : null}
            </div>
            {viewer.isPreOrderModeVisible && viewer.canBuy && product.preStocks.length > 0 ? (
              <SwitchLink on={preOrder} param="preOrder" label={t('catalog.toggle.preorder')} testId="toggle-preorder" />
            ) : null}
            {viewer.canBuy && !variantTable ? <ProductBuyBox key={`${item.variantSku || item.sku}-${orderType}`} item={item} orderType={orderType} viewer={viewer} /> : null}
            {product.description ? <p className="max-w-prose text-sm leading-6 text-zinc-800">{product.description}</p> : null}
            {product.downloadable ? <DigitalProductNote /> : null}
          </div>
        </div>
      </div>
      {variantTable ? (
        <section aria-labelledby="variants-title" data-testid="variant-table">
          <h2 id="variants-title" className="mb-3 text-lg font-semibold text-zinc-900">
            {t('product.variants.title', { count: product.variants.length })}
          </h2>
          <ProductListTable products={[product]} orderType={orderType} caption={t('product.variants.title', { count: product.variants.length })} />
        </section>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <AttributeList title={t('product.attributes')} attributes={item.attributes} testId="product-attributes" />
        <AttributeList title={t('product.sales.attributes')} attributes={product.salesAttributes} testId="product-sales-attributes" />
      </div>
      <ProductDocuments documents={documents} />
      <ProductReviews
        list={reviews}
        sellerName={configuration.company.name}
        form={
          mayWriteReview ? (
            <ReviewForm productId={product._id} own={ownReview} companyName={session?.account.company?.name ?? null} result={actionData} />
          ) : null
        }
      />
      {similar.length > 0 ? (
        <section aria-labelledby="similar-title" data-testid="similar-products">
          <h2 id="similar-title" className="mb-3 text-lg font-semibold text-zinc-900">
            {t('product.similar')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {similar.map((candidate) => (
              <li key={candidate._id}>
                <ProductCard product={candidate} viewer={viewer} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
