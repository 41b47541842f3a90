import type { Product } from '../../../core/catalog-types';
import { productPath } from '../../../core/category-path';

// What the alarm and notification API answers (docs/product.md, Stock alarms and notifications), as the
// pages and the browser's alarm store read it: GET /api/alarm, GET /api/notification and
// GET /api/notification/count.

/** available: stock ≥ the wished quantity; short: some, but less; out: none. */
export type AlarmStockState = 'available' | 'short' | 'out';

/** The stock of the alarm's product; the number only for sales persons, as everywhere. */
export interface AlarmStock {
  value?: number;
  state: AlarmStockState;
}

export interface StockAlarm {
  _id: number;
  name: string;
  /** The product's id. */
  domainId: number;
  /** The variant sku where the alarm is for a variant, else the product's sku. */
  domainReference: string;
  quantity: number;
  createdAt: string;
  firedAt: string | null;
  stock: AlarmStock;
}

export type StockNotificationType = 'backInStock' | 'lowStock';

export interface StockNotification {
  _id: number;
  type: StockNotificationType;
  name: string;
  domainId: number;
  domainReference: string;
  quantity: number | null;
  createdAt: string;
  viewed: boolean;
  stock: AlarmStock;
}

/** GET /api/notification/count, and the header's count as the layout hands it over. */
export interface NotificationCount {
  unreadNotificationCount: number;
  /** The answer's ETag: sent back as If-None-Match, so an unchanged count costs no body. */
  etag: string | null;
}

/** The product page of an alarm's or a notification's product (its variant where it has one). */
export function alarmProductPath(entry: Pick<StockAlarm, 'domainId' | 'domainReference'>): string {
  return productPath({ _id: entry.domainId, sku: entry.domainReference });
}

/** A notification or alarm with its product as the buyer can order it now (null: no longer offered). */
export type WithProduct<T> = T & { product: Product | null };
