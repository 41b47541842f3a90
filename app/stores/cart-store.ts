import { create } from 'zustand';
import type { CartProduct, OrderType } from '../../core/catalog-types';
import { basketLineLimit, removeItem, updateQuantity as withQuantity, emptyByOrderType, type LineIdentity } from '../../core/cart-state';
import { apiFetch, ApiError } from '../lib/api-client';
import {
  countLines,
  findLine,
  firstInvalidCandidate,
  fittedToStock,
  isEffectiveQuantity,
  linesLackingStock,
  missingLines,
  movedToOtherCart,
  toBasketItems,
  withCandidates,
  withDetails,
  type CartCandidate,
  type LineDetails,
} from './cart-lines';
import { useInterfaceStore } from './interface-store';

// The order cart and the pre-order cart (docs/product.md, Cart), one basket on the server. Every
// change is applied here first (the page answers at once), then the whole basket is sent and read
// back: the server's prices, stock and refusals are the truth. While that runs, further changes are
// refused with a warning, as the spec asks. Guests never reach this store (their buttons open the
// guest-login modal).

export type { CartCandidate } from './cart-lines';

export interface BasketAnswer {
  items: CartProduct[];
  _id: number;
}

export const notEnoughStockModal = 'not-enough-stock';

export interface CartState {
  lines: CartProduct[];
  basketId: number | null;
  isLoading: boolean;
  /** Whether the lines came from the server (or a page's loader) yet. */
  loaded: boolean;

  load: () => Promise<void>;
  /**
   * Takes the basket a route loader just read on the server: the page needs no second request, and
   * prices changed since the store loaded show. Ignored while a cart action runs (its answer is newer).
   */
  hydrate: (answer: BasketAnswer) => void;
  /** Resolves true when every product is in the cart as the server answers it. */
  /** `settings`: the shop's buyableWithoutStock, which decides whether a new line is capped at the stock. */
  addItems: (products: readonly CartCandidate[], orderType: OrderType, settings: { buyableWithoutStock: boolean }) => Promise<boolean>;
  updateQuantity: (identity: LineIdentity, quantity: number | readonly number[] | null | undefined) => Promise<void>;
  remove: (identity: LineIdentity) => Promise<void>;
  empty: (orderType: OrderType) => Promise<void>;
  /** seasonIndex: the season an order line becomes a pre-order for (default the first). */
  moveToOtherCart: (identity: LineIdentity, options?: { seasonCount?: number; seasonIndex?: number }) => Promise<void>;
  /** Lowers the given lines (default: all) flagged notEnoughStock to what the stock holds. */
  fitToStock: (only?: readonly LineIdentity[]) => Promise<void>;
  /** Packs, custom attributes (and the quantity packs add up to) of one line; resolves true when saved. */
  updateDetails: (identity: LineIdentity, details: LineDetails) => Promise<boolean>;
}

const toast = (...args: Parameters<ReturnType<typeof useInterfaceStore.getState>['showToast']>) =>
  useInterfaceStore.getState().showToast(...args);

export const cartHref = (orderType: OrderType) => `/detailed-cart?type=${orderType}`;

/** A refusal the server explained is shown in its words; anything else with the fallback code. */
function showFailure(error: unknown, fallbackCode: string) {
  if (error instanceof ApiError && error.messageKey === 'error.login_required') {
    useInterfaceStore.getState().setGuestLoginModalOpen(true);
    return;
  }
  const explained = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.messageKey;
  toast({ message: explained ? { text: error.message } : { code: fallbackCode }, type: 'danger' });
}

export const useCartStore = create<CartState>()((set, get) => {
  async function readBasket(): Promise<BasketAnswer> {
    return apiFetch<BasketAnswer>('/api/basket');
  }

  /** False (with the spec's warning) while a cart action runs: the caller must not start another. */
  function begin(): boolean {
    if (get().isLoading) {
      toast({ message: { code: 'product.add.cart.loading.wait' }, type: 'warning' });
      return false;
    }
    return true;
  }

  /** Shows `next` at once, saves it, and ends with the server's answer (null when it failed). */
  async function commit(next: CartProduct[], failureCode: string): Promise<CartProduct[] | null> {
    const { basketId, lines: previous } = get();
    set({ lines: next, isLoading: true });
    try {
      await apiFetch('/api/basket', { method: 'POST', body: { ...(basketId ? { _id: basketId } : {}), items: toBasketItems(next) } });
      const answer = await readBasket();
      set({ lines: answer.items, basketId: answer._id, isLoading: false, loaded: true });
      return answer.items;
    } catch (error) {
      showFailure(error, failureCode);
      // The save may or may not have happened: show what the server holds now.
      try {
        const answer = await readBasket();
        set({ lines: answer.items, basketId: answer._id, isLoading: false, loaded: true });
      } catch {
        set({ lines: previous, isLoading: false });
      }
      return null;
    }
  }

  function warnAboutStock(answer: CartProduct[], touched: readonly LineIdentity[]) {
    const lacking = linesLackingStock(answer, touched);
    if (lacking.length > 0) useInterfaceStore.getState().openModal(notEnoughStockModal, {}, { lines: lacking });
  }

  return {
    lines: [],
    basketId: null,
    isLoading: false,
    loaded: false,

    load: async () => {
      if (get().isLoading) return;
      set({ isLoading: true });
      try {
        const answer = await readBasket();
        set({ lines: answer.items, basketId: answer._id, isLoading: false, loaded: true });
      } catch {
        // A cart that cannot be fetched shows empty.
        set({ lines: [], basketId: null, isLoading: false, loaded: true });
      }
    },

    hydrate: (answer) => {
      if (get().isLoading) return;
      set({ lines: answer.items, basketId: answer._id, loaded: true });
    },

    addItems: async (products, orderType, settings) => {
      if (!begin()) return false;
      if (firstInvalidCandidate(products)) {
        toast({ message: { code: 'product.added.to.cart.error' }, type: 'danger' });
        return false;
      }
      const next = withCandidates(get().lines, products, orderType, settings);
      // The server would refuse the whole basket: said before anything changes on the page.
      if (next.length > basketLineLimit) {
        toast({ message: { code: 'cart.line_limit', params: { max: basketLineLimit } }, type: 'danger' });
        return false;
      }
      const added = products.map((product) => ({ sku: product.sku, variantSku: product.variantSku, orderType }));
      const answer = await commit(next, 'product.added.to.cart.error');
      if (!answer) return false;
      // A line the server dropped (nothing to order, e.g. no stock) was not added, whatever was sent.
      if (missingLines(added, answer).length > 0) {
        toast({ message: { code: 'product.added.to.cart.error' }, type: 'danger' });
        return false;
      }
      toast({
        message: { code: 'product.added.to.cart', params: { count: products.length } },
        type: 'success',
        actions: [{ label: 'cart.open', href: cartHref(orderType) }],
      });
      warnAboutStock(answer, added);
      return true;
    },

    updateQuantity: async (identity, quantity) => {
      if (!isEffectiveQuantity(quantity) || !findLine(get().lines, identity)) return;
      if (!begin()) return;
      const answer = await commit([...withQuantity(get().lines, identity, quantity)], 'cart.update.error');
      if (answer) warnAboutStock(answer, [identity]);
    },

    remove: async (identity) => {
      if (!findLine(get().lines, identity) || !begin()) return;
      const answer = await commit(removeItem(get().lines, identity), 'cart.update.error');
      if (answer) toast({ message: { code: 'product.removed.from.cart' }, type: 'success' });
    },

    empty: async (orderType) => {
      if (!begin()) return;
      await commit(emptyByOrderType(get().lines, orderType), 'cart.update.error');
    },

    moveToOtherCart: async (identity, options = {}) => {
      if (!findLine(get().lines, identity) || !begin()) return;
      const next = movedToOtherCart(get().lines, identity, options.seasonCount ?? 0, options.seasonIndex ?? 0);
      await commit(next, 'cart.update.error');
    },

    fitToStock: async (only) => {
      if (!begin()) return;
      await commit(fittedToStock(get().lines, only), 'cart.update.error');
    },

    updateDetails: async (identity, details) => {
      if (!findLine(get().lines, identity) || !begin()) return false;
      const answer = await commit(withDetails(get().lines, identity, details), 'cart.update.error');
      if (answer && details.quantity !== undefined) warnAboutStock(answer, [identity]);
      return answer !== null;
    },
  };
});

/** Lines in one cart; for the header icon and the cart page. */
export const selectCartCount = (orderType: OrderType) => (state: CartState) => countLines(state.lines)[orderType];
