// The /alarm page's address and the `intent` of each of its forms: one action serves them all
// (docs/product.md, Stock alarms and notifications).

export const alarmPagePath = '/alarm';

export const alarmIntents = {
  deleteNotification: 'delete-notification',
  deleteAllNotifications: 'delete-all-notifications',
  addToCart: 'add-to-cart',
  /** Changes an alarm's quantity and arms it again; re-arming a fired alarm posts its quantity as it is. */
  saveAlarm: 'save-alarm',
  deleteAlarm: 'delete-alarm',
  deleteAllAlarms: 'delete-all-alarms',
} as const;

export type AlarmIntent = (typeof alarmIntents)[keyof typeof alarmIntents];

/** What each value of `?saved=` (the redirect after a change: post, redirect, get) says, as a message key. */
export const alarmSavedMessages = {
  deleted: 'alarm.deleted',
  saved: 'alarm.saved',
  added: 'alarm.added.to.cart',
} as const;
export type AlarmSaved = keyof typeof alarmSavedMessages;
