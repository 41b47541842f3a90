import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../config.ts';
import type { DB } from '../schema.ts';
import { generateFinanceDocuments, type GeneratedDocument, type PayerHabit } from './finance-documents.ts';
import { loadHistoryCompany, type HistoryCompany, type HistoryContext } from './history-context.ts';
import { writeHistory, type Numbering } from './history-writer.ts';
import { generateOrderHistory, type GeneratedOrder, type HistoryBuyer, type OrderHabits } from './order-history.ts';

// One call for the order histories of several companies of a tenant (the demo companies, the benchmark
// company): generate each company's orders and documents, then number and write them all at once.

export interface HistorySpec {
  customerNo: string;
  /** The company's VAT id on its invoices. */
  vatId: string | null;
  buyers: readonly HistoryBuyer[];
  orderCount: number;
  days: number;
  /** The company's PRNG stream (its orders); its documents use a stream derived from it. */
  stream: number;
  habits: OrderHabits;
  payer: PayerHabit;
  /** Exactly this many finance documents (see FinancePlan.documentCount); the natural number when absent. */
  documentCount?: number;
}

/** The buyer snapshot of the company's invoices, from its default address. */
function buyerSnapshot(company: HistoryCompany, vatId: string | null): string {
  const address = company.addresses[0];
  return JSON.stringify({
    companyName: company.name,
    customerNo: company.customerNo,
    street: address?.street ?? null,
    zipCode: address?.zip_code ?? null,
    city: address?.city ?? null,
    countryCode: address?.country_code ?? company.countryCode,
    countryName: address?.country_name ?? null,
    ...(vatId ? { vatId } : {}),
  });
}

const documentStreamOffset = 0x100000;

export async function seedOrderHistories(db: Kysely<DB>, engine: DatabaseEngine, ctx: HistoryContext, specs: readonly HistorySpec[], numbering: Numbering): Promise<GeneratedOrder[]> {
  const orders: GeneratedOrder[] = [];
  const documents: GeneratedDocument[] = [];
  for (const spec of specs) {
    const company = await loadHistoryCompany(db, ctx.tenantId, spec.customerNo);
    if (!company) continue;
    const generated = generateOrderHistory(ctx, { company, buyers: spec.buyers, orderCount: spec.orderCount, days: spec.days, stream: spec.stream, habits: spec.habits });
    documents.push(
      ...generateFinanceDocuments(ctx, generated, {
        company,
        buyerJson: buyerSnapshot(company, spec.vatId),
        habit: spec.payer,
        stream: spec.stream + documentStreamOffset,
        ...(spec.documentCount === undefined ? {} : { documentCount: spec.documentCount }),
      }),
    );
    orders.push(...generated);
  }
  await writeHistory(db, engine, orders, documents, numbering);
  return orders;
}
