// Stock alarms and notifications as the API answers them (docs/product.md, Stock alarms and notifications;
// the contract of /api/alarm and /api/notification).

/**
 * Whether the wished quantity is there: 'available' (stock ≥ quantity), 'short' (some, not enough) or 'out'
 * (none, or the product is no longer shown to the reader). The number only for sales persons (core/stock.ts).
 */
export type WishStockState = 'available' | 'short' | 'out';

export interface WishStock {
  value?: number;
  state: WishStockState;
}

export interface StockAlarm {
  _id: number;
  name: string;
  domainId: number;
  domainReference: string;
  quantity: number;
  createdAt: string;
  firedAt: string | null;
  stock: WishStock;
}

/** 'safetyDataSheet': a new version of the safety data sheet of a product the company bought (docs/product.md, Product documents and downloads). */
export const notificationTypes = ['backInStock', 'lowStock', 'safetyDataSheet'] as const;
export type NotificationType = (typeof notificationTypes)[number];

export interface StockNotification {
  _id: number;
  type: NotificationType;
  name: string;
  domainId: number | null;
  domainReference: string | null;
  quantity: number | null;
  createdAt: string;
  viewed: boolean;
  stock: WishStock;
  /** The safety data sheet's new version ('safetyDataSheet'); null for the stock notifications. */
  version?: string | null;
}

/** The most one alarm may wish for (POST /api/alarm refuses more with 'validation.too_large'; the pages' fields stop there). */
export const maxAlarmQuantity = 1_000_000;
/** At most this many alarms per user and company (more: 422 'error.alarm_limit'). */
export const maxAlarms = 500;
/** At most this many notifications of each kind (not viewed, viewed) in the list. */
export const maxListedNotifications = 100;

/** The stock state of a wish: `stock` null when the reader cannot see the product (any more). */
export function wishStock(stock: number | null, quantity: number, seesNumbers: boolean): WishStock {
  const state: WishStockState = stock === null || stock <= 0 ? 'out' : stock >= quantity ? 'available' : 'short';
  return seesNumbers && stock !== null ? { value: stock, state } : { state };
}

/** The wished quantity: the batch size when none is given, else rounded up to a multiple of it. */
export function snappedQuantity(quantity: number | undefined, salesBatchSize: number): number {
  const batch = Math.max(1, salesBatchSize);
  return quantity === undefined ? batch : Math.ceil(quantity / batch) * batch;
}
