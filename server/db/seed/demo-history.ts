import type { HistorySpec } from './company-history.ts';
import type { PayerHabit } from './finance-documents.ts';
import type { Numbering } from './history-writer.ts';
import type { OrderHabits } from './order-history.ts';

// The order histories of the demo companies: two years before SEED_TIME of orders, invoices and
// credits, enough to page, search and filter the account area with every status and payment state.
//  - 10001 Muster Baubedarf (DE, 3 % discount): orders by "customer" and "customeradmin" and some entered
//    in the ERP; mostly with a purchase order number; pays within the term, now and then late.
//  - 10002 Alpen Handel (AT, gross prices, freight surcharge): orders by "customer2", some prepaid; pays
//    slowly, often late or in instalments, so it carries overdue items.

export const demoNumbering: Numbering = { order: 'AU', confirmation: 'AB', invoice: 'RE', credit: 'GS', digits: 5 };
export const demoHistoryDays = 730;

export const punctualPayer: PayerHabit = {
  paymentDelays: [
    [75, 8, 28],
    [20, 29, 45],
    [5, 46, 90],
  ],
  instalmentShare: 0.1,
  disputeShare: 0.005,
  returnShare: 0.05,
  bonusBp: 200,
  postway: 'E-Mail',
  paymentTermDays: 30,
};

const slowPayer: PayerHabit = {
  paymentDelays: [
    [50, 10, 30],
    [30, 31, 60],
    [20, 61, 150],
  ],
  instalmentShare: 0.2,
  disputeShare: 0.01,
  returnShare: 0.06,
  bonusBp: 100,
  postway: 'Post',
  paymentTermDays: 30,
};

export const builderHabits: OrderHabits = {
  preOrderShare: 0.1,
  prepaymentShare: 0,
  purchaseOrderShare: 0.7,
  purchaseOrderNumber: (year, n) => `PO-${year}-${String(n).padStart(4, '0')}`,
  noteShare: 0.15,
};

const traderHabits: OrderHabits = {
  preOrderShare: 0.12,
  prepaymentShare: 0.15,
  purchaseOrderShare: 0.5,
  purchaseOrderNumber: (year, n) => `BST ${String(year).slice(2)}${String(n).padStart(5, '0')}`,
  noteShare: 0.1,
};

export function demoHistorySpecs(userIds: ReadonlyMap<string, number>): HistorySpec[] {
  const user = (username: string) => userIds.get(username) ?? null;
  return [
    {
      customerNo: '10001',
      vatId: 'DE815923407',
      buyers: [
        { userId: user('customer'), weight: 6 },
        { userId: user('customeradmin'), weight: 3 },
        { userId: null, weight: 1 },
      ],
      orderCount: 340,
      days: demoHistoryDays,
      stream: 0x10001,
      habits: builderHabits,
      payer: punctualPayer,
    },
    {
      customerNo: '10002',
      vatId: 'ATU63218957',
      buyers: [
        { userId: user('customer2'), weight: 9 },
        { userId: null, weight: 1 },
      ],
      orderCount: 230,
      days: demoHistoryDays,
      stream: 0x10002,
      habits: traderHabits,
      payer: slowPayer,
    },
  ];
}
