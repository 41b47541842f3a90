import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../config.ts';
import type { DB } from '../schema.ts';
import { insertAll } from './batch.ts';
import { seedOrderHistories } from './company-history.ts';
import { demoHistorySpecs, demoNumbering } from './demo-history.ts';
import { loadHistoryContext, type HistoryProduct } from './history-context.ts';
import type { GeneratedOrder } from './order-history.ts';
import { SEED_TIME } from './reference-data.ts';

// The demo companies' order history with invoices and credits (demo-history.ts), plus stock alarms,
// notifications and reviews for the user "customer". Uses only the first few hundred products.

export interface DocumentsContext {
  db: Kysely<DB>;
  engine: DatabaseEngine;
  tenantId: number;
  userIds: ReadonlyMap<string, number>;
}

/** Products the user received, in the order of their first delivery. */
function deliveredTo(userId: number | undefined, orders: readonly GeneratedOrder[], products: readonly HistoryProduct[]): HistoryProduct[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const ids = orders.filter((o) => userId !== undefined && o.row.user_id === userId && o.row.delivery_status === 'delivered').flatMap((o) => o.items.flatMap((i) => i.product_id ?? []));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

async function seedCustomerExtras(ctx: DocumentsContext, candidates: readonly HistoryProduct[], bought: readonly HistoryProduct[]): Promise<void> {
  const user_id = ctx.userIds.get('customer');
  if (user_id === undefined) return;
  const tenant_id = ctx.tenantId;
  const outOfStock = candidates.filter((p) => p.stock === 0).slice(0, 3);
  await insertAll(ctx.db, ctx.engine, 'stock_alarms', outOfStock.map((p, i) => ({ tenant_id, user_id, product_id: p.id, name: p.name, domain_reference: p.sku, created_at: `2026-10-${String(10 + i).padStart(2, '0')}T09:00:00.000Z` })));
  const inStock = candidates.filter((p) => p.stock > 0 && p.variants.length === 0).slice(5, 9);
  await insertAll(ctx.db, ctx.engine, 'notifications', inStock.map((p, i) => ({ tenant_id, user_id, product_id: p.id, name: p.name, domain_reference: p.sku, viewed: i < 2 ? (1 as const) : (0 as const), created_at: `2026-10-${String(20 + i).padStart(2, '0')}T07:30:00.000Z` })));
  const texts = [
    [5, 'Top Qualität', 'Sauber verarbeitet und schnell geliefert. Gerne wieder.'],
    [4, 'Gutes Preis-Leistungs-Verhältnis', 'Macht einen soliden Eindruck, die Verpackung könnte stabiler sein.'],
    [5, 'Bewährt auf der Baustelle', 'Nutzen wir seit Jahren im Team – zuverlässig.'],
  ] as const;
  await insertAll(ctx.db, ctx.engine, 'reviews', bought.slice(0, 3).map((p, i) => ({ tenant_id, product_id: p.id, user_id, rating: texts[i]?.[0] ?? 5, title: texts[i]?.[1] ?? '', text: texts[i]?.[2] ?? '', name: 'Petra M.', created_at: `2026-10-0${i + 1}T12:00:00.000Z` })));
}

export async function seedDocuments(ctx: DocumentsContext, productCount: number): Promise<void> {
  const history = await loadHistoryContext(ctx.db, ctx.tenantId, Date.parse(SEED_TIME), productCount);
  if (history.products.length === 0) return;
  const orders = await seedOrderHistories(ctx.db, ctx.engine, history, demoHistorySpecs(ctx.userIds), demoNumbering);
  await seedCustomerExtras(ctx, history.products, deliveredTo(ctx.userIds.get('customer'), orders, history.products));
}
