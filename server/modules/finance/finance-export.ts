import { moneyOut } from '../../../core/api-money.ts';
import { daysOverdue, shownPaymentStatus } from '../../../core/finance-summary.ts';
import type { Translate } from '../../../core/translate.ts';
import type { ExportColumn, ExportRow } from '../../lib/export/export-columns.ts';
import type { FinanceDocumentRow } from './finance.repository.ts';
import { standingOf } from './finance-document-view.ts';

// The finance list as a spreadsheet (GET /api/account/list/export): the filtered documents in the list's
// order, with the type and the shown status as words in the buyer's language (the API answers the codes).

export const financeExportBatchSize = 500;

export function financeExportColumns(t: Translate): ExportColumn[] {
  const column = (key: string, type: ExportColumn['type']): ExportColumn => ({ key, type, header: t(`finance.export.column.${key}`) });
  return [
    column('finDocNumber', 'text'),
    column('externalInvoiceNumber', 'text'),
    column('type', 'text'),
    column('docTypeName', 'text'),
    column('docDate', 'date'),
    column('dueDate', 'date'),
    column('amount', 'money'),
    column('openAmount', 'money'),
    column('currency', 'text'),
    column('paymentStatus', 'text'),
    column('daysOverdue', 'number'),
    column('postway', 'text'),
  ];
}

export function financeExportRow(row: FinanceDocumentRow, t: Translate, today: string): ExportRow {
  const standing = standingOf(row);
  return {
    finDocNumber: row.fin_doc_number,
    externalInvoiceNumber: row.external_number,
    type: t(`finance.type.${row.type}`),
    docTypeName: row.doc_type_name,
    docDate: row.doc_date,
    dueDate: row.due_date,
    amount: moneyOut(row.amount_cents, row.currency),
    openAmount: moneyOut(row.open_amount_cents, row.currency),
    currency: row.currency,
    paymentStatus: t(`finance.payment_status.${shownPaymentStatus(standing, today)}`),
    daysOverdue: daysOverdue(standing, today),
    postway: row.postway,
  };
}
