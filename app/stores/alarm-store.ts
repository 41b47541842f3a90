import { create } from 'zustand';
import type { StockAlarm } from '../../core/stock-alarms';
import { apiFetch, ApiError } from '../lib/api-client';
import { useInterfaceStore } from './interface-store';

// The buyer's stock alarms in the browser (docs/product.md, Stock alarms and notifications): read once
// per session (GET /api/alarm, like the wishlist ids), so every bell knows whether its product is
// watched; saving an alarm (POST /api/alarm) puts the server's answer in its place. The /alarm page
// hands over the list its loader read after each of its changes. Guests get the login modal.

export interface AlarmRequest {
  name: string;
  domainId: number;
  domainReference: string;
  quantity: number;
}

interface AlarmState {
  alarms: StockAlarm[];
  loaded: boolean;
  /** Whether a signed-in customer (not a guest) may set alarms here; set by the shop frame. */
  enabled: boolean;

  setEnabled: (enabled: boolean) => void;
  load: () => Promise<void>;
  /** Takes the list a route loader just read on the server. */
  hydrate: (alarms: StockAlarm[]) => void;
  /** Saves (or changes) the alarm; resolves true when the server took it. */
  save: (request: AlarmRequest) => Promise<boolean>;
}

const interfaceStore = () => useInterfaceStore.getState();

export function showAlarmFailure(error: unknown): void {
  if (error instanceof ApiError && error.messageKey === 'error.login_required') {
    interfaceStore().setGuestLoginModalOpen(true);
    return;
  }
  const explained = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.messageKey;
  interfaceStore().showToast({ message: explained ? { text: error.message } : { code: 'an.error.occurred' }, type: 'danger' });
}

export const useAlarmStore = create<AlarmState>()((set, get) => ({
  alarms: [],
  loaded: false,
  enabled: false,

  setEnabled: (enabled) => set({ enabled }),

  load: async () => {
    try {
      const answer = await apiFetch<{ data: StockAlarm[] }>('/api/alarm');
      set({ alarms: answer.data, loaded: true });
    } catch {
      // Alarms that cannot be read show no product as watched; a bell still sets one.
      set({ alarms: [], loaded: true });
    }
  },

  hydrate: (alarms) => set({ alarms, loaded: true }),

  save: async (request) => {
    if (!get().enabled) {
      interfaceStore().setGuestLoginModalOpen(true);
      return false;
    }
    try {
      const { data: alarm } = await apiFetch<{ data: StockAlarm }>('/api/alarm', { method: 'POST', body: request });
      set({ alarms: [alarm, ...get().alarms.filter((other) => other._id !== alarm._id)] });
      interfaceStore().showToast({ message: { code: 'alarm.saved' }, type: 'success', actions: [{ label: 'alarm.open', href: '/alarm' }] });
      return true;
    } catch (error) {
      showAlarmFailure(error);
      return false;
    }
  },
}));

/** For a bell: the alarm on the product (or variant) with this sku, if any. */
export const selectAlarmOf = (domainReference: string) => (state: AlarmState) => state.alarms.find((alarm) => alarm.domainReference === domainReference);
