import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useInterfaceStore } from '../stores/interface-store';

/** What every on-demand modal receives: the props and data given to openModal, and a way to close. */
export interface HostedModalProps {
  props: Record<string, unknown>;
  data: unknown;
  onClose: () => void;
}

type ModalLoader = () => Promise<{ default: ComponentType<HostedModalProps> }>;

/**
 * Name → loader of app/features/<domain>/modals/<name>.tsx. Each modal is its own chunk, fetched the
 * first time it opens. The spec's move-to-other-cart, packs, custom-attributes and not-enough-stock
 * modals are added here by the screens that introduce them; the guest-login modal is mounted by the
 * default layout itself because its visibility is a separate flag of the interface state.
 */
export const modalRegistry: Record<string, ModalLoader> = {};

const lazyModals = new Map<string, LazyExoticComponent<ComponentType<HostedModalProps>>>();

function lazyModal(name: string): LazyExoticComponent<ComponentType<HostedModalProps>> | null {
  const loader = modalRegistry[name];
  if (!loader) return null;
  let component = lazyModals.get(name);
  if (!component) {
    component = lazy(loader);
    lazyModals.set(name, component);
  }
  return component;
}

export function ModalHost() {
  const modal = useInterfaceStore((state) => state.modal);
  const closeModal = useInterfaceStore((state) => state.closeModal);
  if (!modal.activeModal) return null;
  const Modal = lazyModal(modal.activeModal);
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
