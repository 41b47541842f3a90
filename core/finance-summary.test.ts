import { describe, expect, it } from 'vitest';
import { agingBucketOf, agingBucketStarts, daysOverdue, daysPastDue, emptyFinanceSummary, shownPaymentStatus, summarizeOpenItems, type DocumentStanding, type OpenItemGroup } from './finance-summary.ts';

const today = '2026-03-31';

describe('daysPastDue', () => {
  it.each([
    [null, 0],
    ['2026-04-01', 0],
    ['2026-03-31', 0],
    ['2026-03-30', 1],
    ['2026-03-01', 30],
    ['2026-02-28', 31],
    ['2025-03-31', 365],
    // Across the change to summer time (29 March 2026): days are calendar days, not 24-hour spans of local time.
    ['2026-03-28', 3],
  ])('due %s: %i days', (due, days) => {
    expect(daysPastDue(due, today)).toBe(days);
  });
});

describe('agingBucketOf', () => {
  it.each([
    [0, 'current'],
    [1, '1-30'],
    [30, '1-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
    [1000, '90+'],
  ])('%i days: %s', (days, bucket) => {
    expect(agingBucketOf(days)).toBe(bucket);
  });
});

describe('agingBucketStarts', () => {
  it('puts every due day in the bucket of its days past due', () => {
    const starts = agingBucketStarts(today);
    expect(starts.map((start) => start.earliestDueDay)).toEqual(['2026-03-31', '2026-03-01', '2026-01-30', '2025-12-31', null]);
    // Across the change to summer time (29 March 2026) and a year back, day by day.
    for (let day = Date.parse('2025-01-01'); day <= Date.parse('2026-04-10'); day += 86_400_000) {
      const dueDay = new Date(day).toISOString().slice(0, 10);
      const bucket = starts.find((start) => start.earliestDueDay === null || dueDay >= start.earliestDueDay)!.bucket;
      expect(bucket, dueDay).toBe(agingBucketOf(daysPastDue(dueDay, today)));
    }
  });
});

describe('the status shown', () => {
  const invoice = (openCents: number, settlement: DocumentStanding['settlement'], dueDate: string | null): DocumentStanding => ({ type: 'invoice', openCents, settlement, dueDate });
  it.each([
    ['settled', invoice(0, 'paid', '2026-01-01'), 'paid', 0],
    ['nothing open though the ERP says open', invoice(0, 'open', '2026-01-01'), 'paid', 0],
    ['open, due later', invoice(1000, 'open', '2026-04-30'), 'open', 0],
    ['open, due today', invoice(1000, 'open', today), 'open', 0],
    ['open without a due date', invoice(1000, 'open', null), 'open', 0],
    ['partly paid, due later', invoice(400, 'partiallyPaid', '2026-04-30'), 'partiallyPaid', 0],
    ['open, due yesterday', invoice(1000, 'open', '2026-03-30'), 'overdue', 1],
    ['partly paid and past due', invoice(400, 'partiallyPaid', '2026-01-30'), 'overdue', 60],
    ['a credit past its due date', { type: 'credit', openCents: 500, settlement: 'open', dueDate: '2026-01-01' }, 'open', 0],
    ['a settled credit', { type: 'credit', openCents: 0, settlement: 'paid', dueDate: '2026-01-01' }, 'paid', 0],
  ] as const)('%s', (_, document, status, days) => {
    expect(shownPaymentStatus(document, today)).toBe(status);
    expect(daysOverdue(document, today)).toBe(days);
  });
});

describe('summarizeOpenItems', () => {
  it('has every bucket, empty, without open items', () => {
    expect(summarizeOpenItems([])).toEqual([]);
    expect(emptyFinanceSummary('EUR').aging.map((bucket) => bucket.bucket)).toEqual(['current', '1-30', '31-60', '61-90', '90+']);
  });

  it('sums open invoices, overdue ones, credits, the balance and the ageing in cents', () => {
    const groups: OpenItemGroup[] = [
      { type: 'invoice', currency: 'EUR', bucket: 'current', openCents: 1_00 + 100_01 + 5_00, count: 4, oldestDueDate: today },
      { type: 'invoice', currency: 'EUR', bucket: '1-30', openCents: 10_10 + 20_20, count: 4, oldestDueDate: '2026-03-01' },
      { type: 'invoice', currency: 'EUR', bucket: '31-60', openCents: 30_30 + 40_40, count: 2, oldestDueDate: '2026-01-30' },
      { type: 'invoice', currency: 'EUR', bucket: '61-90', openCents: 50_50, count: 2, oldestDueDate: '2025-12-31' },
      { type: 'invoice', currency: 'EUR', bucket: '90+', openCents: 60_60, count: 1, oldestDueDate: '2025-12-30' },
      // A credit's bucket counts for nothing: credit notes are never overdue.
      { type: 'credit', currency: 'EUR', bucket: '90+', openCents: 7_77, count: 2, oldestDueDate: '2025-01-01' },
      { type: 'invoice', currency: 'CHF', bucket: '1-30', openCents: 9_99, count: 1, oldestDueDate: '2026-03-01' },
      { type: 'invoice', currency: 'CHF', bucket: 'current', openCents: 0, count: 1, oldestDueDate: null },
    ];
    const [chf, eur] = summarizeOpenItems(groups);
    expect(eur).toEqual({
      currency: 'EUR',
      openCents: 1_00 + 100_01 + 5_00 + 10_10 + 20_20 + 30_30 + 40_40 + 50_50 + 60_60,
      overdueCents: 10_10 + 20_20 + 30_30 + 40_40 + 50_50 + 60_60,
      unsettledCreditsCents: 7_77,
      balanceCents: 1_00 + 100_01 + 5_00 + 10_10 + 20_20 + 30_30 + 40_40 + 50_50 + 60_60 - 7_77,
      oldestOverdueDueDate: '2025-12-30',
      aging: [
        { bucket: 'current', cents: 1_00 + 100_01 + 5_00, count: 4 },
        { bucket: '1-30', cents: 10_10 + 20_20, count: 4 },
        { bucket: '31-60', cents: 30_30 + 40_40, count: 2 },
        { bucket: '61-90', cents: 50_50, count: 2 },
        { bucket: '90+', cents: 60_60, count: 1 },
      ],
    });
    expect(chf).toMatchObject({ currency: 'CHF', openCents: 9_99, overdueCents: 9_99, balanceCents: 9_99, oldestOverdueDueDate: '2026-03-01' });
  });

  it('shows a company owed more in credits than it owes with a negative balance', () => {
    const [summary] = summarizeOpenItems([
      { type: 'invoice', currency: 'EUR', bucket: 'current', openCents: 3_00, count: 1, oldestDueDate: '2026-04-30' },
      { type: 'credit', currency: 'EUR', bucket: 'current', openCents: 5_50, count: 1, oldestDueDate: null },
    ]);
    expect(summary).toMatchObject({ openCents: 3_00, overdueCents: 0, unsettledCreditsCents: 5_50, balanceCents: -2_50, oldestOverdueDueDate: null });
  });
});
