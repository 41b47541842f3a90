import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, isPlain, loadCatalogue, orderLine, pick, preOrderLine, setSiteSetting, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Manipulated and invalid requests to POST /api/basket: each is refused with a message key naming
// the field, and leaves the stored basket exactly as it was.

let shop: TestShop;
let products: TestProduct[];
let tenantId: number;
let customer: ApiClient;
let plain: TestProduct;

beforeAll(async () => {
  shop = await startTestShop();
  ({ products, tenantId } = await loadCatalogue(shop));
  customer = await clientFor(shop, 'customer');
  plain = pick(products, isPlain, 'a plain product');
});
afterAll(() => shop.close());

async function storedLines(userId: number) {
  return shop.db
    .selectFrom('basket_lines')
    .innerJoin('baskets', 'baskets.id', 'basket_lines.basket_id')
    .select(['basket_lines.sku', 'basket_lines.quantity', 'basket_lines.unit_price_cents'])
    .where('baskets.user_id', '=', userId)
    .orderBy('basket_lines.sort_order')
    .execute();
}

/** Posts a refused request and checks the answer and that the basket did not change. */
async function expectRefused(client: ApiClient, payload: unknown, status: number, messageKey: string, field?: string) {
  const before = await storedLines(client.userId);
  const response = await client.post('/api/basket', payload);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ messageKey, ...(field ? { field } : {}) });
  expect(response.body.message).not.toBe(messageKey);
  expect(await storedLines(client.userId)).toEqual(before);
}

describe('the server is the authority on prices and products', () => {
  it('ignores prices, names and stock the client sends', async () => {
    const forged = orderLine(plain, 2, { price: { value: 0.01, currency: 'EUR' }, unit_price_cents: 1, name: 'Forged', stock: { value: 99999 }, oldPrice: 1 });
    expect((await customer.post('/api/basket', { userId: customer.userId, items: [forged] })).statusCode).toBe(200);
    expect(await storedLines(customer.userId)).toEqual([{ sku: plain.sku, quantity: 2, unit_price_cents: plain.priceCents }]);
    const item = (await customer.get('/api/basket')).body.items[0];
    expect(item).toMatchObject({ name: plain.name, price: { value: plain.priceCents / 100 }, stock: { value: plain.stock }, oldPrice: null });
  });

  it('refuses unknown skus, mismatched ids and unknown variants, naming the line', async () => {
    const other = products.filter(isPlain)[1]!;
    const withVariants = pick(products, (p) => p.variants.length > 0, 'a product with variants');
    const base = orderLine(plain, 1);
    await expectRefused(customer, { items: [base, orderLine({ ...plain, sku: 'NO-SUCH-SKU' }, 1)] }, 400, 'validation.unknown_product', 'items.1.sku');
    await expectRefused(customer, { items: [{ ...orderLine(other, 1), _id: plain.id }] }, 400, 'validation.unknown_product', 'items.0._id');
    await expectRefused(customer, { items: [orderLine(withVariants, 1, { variantSku: 'MAT-999999-XX' })] }, 400, 'validation.unknown_product', 'items.0.variantSku');
    // A variant of another product is not a variant of this one.
    await expectRefused(customer, { items: [orderLine(plain, 1, { variantSku: withVariants.variants[0]!.variantSku })] }, 400, 'validation.unknown_product', 'items.0.variantSku');
  });

  it('refuses another tenant’s product', async () => {
    const [tenant] = await shop.db.insertInto('tenants').values({ slug: 'rival', name: 'Rival', created_at: new Date().toISOString() }).returning('id').execute();
    const [category] = await shop.db.insertInto('categories').values({ tenant_id: tenant!.id, slug: 'x', name: 'X', created_at: new Date().toISOString() }).returning('id').execute();
    const [foreign] = await shop.db
      .insertInto('products')
      .values({ tenant_id: tenant!.id, category_id: category!.id, sku: 'RIVAL-1', name: 'Rival product', price_cents: 100, vat_rate_bp: 1900, created_at: new Date().toISOString() })
      .returning('id')
      .execute();
    await expectRefused(customer, { items: [{ _id: foreign!.id, sku: 'RIVAL-1', orderType: 'order', quantity: 1 }] }, 400, 'validation.unknown_product', 'items.0.sku');
  });

  it('refuses inactive products and products without a price', async () => {
    const [inactive, free] = products.filter(isPlain).slice(5);
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', inactive!.id).execute();
    await shop.db.updateTable('products').set({ price_cents: 0 }).where('id', '=', free!.id).execute();
    await expectRefused(customer, { items: [orderLine(inactive!, 1)] }, 400, 'validation.unknown_product', 'items.0.sku');
    await expectRefused(customer, { items: [orderLine(free!, 1)] }, 400, 'cart.invalid.product.price', 'items.0.sku');
  });
});

describe('quantities', () => {
  it.each([
    ['negative', -1, 'validation.negative'],
    ['fractional', 1.5, 'validation.whole_number'],
    ['huge', 1_000_001, 'validation.too_large'],
    ['text', '5', 'validation.invalid'],
  ])('refuses a %s quantity', async (_what, quantity, key) => {
    await expectRefused(customer, { items: [orderLine(plain, quantity as number)] }, 400, key, 'items.0.quantity');
  });

  it('refuses a bad season quantity and more quantities than seasons', async () => {
    const preOrderable = pick(products, (p) => p.preStocks.length > 0 && !p.isStockFreeze && p.batchSize === 1, 'a pre-orderable product');
    await expectRefused(customer, { items: [preOrderLine(preOrderable, [1, -2, 0])] }, 400, 'validation.negative', 'items.0.quantities.1');
    await expectRefused(customer, { items: [preOrderLine(preOrderable, [1, 1, 1, 1])] }, 400, 'validation.too_many_seasons', 'items.0.quantities');
  });

  it('refuses an order line without quantity and an unknown order type', async () => {
    await expectRefused(customer, { items: [{ _id: plain.id, sku: plain.sku, orderType: 'order' }] }, 400, 'validation.required', 'items.0.quantity');
    await expectRefused(customer, { items: [{ ...orderLine(plain, 1), orderType: 'sample' }] }, 400, 'validation.invalid', 'items.0.orderType');
  });

  it('refuses more than 500 lines', async () => {
    const items = Array.from({ length: 501 }, () => orderLine(plain, 1));
    await expectRefused(customer, { items }, 400, 'validation.too_many_items', 'items');
  });

  it('refuses quantities that are not a multiple of the batch size while the feature is on', async () => {
    const batched = pick(products, (p) => p.batchSize > 1 && p.variants.length === 0, 'a product with a batch size');
    await expectRefused(customer, { items: [orderLine(batched, batched.batchSize + 1)] }, 400, 'cart.invalid.batch.quantity', 'items.0.quantity');
    expect((await customer.post('/api/basket', { items: [orderLine(batched, batched.batchSize * 2)] })).statusCode).toBe(200);
    await setSiteSetting(shop, tenantId, 'isBatchSizeActive', false);
    expect((await customer.post('/api/basket', { items: [orderLine(batched, batched.batchSize + 1)] })).statusCode).toBe(200);
    await setSiteSetting(shop, tenantId, 'isBatchSizeActive', true);
  });
});

describe('pre-orders', () => {
  it('refuses a pre-order of a product without pre-stock', async () => {
    await expectRefused(customer, { items: [preOrderLine(plain, [1, 0, 0])] }, 400, 'cart.preorder.unavailable', 'items.0.orderType');
  });

  it('caps each season at its pre-stock minus the other seasons when stock is frozen', async () => {
    const frozen = pick(products, (p) => p.isStockFreeze && p.batchSize === 1 && p.preStocks[0]! >= 4 && p.preStocks[1]! >= 4, 'a frozen product with pre-stock');
    const fitting = [2, 2, 0];
    expect((await customer.post('/api/basket', { items: [preOrderLine(frozen, fitting)] })).statusCode).toBe(200);
    const aboveSeason = [frozen.preStocks[0]! + 1, 0, 0];
    await expectRefused(customer, { items: [preOrderLine(frozen, aboveSeason)] }, 400, 'validation.pre_order_quantity_exceeds_pre_stock', 'items.0.quantities.0');
    // Each season alone would fit; together the first season exceeds what the second leaves it.
    const aboveWithOthers = [frozen.preStocks[0]!, 1, 0];
    await expectRefused(customer, { items: [preOrderLine(frozen, aboveWithOthers)] }, 400, 'validation.pre_order_quantity_exceeds_pre_stock', 'items.0.quantities.0');
  });
});

describe('ownership', () => {
  it('refuses another user’s basket id and changes neither basket', async () => {
    const customer2 = await clientFor(shop, 'customer2');
    const theirs = (await customer2.post('/api/basket', { items: [orderLine(plain, 7)] })).body.id as number;
    await customer.post('/api/basket', { items: [orderLine(plain, 1)] });
    const theirLines = await storedLines(customer2.userId);
    await expectRefused(customer, { _id: theirs, items: [orderLine(plain, 99)] }, 404, 'error.basket_not_found', '_id');
    await expectRefused(customer, { _id: 987654, items: [] }, 404, 'error.basket_not_found', '_id');
    expect(await storedLines(customer2.userId)).toEqual(theirLines);
  });

  it('refuses a userId other than the signed-in user, and accepts the own one as number or string', async () => {
    const customer2 = await clientFor(shop, 'customer2');
    await expectRefused(customer, { userId: customer2.userId, items: [] }, 403, 'error.foreign_user', 'userId');
    const own = (await customer.get('/api/basket')).body._id;
    expect((await customer.post('/api/basket', { _id: own, userId: customer.userId, items: [orderLine(plain, 1)] })).body).toEqual({ id: own });
    expect((await customer.post('/api/basket', { _id: String(own), userId: String(customer.userId), items: [orderLine(plain, 1)] })).statusCode).toBe(200);
  });

  it('gives guests no basket, and asks everyone else to sign in', async () => {
    const guest = await clientFor(shop, 'guest');
    const get = await guest.get('/api/basket');
    expect(get.statusCode).toBe(403);
    expect(get.body.messageKey).toBe('error.login_required');
    const post = await guest.post('/api/basket', { items: [orderLine(plain, 1)] });
    expect([post.statusCode, post.body.messageKey]).toEqual([403, 'error.login_required']);
    expect(await storedLines(guest.userId)).toEqual([]);
    expect((await shop.app.inject({ url: '/api/basket' })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'POST', url: '/api/basket', payload: { items: [] } })).statusCode).toBe(401);
  });
});
