import type { ListedProduct } from '../../../core/catalog-types';
import { ProductCard } from './product-card';
import { useCatalogViewer } from './use-catalog-viewer';

/** A titled row of product cards (home page: featured and best sellers). */
export function ProductSection({ title, products, testId }: { title: string; products: readonly ListedProduct[]; testId: string }) {
  const viewer = useCatalogViewer();
  if (products.length === 0) return null;
  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-zinc-900">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {products.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} viewer={viewer} />
          </li>
        ))}
      </ul>
    </section>
  );
}
