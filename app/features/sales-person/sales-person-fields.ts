import type { ActingAction } from '../../../server/page-surface.server';

export type { SalesAccount } from '../../../server/page-surface.server';

/** The search page of a sales person's customers: the selector's full list, and its form without JavaScript. */
export const customerAccountsPath = '/my-account/customer-accounts';

/** How many customers one answer lists (the API's limit: a remote select shows 50). */
export const customerSearchLimit = 50;

/** Pause after a keystroke before the selector asks (the product search waits 300 ms). */
export const customerSearchDebounceMs = 250;

/** How the activity list names each action (message keys with the entry's detail as parameters). */
export const activityActionKeys: Record<ActingAction, string> = {
  switch: 'sales_activity.action.switch',
  'basket.changed': 'sales_activity.action.basket_changed',
  'basket.reordered': 'sales_activity.action.basket_reordered',
  'wishlist.changed': 'sales_activity.action.wishlist_changed',
  'alarm.saved': 'sales_activity.action.alarm_saved',
  'alarm.deleted': 'sales_activity.action.alarm_deleted',
  'address.added': 'sales_activity.action.address_added',
  'address.changed': 'sales_activity.action.address_changed',
  'address.deleted': 'sales_activity.action.address_deleted',
  'order.placed': 'sales_activity.action.order_placed',
  'payment.retried': 'sales_activity.action.payment_retried',
  'payment.on_account': 'sales_activity.action.payment_on_account',
};
