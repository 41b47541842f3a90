import type { DatabaseEngine } from '../../config.ts';
import type { DatabaseTransaction } from '../database.ts';
import type { NewRow } from '../schema.ts';
import { adjustNotificationCount } from '../../modules/notifications/notification-counts.repository.ts';
import { statsChangeOf } from '../../modules/reviews/review-stats.ts';
import { moveReviewStats, takeFeedPosition } from '../../modules/reviews/review-writes.repository.ts';
import { insertAll } from './batch.ts';
import { seedOrderHistories } from './company-history.ts';
import { demoHistorySpecs, demoNumbering } from './demo-history.ts';
import { loadHistoryContext, type HistoryProduct } from './history-context.ts';
import type { GeneratedOrder } from './order-history.ts';
import { SEED_TIME } from './reference-data.ts';

// The demo companies' order history with invoices and credits (demo-history.ts), plus stock alarms,
// notifications and reviews for the user "customer". Uses only the first few hundred products.

export interface DocumentsContext {
  /** The seed's transaction: the notifications' kept count is written with them. */
  db: DatabaseTransaction;
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

interface SeedOwner {
  tenant_id: number;
  user_id: number;
  company_id: number;
}

/**
 * Alarms on three products out of stock (wished: two batches) and one variant out of stock; two alarms that
 * fired, each with its back-in-stock notification; two low-stock notifications; the first of each type viewed.
 * The kept unread count moves with them, as for every writer of notifications.
 */
async function seedAlarmsAndNotifications(ctx: DocumentsContext, owner: SeedOwner, candidates: readonly HistoryProduct[]): Promise<void> {
  const outOfStock = candidates.filter((p) => p.stock === 0).slice(0, 3);
  const variantOutOfStock = candidates.flatMap((p) => p.variants.filter((v) => v.stock === 0).map((v) => ({ product: p, variant: v })))[0];
  const alarmDate = (i: number) => `2026-10-${String(10 + i).padStart(2, '0')}T09:00:00.000Z`;
  const waiting: NewRow<'stock_alarms'>[] = outOfStock.map((p, i) => ({ ...owner, product_id: p.id, variant_id: null, name: p.name, domain_reference: p.sku, quantity: p.salesBatchSize * 2, created_at: alarmDate(i) }));
  if (variantOutOfStock) {
    const { product, variant } = variantOutOfStock;
    waiting.push({ ...owner, product_id: product.id, variant_id: product.variantIds.get(variant.sku) ?? null, name: product.name, domain_reference: variant.sku, quantity: product.salesBatchSize, created_at: alarmDate(3) });
  }
  await insertAll(ctx.db, ctx.engine, 'stock_alarms', waiting);

  const inStock = candidates.filter((p) => p.stock > 0 && p.variants.length === 0).slice(5, 9);
  const notificationDate = (i: number) => `2026-10-${String(20 + i).padStart(2, '0')}T07:30:00.000Z`;
  let unread = 0;
  for (const [i, p] of inStock.entries()) {
    const type = i % 2 === 0 ? 'backInStock' : 'lowStock';
    const quantity = p.salesBatchSize;
    const viewed = i < 2 ? (1 as const) : (0 as const);
    const alarm =
      type === 'backInStock'
        ? await ctx.db
            .insertInto('stock_alarms')
            .values({ ...owner, product_id: p.id, variant_id: null, name: p.name, domain_reference: p.sku, quantity, created_at: alarmDate(4 + i), fired_at: notificationDate(i), last_fired_at: notificationDate(i) })
            .returning('id')
            .executeTakeFirstOrThrow()
        : undefined;
    await ctx.db
      .insertInto('notifications')
      .values({ ...owner, type, product_id: p.id, variant_id: null, name: p.name, domain_reference: p.sku, quantity, alarm_id: alarm?.id ?? null, viewed, mail_state: null, created_at: notificationDate(i) })
      .execute();
    unread += 1 - viewed;
  }
  await adjustNotificationCount(ctx.db, { tenantId: owner.tenant_id, userId: owner.user_id, companyId: owner.company_id }, unread);
}

async function seedCustomerExtras(ctx: DocumentsContext, candidates: readonly HistoryProduct[], bought: readonly HistoryProduct[]): Promise<void> {
  const user_id = ctx.userIds.get('customer');
  if (user_id === undefined) return;
  const tenant_id = ctx.tenantId;
  const company = await ctx.db.selectFrom('users').select('company_id').where('id', '=', user_id).executeTakeFirstOrThrow();
  if (company.company_id === null) return;
  const owner = { tenant_id, user_id, company_id: company.company_id };
  await seedAlarmsAndNotifications(ctx, owner, candidates);
  const texts = [
    [5, 'Top Qualität', 'Sauber verarbeitet und schnell geliefert. Gerne wieder.'],
    [4, 'Gutes Preis-Leistungs-Verhältnis', 'Macht einen soliden Eindruck, die Verpackung könnte stabiler sein.'],
    [5, 'Bewährt auf der Baustelle', 'Nutzen wir seit Jahren im Team – zuverlässig.'],
  ] as const;
  // Published reviews, with the kept summary and the feed position every writer of reviews keeps.
  for (const [i, [rating, title, text]] of texts.entries()) {
    const product = bought[i];
    if (!product) break;
    const review = await ctx.db
      .insertInto('reviews')
      .values({ ...owner, product_id: product.id, rating, title, text, name: 'Petra M.', show_company: i === 0 ? 1 : 0, language: 'de', created_at: `2026-10-0${i + 1}T12:00:00.000Z` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const change = statsChangeOf(null, { status: 'published', rating });
    if (change) await moveReviewStats(ctx.db, tenant_id, product.id, change);
    await takeFeedPosition(ctx.db, tenant_id, review.id);
  }
}

export async function seedDocuments(ctx: DocumentsContext, productCount: number): Promise<void> {
  const history = await loadHistoryContext(ctx.db, ctx.tenantId, Date.parse(SEED_TIME), productCount);
  if (history.products.length === 0) return;
  const orders = await seedOrderHistories(ctx.db, ctx.engine, history, demoHistorySpecs(ctx.userIds), demoNumbering);
  await seedCustomerExtras(ctx, history.products, deliveredTo(ctx.userIds.get('customer'), orders, history.products));
}
