import { notEnoughStockModal } from '../../stores/cart-store';

/** Names of the cart's on-demand modals in the modal host's registry (app/components/modal-host.tsx). */
export const cartModals = {
  moveToOtherCart: 'move-to-other-cart',
  packs: 'packs',
  customAttributes: 'custom-attributes',
  notEnoughStock: notEnoughStockModal,
} as const;
