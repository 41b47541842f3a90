import { create } from 'zustand';
import type { NotificationCount } from '../features/alarms/alarm-types';
import { apiFetchIfChanged } from '../lib/api-client';

// The header's unread count (docs/product.md, Stock alarms and notifications): the layout's loader
// hands over the kept count with the document; after each client navigation GET
// /api/notification/count asks again with the last ETag, and an unchanged count answers 304 without a body.

interface NotificationCountState extends NotificationCount {
  /** The count a loader read on the server: newer than anything the browser holds. */
  hydrate: (count: NotificationCount) => void;
  refresh: () => Promise<void>;
}

export const useNotificationCountStore = create<NotificationCountState>()((set, get) => ({
  unreadNotificationCount: 0,
  etag: null,

  hydrate: (count) => set(count),

  refresh: async () => {
    try {
      const answer = await apiFetchIfChanged<{ unreadNotificationCount: number }>('/api/notification/count', get().etag);
      if (answer) set({ unreadNotificationCount: answer.body.unreadNotificationCount, etag: answer.etag });
    } catch {
      // The count stays as it was: a failed refresh is no reason to hide or change the badge.
    }
  },
}));
