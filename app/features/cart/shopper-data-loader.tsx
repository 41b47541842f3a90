import { useEffect } from 'react';
import { useCartStore } from '../../stores/cart-store';
import { useWishlistStore } from '../../stores/wishlist-store';

/**
 * Loads cart and wishlist once a signed-in customer's page is in the browser (the
 * default layout fetches them after the user data). Rendered for customers only: guests have
 * neither. A cart or wishlist page hands over its server-read data first (in a layout effect), so
 * those pages cause no second request.
 */
export function ShopperDataLoader() {
  useEffect(() => {
    useWishlistStore.getState().setEnabled(true);
    const cart = useCartStore.getState();
    if (!cart.loaded && !cart.isLoading) void cart.load();
    if (!useWishlistStore.getState().loaded) void useWishlistStore.getState().load();
  }, []);
  return null;
}
