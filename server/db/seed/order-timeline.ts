import { chance, int, type Random } from './prng.ts';
import { pickCarrier, trackingCode, type Carrier } from './tracking-codes.ts';

// What happens to one order of the demo history after it was placed, as far as the history's end
// (SEED_TIME) lets it happen: it is confirmed, its lines leave in one or more packs, and it is invoiced,
// or it is cancelled. The whole life is planned first and then cut at the end, so an order placed a day
// before shows what a real one would: confirmed, maybe a parcel label printed, nothing shipped yet.
//
// Invoicing follows the packs: an order shipped in one pack gets one invoice on its shipping day; an
// order whose lines leave in several packs (a backorder) gets a partial invoice ("Teilrechnung") for
// the first pack and a final one ("Schlussrechnung") for the rest when its last pack leaves. Shipping
// is charged with the first invoice. The seller's invoice run is at 19:00 UTC.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const MINUTE = 60_000;
const invoiceRunHour = 19;
const officeOpensHour = 7;
const officeClosesHour = 17;

export type InvoiceKind = 'Rechnung' | 'Teilrechnung' | 'Schlussrechnung';

export interface PlannedInvoice {
  kind: InvoiceKind;
  atMs: number;
  /** Indexes into the order's lines. */
  lines: number[];
  withShipping: boolean;
}

export interface TimelinePack {
  carrier: Carrier;
  trackingCode: string;
  /** null: the label is printed but the parcel has not left yet. */
  shippedAtMs: number | null;
}

export interface OrderTimeline {
  /** The status changes after placement (status "1" is the placement itself), oldest first. */
  events: { statusId: string; atMs: number }[];
  packs: TimelinePack[];
  /** Lines of a partly shipped order that have not left yet (its backorder). */
  pendingLines: Set<number>;
  deliveryStatus: 'open' | 'partial' | 'delivered';
  /** order_statuses: 1 open, 2 in progress, 3 shipped, 4 completed, 5 cancelled. */
  statusId: string;
  /** sales_head_statuses: 1 open, 2 partially delivered, 3 fully delivered, 4 invoiced. */
  salesHeadStatus: string;
  invoices: PlannedInvoice[];
  /** The (first) delivery date the order was confirmed with, 'YYYY-MM-DD'. */
  deliveryDate: string;
  lastChangeMs: number;
}

export interface TimelineInput {
  orderType: 'order' | 'preOrder';
  placedMs: number;
  /** Pre-order lines: the season date each line is delivered on; order lines: null. */
  lineDates: readonly (string | null)[];
  cutoffMs: number;
}

interface PlannedPack {
  carrier: Carrier;
  trackingCode: string;
  labelAtMs: number;
  shipAtMs: number;
  lines: number[];
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;
const at = (dayMs: number, hour: number, minute: number) => startOfDay(dayMs) + hour * HOUR + minute * MINUTE;

/** The same time on the next working day when `ms` falls on a Saturday or Sunday. */
export function onWorkday(ms: number): number {
  const weekday = new Date(ms).getUTCDay();
  return weekday === 6 ? ms + 2 * DAY : weekday === 0 ? ms + DAY : ms;
}

/** The ERP office works 07:00–17:00 UTC on working days: what arrives later is handled the next working morning. */
function inOfficeHours(random: Random, ms: number): number {
  const hour = new Date(ms).getUTCHours();
  const morning = (dayMs: number) => onWorkday(at(dayMs, officeOpensHour, int(random, 0, 90)));
  if (hour < officeOpensHour) return morning(ms);
  if (hour >= officeClosesHour) return morning(ms + DAY);
  return onWorkday(ms) === ms ? ms : morning(ms);
}

/** A label is printed on the shipping day or, for a morning pickup, the working day before. */
function labelTime(random: Random, shipAtMs: number): number {
  if (chance(random, 0.6)) return shipAtMs - int(random, 1, 4) * HOUR;
  let dayBefore = shipAtMs - DAY;
  while (onWorkday(dayBefore) !== dayBefore) dayBefore -= DAY;
  return at(dayBefore, int(random, 14, 16), int(random, 0, 59));
}

function packCount(random: Random, lineCount: number): number {
  const roll = random();
  return Math.min(lineCount, roll < 0.74 ? 1 : roll < 0.94 ? 2 : 3);
}

function planOrderPacks(random: Random, confirmedMs: number, lineCount: number): PlannedPack[] {
  const count = packCount(random, lineCount);
  // Every pack carries at least one line; the others mostly go with the first parcel.
  const packOf = Array.from({ length: lineCount }, (_, line) => (line < count ? line : chance(random, 0.7) ? 0 : int(random, 0, count - 1)));
  let shipAt = onWorkday(at(confirmedMs + int(random, 0, 2) * DAY, int(random, 13, 17), int(random, 0, 59)));
  if (shipAt < confirmedMs + 2 * HOUR) shipAt = onWorkday(shipAt + DAY);
  const packs: PlannedPack[] = [];
  for (let pack = 0; pack < count; pack++) {
    if (pack > 0) shipAt = onWorkday(shipAt + (chance(random, 0.1) ? int(random, 20, 45) : int(random, 2, 12)) * DAY);
    const carrier = pickCarrier(random);
    packs.push({
      carrier,
      trackingCode: trackingCode(random, carrier),
      labelAtMs: Math.max(confirmedMs, labelTime(random, shipAt)),
      shipAtMs: shipAt,
      lines: packOf.flatMap((p, line) => (p === pack ? [line] : [])),
    });
  }
  return packs;
}

/** A pre-order leaves in one pack per season, a few days before the season starts. */
function planPreOrderPacks(random: Random, lineDates: readonly (string | null)[]): PlannedPack[] {
  const dates = [...new Set(lineDates.filter((d): d is string => d !== null))].sort();
  return dates.map((date) => {
    const shipAt = onWorkday(at(Date.parse(date) - int(random, 1, 3) * DAY, int(random, 8, 15), int(random, 0, 59)));
    const carrier = pickCarrier(random);
    return {
      carrier,
      trackingCode: trackingCode(random, carrier),
      labelAtMs: labelTime(random, shipAt),
      shipAtMs: shipAt,
      lines: lineDates.flatMap((d, line) => (d === date ? [line] : [])),
    };
  });
}

function planInvoices(packs: readonly PlannedPack[]): PlannedInvoice[] {
  const [first, ...rest] = packs;
  if (!first) return [];
  const runAfter = (pack: PlannedPack) => at(pack.shipAtMs, invoiceRunHour, 0);
  if (rest.length === 0) return [{ kind: 'Rechnung', atMs: runAfter(first), lines: first.lines, withShipping: true }];
  const last = rest[rest.length - 1]!;
  return [
    { kind: 'Teilrechnung', atMs: runAfter(first), lines: first.lines, withShipping: true },
    { kind: 'Schlussrechnung', atMs: runAfter(last), lines: rest.flatMap((p) => p.lines), withShipping: false },
  ];
}

export function orderTimeline(random: Random, input: TimelineInput): OrderTimeline {
  const { orderType, placedMs, lineDates, cutoffMs } = input;
  const preOrder = orderType === 'preOrder';
  const confirmedMs = inOfficeHours(random, placedMs + (preOrder ? int(random, 2, 48) : int(random, 1, 6)) * HOUR + int(random, 0, 59) * MINUTE);
  const cancelled = chance(random, preOrder ? 0.03 : 0.04);
  const packs = cancelled ? [] : preOrder ? planPreOrderPacks(random, lineDates) : planOrderPacks(random, confirmedMs, lineDates.length);
  const invoices = planInvoices(packs);
  const firstPack = packs[0];
  const lastInvoice = invoices[invoices.length - 1];
  const planned = [
    { statusId: '2', atMs: confirmedMs },
    ...(cancelled ? [{ statusId: '5', atMs: confirmedMs + int(random, 2, 72) * HOUR }] : []),
    ...(firstPack ? [{ statusId: '3', atMs: firstPack.shipAtMs }] : []),
    ...(lastInvoice ? [{ statusId: '4', atMs: lastInvoice.atMs }] : []),
  ];
  const firstDelivery = preOrder ? (lineDates.find((d) => d !== null) ?? isoDate(confirmedMs)) : isoDate(onWorkday((firstPack?.shipAtMs ?? confirmedMs) + DAY));

  // Cut at the end of the history.
  const events = planned.filter((e) => e.atMs <= cutoffMs);
  const labelled = packs.filter((p) => p.labelAtMs <= cutoffMs);
  const shipped = labelled.filter((p) => p.shipAtMs <= cutoffMs);
  const issued = invoices.filter((i) => i.atMs <= cutoffMs);
  const partly = shipped.length > 0 && shipped.length < packs.length;
  const deliveryStatus = shipped.length === 0 ? 'open' : partly ? 'partial' : 'delivered';
  const fullyInvoiced = !partly && shipped.length > 0 && issued.length === invoices.length;
  return {
    events,
    packs: labelled.map((p) => ({ carrier: p.carrier, trackingCode: p.trackingCode, shippedAtMs: p.shipAtMs <= cutoffMs ? p.shipAtMs : null })),
    pendingLines: new Set(partly ? packs.filter((p) => p.shipAtMs > cutoffMs).flatMap((p) => p.lines) : []),
    deliveryStatus,
    statusId: events[events.length - 1]?.statusId ?? '1',
    salesHeadStatus: deliveryStatus === 'open' ? '1' : partly ? '2' : fullyInvoiced ? '4' : '3',
    invoices: issued,
    deliveryDate: firstDelivery,
    lastChangeMs: Math.max(placedMs, ...events.map((e) => e.atMs), ...labelled.map((p) => (p.shipAtMs <= cutoffMs ? p.shipAtMs : p.labelAtMs))),
  };
}
