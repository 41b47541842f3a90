import type { Product } from '../../../core/catalog-types';
import { productPath } from '../../../core/category-path';
import type { StockAlarm, StockNotification } from '../../../core/stock-alarms';

// What the pages and the browser's stores hold of the alarm and notification API (docs/product.md, Stock
// alarms and notifications); the answers themselves are core/stock-alarms.ts' types.

/** The header's count as the layout hands it over and GET /api/notification/count answers it. */
export interface NotificationCount {
  unreadNotificationCount: number;
  /** The answer's ETag: sent back as If-None-Match, so an unchanged count costs no body. */
  etag: string | null;
}

/** A notification or alarm with its product as the buyer can order it now (null: no longer offered). */
export type WithProduct<T> = T & { product: Product | null };

export type AlarmRow = WithProduct<StockAlarm>;
export type NotificationRow = WithProduct<StockNotification>;

/** The product page of an alarm's or a notification's product (its variant where it has one). */
export function alarmProductPath(entry: { domainId: number; domainReference: string }): string {
  return productPath({ _id: entry.domainId, sku: entry.domainReference });
}
