import { create } from 'zustand';
import type { WishlistItem } from '../../core/catalog-types';
import { apiFetch, ApiError } from '../lib/api-client';
import { useInterfaceStore } from './interface-store';
import { withoutId, withId } from './wishlist-ids';

// The wishlist (docs/product.md, Cart): product ids a customer keeps for later. The heart buttons
// answer at once from `ids`; the list is saved as a whole and read back, one save after the other,
// so quick clicks on several products never overwrite each other. Guests get the login modal.

export interface WishlistAnswer {
  items: WishlistItem[];
  _id: number;
}

export interface WishlistState {
  ids: number[];
  items: WishlistItem[];
  wishlistId: number | null;
  loaded: boolean;
  /** Whether a signed-in customer (not a guest) uses the shop; set by the shop frame. */
  enabled: boolean;

  setEnabled: (enabled: boolean) => void;
  load: () => Promise<void>;
  /** Takes the wishlist a route loader just read on the server, unless a save is under way (its answer is newer). */
  hydrate: (answer: WishlistAnswer) => void;
  add: (productId: number) => Promise<void>;
  remove: (productId: number) => Promise<void>;
}

const interfaceStore = () => useInterfaceStore.getState();

export const wishlistHref = '/wishlist/';

// Saves run one after the other: each sends the ids as they are when it starts. While more saves
// wait, an answer must not reset the ids, or it would drop the clicks those saves are for.
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;
function enqueue(task: () => Promise<void>): Promise<void> {
  waiting += 1;
  const run = queue.then(task, task).finally(() => {
    waiting -= 1;
  });
  queue = run.catch(() => undefined);
  return run;
}

export const useWishlistStore = create<WishlistState>()((set, get) => {
  function take(answer: WishlistAnswer) {
    const newer = waiting > 1;
    set({ items: answer.items, wishlistId: answer._id, loaded: true, ...(newer ? {} : { ids: answer.items.map((item) => item._id) }) });
  }

  /** Saves the ids, then reads the list back; on failure shows the server's list again. */
  async function save(ids: number[], successCode: string) {
    const { wishlistId } = get();
    try {
      await apiFetch('/api/wishlist', { method: 'POST', body: { ...(wishlistId ? { _id: wishlistId } : {}), items: ids.map((_id) => ({ _id })) } });
      take(await apiFetch<WishlistAnswer>('/api/wishlist'));
      interfaceStore().showToast({
        message: { code: successCode },
        type: 'success',
        actions: successCode === 'product.added.to.wishlist' ? [{ label: 'wishlist.open', href: wishlistHref }] : [],
      });
    } catch (error) {
      if (error instanceof ApiError && error.messageKey === 'error.login_required') interfaceStore().setGuestLoginModalOpen(true);
      else interfaceStore().showToast({ message: error instanceof ApiError && error.messageKey ? { text: error.message } : { code: 'wishlist.update.error' }, type: 'danger' });
      await apiFetch<WishlistAnswer>('/api/wishlist').then(take, () => undefined);
    }
  }

  return {
    ids: [],
    items: [],
    wishlistId: null,
    loaded: false,
    enabled: false,

    setEnabled: (enabled) => set({ enabled }),

    load: async () => {
      try {
        take(await apiFetch<WishlistAnswer>('/api/wishlist'));
      } catch {
        // A wishlist that cannot be fetched shows empty.
        set({ items: [], ids: [], wishlistId: null, loaded: true });
      }
    },

    hydrate: (answer) => {
      if (waiting === 0) take(answer);
    },

    add: (productId) => {
      if (!get().enabled) {
        interfaceStore().setGuestLoginModalOpen(true);
        return Promise.resolve();
      }
      if (get().ids.includes(productId)) return Promise.resolve();
      set({ ids: withId(get().ids, productId) });
      return enqueue(() => save(get().ids, 'product.added.to.wishlist'));
    },

    remove: (productId) => {
      if (!get().ids.includes(productId)) return Promise.resolve();
      set({ ids: withoutId(get().ids, productId), items: get().items.filter((item) => item._id !== productId) });
      return enqueue(() => save(get().ids, 'product.removed.from.wishlist'));
    },
  };
});

/** For a heart button: whether the product is on the wishlist. */
export const selectIsWishlisted = (productId: number) => (state: WishlistState) => state.ids.includes(productId);
