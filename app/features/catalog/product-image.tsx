import type { ProductImage as ApiImage } from '../../../core/catalog-types';

export interface ProductImageProps {
  image: ApiImage | undefined;
  /** Shown size in CSS pixels; the image keeps its own proportions inside (object-contain). */
  size: number;
  /** Above the fold: load at once. Everything else waits until it scrolls near. */
  eager?: boolean;
  alt?: string;
  className?: string;
}

/** A product picture with width and height, so nothing jumps when it arrives. */
export function ProductImage({ image, size, eager = false, alt = '', className = '' }: ProductImageProps) {
  if (!image) {
    return <span aria-hidden="true" style={{ width: size, height: size }} className={`block shrink-0 rounded-md border border-zinc-200 bg-zinc-100 ${className}`} />;
  }
  return (
    <img
      src={image.image.url}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`max-w-none shrink-0 rounded-md border border-zinc-200 bg-white object-contain ${className}`}
    />
  );
}
