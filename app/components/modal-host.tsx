import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { alarmModals } from '../features/alarms/alarm-modal-names';
import { cartModals } from '../features/cart/cart-modal-names';
import { useInterfaceStore } from '../stores/interface-store';

/** What every on-demand modal receives: the props and data given to openModal, and a way to close. */
export interface HostedModalProps {
  props: Record<string, unknown>;
  data: unknown;
  onClose: () => void;
}

type ModalLoader = () => Promise<{ default: ComponentType<HostedModalProps> }>;

/**
 * Name (as given to openModal) → loader of app/features/<domain>/modals/<name>.tsx, e.g.
 * `'packs': () => import('../features/catalog/modals/packs')`. Each modal is its own chunk, fetched
 * the first time it opens. The spec's move-to-other-cart, packs, custom-attributes and
 * not-enough-stock modals are added here by the screens that introduce them; the guest-login modal
 * is mounted by the shop frame itself because its visibility is a separate flag of the interface state.
 */
const modalRegistry: Record<string, ModalLoader> = {
  [cartModals.moveToOtherCart]: () => import('../features/cart/modals/move-to-other-cart'),
  [cartModals.packs]: () => import('../features/cart/modals/packs'),
  [cartModals.customAttributes]: () => import('../features/cart/modals/custom-attributes'),
  [cartModals.notEnoughStock]: () => import('../features/cart/modals/not-enough-stock'),
  [alarmModals.stockAlarm]: () => import('../features/alarms/modals/stock-alarm-dialog'),
};

// Created once per name at module load; React.lazy fetches the chunk only on first render.
const lazyModals: Record<string, LazyExoticComponent<ComponentType<HostedModalProps>>> = Object.fromEntries(
  Object.entries(modalRegistry).map(([name, loader]) => [name, lazy(loader)]),
);

export function ModalHost() {
  const modal = useInterfaceStore((state) => state.modal);
  const closeModal = useInterfaceStore((state) => state.closeModal);
  if (!modal.activeModal) return null;
  const Modal = lazyModals[modal.activeModal];
  if (!Modal) {
    if (import.meta.env.DEV) console.warn(`ModalHost: no modal registered as "${modal.activeModal}"`);
    return null;
  }
  return (
    <Suspense fallback={null}>
      <Modal props={modal.props} data={modal.data} onClose={closeModal} />
    </Suspense>
  );
}
