import { moneyOut, type MoneyJson } from '../../../core/api-money.ts';
import { daysOverdue, shownPaymentStatus, type FinanceDocumentType, type FinanceSummary, type ShownPaymentStatus } from '../../../core/finance-summary.ts';
import type { FinanceDocumentRow } from './finance.repository.ts';

// How GET /api/account/list shows an invoice or credit note and the company's summary. Amounts are the
// document's own (positive for both types: `type` says which); the shown status and the days overdue are
// as of the day asked (core/finance-summary.ts).

export interface FinanceDocumentView {
  _id: number;
  type: FinanceDocumentType;
  finDocNumber: string;
  externalInvoiceNumber: string | null;
  docDate: string;
  docTypeName: string;
  amount: MoneyJson;
  openAmount: MoneyJson;
  currency: string;
  dueDate: string | null;
  paymentStatus: ShownPaymentStatus;
  isOverdue: boolean;
  daysOverdue: number;
  postway: string | null;
  balance: MoneyJson;
  /** The document as PDF (GET /api/account/document/{id}). */
  invoiceLink: string;
  /** The order it bills, when the user may open that order; else null. */
  orderId: number | null;
}

export function financeDocumentLink(id: number): string {
  return `/api/account/document/${id}`;
}

export function standingOf(row: FinanceDocumentRow) {
  return { type: row.type, openCents: row.open_amount_cents, settlement: row.payment_status, dueDate: row.due_date };
}

export function toFinanceDocumentView(row: FinanceDocumentRow, today: string): FinanceDocumentView {
  const standing = standingOf(row);
  const overdueDays = daysOverdue(standing, today);
  return {
    _id: row.id,
    type: row.type,
    finDocNumber: row.fin_doc_number,
    externalInvoiceNumber: row.external_number,
    docDate: row.doc_date,
    docTypeName: row.doc_type_name,
    amount: moneyOut(row.amount_cents, row.currency),
    openAmount: moneyOut(row.open_amount_cents, row.currency),
    currency: row.currency,
    dueDate: row.due_date,
    paymentStatus: shownPaymentStatus(standing, today),
    isOverdue: overdueDays > 0,
    daysOverdue: overdueDays,
    postway: row.postway,
    balance: moneyOut(row.balance_cents, row.currency),
    invoiceLink: financeDocumentLink(row.id),
    orderId: row.visible_order_id ?? null,
  };
}

export interface FinanceStatusView {
  currency: string;
  /** What the company owes on invoices. */
  openAmount: MoneyJson;
  /** The part of openAmount past its due date. */
  overdueAmount: MoneyJson;
  /** Credit notes not yet settled (owed to the company). */
  unsettledCredits: MoneyJson;
  /** openAmount − unsettledCredits. */
  balance: MoneyJson;
  oldestOverdueDueDate: string | null;
  /** The open invoices by days overdue: current, 1-30, 31-60, 61-90, 90+. */
  aging: { bucket: string; amount: MoneyJson; count: number }[];
}

export function toFinanceStatusView(summary: FinanceSummary): FinanceStatusView {
  const money = (cents: number) => moneyOut(cents, summary.currency);
  return {
    currency: summary.currency,
    openAmount: money(summary.openCents),
    overdueAmount: money(summary.overdueCents),
    unsettledCredits: money(summary.unsettledCreditsCents),
    balance: money(summary.balanceCents),
    oldestOverdueDueDate: summary.oldestOverdueDueDate,
    aging: summary.aging.map((bucket) => ({ bucket: bucket.bucket, amount: money(bucket.cents), count: bucket.count })),
  };
}
