import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../config.ts';
import type { DB } from '../schema.ts';
import { chunks, insertAll, rowsPerStatement } from './batch.ts';
import type { GeneratedDocument } from './finance-documents.ts';
import type { GeneratedOrder } from './order-history.ts';

// Numbers a tenant's generated orders and documents the way an ERP does (per prefix and year, in date
// order: AU-2026-00042) and writes them in multi-row statements: the orders first, returning their ids
// by number, then their lines, notes, packs and status events, then the documents.

export interface Numbering {
  /** orders.order_number */
  order: string;
  /** orders.doc_number, the order confirmation */
  confirmation: string;
  invoice: string;
  credit: string;
  digits: number;
}

/** Numbers `${prefix}-${year}-${sequence}`, counted per prefix and year in the given order. */
function yearlyNumbers<T>(items: readonly T[], timeOf: (item: T) => number, prefixOf: (item: T) => string, digits: number): string[] {
  const counters = new Map<string, number>();
  return items.map((item) => {
    const key = `${prefixOf(item)}-${new Date(timeOf(item)).getUTCFullYear()}`;
    const sequence = (counters.get(key) ?? 0) + 1;
    counters.set(key, sequence);
    return `${key}-${String(sequence).padStart(digits, '0')}`;
  });
}

export async function writeHistory(db: Kysely<DB>, engine: DatabaseEngine, orders: readonly GeneratedOrder[], documents: readonly GeneratedDocument[], numbering: Numbering): Promise<void> {
  const sortedOrders = [...orders].sort((a, b) => a.placedMs - b.placedMs);
  const orderNumbers = yearlyNumbers(sortedOrders, (o) => o.placedMs, () => numbering.order, numbering.digits);
  const confirmationNumbers = yearlyNumbers(sortedOrders, (o) => o.placedMs, () => numbering.confirmation, numbering.digits);
  const rows = sortedOrders.map((o, index) => ({ ...o.row, order_number: orderNumbers[index]!, doc_number: confirmationNumbers[index]! }));

  const idByNumber = new Map<string, number>();
  const first = rows[0];
  if (first) {
    for (const chunk of chunks(rows, rowsPerStatement(engine, Object.keys(first).length))) {
      const inserted = await db.insertInto('orders').values(chunk).returning(['id', 'order_number']).execute();
      for (const row of inserted) idByNumber.set(row.order_number, row.id);
    }
  }
  const orderIds = new Map(sortedOrders.map((o, index) => [o, idByNumber.get(orderNumbers[index]!)!]));
  const withOrderId = <T>(pick: (o: GeneratedOrder) => readonly T[]) => sortedOrders.flatMap((o) => pick(o).map((row) => ({ ...row, order_id: orderIds.get(o)! })));
  await insertAll(db, engine, 'order_items', withOrderId((o) => o.items));
  await insertAll(db, engine, 'order_notes', withOrderId((o) => o.notes));
  await insertAll(db, engine, 'order_packs', withOrderId((o) => o.packs));
  await insertAll(db, engine, 'order_status_events', withOrderId((o) => o.events));

  const sortedDocuments = [...documents].sort((a, b) => a.atMs - b.atMs);
  const documentNumbers = yearlyNumbers(sortedDocuments, (d) => d.atMs, (d) => (d.row.type === 'invoice' ? numbering.invoice : numbering.credit), numbering.digits);
  await insertAll(
    db,
    engine,
    'finance_documents',
    sortedDocuments.map((d, index) => ({ ...d.row, fin_doc_number: documentNumbers[index]!, order_id: d.order ? (orderIds.get(d.order) ?? null) : null })),
  );
}
