import type { TotalsLine } from '../../../core/cart-totals.ts';
import { scaleCents } from '../../../core/money.ts';
import { orderTotals, type OrderTotals } from '../../../core/order-totals.ts';
import type { NewRow } from '../schema.ts';
import type { HistoryCompany, HistoryContext } from './history-context.ts';
import type { GeneratedOrder } from './order-history.ts';
import { DAY, HOUR, isoDate, onWorkday } from './order-timeline.ts';
import { chance, int, randomFor, type Random } from './prng.ts';

// The invoices and credit notes of a company's order history (finance_documents, migration 0017), as
// they stand at the history's end:
//  - an invoice for each invoice the order timeline issued (order-timeline.ts: one per order, or a
//    partial and a final one for a backorder), due after the payment term;
//  - a credit note for some returned goods, and a yearly bonus credit each January;
//  - each document's payment as the company's habit has it: most are paid within the term, some late,
//    some in two instalments, a few disputed and never paid. What was paid by the end is paid; the rest
//    is open (payment_status 'open' or 'partiallyPaid'). Credits are settled when offset.
//  - balance_cents: the company's running balance over its documents in date order, counting what is
//    still open (invoices add, credits subtract): what the company owed after that document.
//
// "Overdue" is not stored: the API derives it from due_date and the open amount on the day it is asked,
// i.e. against the real date, while this history is frozen at SEED_TIME. Documents due before SEED_TIME
// and still open are overdue on every later day, so the demo always has overdue items, spread over the
// age buckets (1–30 … > 90 days) as of SEED_TIME and moving up as time passes. Those due after SEED_TIME
// (invoices of its last 30 days) show as "open, not yet due" until their due date passes in real time;
// after that they count as overdue too, which is what the same open items would do in a real shop.
//
// Each document's lines are its snapshot for the PDF: the goods, then per VAT rate the customer discount
// (negative) and the shipping, so the lines add up to net_cents; vat_by_rate gives VAT per rate, and
// net_cents + vat_cents = amount_cents exactly (core/order-totals.ts computes all of it).

export interface PayerHabit {
  /** [share, fromDays, toDays]: days from the document date to the payment. */
  paymentDelays: readonly (readonly [number, number, number])[];
  /** Paid in two instalments. */
  instalmentShare: number;
  /** Disputed: never paid. */
  disputeShare: number;
  /** Invoices with some goods sent back (a credit note). */
  returnShare: number;
  /** The yearly bonus on the goods invoiced in the year, basis points (0: none). */
  bonusBp: number;
  postway: string;
  paymentTermDays: number;
}

export interface FinancePlan {
  company: HistoryCompany;
  /** The buyer snapshot { companyName, customerNo, street, zipCode, city, countryCode, countryName, vatId? } as JSON. */
  buyerJson: string;
  habit: PayerHabit;
  stream: number;
  /**
   * Exactly this many documents (the benchmark company): the oldest are left out (as if the ERP handed
   * over only its recent documents), or pallet deposit invoices without an order are added.
   */
  documentCount?: number;
}

export interface DocumentLine {
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
  lineNetCents: number;
}

export interface GeneratedDocument {
  order: GeneratedOrder | null;
  atMs: number;
  /** The row without its number (history-writer.ts numbers a tenant's documents at once) and order id. */
  row: Omit<NewRow<'finance_documents'>, 'fin_doc_number' | 'order_id'>;
}

interface Draft {
  order: GeneratedOrder | null;
  atMs: number;
  type: 'invoice' | 'credit';
  docTypeName: string;
  lines: DocumentLine[];
  totals: OrderTotals;
  paidCents: number;
  settledAtMs: number | null;
}

const invoiceRunHour = 19;
const creditHour = 10;
/** Pallet deposit: the documents without an order that fill up a benchmark company's count. */
const palletDepositCents = 1500;

function totalsLine(line: DocumentLine): TotalsLine {
  return { orderType: 'order', quantity: line.quantity, quantities: [], unitPriceCents: line.unitPriceCents, preOrderPriceCents: null, vatRateBp: line.vatRateBp, currency: 'EUR' };
}

function goodsTotals(company: HistoryCompany, goods: readonly DocumentLine[], shippingCents: number, withDiscount: boolean): OrderTotals {
  return orderTotals({
    lines: goods.map(totalsLine),
    discountPercent: withDiscount ? company.discountPercentBp / 100 : 0,
    discountType: withDiscount ? company.discountType : null,
    shippingCents,
    showNetPrices: company.showNetPrices,
    fallbackCurrency: 'EUR',
  });
}

const percentText = (bp: number) => String(bp / 100).replace('.', ',');

/** The goods, then per VAT rate the deducted discount (negative) and shipping: the lines add up to the net total. */
function documentLines(company: HistoryCompany, goods: readonly DocumentLine[], totals: OrderTotals): DocumentLine[] {
  const lines = [...goods];
  const shippingCents = totals.shipping.netCents;
  totals.vatByRate.forEach((share, index) => {
    const goodsNet = goods.filter((l) => l.vatRateBp === share.rateBp).reduce((sum, l) => sum + l.lineNetCents, 0);
    const discount = goodsNet + (index === 0 ? shippingCents : 0) - share.netCents;
    if (discount !== 0) lines.push({ sku: '', name: `Kundenrabatt ${percentText(company.discountPercentBp)} %`, quantity: 1, unitPriceCents: -discount, vatRateBp: share.rateBp, lineNetCents: -discount });
  });
  if (shippingCents > 0) lines.push({ sku: '', name: 'Versandkosten', quantity: 1, unitPriceCents: shippingCents, vatRateBp: totals.highestVatRateBp, lineNetCents: shippingCents });
  return lines;
}

function pickDelay(random: Random, delays: PayerHabit['paymentDelays']): number {
  let left = random() * delays.reduce((sum, [share]) => sum + share, 0);
  for (const [share, from, to] of delays) {
    left -= share;
    if (left < 0) return int(random, from, to);
  }
  return int(random, delays[0]?.[1] ?? 14, delays[0]?.[2] ?? 14);
}

/** What of `amount` the company paid by the cutoff, and when it was paid in full (null: not yet). */
function payment(random: Random, amount: number, docMs: number, habit: PayerHabit, cutoffMs: number): { paidCents: number; settledAtMs: number | null } {
  const disputed = chance(random, habit.disputeShare);
  const firstAt = docMs + pickDelay(random, habit.paymentDelays) * DAY;
  const instalments = chance(random, habit.instalmentShare);
  const firstCents = instalments ? scaleCents(amount, int(random, 30, 70) * 100, 10000) : amount;
  const secondAt = firstAt + int(random, 30, 90) * DAY;
  if (disputed) return { paidCents: 0, settledAtMs: null };
  const paidCents = (firstAt <= cutoffMs ? firstCents : 0) + (instalments && secondAt <= cutoffMs ? amount - firstCents : 0);
  return { paidCents, settledAtMs: paidCents === amount ? (instalments ? secondAt : firstAt) : null };
}

function goodsOf(order: GeneratedOrder, lineIndexes: readonly number[]): DocumentLine[] {
  return lineIndexes.flatMap((index) => {
    const item = order.items[index];
    return item ? [{ sku: item.variant_sku ?? item.sku, name: item.name, quantity: item.quantity, unitPriceCents: item.unit_price_cents, vatRateBp: item.vat_rate_bp, lineNetCents: item.line_net_cents }] : [];
  });
}

function invoiceDrafts(ctx: HistoryContext, orders: readonly GeneratedOrder[], plan: FinancePlan, next: () => Random): Draft[] {
  const { company, habit } = plan;
  const drafts: Draft[] = [];
  for (const order of orders) {
    for (const invoice of order.invoices) {
      const random = next();
      const goods = goodsOf(order, invoice.lines);
      const totals = goodsTotals(company, goods, invoice.withShipping ? (order.row.shipping_price_cents ?? 0) : 0, true);
      const amount = totals.total.grossCents;
      // Prepaid orders are paid before they ship (or not yet, the last days before the cutoff).
      const prepaidAt = order.row.paid_at ? Date.parse(order.row.paid_at) : null;
      const paid = order.prepaid ? { paidCents: prepaidAt === null ? 0 : amount, settledAtMs: prepaidAt } : payment(random, amount, invoice.atMs, habit, ctx.cutoffMs);
      drafts.push({ order, atMs: invoice.atMs, type: 'invoice', docTypeName: invoice.kind, lines: documentLines(company, goods, totals), totals, ...paid });

      // Some goods come back: a credit note for part of one line, a few weeks after the invoice.
      const returned = goods[int(random, 0, goods.length - 1)];
      const creditAt = onWorkday(Math.floor((invoice.atMs + int(random, 5, 40) * DAY) / DAY) * DAY + creditHour * HOUR);
      if (!chance(random, habit.returnShare) || !returned || creditAt > ctx.cutoffMs) continue;
      const quantity = int(random, 1, Math.min(returned.quantity, 10));
      const credited = [{ ...returned, quantity, lineNetCents: returned.unitPriceCents * quantity }];
      const creditTotals = goodsTotals(company, credited, 0, true);
      const offsetAt = creditAt + int(random, 7, 60) * DAY;
      drafts.push({
        order,
        atMs: creditAt,
        type: 'credit',
        docTypeName: 'Gutschrift',
        lines: documentLines(company, credited, creditTotals),
        totals: creditTotals,
        paidCents: offsetAt <= ctx.cutoffMs ? creditTotals.total.grossCents : 0,
        settledAtMs: offsetAt <= ctx.cutoffMs ? offsetAt : null,
      });
    }
  }
  return drafts;
}

/** Each January the company gets a bonus on the goods it was invoiced in the year before. */
function bonusDrafts(ctx: HistoryContext, drafts: readonly Draft[], plan: FinancePlan): Draft[] {
  const { company, habit } = plan;
  if (habit.bonusBp <= 0) return [];
  const goodsByYear = new Map<number, number>();
  for (const draft of drafts) {
    if (draft.type !== 'invoice') continue;
    const year = new Date(draft.atMs).getUTCFullYear();
    goodsByYear.set(year, (goodsByYear.get(year) ?? 0) + draft.totals.goods.netCents);
  }
  return [...goodsByYear].flatMap(([year, goodsNet]) => {
    const atMs = onWorkday(Date.UTC(year + 1, 0, 20, creditHour));
    const bonus = scaleCents(goodsNet, habit.bonusBp, 10000);
    if (atMs > ctx.cutoffMs || bonus <= 0) return [];
    const lines = [{ sku: '', name: `Jahresbonus ${year} (${percentText(habit.bonusBp)} %)`, quantity: 1, unitPriceCents: bonus, vatRateBp: company.vatRates.standard, lineNetCents: bonus }];
    const totals = goodsTotals(company, lines, 0, false);
    const settledAtMs = atMs + 30 * DAY;
    return [{ order: null, atMs, type: 'credit' as const, docTypeName: 'Bonusgutschrift', lines, totals, paidCents: settledAtMs <= ctx.cutoffMs ? totals.total.grossCents : 0, settledAtMs: settledAtMs <= ctx.cutoffMs ? settledAtMs : null }];
  });
}

function depositDraft(ctx: HistoryContext, plan: FinancePlan, random: Random, fromMs: number): Draft {
  const { company, habit } = plan;
  const day = onWorkday(fromMs + Math.floor(random() * Math.max(1, (ctx.cutoffMs - fromMs) / DAY)) * DAY);
  const atMs = Math.min(Math.floor(day / DAY) * DAY + invoiceRunHour * HOUR, ctx.cutoffMs);
  const quantity = int(random, 1, 6);
  const lines = [{ sku: '', name: 'Pfand Europaletten', quantity, unitPriceCents: palletDepositCents, vatRateBp: company.vatRates.standard, lineNetCents: palletDepositCents * quantity }];
  const totals = goodsTotals(company, lines, 0, false);
  return { order: null, atMs, type: 'invoice', docTypeName: 'Rechnung', lines, totals, ...payment(random, totals.total.grossCents, atMs, habit, ctx.cutoffMs) };
}

/** Orders on account are paid once all their invoices are, when the last one was. */
function markPaidOrders(drafts: readonly Draft[]): void {
  const byOrder = new Map<GeneratedOrder, Draft[]>();
  for (const draft of drafts) if (draft.order && draft.type === 'invoice') byOrder.set(draft.order, [...(byOrder.get(draft.order) ?? []), draft]);
  for (const [order, invoices] of byOrder) {
    const settled = invoices.every((d) => d.settledAtMs !== null);
    if (order.prepaid || order.row.sales_head_status !== '4' || !settled) continue;
    order.row.payment_status = 'paid';
    order.row.paid_at = new Date(Math.max(...invoices.map((d) => d.settledAtMs ?? 0))).toISOString();
  }
}

export function generateFinanceDocuments(ctx: HistoryContext, orders: readonly GeneratedOrder[], plan: FinancePlan): GeneratedDocument[] {
  const { company, habit } = plan;
  let drawn = 0;
  const next = () => randomFor(plan.stream, ++drawn);
  const ofOrders = invoiceDrafts(ctx, orders, plan, next);
  markPaidOrders(ofOrders);
  let drafts = [...ofOrders, ...bonusDrafts(ctx, ofOrders, plan)].sort((a, b) => a.atMs - b.atMs);
  if (plan.documentCount !== undefined) {
    const fromMs = orders[0]?.placedMs ?? ctx.cutoffMs - 365 * DAY;
    const missing = Math.max(0, plan.documentCount - drafts.length);
    const deposits = Array.from({ length: missing }, () => depositDraft(ctx, plan, next(), fromMs));
    drafts = [...drafts, ...deposits].sort((a, b) => a.atMs - b.atMs).slice(Math.max(0, drafts.length + missing - plan.documentCount));
  }

  let balance = 0;
  return drafts.map((draft, index) => {
    const amount = draft.totals.total.grossCents;
    const open = amount - draft.paidCents;
    balance += draft.type === 'invoice' ? open : -open;
    const docDay = Math.floor(draft.atMs / DAY) * DAY;
    return {
      order: draft.order,
      atMs: draft.atMs,
      row: {
        tenant_id: ctx.tenantId,
        company_id: company.id,
        type: draft.type,
        external_number: `${company.customerNo}/${String(index + 1).padStart(5, '0')}`,
        doc_date: isoDate(docDay),
        doc_type_name: draft.docTypeName,
        due_date: draft.type === 'invoice' ? isoDate(docDay + habit.paymentTermDays * DAY) : null,
        currency: 'EUR',
        net_cents: draft.totals.total.netCents,
        vat_cents: draft.totals.total.vatCents,
        amount_cents: amount,
        open_amount_cents: open,
        balance_cents: balance,
        payment_status: open === 0 ? 'paid' : open < amount ? 'partiallyPaid' : 'open',
        postway: habit.postway,
        document_link: null,
        seller: ctx.sellerJson,
        buyer: plan.buyerJson,
        lines: JSON.stringify(draft.lines),
        vat_by_rate: JSON.stringify(draft.totals.vatByRate),
        created_at: new Date(draft.atMs).toISOString(),
      },
    };
  });
}
