import type { TotalsLine } from '../../../core/cart-totals.ts';
import { checkoutTotals } from '../../../core/checkout-totals.ts';
import { scaleCents } from '../../../core/money.ts';
import { orderLinesSearchText } from '../../../core/order-search-words.ts';
import { addressSnapshotOf, type AddressSnapshot, type CostsSnapshot } from '../../modules/orders/order-view.ts';
import type { NewRow, Row } from '../schema.ts';
import type { HistoryCompany, HistoryContext, HistoryProduct } from './history-context.ts';
import { DAY, HOUR, isoDate, orderTimeline, type PlannedInvoice } from './order-timeline.ts';
import { chance, int, pick, pickDistinct, randomFor, type Random } from './prng.ts';

// A company's order history as an ERP would hand it over: orders placed on working days over a period
// before the history's end, order and pre-order types, each with its lines, totals, addresses, notes,
// packs and status timeline (order-timeline.ts). Pure computation: the same plan gives the same
// orders, whatever else the seed does. The order's story (type, line count, status, packs, payment)
// comes from a random stream of its own and its lines from another, so a smaller demo catalogue changes
// the goods but not how many orders are open, shipped or cancelled.

export interface HistoryBuyer {
  /** null: entered in the ERP (telephone or e-mail order), no shop user. */
  userId: number | null;
  weight: number;
}

export interface OrderHabits {
  preOrderShare: number;
  prepaymentShare: number;
  purchaseOrderShare: number;
  /** The company's own purchase order number for its n-th order placed in a year. */
  purchaseOrderNumber: (year: number, n: number) => string;
  noteShare: number;
}

export interface CompanyHistoryPlan {
  company: HistoryCompany;
  buyers: readonly HistoryBuyer[];
  orderCount: number;
  /** The history covers this many days before the cutoff. */
  days: number;
  /** The company's PRNG stream: different companies, different histories. */
  stream: number;
  habits: OrderHabits;
}

export interface GeneratedOrder {
  company: HistoryCompany;
  placedMs: number;
  /** The orders row without its numbers (history-writer.ts numbers all orders of a tenant at once). */
  row: Omit<NewRow<'orders'>, 'order_number' | 'doc_number'>;
  items: Omit<NewRow<'order_items'>, 'order_id'>[];
  notes: Omit<NewRow<'order_notes'>, 'order_id'>[];
  packs: Omit<NewRow<'order_packs'>, 'order_id'>[];
  events: Omit<NewRow<'order_status_events'>, 'order_id'>[];
  /** The invoices issued for it so far (finance-documents.ts writes them). */
  invoices: PlannedInvoice[];
  prepaid: boolean;
}

// Lines per order: 1 … 10, five on average.
const lineCountWeights = [8, 11, 13, 14, 14, 12, 10, 7, 6, 5];
const lineCountTotal = lineCountWeights.reduce((sum, w) => sum + w, 0);
/** Ordered quantity in sales batches. */
const batchSteps = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 10];
/** The share of a company's orders that come from its regular assortment. */
const favouriteShare = 0.7;
const favouriteCount = 60;
/** Today's prices are about 5 % above those of two years ago. */
const priceRiseBpPerYear = 250;
const preOrderLeadDays = 45;
const seasonStartMonths = [3, 6, 9];

const noteTexts = [
  'Bitte Anlieferung über Tor 2, Ansprechpartner Lager Süd.',
  'Avis bitte einen Tag vorher telefonisch.',
  'Anlieferung nur werktags zwischen 7 und 15 Uhr.',
  'Bitte auf Palette liefern und die Ware folieren.',
  'Teillieferungen sind in Ordnung.',
  'Lieferschein bitte an die Buchhaltung in Kopie.',
  'Ware wird für eine Baustelle benötigt – bitte Liefertermin einhalten.',
];

function lineCount(random: Random): number {
  let left = random() * lineCountTotal;
  for (const [index, weight] of lineCountWeights.entries()) {
    left -= weight;
    if (left < 0) return index + 1;
  }
  return lineCountWeights.length;
}

function weightedBuyer(random: Random, buyers: readonly HistoryBuyer[]): number | null {
  const total = buyers.reduce((sum, b) => sum + b.weight, 0);
  let left = random() * total;
  for (const buyer of buyers) {
    left -= buyer.weight;
    if (left < 0) return buyer.userId;
  }
  return buyers[0]?.userId ?? null;
}

/** Placement times on working days between 06:00 and 17:00 UTC, oldest first; business grows over the period. */
function placementTimes(random: Random, cutoffMs: number, days: number, count: number): number[] {
  const fromDay = Math.floor((cutoffMs - days * DAY) / DAY) * DAY;
  const times = Array.from({ length: count }, () => {
    const share = chance(random, 0.5) ? random() : Math.sqrt(random());
    let day = fromDay + Math.floor(share * days) * DAY;
    const weekday = new Date(day).getUTCDay();
    // Weekend orders are entered on the Friday before (the history must not run past its end).
    if (weekday === 6) day -= DAY;
    if (weekday === 0) day -= 2 * DAY;
    const time = day + int(random, 6, 16) * HOUR + int(random, 0, 3599) * 1000;
    return time < cutoffMs ? time : cutoffMs - int(random, 1, 12) * HOUR;
  });
  times.sort((a, b) => a - b);
  // The newest order came in through the shop over the last weekend: the office has not confirmed it yet.
  const newest = cutoffMs - int(random, 2, 36) * HOUR - int(random, 0, 3599) * 1000;
  if (times.length > 0 && newest > times[times.length - 1]!) times[times.length - 1] = newest;
  return times;
}

/** The season start dates a pre-order placed at `placedMs` is for: the next `count` at least 45 days ahead. */
function seasonDates(placedMs: number, count: number): string[] {
  const earliest = isoDate(placedMs + preOrderLeadDays * DAY);
  const year = new Date(placedMs).getUTCFullYear();
  const all = [year, year + 1, year + 2].flatMap((y) => seasonStartMonths.map((m) => `${y}-${String(m).padStart(2, '0')}-01`));
  return all.filter((date) => date >= earliest).slice(0, count);
}

function pickProducts(random: Random, favourites: readonly HistoryProduct[], all: readonly HistoryProduct[], count: number): HistoryProduct[] {
  const chosen = new Set<HistoryProduct>();
  for (let attempt = 0; chosen.size < count && attempt < count * 4; attempt++) {
    chosen.add(pick(random, chance(random, favouriteShare) && favourites.length > 0 ? favourites : all));
  }
  return [...chosen];
}

/** The invoice address as the order keeps it; a demo address without a company name takes the company's. */
function addressSnapshot(company: HistoryCompany, address: Row<'addresses'> | undefined): AddressSnapshot | null {
  return address ? addressSnapshotOf({ ...address, company_name: address.company_name ?? company.name }) : null;
}

interface PricedLine {
  product: HistoryProduct;
  variant: HistoryProduct['variants'][number] | null;
  unitCents: number;
  vatRateBp: number;
  quantity: number;
  /** The season date of a pre-order line; null for an order line. */
  date: string | null;
}

function priceLines(random: Random, ctx: HistoryContext, plan: CompanyHistoryPlan, favourites: readonly HistoryProduct[], count: number, preOrderDates: readonly string[] | null, placedMs: number): PricedLine[] {
  const { company } = plan;
  const ageYearsBp = Math.floor(((ctx.cutoffMs - placedMs) * 10000) / (365 * DAY));
  const priceBp = 10000 - Math.floor((ageYearsBp * priceRiseBpPerYear) / 10000);
  return pickProducts(random, favourites, ctx.products, count).flatMap((product) => {
    const variant = product.variants.length > 0 && chance(random, 0.8) ? pick(random, product.variants) : null;
    const customerPrice = product.customerPrices.find((c) => c.customerNo === company.customerNo)?.priceCents;
    const todayCents = preOrderDates ? product.preOrderPriceCents : (variant?.priceCents ?? customerPrice ?? product.priceCents);
    const unitCents = Math.max(1, scaleCents(todayCents, priceBp, 10000));
    const vatRateBp = company.vatRates[product.taxCategory];
    return (preOrderDates ?? [null]).map((date) => ({ product, variant, unitCents, vatRateBp, quantity: product.salesBatchSize * pick(random, batchSteps), date }));
  });
}

function generateOrder(ctx: HistoryContext, plan: CompanyHistoryPlan, favourites: readonly HistoryProduct[], index: number, placedMs: number, purchaseOrderSeq: number): GeneratedOrder {
  const { company, habits } = plan;
  const story = randomFor(plan.stream, 2 * index + 1);
  const goods = randomFor(plan.stream, 2 * index + 2);
  const tenant_id = ctx.tenantId;

  const preOrder = chance(story, habits.preOrderShare);
  const preOrderDates = preOrder ? seasonDates(placedMs, chance(story, 0.4) ? 2 : 1) : null;
  const lines = priceLines(goods, ctx, plan, favourites, lineCount(story), preOrderDates, placedMs);
  const timeline = orderTimeline(story, { orderType: preOrder ? 'preOrder' : 'order', placedMs, lineDates: lines.map((l) => l.date), cutoffMs: ctx.cutoffMs });

  const invoiceAddress = company.addresses[0];
  const receiver = company.addresses.length > 1 && chance(story, 0.35) ? pick(story, company.addresses.slice(1)) : invoiceAddress;
  const totalsLines: TotalsLine[] = lines.map((l) => ({ orderType: 'order', quantity: l.quantity, quantities: [], unitPriceCents: l.unitCents, preOrderPriceCents: null, vatRateBp: l.vatRateBp, currency: 'EUR' }));
  const methods = ctx.shippingMethods;
  const goodsNet = totalsLines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const wanted = preOrder ? 'Standardversand' : goodsNet > 150_000 && chance(story, 0.6) ? 'Speditionsversand' : chance(story, 0.06) ? 'Expressversand' : 'Standardversand';
  const method = methods.get(wanted) ?? methods.get('Standardversand') ?? [...methods.values()][0];
  const figures = checkoutTotals({
    lines: totalsLines,
    discountPercent: company.discountPercentBp / 100,
    discountType: company.discountType,
    showNetPrices: company.showNetPrices,
    fallbackCurrency: 'EUR',
    shipping: method ? { method: method.rates, countryCode: receiver?.country_code ?? company.countryCode, freight: company.freight } : null,
    minimumOrderCents: 0,
  });
  const totals = figures.totals;
  const costs: CostsSnapshot = {
    goodsNetCents: totals.goods.netCents,
    discount: totals.discount.treatment === 'deducted' ? { treatment: 'deducted', percent: totals.discount.percent, netCents: totals.discount.netCents } : totals.discount,
    shippingNetCents: figures.shipping?.methodCents ?? 0,
    freightNetCents: figures.shipping?.freightCents ?? 0,
    vatByRate: totals.vatByRate,
    netCents: totals.total.netCents,
    vatCents: totals.total.vatCents,
    grossCents: totals.total.grossCents,
  };

  const prepayment = ctx.paymentMethods.get('prepayment');
  const payment = prepayment && chance(story, habits.prepaymentShare) ? prepayment : ctx.paymentMethods.get('invoice');
  const prepaid = payment === prepayment && payment !== undefined;
  const paidAtMs = placedMs + int(story, 1, 3) * DAY;
  const cancelled = timeline.statusId === '5';
  const confirmedAtMs = timeline.events.find((e) => e.statusId === '2')?.atMs;
  const year = new Date(placedMs).getUTCFullYear();
  const purchaseOrder = chance(story, habits.purchaseOrderShare) ? habits.purchaseOrderNumber(year, purchaseOrderSeq) : null;
  const placedAt = new Date(placedMs).toISOString();

  const items = lines.map((l, line) => ({
    tenant_id,
    product_id: l.product.id,
    variant_id: l.variant ? (l.product.variantIds.get(l.variant.sku) ?? null) : null,
    sku: l.product.sku,
    variant_sku: l.variant?.sku ?? null,
    name: l.variant?.name ?? l.product.name,
    order_type: preOrder ? ('preOrder' as const) : ('order' as const),
    season_id: l.date ? (ctx.seasonIds.get(l.date) ?? null) : null,
    quantity: l.quantity,
    unit_price_cents: l.unitCents,
    vat_rate_bp: l.vatRateBp,
    line_net_cents: l.unitCents * l.quantity,
    currency: 'EUR',
    custom_attributes: null,
    sort_order: line,
    delivery_date: l.date,
    backordered_quantity: timeline.pendingLines.has(line) ? l.quantity : 0,
    allocated_quantity: 0,
  }));

  return {
    company,
    placedMs,
    prepaid,
    invoices: timeline.invoices,
    row: {
      tenant_id,
      company_id: company.id,
      user_id: weightedBuyer(story, plan.buyers),
      order_type: preOrder ? 'preOrder' : 'order',
      order_date: placedAt,
      doc_date: confirmedAtMs === undefined ? null : isoDate(confirmedAtMs),
      delivery_date: timeline.deliveryDate,
      doc_type: preOrder ? 'Vorbestellung' : 'Auftrag',
      external_order_number: purchaseOrder,
      displayed_order_description: preOrder ? 'preOrder' : 'order',
      status_id: timeline.statusId,
      sales_head_status: timeline.salesHeadStatus,
      delivery_status: timeline.deliveryStatus,
      payment_method: payment?.name ?? null,
      payment_method_id: payment?.id ?? null,
      // Orders on account are marked paid once their invoices are (finance-documents.ts).
      payment_status: cancelled ? 'cancelled' : prepaid && paidAtMs <= ctx.cutoffMs ? 'paid' : 'open',
      paid_at: prepaid && !cancelled && paidAtMs <= ctx.cutoffMs ? new Date(paidAtMs).toISOString() : null,
      payment_due_at: null,
      shipping_method_id: method?.id ?? null,
      shipping_method_name: method?.name ?? null,
      receiver_company: receiver?.company_name ?? company.name,
      receiver_first_name: receiver?.first_name ?? null,
      receiver_last_name: receiver?.last_name ?? null,
      receiver_street: receiver?.street ?? null,
      receiver_street2: receiver?.street2 ?? null,
      receiver_zip_code: receiver?.zip_code ?? null,
      receiver_city: receiver?.city ?? null,
      receiver_country_code: receiver?.country_code ?? null,
      receiver_country_name: receiver?.country_name ?? null,
      receiver_phone: receiver?.phone_number ?? null,
      invoice_address: JSON.stringify(addressSnapshot(company, invoiceAddress)),
      shipping_price_cents: totals.shipping.netCents,
      discount_percent_bp: company.discountPercentBp,
      discount_cents: totals.discount.treatment === 'deducted' ? totals.discount.netCents : 0,
      net_total_cents: totals.total.netCents,
      vat_total_cents: totals.total.vatCents,
      gross_total_cents: totals.total.grossCents,
      currency: 'EUR',
      costs: JSON.stringify(costs),
      idempotency_key: null,
      locale: 'de',
      search_text: orderLinesSearchText(items),
      seller: ctx.sellerJson,
      document_link: null,
      del_documents_links: '[]',
      created_at: placedAt,
      updated_at: new Date(timeline.lastChangeMs).toISOString(),
    },
    items,
    notes: chance(story, habits.noteShare) ? [{ tenant_id, delivery_date: timeline.deliveryDate, note: pick(story, noteTexts) }] : [],
    packs: timeline.packs.map((p) => ({ tenant_id, carrier: p.carrier, tracking_code: p.trackingCode, tracking_url: null, shipped_at: p.shippedAtMs === null ? null : new Date(p.shippedAtMs).toISOString() })),
    events: timeline.events.map((e) => ({ tenant_id, status_id: e.statusId, occurred_at: new Date(e.atMs).toISOString() })),
  };
}

/** The company's orders, oldest first; none without products to order. */
export function generateOrderHistory(ctx: HistoryContext, plan: CompanyHistoryPlan): GeneratedOrder[] {
  if (ctx.products.length === 0 || plan.orderCount <= 0) return [];
  const companyRandom = randomFor(plan.stream, 0);
  const times = placementTimes(companyRandom, ctx.cutoffMs, plan.days, plan.orderCount);
  const favourites = pickDistinct(companyRandom, ctx.products, Math.min(favouriteCount, ctx.products.length));
  const perYear = new Map<number, number>();
  return times.map((placedMs, index) => {
    const year = new Date(placedMs).getUTCFullYear();
    const seq = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, seq);
    return generateOrder(ctx, plan, favourites, index, placedMs, seq);
  });
}
