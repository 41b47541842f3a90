import { defaultLocale, isLocale, localizedName, type Locale } from '../../../core/locale.ts';
import { shopDayStart, shopToday } from '../../../core/shop-day.ts';
import type { DatabaseTransaction } from '../../db/database.ts';
import { buildCategoryTree } from '../catalog/category-tree.ts';
import { createCategoryRepository } from '../catalog/category.repository.ts';
import { queueMails, type MailRecipient, type OutboxMail } from '../mail/mail-outbox.repository.ts';
import { addUnreadNotifications, unreadPerOwner } from '../notifications/notification-counts.repository.ts';
import { alarmFiringStatements, type ClaimedCheck, type NewNotification, type StoredAlarm, type StoredProduct, type StoredWishlistEntry } from './alarm-firing.repository.ts';
import {
  alarmsToFire,
  lowStockKey,
  lowStockNotices,
  notGivenToday,
  productKey,
  variantKey,
  wishlistLowStockBatches,
  type BatchState,
  type WatchedAlarm,
  type WishlistEntry,
} from './firing-rules.ts';

// One batch of claimed checks, judged and written in one transaction (ADR 0027): the checks' products are
// read with their alarms and wishlist entries, the rules (firing-rules.ts) decide, and the fired alarms'
// marks, the notifications, the unread counts (notification-counts.repository.ts), the mails and the deletion of the
// checks commit together. A crash before the commit leaves the checks to be claimed again and nothing
// written; the guarded mark (fired_at still null) keeps a second batch of the same product from firing an
// alarm twice. A few statements per batch, whatever the number of alarms.

export interface BatchResult {
  backInStock: number;
  lowStock: number;
}

const fullNameOf = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`.trim();
const localeOf = (user: { locale: string | null }): Locale => (isLocale(user.locale) ? user.locale : defaultLocale);

/** What a mail setting makes of a backInStock notification (docs/product.md): a mail now, one in the digest, or none. */
function mailStateOf(stockMail: string): NewNotification['mail_state'] {
  if (stockMail === 'each') return 'sent';
  if (stockMail === 'digest') return 'digest';
  return null;
}

const watcherOf = (row: StoredAlarm | StoredWishlistEntry) => ({ userId: row.user_id, companyId: row.company_id, showDeals: row.is_deal === 1, isActive: row.user_active === 1 });

export async function judgeBatch(trx: DatabaseTransaction, checks: readonly ClaimedCheck[], now: Date): Promise<BatchResult> {
  const statements = alarmFiringStatements(trx);
  const nowIso = now.toISOString();
  const productIds = [...new Set(checks.map((check) => check.product_id))];
  await statements.holdProducts(productIds);

  const previousStock = new Map<string, number>();
  for (const check of checks) {
    const key = check.variant_id === null ? productKey(check.product_id) : variantKey(check.variant_id);
    previousStock.set(key, Math.max(previousStock.get(key) ?? Number.NEGATIVE_INFINITY, check.previous_stock));
  }
  const storedProducts = await statements.products(productIds);
  const products = new Map(storedProducts.map((product) => [product.id, product]));
  const storedAlarms = await statements.alarms(productIds);
  const variantIds = [...new Set(storedAlarms.flatMap((alarm) => (alarm.variant_id === null ? [] : [alarm.variant_id])))];
  const variants = new Map((await statements.variants(variantIds)).map((variant) => [variant.id, variant]));
  // Wishlist entries matter only where the product's own stock fell below two batches with this batch.
  const wishlistProducts = storedProducts.filter((product) => {
    const threshold = product.sales_batch_size * wishlistLowStockBatches;
    return product.stock > 0 && product.stock < threshold && (previousStock.get(productKey(product.id)) ?? 0) >= threshold;
  });
  const storedWishlist = wishlistProducts.length > 0 ? await statements.wishlistEntries(wishlistProducts.map((product) => product.id)) : [];

  const hiddenCategories = await hiddenCategoriesOf(trx, storedProducts);
  const state: BatchState = {
    products: new Map(
      storedProducts.map((p) => [p.id, { id: p.id, tenantId: p.tenant_id, stock: p.stock, isActive: p.is_active === 1, categoryId: p.category_id, batchSize: p.sales_batch_size }]),
    ),
    variants: new Map([...variants.values()].map((v) => [v.id, { id: v.id, productId: v.product_id, stock: v.stock, isActive: v.is_active === 1 }])),
    previousStock,
    isHidden: (tenantId, showDeals, categoryId) => hiddenCategories(tenantId, showDeals).has(categoryId),
    now,
  };
  const alarmsById = new Map(storedAlarms.map((alarm) => [alarm.id, alarm]));
  const watched: WatchedAlarm[] = storedAlarms.map((alarm) => ({
    ...watcherOf(alarm),
    id: alarm.id,
    productId: alarm.product_id,
    variantId: alarm.variant_id,
    quantity: alarm.quantity,
    firedAt: alarm.fired_at,
    lastFiredAt: alarm.last_fired_at,
  }));
  const wishlist: WishlistEntry[] = storedWishlist.map((entry) => ({ ...watcherOf(entry), productId: entry.product_id }));
  const wishlistUsers = new Map(storedWishlist.map((entry) => [lowStockKey(entry.user_id, entry.company_id, entry.product_id), entry]));

  const firedIds = await statements.markFired(
    alarmsToFire(state, watched).map((alarm) => alarm.id),
    nowIso,
  );
  const fired = firedIds.map((id) => alarmsById.get(id)!);
  const candidates = lowStockNotices(state, watched, wishlist);
  const given =
    candidates.length > 0
      ? await statements.lowStockGivenSince([...new Set(candidates.map((notice) => notice.userId))], [...new Set(candidates.map((notice) => notice.productId))], shopDayStart(shopToday(now)))
      : [];
  const lowStock = notGivenToday(candidates, new Set(given.map((row) => lowStockKey(row.user_id, row.company_id, row.product_id))));

  const notifications: NewNotification[] = [
    ...fired.map((alarm) => ({
      tenant_id: alarm.tenant_id,
      user_id: alarm.user_id,
      company_id: alarm.company_id,
      product_id: alarm.product_id,
      variant_id: alarm.variant_id,
      name: alarm.name,
      domain_reference: alarm.domain_reference,
      type: 'backInStock' as const,
      quantity: alarm.quantity,
      alarm_id: alarm.id,
      mail_state: mailStateOf(alarm.stock_mail),
      created_at: nowIso,
    })),
    ...lowStock.map((notice) => {
      const alarm = notice.alarmId === null ? undefined : alarmsById.get(notice.alarmId);
      const product = products.get(notice.productId)!;
      const entry = wishlistUsers.get(lowStockKey(notice.userId, notice.companyId, notice.productId));
      return {
        tenant_id: notice.tenantId,
        user_id: notice.userId,
        company_id: notice.companyId,
        product_id: notice.productId,
        variant_id: notice.variantId,
        name: alarm?.name ?? localizedName(localeOf(entry!), product.name, product.name_en),
        domain_reference: alarm?.domain_reference ?? product.sku,
        type: 'lowStock' as const,
        quantity: notice.quantity,
        alarm_id: notice.alarmId,
        mail_state: null,
        created_at: nowIso,
      };
    }),
  ];
  if (notifications.length > 0) {
    await statements.insertNotifications(notifications);
    await addUnreadNotifications(trx, unreadPerOwner(notifications));
    await queueMails(trx, eachMails(fired, products));
  }
  await statements.deleteChecks(checks.map((check) => check.id));
  return { backInStock: fired.length, lowStock: lowStock.length };
}

/** The categories the catalogue's tree hides per tenant of the batch, with and without deals; read once per batch. */
async function hiddenCategoriesOf(trx: DatabaseTransaction, products: readonly StoredProduct[]): Promise<(tenantId: number, showDeals: boolean) => ReadonlySet<number>> {
  const categories = createCategoryRepository(trx);
  const records = new Map<number, Awaited<ReturnType<typeof categories.listCategories>>>();
  for (const tenantId of new Set(products.map((product) => product.tenant_id))) records.set(tenantId, await categories.listCategories(tenantId));
  const hidden = new Map<string, ReadonlySet<number>>();
  return (tenantId, showDeals) => {
    const key = `${tenantId}:${showDeals}`;
    let ids = hidden.get(key);
    if (!ids) {
      ids = new Set(buildCategoryTree(records.get(tenantId) ?? [], showDeals).hiddenIds);
      hidden.set(key, ids);
    }
    return ids;
  };
}

/** A mail for each fired alarm whose user chose one per notification ('each'), in the user's language. */
function eachMails(fired: readonly StoredAlarm[], products: ReadonlyMap<number, StoredProduct>): { to: MailRecipient; mail: OutboxMail }[] {
  return fired
    .filter((alarm) => alarm.stock_mail === 'each' && alarm.email.trim() !== '')
    .map((alarm) => {
      const locale = localeOf(alarm);
      const product = products.get(alarm.product_id)!;
      const item = { name: localizedName(locale, product.name, product.name_en), productId: alarm.product_id, domainReference: alarm.domain_reference, quantity: alarm.quantity };
      return { to: { tenantId: alarm.tenant_id, recipient: alarm.email, locale }, mail: { kind: 'stock_alarm', payload: { fullName: fullNameOf(alarm), items: [item] } } };
    });
}
