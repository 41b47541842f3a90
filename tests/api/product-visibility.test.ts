import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// One visibility rule for products (docs/security.md): every path that takes a product id or sku answers a
// product the buyer may not see (deal category without deal access, inactive category, inactive
// product) exactly like one that does not exist, and never shows its name, price or stock.

interface HiddenProduct {
  id: number;
  sku: string;
  name: string;
  sales_batch_size: number;
}

let shop: TestShop;
let customer2: ApiClient;
let customer: ApiClient;
let deal: HiddenProduct;
let inInactiveCategory: HiddenProduct;
let inactive: HiddenProduct;
let storedBefore: HiddenProduct;

async function productIn(slug: string, offset = 0): Promise<HiddenProduct> {
  return shop.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.sales_batch_size'])
    .where('c.slug', '=', slug)
    .where('p.is_active', '=', 1)
    .orderBy('p.id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  shop = await startTestShop();
  customer2 = await clientFor(shop, 'customer2');
  customer = await clientFor(shop, 'customer');
  deal = await productIn('angebote');
  inInactiveCategory = await productIn('auslaufartikel');
  inactive = await productIn('handwerkzeug');
  await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
  storedBefore = await productIn('angebote', 1);
});
afterAll(() => shop.close());

const unknown = { id: 987654321, sku: 'NO-SUCH-SKU-1', name: 'none', sales_batch_size: 1 };
const hidden = ['a deal product (no deal access)', 'a product of an inactive category', 'an inactive product'] as const;
const productCalled = (name: (typeof hidden)[number]) => ({ [hidden[0]]: deal, [hidden[1]]: inInactiveCategory, [hidden[2]]: inactive })[name]!;

function leaks(body: unknown, product: HiddenProduct): boolean {
  const text = JSON.stringify(body);
  return text.includes(product.sku) || text.includes(product.name);
}

describe('a product the buyer may not see answers like an unknown one', () => {
  it.each(hidden)('wishlist: %s', async (name) => {
    const product = productCalled(name);
    const refusedUnknown = await customer2.post('/api/wishlist', { items: [{ _id: unknown.id }] });
    const refusedHidden = await customer2.post('/api/wishlist', { items: [{ _id: product.id }] });
    expect(refusedHidden).toEqual(refusedUnknown);
    expect(refusedHidden.statusCode).toBe(400);
    const list = await customer2.get('/api/wishlist');
    expect(leaks(list.body, product)).toBe(false);
  });

  it.each(hidden)('basket: %s', async (name) => {
    const product = productCalled(name);
    const line = (p: { id: number; sku: string }) => ({ items: [{ _id: p.id, sku: p.sku, orderType: 'order', quantity: 1 }] });
    const refusedUnknown = await customer2.post('/api/basket', line(unknown));
    const refusedHidden = await customer2.post('/api/basket', line(product));
    expect(refusedHidden).toEqual(refusedUnknown);
    expect(refusedHidden.statusCode).toBe(400);
    expect(leaks((await customer2.get('/api/basket')).body, product)).toBe(false);
  });

  it.each(hidden)('product detail, main image and search hits: %s', async (name) => {
    const product = productCalled(name);
    const detailUnknown = await customer2.get(`/api/material/${unknown.id}`);
    const detailHidden = await customer2.get(`/api/material/${product.id}`);
    expect(detailHidden).toEqual(detailUnknown);
    const images = await customer2.get(`/api/material/mainMaterialImage?sku=${encodeURIComponent(product.sku)}`);
    expect(images.body).toEqual(await customer2.get(`/api/material/mainMaterialImage?sku=${unknown.sku}`).then((r) => r.body));
    const hits = await customer2.get(`/api/material/searchHits?searchKey=${encodeURIComponent(product.sku)}&ids=${product.id}`);
    expect(hits.statusCode).toBe(200);
    expect(hits.body.data).toEqual([]);
  });

  it('a deal product stays visible to a buyer with deal access', async () => {
    expect((await customer.post('/api/wishlist', { items: [{ _id: deal.id }] })).statusCode).toBe(200);
    expect((await customer.get('/api/wishlist')).body.items.map((item: { _id: number }) => item._id)).toEqual([deal.id]);
    expect((await customer.get(`/api/material/${deal.id}`)).statusCode).toBe(200);
  });

  it('drops a stored line and wishlist entry whose product became hidden, and shows nothing of it', async () => {
    // Stored while customer2 had deal access; the access is taken away afterwards.
    await shop.db.updateTable('users').set({ is_deal: 1 }).where('username', '=', 'customer2').execute();
    shop.services.catalog.clearCache();
    const line = { items: [{ _id: storedBefore.id, sku: storedBefore.sku, orderType: 'order', quantity: storedBefore.sales_batch_size }] };
    const saved = await customer2.post('/api/basket', line);
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect((await customer2.post('/api/wishlist', { items: [{ _id: storedBefore.id }] })).statusCode).toBe(200);
    await shop.db.updateTable('users').set({ is_deal: 0 }).where('username', '=', 'customer2').execute();
    shop.services.catalog.clearCache();

    const basket = await customer2.get('/api/basket');
    const wishlist = await customer2.get('/api/wishlist');
    expect(basket.body.items).toEqual([]);
    expect(wishlist.body.items).toEqual([]);
    expect(leaks(basket.body, storedBefore) || leaks(wishlist.body, storedBefore)).toBe(false);
  });
});
