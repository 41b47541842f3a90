import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListedProduct } from '../../../core/catalog-types';
import { productPath } from '../../../core/category-path';
import { useTranslation } from '../../lib/i18n';
import { ReviewBadge } from '../reviews/review-badge';
import { AlarmBell } from '../alarms/alarm-bell';
import { WishlistButton } from './cart-action-buttons';
import { ProductImage } from './product-image';
import { UnitPrice, VatNote } from './price-text';
import { StockIndicator } from './stock-indicator';
import type { CatalogViewer } from './use-catalog-viewer';

export interface ProductCardProps {
  product: ListedProduct;
  viewer: CatalogViewer;
  /** Quantity and cart button (the category grid); without, the card only links to the product. */
  purchase?: ReactNode;
  eager?: boolean;
}

/** A product as a card: category grid view, home page sections and similar products. */
export function ProductCard({ product, viewer, purchase, eager = false }: ProductCardProps) {
  const { t } = useTranslation();
  const href = productPath(product);
  return (
    <article className="flex h-full flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3" data-testid="product-card" data-sku={product.variantSku || product.sku}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
        <ProductImage image={product.images[0]} size={400} eager={eager} className="aspect-square h-auto w-full" />
      </Link>
      <h3 className="line-clamp-2 min-h-10 text-sm leading-5 font-medium">
        <Link to={href} className="text-zinc-900 hover:text-brand-text hover:underline">
          {product.name}
        </Link>
      </h3>
      <p className="num text-xs text-zinc-600">{product.variantSku || product.sku}</p>
      <ReviewBadge summary={product.reviews} />
      <div className="flex flex-wrap items-baseline gap-x-1.5">
        <UnitPrice price={product.price} vatRate={product.vatRate} showNetPrices={viewer.showNetPrices} className="text-base font-semibold text-zinc-900" />
        {product.price ? <VatNote showNetPrices={viewer.showNetPrices} vatRates={[product.vatRate]} /> : null}
      </div>
      <StockIndicator product={product} isSalesPerson={viewer.isSalesPerson} />
      <div className="mt-auto flex items-center gap-2 pt-1">
        {purchase && product.variants.length === 0 ? (
          <div className="flex-1">{purchase}</div>
        ) : product.variants.length > 0 ? (
          <Link to={href} className="flex-1 text-sm font-medium text-brand-text hover:underline">
            {t('catalog.variants.choose', { count: product.variants.length })}
          </Link>
        ) : (
          <span className="flex-1" />
        )}
        {/* A product with variants has a stock per variant: its bells are on the product page. */}
        {product.variants.length === 0 ? <AlarmBell item={product} quantity={0} /> : null}
        <WishlistButton productId={product._id} productName={product.name} />
      </div>
    </article>
  );
}
