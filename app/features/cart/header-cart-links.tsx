import type { ComponentType, MouseEvent } from 'react';
import { Link } from 'react-router';
import type { OrderType } from '../../../core/catalog-types';
import { useTranslation } from '../../lib/i18n';
import { cartHref, selectCartCount, useCartStore } from '../../stores/cart-store';
import { useConfiguration } from '../session/use-root-data';
import { CartGlyph, PreOrderGlyph } from './cart-glyphs';
import { ShopperDataLoader } from './shopper-data-loader';

function CartLink({ orderType, icon: Icon, labelKey }: { orderType: OrderType; icon: ComponentType<{ className?: string }>; labelKey: string }) {
  const { t } = useTranslation();
  const count = useCartStore(selectCartCount(orderType));
  // Until the first answer (and while a cart action runs) the count would be wrong: disabled, as the spec asks.
  const busy = useCartStore((state) => state.isLoading || !state.loaded);
  const label = t(labelKey, { count });
  return (
    <Link
      to={cartHref(orderType)}
      data-testid={`header-cart-${orderType}`}
      aria-disabled={busy || undefined}
      aria-label={label}
      title={label}
      onClick={(event: MouseEvent) => {
        if (busy) event.preventDefault();
      }}
      className="relative inline-flex size-10 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 aria-disabled:cursor-wait aria-disabled:opacity-60"
    >
      <Icon className="size-5" />
      {count > 0 ? (
        <span
          data-testid={`header-cart-${orderType}-count`}
          aria-hidden="true"
          className="price absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs font-semibold text-brand-foreground"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

/** Header icons of the pre-order cart and the order cart; for signed-in customers only. */
export function HeaderCartLinks() {
  const { isPreOrderModeVisible } = useConfiguration();
  const preOrderCount = useCartStore(selectCartCount('preOrder'));
  return (
    <>
      <ShopperDataLoader />
      {/* A shop without pre-orders shows the pre-order cart only while it still holds something. */}
      {isPreOrderModeVisible || preOrderCount > 0 ? <CartLink orderType="preOrder" icon={PreOrderGlyph} labelKey="header.cart.preorder" /> : null}
      <CartLink orderType="order" icon={CartGlyph} labelKey="header.cart.order" />
    </>
  );
}
