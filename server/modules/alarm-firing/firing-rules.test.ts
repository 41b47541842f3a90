import { describe, expect, it } from 'vitest';
import { alarmsToFire, flapWindowMs, lowStockKey, lowStockNotices, notGivenToday, productKey, variantKey, type BatchState, type CheckedProduct, type WatchedAlarm } from './firing-rules.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const product = (over: Partial<CheckedProduct> = {}): CheckedProduct => ({ id: 1, tenantId: 1, stock: 10, isActive: true, categoryId: 5, batchSize: 1, ...over });
const alarm = (over: Partial<WatchedAlarm> = {}): WatchedAlarm => ({
  id: 100,
  userId: 7,
  companyId: 3,
  showDeals: false,
  isActive: true,
  productId: 1,
  variantId: null,
  quantity: 5,
  firedAt: null,
  lastFiredAt: null,
  ...over,
});

function state(over: { products?: CheckedProduct[]; previous?: [string, number][]; hidden?: number[]; dealHidden?: number[] } = {}): BatchState {
  const products = over.products ?? [product()];
  return {
    products: new Map(products.map((p) => [p.id, p])),
    variants: new Map([[50, { id: 50, productId: 1, stock: 2, isActive: true }]]),
    previousStock: new Map(over.previous ?? [[productKey(1), 0]]),
    isHidden: (_tenant, showDeals, categoryId) => (showDeals ? (over.dealHidden ?? []) : (over.hidden ?? [])).includes(categoryId),
    now,
  };
}

describe('alarmsToFire', () => {
  it('fires an armed alarm once the stock reaches the wished quantity, not below it', () => {
    expect(alarmsToFire(state(), [alarm({ quantity: 10 })]).map((a) => a.id)).toEqual([100]);
    expect(alarmsToFire(state(), [alarm({ quantity: 11 })])).toEqual([]);
  });

  it('never fires at stock 0, whatever the wished quantity (a backorderable product at 0 is not available)', () => {
    expect(alarmsToFire(state({ products: [product({ stock: 0 })] }), [alarm({ quantity: 0 })])).toEqual([]);
    expect(alarmsToFire(state({ products: [product({ stock: -3 })] }), [alarm({ quantity: 1 })])).toEqual([]);
  });

  it('judges a variant alarm by the variant’s stock', () => {
    expect(alarmsToFire(state(), [alarm({ variantId: 50, quantity: 2 })]).map((a) => a.id)).toEqual([100]);
    expect(alarmsToFire(state(), [alarm({ variantId: 50, quantity: 3 })])).toEqual([]);
  });

  it('fires nothing the buyer cannot see: an inactive product or variant, a hidden category, an inactive user', () => {
    expect(alarmsToFire(state({ products: [product({ isActive: false })] }), [alarm()])).toEqual([]);
    expect(alarmsToFire(state({ products: [product({ categoryId: null })] }), [alarm()])).toEqual([]);
    expect(alarmsToFire(state({ hidden: [5] }), [alarm()])).toEqual([]);
    expect(alarmsToFire(state({ hidden: [5] }), [alarm({ showDeals: true })]).map((a) => a.id)).toEqual([100]);
    expect(alarmsToFire(state(), [alarm({ isActive: false })])).toEqual([]);
    const inactiveVariant = { ...state(), variants: new Map([[50, { id: 50, productId: 1, stock: 20, isActive: false }]]) };
    expect(alarmsToFire(inactiveVariant, [alarm({ variantId: 50, quantity: 1 })])).toEqual([]);
  });

  it('leaves a fired alarm alone, and keeps one that fired within the last 10 minutes armed', () => {
    expect(alarmsToFire(state(), [alarm({ firedAt: '2026-11-26T09:00:00.000Z' })])).toEqual([]);
    const recently = new Date(now.getTime() - flapWindowMs + 1_000).toISOString();
    const before = new Date(now.getTime() - flapWindowMs - 1_000).toISOString();
    expect(alarmsToFire(state(), [alarm({ lastFiredAt: recently })])).toEqual([]);
    expect(alarmsToFire(state(), [alarm({ lastFiredAt: before })]).map((a) => a.id)).toEqual([100]);
  });
});

describe('lowStockNotices', () => {
  const fired = { firedAt: '2026-11-25T10:00:00.000Z' };

  it('tells a fired alarm’s buyer when the stock fell below the wished quantity and is still above 0', () => {
    const fell = state({ products: [product({ stock: 3 })], previous: [[productKey(1), 8]] });
    expect(lowStockNotices(fell, [alarm(fired)], [])).toEqual([{ tenantId: 1, userId: 7, companyId: 3, productId: 1, variantId: null, quantity: 5, alarmId: 100 }]);
    // Already below before the change, or now at 0, or an alarm still armed: nothing.
    expect(lowStockNotices(state({ products: [product({ stock: 3 })], previous: [[productKey(1), 4]] }), [alarm(fired)], [])).toEqual([]);
    expect(lowStockNotices(state({ products: [product({ stock: 0 })], previous: [[productKey(1), 8]] }), [alarm(fired)], [])).toEqual([]);
    expect(lowStockNotices(fell, [alarm()], [])).toEqual([]);
    expect(lowStockNotices({ ...fell, isHidden: () => true }, [alarm(fired)], [])).toEqual([]);
  });

  it('judges a variant alarm by its variant’s previous and current stock', () => {
    const fell = state({ previous: [[variantKey(50), 6]] });
    expect(lowStockNotices(fell, [alarm({ ...fired, variantId: 50, quantity: 4 })], [])).toHaveLength(1);
    expect(lowStockNotices(state({ previous: [[productKey(1), 6]] }), [alarm({ ...fired, variantId: 50, quantity: 4 })], [])).toEqual([]);
  });

  it('tells a wishlist’s buyer below two batches, once per user, company and product', () => {
    const fell = state({ products: [product({ stock: 11, batchSize: 6 })], previous: [[productKey(1), 12]] });
    const entry = { userId: 7, companyId: 3, showDeals: false, isActive: true, productId: 1 };
    expect(lowStockNotices(fell, [], [entry])).toEqual([{ tenantId: 1, userId: 7, companyId: 3, productId: 1, variantId: null, quantity: null, alarmId: null }]);
    expect(lowStockNotices(fell, [alarm({ ...fired, quantity: 12 })], [entry])).toHaveLength(1);
    expect(lowStockNotices(state({ products: [product({ stock: 12, batchSize: 6 })], previous: [[productKey(1), 20]] }), [], [entry])).toEqual([]);
  });

  it('leaves out the notices given today', () => {
    const notices = lowStockNotices(state({ products: [product({ stock: 3 })], previous: [[productKey(1), 8]] }), [alarm(fired)], []);
    expect(notGivenToday(notices, new Set([lowStockKey(7, 3, 1)]))).toEqual([]);
    expect(notGivenToday(notices, new Set([lowStockKey(7, 4, 1)]))).toHaveLength(1);
  });
});
