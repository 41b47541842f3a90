import { amountOut } from '../../../core/api-money.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { PlacedBy } from '../sales-persons/acting-audit.ts';
import type { OrderHistoryRow } from './order-history.repository.ts';
import type { StatusNames } from './order-history-statuses.ts';
import { orderDocumentLink } from './order-view.ts';

// One order of the history list (GET /api/order): what the list shows, no lines. Amounts in major units.

export function toOrderHistoryRow(row: OrderHistoryRow, statuses: StatusNames) {
  return {
    _id: row.id,
    orderNumber: row.order_number,
    orderDate: row.order_date,
    externalOrderNumber: row.external_order_number,
    orderType: row.order_type,
    status: statuses.statusOf(row.status_id),
    deliveryStatus: row.delivery_status,
    paymentStatus: row.payment_status,
    total: { valueNet: amountOut(row.net_total_cents), valueGross: amountOut(row.gross_total_cents), currency: row.currency },
    lineCount: Number(row.line_count),
    documentLink: orderDocumentLink(row.id),
    /** The sales person who placed the order for the company; null for the company's own orders. */
    placedBy: parseJsonColumn<PlacedBy | null>(row.placed_by, null)?.name ?? null,
  };
}

export type OrderHistoryEntry = ReturnType<typeof toOrderHistoryRow>;
