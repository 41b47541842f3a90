import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { Configuration } from '../../../server/page-surface.server';

export type Banner = Configuration['banners'][number];

const defaultBackground = '#f4f4f5';

/** A banner click goes to the path of its link, so absolute links stay inside the shop. */
export function bannerPath(link: string): string {
  try {
    const url = new URL(link, 'http://shop.invalid');
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** Only plain hex colours are used as backgrounds; black or white text, whichever reads better on it. */
function colours(background: string): { background: string; text: 'dark' | 'light' } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(background) ? background : defaultBackground;
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const channel = (offset: number) => {
    const value = parseInt(full.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // 0.179 is where black and white text have the same contrast on the background.
  return { background: full, text: luminance > 0.179 ? 'dark' : 'light' };
}

function BannerCard({ banner }: { banner: Banner }) {
  const { background, text } = colours(banner.background);
  const dark = text === 'dark';
  return (
    <li>
      <Link
        to={bannerPath(banner.link)}
        style={{ backgroundColor: background }}
        className={`group flex h-full flex-col overflow-hidden rounded-lg border border-zinc-200 ${dark ? 'text-zinc-900' : 'text-white'}`}
      >
        {banner.imageUrl ? (
          <img
            src={banner.imageUrl}
            alt=""
            width={800}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[8/3] w-full object-cover"
          />
        ) : null}
        <div className="flex flex-1 flex-col items-start justify-between gap-3 p-4">
          <h2 className="text-base leading-snug font-semibold">{banner.title}</h2>
          {banner.buttonText ? (
            <span
              className={`inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors ${
                dark ? 'bg-zinc-900 text-white group-hover:bg-zinc-700' : 'bg-white text-zinc-900 group-hover:bg-zinc-200'
              }`}
            >
              {banner.buttonText}
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}

/** The home page's banners from the site settings; each whole card is one link. */
export function BannerGrid({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('banner.grid.label')}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:gap-4">
        {banners.map((banner) => (
          <BannerCard key={banner.id} banner={banner} />
        ))}
      </ul>
    </section>
  );
}
