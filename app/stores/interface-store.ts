import { create } from 'zustand';

// Interface state: toasts, the active modal, the account sidebar, the guest-login
// modal, the page overlay and the two catalogue toggles.

export const toastTypes = ['secondary', 'info', 'success', 'warning', 'danger'] as const;
export type ToastType = (typeof toastTypes)[number];

export const defaultToastTimeoutMs = 5000;

/** A translation code (with interpolation params) or plain text, e.g. an error text from the server. */
export interface ToastMessage {
  code?: string;
  text?: string;
  params?: Record<string, string | number>;
}

export interface ToastAction {
  /** Translation key of the button label. */
  label: string;
  href?: string;
  onClick?: () => void;
}

export interface Toast {
  id: string;
  message: ToastMessage;
  type: ToastType;
  actions: ToastAction[];
  /** Milliseconds until it disappears; 0 keeps it until dismissed. */
  timeout: number;
}

export interface ToastInput {
  message: ToastMessage;
  /** Anything outside the known types falls back to 'danger' (docs/product.md, Constants and limits). */
  type?: string;
  actions?: ToastAction[];
  timeout?: number;
}

export interface ModalState {
  activeModal: string | null;
  props: Record<string, unknown>;
  data: unknown;
}

interface InterfaceState {
  toasts: Toast[];
  modal: ModalState;
  accountSidebarOpen: boolean;
  guestLoginModalOpen: boolean;
  overlayVisible: boolean;
  preOrderMode: boolean;
  showOnlyAvailableStocks: boolean;

  showToast: (input: ToastInput) => string;
  dismissToast: (id: string) => void;
  openModal: (name: string, props?: Record<string, unknown>, data?: unknown) => void;
  closeModal: () => void;
  setAccountSidebarOpen: (open: boolean) => void;
  setGuestLoginModalOpen: (open: boolean) => void;
  setOverlayVisible: (visible: boolean) => void;
  togglePreOrderMode: () => void;
  setPreOrderMode: (on: boolean) => void;
  toggleShowOnlyAvailableStocks: () => void;
  setShowOnlyAvailableStocks: (on: boolean) => void;
}

export function toToastType(type: string | undefined): ToastType {
  return (toastTypes as readonly string[]).includes(type ?? '') ? (type as ToastType) : 'danger';
}

const closedModal: ModalState = { activeModal: null, props: {}, data: null };
let toastSequence = 0;

export const useInterfaceStore = create<InterfaceState>()((set) => ({
  toasts: [],
  modal: closedModal,
  accountSidebarOpen: false,
  guestLoginModalOpen: false,
  overlayVisible: false,
  preOrderMode: false,
  showOnlyAvailableStocks: false,

  showToast: (input) => {
    toastSequence += 1;
    const toast: Toast = {
      id: `toast-${toastSequence}`,
      message: input.message,
      type: toToastType(input.type),
      actions: input.actions ?? [],
      timeout: input.timeout ?? defaultToastTimeoutMs,
    };
    set((state) => ({ toasts: [...state.toasts, toast] }));
    return toast.id;
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  openModal: (name, props = {}, data = null) => set({ modal: { activeModal: name, props, data } }),
  closeModal: () => set({ modal: closedModal }),
  setAccountSidebarOpen: (open) => set({ accountSidebarOpen: open }),
  setGuestLoginModalOpen: (open) => set({ guestLoginModalOpen: open }),
  setOverlayVisible: (visible) => set({ overlayVisible: visible }),
  togglePreOrderMode: () => set((state) => ({ preOrderMode: !state.preOrderMode })),
  setPreOrderMode: (on) => set({ preOrderMode: on }),
  toggleShowOnlyAvailableStocks: () => set((state) => ({ showOnlyAvailableStocks: !state.showOnlyAvailableStocks })),
  setShowOnlyAvailableStocks: (on) => set({ showOnlyAvailableStocks: on }),
}));
