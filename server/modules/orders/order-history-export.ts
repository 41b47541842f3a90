import { moneyOut } from '../../../core/api-money.ts';
import type { Translate } from '../../../core/translate.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import type { ExportColumn, ExportRow } from '../../lib/export/export-columns.ts';
import type { OrderHistoryFilters, OrderHistoryRepository, OrderHistoryRow } from './order-history.repository.ts';
import type { OrderSort } from './order-history-query.ts';
import type { OrderScope } from './order-history-scope.ts';
import type { StatusNames } from './order-history-statuses.ts';

// The order history as a spreadsheet (GET /api/order/export): the filtered orders in the list's order,
// one row per order or, with lines, one row per order line. Read in keyset batches of 500 orders; with
// lines, a batch's lines are read with it, so memory holds one batch whatever the history's size.

export const exportBatchSize = 500;

/** Codes the export shows as words in the buyer's language (the API answers the codes). */
function codeText(t: Translate, group: string, code: string | null): string {
  if (code === null) return '';
  const key = `order.${group}.${code}`;
  const text = t(key);
  return text === key ? code : text;
}

export function orderExportColumns(t: Translate, withLines: boolean): ExportColumn[] {
  const column = (key: string, type: ExportColumn['type']): ExportColumn => ({ key, type, header: t(`order.export.column.${key}`) });
  const order = [column('orderNumber', 'text'), column('orderDate', 'date'), column('externalOrderNumber', 'text'), column('orderType', 'text'), column('status', 'text')];
  if (!withLines) {
    return [
      ...order,
      column('deliveryStatus', 'text'),
      column('paymentStatus', 'text'),
      column('lineCount', 'number'),
      column('valueNet', 'money'),
      column('valueGross', 'money'),
      column('currency', 'text'),
    ];
  }
  return [
    ...order,
    column('sku', 'text'),
    column('variantSku', 'text'),
    column('name', 'text'),
    column('deliveryDate', 'date'),
    column('quantity', 'number'),
    column('unitPrice', 'money'),
    column('lineNet', 'money'),
    column('vatRate', 'number'),
    column('currency', 'text'),
  ];
}

interface ExportSource {
  history: Pick<OrderHistoryRepository, 'batches' | 'linesOf'>;
  scope: OrderScope;
  filters: OrderHistoryFilters;
  sort: OrderSort;
  statuses: StatusNames;
  t: Translate;
}

function orderCells(row: OrderHistoryRow, source: ExportSource): ExportRow {
  return {
    orderNumber: row.order_number,
    orderDate: row.order_date,
    externalOrderNumber: row.external_order_number,
    orderType: codeText(source.t, 'type', row.order_type),
    status: source.statuses.statusOf(row.status_id).name,
    currency: row.currency,
  };
}

/** The export's rows, a batch at a time (one batch of orders per yield). */
export async function* orderExportBatches(source: ExportSource, withLines: boolean): AsyncGenerator<ExportRow[]> {
  const { t } = source;
  for await (const orders of source.history.batches(source.scope, source.filters, source.sort, exportBatchSize)) {
    if (!withLines) {
      yield orders.map((row) => ({
        ...orderCells(row, source),
        deliveryStatus: codeText(t, 'delivery_status', row.delivery_status),
        paymentStatus: codeText(t, 'payment_status', row.payment_status),
        lineCount: Number(row.line_count),
        valueNet: moneyOut(row.net_total_cents, row.currency),
        valueGross: moneyOut(row.gross_total_cents, row.currency),
      }));
      continue;
    }
    const lines = await source.history.linesOf(source.scope.tenantId, orders.map((row) => row.id));
    const byOrder = Map.groupBy(lines, (line) => line.order_id);
    yield orders.flatMap((row) => {
      const cells = orderCells(row, source);
      return (byOrder.get(row.id) ?? []).map((line) => ({
        ...cells,
        sku: line.sku,
        variantSku: line.variant_sku,
        name: line.name,
        deliveryDate: line.delivery_date,
        quantity: line.quantity,
        unitPrice: moneyOut(line.unit_price_cents, line.currency),
        lineNet: moneyOut(line.line_net_cents, line.currency),
        vatRate: bpToPercent(line.vat_rate_bp),
        currency: line.currency,
      }));
    });
  }
}
