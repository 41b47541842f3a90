import { useState } from 'react';
import type { ProductImage as ApiImage } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { ProductImage } from './product-image';

/** The product's pictures: the first loads at once (it is the page's main picture), the others lazily. */
export function ProductGallery({ images, name }: { images: readonly ApiImage[]; name: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  return (
    <div className="space-y-2" data-testid="product-gallery">
      <ProductImage image={images[shown]} size={400} eager={shown === 0} alt={name} className="aspect-square h-auto w-full max-w-md" />
      {images.length > 1 ? (
        <ul className="flex gap-2">
          {images.map((image, index) => (
            <li key={image.image.url}>
              <button
                type="button"
                aria-label={t('product.image.show', { number: index + 1 })}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                className={`rounded-md border-2 ${index === shown ? 'border-brand' : 'border-transparent hover:border-zinc-300'}`}
              >
                <ProductImage image={image} size={64} className="size-16" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
