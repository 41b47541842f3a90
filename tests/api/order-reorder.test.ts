import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPlain, loadCatalogue, pick, setSiteSetting, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';
import { companyId, insertOrder, sessionClient, type LineSpec, type SessionClient } from './order-history-fixtures.ts';

// POST /api/order/{id}/reorder: an order's lines go into the buyer's current carts at
// today's prices and availability; the answer says which were added, reduced (and why) and skipped.
// The shop here does not sell without stock and sells in whole batches, so every rule shows.

let shop: TestShop;
let tenantId: number;
let customer: SessionClient;
let orderId: number;
let preOrderId: number;
let foreignOrderId: number;
const product: Record<string, TestProduct> = {};
let variant: { productId: number; sku: string; variantSku: string; name: string };
let seasonIds: number[];

async function setProduct(id: number, values: { stock?: number; sales_batch_size?: number; is_active?: 0 | 1; is_stock_freeze?: 0 | 1; is_only_sellable_with_positive_stock?: 0 | 1 }) {
  await shop.db.updateTable('products').set(values).where('id', '=', id).execute();
}

const line = (p: TestProduct, quantity: number, extra: Partial<LineSpec> = {}): LineSpec => ({ sku: p.sku, name: `${p.name} (bestellt)`, quantity, unitCents: 100, productId: p.id, ...extra });

beforeAll(async () => {
  shop = await startTestShop();
  const catalogue = await loadCatalogue(shop);
  tenantId = catalogue.tenantId;
  seasonIds = catalogue.seasonIds;
  await setSiteSetting(shop, tenantId, 'buyableWithoutStock', false);
  await setSiteSetting(shop, tenantId, 'isBatchSizeActive', true);
  // Products of active, non-deal categories (with active parents): every buyer may order them.
  const categories = await shop.db.selectFrom('categories').select(['id', 'parent_id', 'is_active', 'is_deal']).where('tenant_id', '=', tenantId).execute();
  const byId = new Map(categories.map((category) => [category.id, category]));
  const open = (id: number | null): boolean => {
    const category = id === null ? undefined : byId.get(id);
    return !!category && category.is_active === 1 && category.is_deal === 0 && (category.parent_id === null || open(category.parent_id));
  };
  const categoryOf = new Map((await shop.db.selectFrom('products').select(['id', 'category_id']).where('tenant_id', '=', tenantId).execute()).map((row) => [row.id, row.category_id]));
  const plain = catalogue.products.filter(isPlain);
  const taken = new Set<number>();
  const next = (what: string, wanted: (p: TestProduct) => boolean) => {
    const found = pick(catalogue.products, (p) => !taken.has(p.id) && open(categoryOf.get(p.id) ?? null) && wanted(p), what);
    taken.add(found.id);
    return found;
  };
  for (const name of ['added', 'inCart', 'outOfStock', 'batchReduced', 'batchSkipped', 'inactive']) product[name] = next(`a plain product (${name})`, (p) => plain.includes(p));
  product.limited = next('a product sold only from stock', (p) => p.variants.length === 0 && p.preStocks.length === 0 && p.customerPrices.size === 0);
  product.preOrdered = next('a pre-order product', (p) => p.preStocks.length > 0 && p.variants.length === 0 && p.customerPrices.size === 0);
  product.frozen = next('another pre-order product', (p) => p.preStocks.length > 0 && p.variants.length === 0 && p.customerPrices.size === 0);
  const withVariant = next('a product with variants', (p) => p.variants.length > 0 && p.customerPrices.size === 0);
  variant = { productId: withVariant.id, sku: withVariant.sku, variantSku: withVariant.variants[0]!.variantSku, name: withVariant.variants[0]!.name };

  await setProduct(product.limited!.id, { stock: 2, is_only_sellable_with_positive_stock: 1, sales_batch_size: 1 });
  await setProduct(product.outOfStock!.id, { stock: 0 });
  await setProduct(product.batchReduced!.id, { sales_batch_size: 6, stock: 100 });
  await setProduct(product.batchSkipped!.id, { sales_batch_size: 6, stock: 100 });
  await setProduct(product.inactive!.id, { is_active: 0 });
  await setProduct(product.preOrdered!.id, { is_stock_freeze: 0, sales_batch_size: 1 });
  await setProduct(product.frozen!.id, { is_stock_freeze: 1, sales_batch_size: 1 });
  await shop.db.deleteFrom('product_pre_stocks').where('product_id', '=', product.frozen!.id).where('season_id', '=', seasonIds[0]!).execute();
  await shop.db.insertInto('product_pre_stocks').values({ tenant_id: tenantId, product_id: product.frozen!.id, season_id: seasonIds[0]!, quantity: 3 }).execute();
  await shop.db.updateTable('product_variants').set({ stock: 10 }).where('variant_sku', '=', variant.variantSku).execute();
  await shop.db.updateTable('products').set({ sales_batch_size: 1, is_only_sellable_with_positive_stock: 0 }).where('id', '=', variant.productId).execute();
  shop.services.catalog.clearCache();

  const customerRow = await shop.db.selectFrom('users').select('id').where('username', '=', 'customer').executeTakeFirstOrThrow();
  const home = await companyId(shop.db, '10001');
  orderId = await insertOrder(shop.db, tenantId, {
    companyId: home,
    userId: customerRow.id,
    orderNumber: 'RE-0001',
    orderDate: '2024-03-01T10:00:00.000Z',
    lines: [
      line(product.added!, 3),
      line(product.inCart!, 3),
      line(product.limited!, 5),
      line(product.outOfStock!, 1),
      line(product.batchReduced!, 8),
      line(product.batchSkipped!, 4),
      line(product.inactive!, 1),
      { sku: 'NO-LONGER-THERE', name: 'Ausgelaufen', quantity: 1, unitCents: 100 },
      { sku: variant.sku, variantSku: variant.variantSku, name: variant.name, quantity: 2, unitCents: 100, productId: variant.productId },
    ],
  });
  preOrderId = await insertOrder(shop.db, tenantId, {
    companyId: home,
    userId: customerRow.id,
    orderNumber: 'RE-0002',
    orderDate: '2024-03-02T10:00:00.000Z',
    orderType: 'preOrder',
    lines: [
      line(product.preOrdered!, 2, { seasonId: seasonIds[0]! }),
      line(product.preOrdered!, 4, { seasonId: seasonIds[1]! }),
      line(product.frozen!, 5, { seasonId: seasonIds[0]! }),
      // A season that has ended is gone from the shop's seasons (its lines keep no season).
      line(product.added!, 1, { seasonId: null }),
    ],
  });
  const customer2 = await shop.db.selectFrom('users').select('id').where('username', '=', 'customer2').executeTakeFirstOrThrow();
  foreignOrderId = await insertOrder(shop.db, tenantId, { companyId: await companyId(shop.db, '10002'), userId: customer2.id, orderNumber: 'RE-F-1', orderDate: '2024-03-03T10:00:00.000Z', lines: [line(product.added!, 1)] });
  customer = sessionClient(shop, await shop.login('customer'));
});
afterAll(() => shop.close());

beforeEach(async () => {
  // The cart holds 2 of one of the order's products before every reorder.
  const saved = await customer.post('/api/basket', { items: [{ _id: product.inCart!.id, sku: product.inCart!.sku, orderType: 'order', quantity: 2 }] });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
});

const shown = (p: TestProduct) => ({ sku: p.sku, variantSku: null, name: `${p.name} (bestellt)` });
interface CartItem {
  sku: string;
  variantSku?: string;
  orderType: string;
  quantity: number;
  quantities: number[];
}

const cartLine = (items: CartItem[], sku: string, orderType = 'order', variantSku?: string) =>
  items.find((item) => item.sku === sku && item.orderType === orderType && item.variantSku === variantSku);

describe('POST /api/order/{id}/reorder', () => {
  it('adds what is sold today, reduces to stock and whole batches, skips the rest, and says why', async () => {
    const answer = await customer.post(`/api/order/${orderId}/reorder`);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.added).toEqual([
      { ...shown(product.added!), quantity: 3 },
      { ...shown(product.inCart!), quantity: 3 },
      { sku: variant.sku, variantSku: variant.variantSku, name: variant.name, quantity: 2 },
    ]);
    expect(answer.body.reduced).toEqual([
      { ...shown(product.limited!), requested: 5, quantity: 2, reason: 'reorder.reason.stock_limited' },
      { ...shown(product.batchReduced!), requested: 8, quantity: 6, reason: 'reorder.reason.batch_size' },
    ]);
    expect(answer.body.skipped).toEqual([
      { ...shown(product.outOfStock!), reason: 'reorder.reason.out_of_stock' },
      { ...shown(product.batchSkipped!), reason: 'reorder.reason.batch_size' },
      { ...shown(product.inactive!), reason: 'reorder.reason.not_sold' },
      { sku: 'NO-LONGER-THERE', variantSku: null, name: 'Ausgelaufen', reason: 'reorder.reason.not_sold' },
    ]);

    const basket = await customer.get('/api/basket');
    expect(answer.body.basket).toEqual(basket.body);
    const items = basket.body.items;
    // Already in the cart: the quantities add up.
    expect(cartLine(items, product.inCart!.sku)?.quantity).toBe(5);
    expect(cartLine(items, product.added!.sku)).toMatchObject({ quantity: 3, price: { value: product.added!.priceCents / 100 } });
    expect(cartLine(items, product.limited!.sku)?.quantity).toBe(2);
    expect(cartLine(items, product.batchReduced!.sku)?.quantity).toBe(6);
    expect(cartLine(items, variant.sku, 'order', variant.variantSku)?.quantity).toBe(2);
    for (const p of [product.outOfStock!, product.batchSkipped!, product.inactive!]) expect(cartLine(items, p.sku)).toBeUndefined();
    expect(items).toHaveLength(5);
  });

  it('puts pre-order lines into the pre-order cart per season while the season is on offer', async () => {
    const answer = await customer.post(`/api/order/${preOrderId}/reorder`);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.added).toEqual([
      { ...shown(product.preOrdered!), quantity: 2 },
      { ...shown(product.preOrdered!), quantity: 4 },
    ]);
    expect(answer.body.reduced).toEqual([{ ...shown(product.frozen!), requested: 5, quantity: 3, reason: 'reorder.reason.stock_limited' }]);
    expect(answer.body.skipped).toEqual([{ ...shown(product.added!), reason: 'reorder.reason.season_ended' }]);
    const items = answer.body.basket.items;
    expect(cartLine(items, product.preOrdered!.sku, 'preOrder')?.quantities.slice(0, 2)).toEqual([2, 4]);
    expect(cartLine(items, product.frozen!.sku, 'preOrder')?.quantities[0]).toBe(3);
    // The order cart is left as it was.
    expect(items.filter((item: { orderType: string }) => item.orderType === 'order').map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([[product.inCart!.sku, 2]]);
  });

  it('reorders a single line by its index in the order’s items', async () => {
    const answer = await customer.post(`/api/order/${orderId}/reorder`, { lines: [1] });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ added: [{ ...shown(product.inCart!), quantity: 3 }], reduced: [], skipped: [] });
    expect(answer.body.basket.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([[product.inCart!.sku, 5]]);
  });

  it('adds the whole quantity when the shop sells without stock (what is short is backordered)', async () => {
    await setSiteSetting(shop, tenantId, 'buyableWithoutStock', true);
    try {
      const answer = await customer.post(`/api/order/${orderId}/reorder`, { lines: [2, 3] });
      // The product sold only from stock stays limited; the other one is ordered beyond its stock.
      expect(answer.body.added).toEqual([{ ...shown(product.outOfStock!), quantity: 1 }]);
      expect(answer.body.reduced).toEqual([{ ...shown(product.limited!), requested: 5, quantity: 2, reason: 'reorder.reason.stock_limited' }]);
      expect(cartLine(answer.body.basket.items, product.outOfStock!.sku)).toMatchObject({ quantity: 1, notEnoughStock: true });
    } finally {
      await setSiteSetting(shop, tenantId, 'buyableWithoutStock', false);
    }
  });

  it('answers another company’s, unknown and malformed ids like the detail, refuses bad lines, and changes nothing then', async () => {
    const before = await customer.get('/api/basket');
    const unknown = await customer.post('/api/order/987654321/reorder');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.messageKey).toBe('order.not_found');
    for (const id of [String(foreignOrderId), 'abc', '0', '-5']) {
      const answer = await customer.post(`/api/order/${id}/reorder`);
      expect([id, answer.statusCode, answer.body]).toEqual([id, 404, unknown.body]);
    }
    const refusals: [unknown, string, string][] = [
      [{ lines: [9] }, 'validation.invalid', 'lines.0'],
      [{ lines: [0, 99] }, 'validation.invalid', 'lines.1'],
      [{ lines: [] }, 'validation.required', 'lines'],
      [{ lines: [-1] }, 'validation.invalid', 'lines.0'],
      [{ lines: ['0'] }, 'validation.invalid', 'lines.0'],
      [{ lines: 0 }, 'validation.invalid', 'lines'],
    ];
    for (const [body, messageKey, field] of refusals) {
      const answer = await customer.post(`/api/order/${orderId}/reorder`, body);
      expect([body, answer.statusCode, answer.body.messageKey, answer.body.field]).toEqual([body, 400, messageKey, field]);
    }
    expect((await customer.get('/api/basket')).body).toEqual(before.body);
  });
});
