// The rules of firing stock alarms (docs/product.md, "Stock alarms and notifications"; ADR 0027), on what the
// worker read for a batch of products in its transaction. Pure: the worker reads, these decide, the worker
// writes what they decided.
//  - An armed alarm fires (one `backInStock`) when its buyer can see the product (and the variant) and could
//    now order the wished quantity: stock ≥ quantity, judged like checkout (stock-allocation.ts takes at most
//    what is in stock, so a product at 0 is not available even where it could be backordered).
//  - The flap rule: an alarm that last fired less than 10 minutes ago stays armed and fires at the first
//    stock change after that.
//  - Low in stock: a fired alarm or a wishlist entry whose buyer can still order the product (stock > 0,
//    visible) gets one `lowStock` when the stock fell below the wished quantity (wishlist: below the batch
//    size × 2) with this change: it was at or above it before one of the batch's changes and is below it
//    now. At most one per (user, company, product) and shop day.

/** The flap rule's window: an alarm fired within it does not fire again yet. */
export const flapWindowMs = 10 * 60_000;

/** A wishlisted product is low in stock below this many batches. */
export const wishlistLowStockBatches = 2;

export interface CheckedProduct {
  id: number;
  tenantId: number;
  stock: number;
  isActive: boolean;
  categoryId: number | null;
  batchSize: number;
}

export interface CheckedVariant {
  id: number;
  productId: number;
  stock: number;
  isActive: boolean;
}

/** A user who watches a product, as far as the rules need them. */
export interface Watcher {
  userId: number;
  companyId: number;
  /** The user's deal flag: deal categories are visible to them (category-tree.ts). */
  showDeals: boolean;
  /** An inactive user sees nothing. */
  isActive: boolean;
}

export interface WatchedAlarm extends Watcher {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  firedAt: string | null;
  lastFiredAt: string | null;
}

export interface WishlistEntry extends Watcher {
  productId: number;
}

export interface BatchState {
  products: ReadonlyMap<number, CheckedProduct>;
  variants: ReadonlyMap<number, CheckedVariant>;
  /** The highest stock before a change of the batch, per product (key `p<id>`) or variant (key `v<id>`). */
  previousStock: ReadonlyMap<string, number>;
  /** Whether a category is hidden from a buyer with or without deals, per tenant (the catalogue's tree). */
  isHidden(tenantId: number, showDeals: boolean, categoryId: number): boolean;
  now: Date;
}

export interface LowStockNotice {
  tenantId: number;
  userId: number;
  companyId: number;
  productId: number;
  variantId: number | null;
  /** The wished quantity (null for a wishlist entry). */
  quantity: number | null;
  alarmId: number | null;
}

export const productKey = (productId: number) => `p${productId}`;
export const variantKey = (variantId: number) => `v${variantId}`;
export const lowStockKey = (userId: number, companyId: number, productId: number) => `${userId}:${companyId}:${productId}`;

/** The stock the buyer of an alarm would order from: the variant's, else the product's; undefined when it is not visible to them. */
function visibleStock(state: BatchState, watcher: Watcher, productId: number, variantId: number | null): number | undefined {
  const product = state.products.get(productId);
  if (!product || !watcher.isActive || !product.isActive || product.categoryId === null) return undefined;
  if (state.isHidden(product.tenantId, watcher.showDeals, product.categoryId)) return undefined;
  if (variantId === null) return product.stock;
  const variant = state.variants.get(variantId);
  return variant && variant.isActive && variant.productId === productId ? variant.stock : undefined;
}

const previousOf = (state: BatchState, productId: number, variantId: number | null) =>
  state.previousStock.get(variantId === null ? productKey(productId) : variantKey(variantId));

/** The armed alarms that fire now. */
export function alarmsToFire(state: BatchState, alarms: readonly WatchedAlarm[]): WatchedAlarm[] {
  const flapSince = state.now.getTime() - flapWindowMs;
  return alarms.filter((alarm) => {
    if (alarm.firedAt !== null) return false;
    if (alarm.lastFiredAt !== null && Date.parse(alarm.lastFiredAt) > flapSince) return false;
    const stock = visibleStock(state, alarm, alarm.productId, alarm.variantId);
    return stock !== undefined && stock > 0 && stock >= alarm.quantity;
  });
}

/** The lowStock notices this batch's changes call for: one per (user, company, product). */
export function lowStockNotices(state: BatchState, alarms: readonly WatchedAlarm[], wishlist: readonly WishlistEntry[]): LowStockNotice[] {
  const notices = new Map<string, LowStockNotice>();
  const fellBelow = (watcher: Watcher, productId: number, variantId: number | null, threshold: number) => {
    const stock = visibleStock(state, watcher, productId, variantId);
    const previous = previousOf(state, productId, variantId);
    return stock !== undefined && stock > 0 && stock < threshold && previous !== undefined && previous >= threshold;
  };
  const add = (notice: LowStockNotice) => {
    const key = lowStockKey(notice.userId, notice.companyId, notice.productId);
    if (!notices.has(key)) notices.set(key, notice);
  };
  for (const alarm of alarms) {
    if (alarm.firedAt === null || !fellBelow(alarm, alarm.productId, alarm.variantId, alarm.quantity)) continue;
    const tenantId = state.products.get(alarm.productId)!.tenantId;
    add({ tenantId, userId: alarm.userId, companyId: alarm.companyId, productId: alarm.productId, variantId: alarm.variantId, quantity: alarm.quantity, alarmId: alarm.id });
  }
  for (const entry of wishlist) {
    const product = state.products.get(entry.productId);
    if (!product || !fellBelow(entry, entry.productId, null, product.batchSize * wishlistLowStockBatches)) continue;
    add({ tenantId: product.tenantId, userId: entry.userId, companyId: entry.companyId, productId: entry.productId, variantId: null, quantity: null, alarmId: null });
  }
  return [...notices.values()];
}

/** The notices not given yet today (`givenToday`: lowStockKey of today's lowStock notifications). */
export function notGivenToday(notices: readonly LowStockNotice[], givenToday: ReadonlySet<string>): LowStockNotice[] {
  return notices.filter((notice) => !givenToday.has(lowStockKey(notice.userId, notice.companyId, notice.productId)));
}
