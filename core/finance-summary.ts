// The buyer's finance view (docs/product.md, Finance): how a document's payment status is shown, how late it is,
// and the company's summary of open items. Pure and in cents, so the API, the page and the tests agree.
//
// Decided rules:
//  - A document is paid when nothing is open (open amount 0), whatever the ERP's settlement says.
//  - Only an invoice can be overdue: open and its due date before today. A credit note is money the seller
//    owes the buyer; it is never "late" for the buyer, however long it stays unsettled.
//  - The status shown is exactly one of paid, overdue, partiallyPaid, open (in this order of precedence):
//    an overdue invoice shows 'overdue' even when partly paid. The list's status filter selects by this
//    shown status, so the four filters split the documents without overlap.
//  - The summary: open = the open amounts of invoices, overdue = the part of it past due, unsettled credits
//    = the open amounts of credit notes, balance = open − unsettled credits. The ageing buckets hold the
//    open invoices by days overdue (current = not overdue, also without a due date).

export type FinanceDocumentType = 'invoice' | 'credit';
export type SettlementStatus = 'open' | 'partiallyPaid' | 'paid';
export type ShownPaymentStatus = 'open' | 'partiallyPaid' | 'paid' | 'overdue';

export const shownPaymentStatuses = ['open', 'partiallyPaid', 'paid', 'overdue'] as const satisfies readonly ShownPaymentStatus[];

export const agingBuckets = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

const dayMs = 86_400_000;

function dayNumber(date: string): number {
  return Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / dayMs;
}

/** Whole days from the due date to today (both 'YYYY-MM-DD'); 0 when not yet due or without a due date. */
export function daysPastDue(dueDate: string | null, today: string): number {
  if (dueDate === null) return 0;
  return Math.max(0, dayNumber(today) - dayNumber(dueDate));
}

export interface DocumentStanding {
  type: FinanceDocumentType;
  openCents: number;
  settlement: SettlementStatus;
  dueDate: string | null;
}

/** Days an invoice is overdue as of today; 0 for a credit note, a settled document or one not yet due. */
export function daysOverdue(document: DocumentStanding, today: string): number {
  if (document.type !== 'invoice' || document.openCents === 0) return 0;
  return daysPastDue(document.dueDate, today);
}

export function shownPaymentStatus(document: DocumentStanding, today: string): ShownPaymentStatus {
  if (document.openCents === 0) return 'paid';
  if (daysOverdue(document, today) > 0) return 'overdue';
  return document.settlement === 'partiallyPaid' ? 'partiallyPaid' : 'open';
}

export function agingBucketOf(days: number): AgingBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** Open documents of one type, currency and ageing bucket, summed (what the summary query answers). */
export interface OpenItemGroup {
  type: FinanceDocumentType;
  currency: string;
  bucket: AgingBucket;
  openCents: number;
  count: number;
  /** The earliest due date in the group (null when none has one). */
  oldestDueDate: string | null;
}

/**
 * The ageing buckets as of today, each with the earliest due day it holds, latest first; '90+' holds every
 * day before (null). A due day is in the first bucket it is on or after, which is agingBucketOf its days
 * past due: so the summary query buckets due days by comparing dates, the same on both engines.
 */
export function agingBucketStarts(today: string): { bucket: AgingBucket; earliestDueDay: string | null }[] {
  const daysBefore = (days: number) => new Date((dayNumber(today) - days) * dayMs).toISOString().slice(0, 10);
  return [
    { bucket: 'current', earliestDueDay: today },
    { bucket: '1-30', earliestDueDay: daysBefore(30) },
    { bucket: '31-60', earliestDueDay: daysBefore(60) },
    { bucket: '61-90', earliestDueDay: daysBefore(90) },
    { bucket: '90+', earliestDueDay: null },
  ];
}

export interface FinanceSummary {
  currency: string;
  openCents: number;
  overdueCents: number;
  unsettledCreditsCents: number;
  balanceCents: number;
  oldestOverdueDueDate: string | null;
  aging: { bucket: AgingBucket; cents: number; count: number }[];
}

export function emptyFinanceSummary(currency: string): FinanceSummary {
  return {
    currency,
    openCents: 0,
    overdueCents: 0,
    unsettledCreditsCents: 0,
    balanceCents: 0,
    oldestOverdueDueDate: null,
    aging: agingBuckets.map((bucket) => ({ bucket, cents: 0, count: 0 })),
  };
}

/** The summary of a company's open items as of today, one per currency (amounts in different currencies are never added). */
export function summarizeOpenItems(groups: readonly OpenItemGroup[]): FinanceSummary[] {
  const byCurrency = new Map<string, FinanceSummary>();
  for (const group of groups) {
    if (group.openCents === 0) continue;
    let summary = byCurrency.get(group.currency);
    if (!summary) {
      summary = emptyFinanceSummary(group.currency);
      byCurrency.set(group.currency, summary);
    }
    if (group.type === 'credit') {
      summary.unsettledCreditsCents += group.openCents;
    } else {
      summary.openCents += group.openCents;
      if (group.bucket !== 'current') {
        summary.overdueCents += group.openCents;
        const oldest = summary.oldestOverdueDueDate;
        if (group.oldestDueDate !== null && (oldest === null || group.oldestDueDate < oldest)) summary.oldestOverdueDueDate = group.oldestDueDate;
      }
      const bucket = summary.aging[agingBuckets.indexOf(group.bucket)]!;
      bucket.cents += group.openCents;
      bucket.count += group.count;
    }
    summary.balanceCents = summary.openCents - summary.unsettledCreditsCents;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
