import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { cartHref, selectCartCount, useCartStore } from '../../stores/cart-store';
import { CartGlyph } from './cart-glyphs';

/** The cart entry of the mobile bottom navigation: /detailed-cart?type=order. */
export function MobileCartLink({ className, activeClassName }: { className: string; activeClassName: string }) {
  const { t } = useTranslation();
  const count = useCartStore(selectCartCount('order'));
  return (
    <NavLink to={cartHref('order')} data-testid="bottom-nav-cart" className={({ isActive }) => (isActive ? activeClassName : className)}>
      <span className="relative">
        <CartGlyph className="size-5" />
        {count > 0 ? (
          <span className="price absolute -top-1.5 -right-2.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-brand px-1 text-[0.625rem] font-semibold text-brand-foreground">
            {count > 99 ? '99+' : count}
            <span className="sr-only"> {t('cart.count.suffix')}</span>
          </span>
        ) : null}
      </span>
      {t('bottom.nav.cart')}
    </NavLink>
  );
}
