import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListMeta, Product } from '../../core/catalog-types.ts';
import { catalogClient, categoryIds, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

type Listing = { data: Product[]; meta: ListMeta };

let shop: TestShop;
let client: CatalogClient;
let slugs: Map<string, number>;
let toolIds: number[];
beforeAll(async () => {
  shop = await startTestShop();
  client = catalogClient(shop);
  slugs = await categoryIds(shop);
  const tools = slugs.get('werkzeug')!;
  const children = await shop.db.selectFrom('categories').select('id').where('parent_id', '=', tools).where('is_active', '=', 1).execute();
  toolIds = [tools, ...children.map((c) => c.id)];
});
afterAll(() => shop.close());

const id = (slug: string) => slugs.get(slug) ?? Number.NaN;

/** Active products of these categories as stored, the reference the API is checked against. */
function storedProducts(categories: number[]) {
  return shop.db
    .selectFrom('products')
    .select(['id', 'stock', 'attributes', 'category_id'])
    .where('category_id', 'in', categories)
    .where('is_active', '=', 1)
    .execute();
}

/** Every page of a listing, fetched with a small page size. */
async function allPages(url: string, account: 'customer' | 'customer2' = 'customer'): Promise<Listing> {
  const first = await client.json<Listing>(`${url}&page=1&pageSize=50`, account);
  const data = [...first.data];
  for (let page = 2; (page - 1) * 50 < first.meta.total; page++) {
    data.push(...(await client.json<Listing>(`${url}&page=${page}&pageSize=50`, account)).data);
  }
  return { data, meta: first.meta };
}

describe('GET /api/material paging', () => {
  it('answers page 1 with 15 products and the total by default', async () => {
    const listing = await client.json<Listing>(`/api/material?category=${id('werkzeug')}`, 'customer');
    expect(listing.meta).toEqual({ total: (await storedProducts(toolIds)).length, page: 1, pageSize: 15 });
    expect(listing.data).toHaveLength(15);
  });

  it('pages through a stable order: consecutive pages join up to one long page, without repeats', async () => {
    const url = `/api/material?category=${id('werkzeug')}`;
    const long = await client.json<Listing>(`${url}&page=1&pageSize=30`, 'customer');
    const one = await client.json<Listing>(`${url}&page=1&pageSize=10`, 'customer');
    const two = await client.json<Listing>(`${url}&page=2&pageSize=10`, 'customer');
    const three = await client.json<Listing>(`${url}&page=3&pageSize=10`, 'customer');
    expect([...one.data, ...two.data, ...three.data].map((p) => p._id)).toEqual(long.data.map((p) => p._id));
    expect(two.meta).toEqual({ total: long.meta.total, page: 2, pageSize: 10 });
    expect(new Set(long.data.map((p) => p._id)).size).toBe(30);
  });

  it('lists a main category with the products of all its subcategories, in name order across them', async () => {
    const listing = await allPages(`/api/material?category=${id('werkzeug')}`);
    const stored = await storedProducts(toolIds);
    expect(listing.data.map((p) => p._id).sort((a, b) => a - b)).toEqual(stored.map((p) => p.id).sort((a, b) => a - b));
    // The database's own order of the whole main category, whatever way the pages are put together.
    const inListingOrder = await shop.db.selectFrom('products').select('id').where('category_id', 'in', toolIds).where('is_active', '=', 1).orderBy('name').orderBy('id').execute();
    expect(listing.data.map((p) => p._id)).toEqual(inListingOrder.map((row) => row.id));
    expect(new Set(listing.data.map((p) => p.categoryId)).size).toBeGreaterThan(1);
    const sub = await client.json<Listing>(`/api/material?category=${id('handwerkzeug')}&pageSize=100`, 'customer');
    expect(sub.data.every((p) => p.categoryId === id('handwerkzeug'))).toBe(true);
    expect(sub.meta.total).toBe((await storedProducts([id('handwerkzeug')])).length);
  });

  it('lists every visible product without a category: deal products only for accounts with deals', async () => {
    const visible = await shop.db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select(['products.id', 'categories.is_deal'])
      .where('products.is_active', '=', 1)
      .where('categories.is_active', '=', 1)
      .execute();
    const withDeals = await client.json<Listing>('/api/material?pageSize=1', 'customer');
    const withoutDeals = await client.json<Listing>('/api/material?category=&pageSize=1', 'customer2');
    expect(withDeals.meta.total).toBe(visible.length);
    expect(withoutDeals.meta.total).toBe(visible.filter((p) => p.is_deal === 0).length);
    const dealIds = new Set(visible.filter((p) => p.is_deal === 1).map((p) => p.id));
    expect(dealIds.size).toBeGreaterThan(0);
    const everything = await allPages('/api/material?x=1', 'customer2');
    expect(everything.data.some((p) => dealIds.has(p._id))).toBe(false);
  });

  it('leaves variants out of the plain list and puts them into listMaterialWithVariants', async () => {
    const url = `category=${id('werkzeugaufbewahrung')}&pageSize=100`;
    const plain = await client.json<Listing>(`/api/material?${url}`, 'customer');
    const full = await client.json<Listing>(`/api/material/listMaterialWithVariants?${url}`, 'customer');
    expect(full.data.map((p) => p._id)).toEqual(plain.data.map((p) => p._id));
    expect(plain.data.every((p) => p.variants.length === 0)).toBe(true);
    const withVariants = full.data.filter((p) => p.variants.length > 0);
    expect(withVariants.length).toBeGreaterThan(0);
    for (const variant of withVariants.flatMap((p) => p.variants)) {
      expect(variant).toMatchObject({ variantSku: expect.stringMatching(/^MAT-\d{6}-/), attributes: { Farbe: expect.any(String) }, stock: { value: expect.any(Number) } });
    }
  });
});

describe('GET /api/material compression', () => {
  it('sends Brotli to clients that accept it, else gzip, the same JSON as uncompressed, and says it varies by Accept-Encoding', async () => {
    const url = `/api/material?category=${id('werkzeug')}&page=1&pageSize=16`;
    const plain = await client.get(url, 'customer');
    const brotli = await client.get(url, 'customer', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await client.get(url, 'customer', { 'accept-encoding': 'gzip, deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const compressed of [brotli, gzip]) {
      expect(compressed.headers.vary).toContain('accept-encoding');
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends plain JSON when both codings are refused', async () => {
    const response = await client.get(`/api/material?category=${id('werkzeug')}`, 'customer', { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().data).toHaveLength(15);
  });
});

describe('GET /api/material filters', () => {
  it('shows only products with stock above zero for stockAvail=1', async () => {
    const listing = await allPages(`/api/material?category=${id('werkzeug')}&stockAvail=1`);
    const stored = (await storedProducts(toolIds)).filter((p) => p.stock > 0);
    expect(listing.meta.total).toBe(stored.length);
    expect(listing.data.every((p) => p.stock.value > 0)).toBe(true);
    const unfiltered = await client.json<Listing>(`/api/material?category=${id('werkzeug')}&stockAvail=false`, 'customer');
    expect(unfiltered.meta.total).toBeGreaterThan(listing.meta.total);
  });

  it('shows only products with pre-stocks in pre-order mode', async () => {
    const listing = await allPages('/api/material?isPreOrderMode=1');
    const stored = await shop.db.selectFrom('product_pre_stocks').select('product_id').distinct().execute();
    expect(listing.meta.total).toBeGreaterThan(0);
    expect(listing.data.every((p) => p.preStocks.length > 0)).toBe(true);
    expect(listing.data.every((p) => stored.some((s) => s.product_id === p._id))).toBe(true);
  });

  it('filters by a product attribute', async () => {
    const listing = await allPages(`/api/material?category=${id('werkzeug')}&attr[Marke]=Hansewerk`);
    const stored = (await storedProducts(toolIds)).filter((p) => JSON.parse(p.attributes).Marke === 'Hansewerk');
    expect(listing.meta.total).toBe(stored.length);
    expect(listing.data.map((p) => p._id).sort((a, b) => a - b)).toEqual(stored.map((p) => p.id).sort((a, b) => a - b));
  });

  it('filters by a variant attribute, any of several values, and combines names with AND', async () => {
    // The two most frequent variant colours of the tool category.
    const variants = await shop.db
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select('product_variants.attributes')
      .where('products.category_id', 'in', toolIds)
      .where('products.is_active', '=', 1)
      .execute();
    const frequency = new Map<string, number>();
    for (const v of variants) {
      const colour = JSON.parse(v.attributes).Farbe as string;
      frequency.set(colour, (frequency.get(colour) ?? 0) + 1);
    }
    const [first, second] = [...frequency.entries()].sort((a, b) => b[1] - a[1]).map(([colour]) => colour);
    const base = `/api/material/listMaterialWithVariants?category=${id('werkzeug')}`;
    const one = await allPages(`${base}&attr[Farbe]=${encodeURIComponent(first!)}`);
    const either = await allPages(`${base}&attr[Farbe]=${encodeURIComponent(first!)}&attr[Farbe]=${encodeURIComponent(second!)}`);
    const colours = (p: Product) => p.variants.map((v) => v.attributes.Farbe);
    expect(one.meta.total).toBeGreaterThan(0);
    expect(one.data.every((p) => colours(p).includes(first))).toBe(true);
    expect(either.data.every((p) => colours(p).includes(first) || colours(p).includes(second))).toBe(true);
    expect(either.meta.total).toBeGreaterThan(one.meta.total);
    expect(new Set(either.data.map((p) => p._id)).size).toBe(either.meta.total);
    const material = one.data[0]!.attributes.Material!;
    const both = await allPages(`${base}&attr[Farbe]=${encodeURIComponent(first!)}&attr[Material]=${encodeURIComponent(material)}`);
    expect(both.data.length).toBeGreaterThan(0);
    expect(both.data.every((p) => colours(p).includes(first) && p.attributes.Material === material)).toBe(true);
    expect(both.meta.total).toBe(one.data.filter((p) => p.attributes.Material === material).length);
  });

  it('combines attribute and stock filters', async () => {
    const listing = await allPages(`/api/material?category=${id('werkzeug')}&attr[Marke]=Hansewerk&stockAvail=1`);
    const stored = (await storedProducts(toolIds)).filter((p) => JSON.parse(p.attributes).Marke === 'Hansewerk' && p.stock > 0);
    expect(listing.meta.total).toBe(stored.length);
  });

  it('finds nothing for a value no product has', async () => {
    const listing = await client.json<Listing>(`/api/material?category=${id('werkzeug')}&attr[Marke]=Unbekannt`, 'customer');
    expect(listing).toEqual({ data: [], meta: { total: 0, page: 1, pageSize: 15 } });
  });
});

describe('GET /api/material refuses bad input', () => {
  it.each([
    ['page=0', 'page', 'validation.invalid'],
    ['page=abc', 'page', 'validation.invalid'],
    ['page=1.5', 'page', 'validation.invalid'],
    ['pageSize=0', 'pageSize', 'validation.invalid'],
    ['pageSize=1000', 'pageSize', 'validation.page_size_too_large'],
    ['stockAvail=maybe', 'stockAvail', 'validation.invalid'],
    ['isPreOrderMode=2', 'isPreOrderMode', 'validation.invalid'],
    ['page=101&pageSize=100', 'page', 'validation.page_out_of_range'],
    ['attr[]=Rot', 'attr[]', 'validation.invalid'],
    [`attr[Marke]=${'x'.repeat(201)}`, 'attr[Marke]', 'validation.too_long'],
  ])('%s → 400', async (query, field, messageKey) => {
    const response = await client.get(`/api/material?${query}`, 'customer');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, messageKey });
  });

  it('answers 404 for a category that does not exist, is no category id, is inactive or is a deal category the account may not see', async () => {
    for (const [category, account] of [
      ['999999', 'customer'],
      ['abc', 'customer'],
      ['-3', 'customer'],
      ['2147483648', 'customer'],
      [String(id('auslaufartikel')), 'customer'],
      [String(id('angebote')), 'customer2'],
    ] as const) {
      const response = await client.get(`/api/material?category=${category}`, account);
      expect(response.statusCode, category).toBe(404);
      expect(response.json().messageKey).toBe('error.category_not_found');
    }
    expect((await client.get(`/api/material?category=${id('angebote')}`, 'customer')).statusCode).toBe(200);
  });

  it('translates the message', async () => {
    const response = await client.get('/api/material?pageSize=1000', 'customer', { 'accept-language': 'en' });
    expect(response.json().message).toBe('At most 100 entries fit on one page.');
  });
});
