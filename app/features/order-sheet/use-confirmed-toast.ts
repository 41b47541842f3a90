import { useEffect, useRef } from 'react';
import { cartHref, useCartStore } from '../../stores/cart-store';
import { useInterfaceStore } from '../../stores/interface-store';
import type { SheetView } from './sheet-view';

// After confirming: the add-to-cart toast with the way to the cart, and the header's cart counts anew. The
// confirm form is answered with a redirect to the preview (Post/Redirect/Get), so the toast follows the
// import itself: it shows when an import this page showed open comes back confirmed, and not when a
// confirmed import is opened or reloaded (its panel says what went into the cart).

export function useConfirmedToast(sheet: SheetView | null): void {
  const seenOpen = useRef<string | null>(null);
  const importId = sheet?.importId ?? null;
  const confirmed = sheet?.confirmed ?? null;
  const target = sheet?.target ?? 'order';
  useEffect(() => {
    if (importId === null) return;
    if (confirmed === null) {
      seenOpen.current = importId;
      return;
    }
    if (seenOpen.current !== importId) return;
    seenOpen.current = null;
    void useCartStore.getState().load();
    useInterfaceStore.getState().showToast({
      message: { code: 'product.added.to.cart', params: { count: confirmed.added } },
      type: 'success',
      actions: [{ label: 'cart.open', href: cartHref(target) }],
    });
  }, [importId, confirmed, target]);
}
