import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { meetsRequirement } from '../../server/page-surface.server';
import type { Route } from './+types/wishlist';
import { appLoadContext } from '../app-context';
import { buttonClasses } from '../components/ui/button';
import { HeartGlyph } from '../features/cart/cart-glyphs';
import { useSession } from '../features/session/use-root-data';
import { WishlistEntry } from '../features/wishlist/wishlist-entry';
import { useTranslation } from '../lib/i18n';
import { useWishlistStore } from '../stores/wishlist-store';

// The wishlist page. Read on the server, in process, for a complete first paint;
// afterwards the wishlist store owns the list.

export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx } = context.get(appLoadContext);
  // Visitors and guests never see this page: the root loader's guard redirects them.
  if (!meetsRequirement(ctx, 'buyer')) return { wishlist: null };
  return { wishlist: await services.wishlist.getWishlist(ctx) };
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const showNetPrices = useSession()?.account.showNetPrices ?? true;
  const loaded = useWishlistStore((state) => state.loaded);
  const storeItems = useWishlistStore((state) => state.items);

  // Before the header's loader effect would fetch the same list again.
  useLayoutEffect(() => {
    if (loaderData.wishlist) useWishlistStore.getState().hydrate(loaderData.wishlist);
  }, [loaderData.wishlist]);

  const items = loaded ? storeItems : (loaderData.wishlist?.items ?? []);

  return (
    <div className="mx-auto max-w-5xl space-y-4" data-testid="wishlist-page">
      <h1 className="text-2xl font-semibold text-zinc-900">{t('wishlist.title')}</h1>
      {items.length === 0 ? (
        <div data-testid="wishlist-empty" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center">
          <HeartGlyph className="size-10 text-zinc-400" />
          <h2 className="text-base font-semibold text-zinc-900">{t('wishlist.empty')}</h2>
          <p className="max-w-md text-sm text-zinc-600">{t('wishlist.empty.hint')}</p>
          <Link to="/" className={buttonClasses('primary')}>
            {t('cart.continue.shopping')}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white">
          {items.map((item) => (
            <WishlistEntry key={item._id} item={item} showNetPrices={showNetPrices} />
          ))}
        </ul>
      )}
    </div>
  );
}
