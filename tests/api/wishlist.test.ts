import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, isPlain, loadCatalogue, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// GET and POST /api/wishlist: replacement with doubles skipped, prices per buyer, and refusals.

let shop: TestShop;
let products: TestProduct[];
let customer: ApiClient;

beforeAll(async () => {
  shop = await startTestShop();
  ({ products } = await loadCatalogue(shop));
  customer = await clientFor(shop, 'customer');
});
afterAll(() => shop.close());

async function wishlist(client: ApiClient) {
  const response = await client.get('/api/wishlist');
  expect(response.statusCode).toBe(200);
  return response.body as { _id: number; items: { _id: number; sku: string; name: string; image: string | null; price: { value: number } }[] };
}

async function save(client: ApiClient, ids: number[], extra: Record<string, unknown> = {}) {
  return client.post('/api/wishlist', { userId: client.userId, items: ids.map((_id) => ({ _id })), ...extra });
}

async function storedIds(userId: number) {
  const rows = await shop.db
    .selectFrom('wishlist_items')
    .innerJoin('wishlists', 'wishlists.id', 'wishlist_items.wishlist_id')
    .select('wishlist_items.product_id')
    .where('wishlists.user_id', '=', userId)
    .orderBy('wishlist_items.product_id')
    .execute();
  return rows.map((row) => row.product_id);
}

describe('GET /api/wishlist', () => {
  it('creates the wishlist on first use', async () => {
    const first = await wishlist(customer);
    expect(first).toEqual({ items: [], _id: expect.any(Number) });
    expect((await wishlist(customer))._id).toBe(first._id);
  });
});

describe('POST /api/wishlist', () => {
  it('replaces the wishlist and answers its id', async () => {
    const [a, b, c] = products.filter(isPlain);
    const own = (await wishlist(customer))._id;
    expect((await save(customer, [a!.id, b!.id])).body).toEqual({ id: own });
    expect((await save(customer, [b!.id, c!.id])).statusCode).toBe(200);
    const answer = await wishlist(customer);
    expect(answer.items.map((item) => item._id).sort((x, y) => x - y)).toEqual([b!.id, c!.id].sort((x, y) => x - y));
    const entry = answer.items.find((item) => item._id === b!.id);
    expect(entry).toMatchObject({ sku: b!.sku, name: b!.name, price: { value: b!.priceCents / 100, currency: 'EUR' }, stock: { value: b!.stock } });
    expect(entry!.image).toMatch(/^\/media\//);
  });

  it('keeps an id already present once', async () => {
    const [a, b] = products.filter(isPlain);
    await save(customer, [a!.id]);
    await save(customer, [b!.id, a!.id, a!.id, b!.id]);
    expect(await storedIds(customer.userId)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    expect((await wishlist(customer)).items.map((item) => item._id)).toEqual([a!.id, b!.id]);
  });

  it('shows the buyer’s customer price', async () => {
    const special = pick(products, (p) => p.customerPrices.has('10001') && !p.customerPrices.has('10002'), 'a customer price of 10001 only');
    await save(customer, [special.id]);
    expect(Math.round((await wishlist(customer)).items[0]!.price.value * 100)).toBe(special.customerPrices.get('10001'));
    const customer2 = await clientFor(shop, 'customer2');
    await save(customer2, [special.id]);
    expect(Math.round((await wishlist(customer2)).items[0]!.price.value * 100)).toBe(special.priceCents);
  });

  it('empties the wishlist with an empty list, and hides products no longer sold', async () => {
    const [a, b] = products.filter(isPlain).slice(4);
    await save(customer, [a!.id, b!.id]);
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', a!.id).execute();
    expect((await wishlist(customer)).items.map((item) => item._id)).toEqual([b!.id]);
    await save(customer, []);
    expect(await storedIds(customer.userId)).toEqual([]);
  });
});

describe('refusals', () => {
  async function expectRefused(client: ApiClient, payload: unknown, status: number, messageKey: string, field?: string) {
    const before = await storedIds(client.userId);
    const response = await client.post('/api/wishlist', payload);
    expect(response.statusCode, JSON.stringify(response.body)).toBe(status);
    expect(response.body).toMatchObject({ messageKey, ...(field ? { field } : {}) });
    expect(await storedIds(client.userId)).toEqual(before);
  }

  it('refuses unknown, inactive and other tenants’ products, naming the entry', async () => {
    const [a, inactive] = products.filter(isPlain).slice(8);
    await save(customer, [a!.id]);
    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', inactive!.id).execute();
    await expectRefused(customer, { items: [{ _id: a!.id }, { _id: 99_999_999 }] }, 400, 'validation.unknown_product', 'items.1._id');
    await expectRefused(customer, { items: [{ _id: inactive!.id }] }, 400, 'validation.unknown_product', 'items.0._id');
    const [tenant] = await shop.db.insertInto('tenants').values({ slug: 'rival', name: 'Rival', created_at: new Date().toISOString() }).returning('id').execute();
    const [category] = await shop.db.insertInto('categories').values({ tenant_id: tenant!.id, slug: 'x', name: 'X', created_at: new Date().toISOString() }).returning('id').execute();
    const [foreign] = await shop.db
      .insertInto('products')
      .values({ tenant_id: tenant!.id, category_id: category!.id, sku: 'RIVAL-1', name: 'Rival', price_cents: 100, vat_rate_bp: 1900, created_at: new Date().toISOString() })
      .returning('id')
      .execute();
    await expectRefused(customer, { items: [{ _id: foreign!.id }] }, 400, 'validation.unknown_product', 'items.0._id');
  });

  it('refuses malformed entries and too many of them', async () => {
    await expectRefused(customer, { items: [{ _id: 'abc' }] }, 400, 'validation.invalid', 'items.0._id');
    await expectRefused(customer, { items: [{}] }, 400, 'validation.required', 'items.0._id');
    await expectRefused(customer, {}, 400, 'validation.required', 'items');
    const many = Array.from({ length: 1001 }, (_, i) => ({ _id: i + 1 }));
    await expectRefused(customer, { items: many }, 400, 'validation.too_many_items', 'items');
  });

  it('refuses another user’s wishlist id and userId', async () => {
    const customer2 = await clientFor(shop, 'customer2');
    const plain = products.filter(isPlain);
    const theirs = (await save(customer2, [plain[0]!.id])).body.id as number;
    const theirItems = await storedIds(customer2.userId);
    await expectRefused(customer, { _id: theirs, items: [{ _id: plain[1]!.id }] }, 404, 'error.wishlist_not_found', '_id');
    await expectRefused(customer, { userId: customer2.userId, items: [{ _id: plain[1]!.id }] }, 403, 'error.foreign_user', 'userId');
    expect(await storedIds(customer2.userId)).toEqual(theirItems);
  });

  it('gives guests no wishlist (the browser shows the login modal)', async () => {
    const guest = await clientFor(shop, 'guest');
    for (const response of [await guest.get('/api/wishlist'), await guest.post('/api/wishlist', { items: [] })]) {
      expect([response.statusCode, response.body.messageKey]).toEqual([403, 'error.login_required']);
    }
    expect(await storedIds(guest.userId)).toEqual([]);
    expect((await shop.app.inject({ url: '/api/wishlist' })).statusCode).toBe(401);
  });

  it('stays consistent when two saves arrive together', async () => {
    const [a, b, c] = products.filter(isPlain);
    const answers = await Promise.all([save(customer, [a!.id, b!.id]), save(customer, [b!.id, c!.id]), save(customer, [a!.id, b!.id])]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect([[a!.id, b!.id], [b!.id, c!.id]].map((ids) => ids.sort((x, y) => x - y))).toContainEqual(await storedIds(customer.userId));
  });
});
