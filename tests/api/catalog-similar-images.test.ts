import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/catalog-types.ts';
import { catalogClient, categoryIds, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

let shop: TestShop;
let client: CatalogClient;
let slugs: Map<string, number>;
beforeAll(async () => {
  shop = await startTestShop();
  client = catalogClient(shop);
  slugs = await categoryIds(shop);
});
afterAll(() => shop.close());

describe('GET /api/material/getSimilarMaterials', () => {
  it('answers featured products and best sellers by rank, at most 12 each', async () => {
    const { data } = await client.json<{ data: { featured: Product[]; bestsellers: Product[] } }>('/api/material/getSimilarMaterials', 'customer');
    const rows = await shop.db.selectFrom('products').select(['id', 'is_featured', 'bestseller_rank']).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(data.featured.length).toBeGreaterThan(0);
    expect(data.featured.length).toBeLessThanOrEqual(12);
    expect(data.featured.every((p) => byId.get(p._id)?.is_featured === 1)).toBe(true);
    expect(data.bestsellers).toHaveLength(Math.min(12, rows.filter((r) => r.bestseller_rank !== null).length));
    const ranks = data.bestsellers.map((p) => byId.get(p._id)?.bestseller_rank ?? 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(data.bestsellers[0]?.price).toMatchObject({ currency: 'EUR', value: expect.any(Number) });
  });
});

describe('GET /api/material/mainMaterialImage', () => {
  async function firstImage(sku: string) {
    const row = await shop.db
      .selectFrom('products as p')
      .innerJoin('product_images as i', 'i.product_id', 'p.id')
      .select('i.url')
      .where('p.sku', '=', sku)
      .orderBy('i.sort_order')
      .executeTakeFirstOrThrow();
    return row.url;
  }

  it('answers the main image per sku and variant sku, in request order, leaving out unknown skus', async () => {
    const variant = await shop.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['v.variant_sku', 'p.sku'])
      .where('p.is_active', '=', 1)
      .where('c.is_deal', '=', 0)
      .where('c.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const products = await shop.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select('p.sku')
      .where('p.is_active', '=', 1)
      .where('c.is_deal', '=', 0)
      .where('c.is_active', '=', 1)
      .orderBy('p.id')
      .limit(2)
      .execute();
    const [a, b] = products.map((p) => p.sku);
    const answer = await client.json<unknown>(`/api/material/mainMaterialImage?sku=${b},NOPE-1,${variant.variant_sku}&sku=${a}`, 'customer');
    expect(answer).toEqual([
      { sku: b, images: [{ image: { url: await firstImage(b!), width: 400, height: 400 } }] },
      { sku: variant.variant_sku, images: [{ image: { url: await firstImage(variant.sku), width: 400, height: 400 } }] },
      { sku: a, images: [{ image: { url: await firstImage(a!), width: 400, height: 400 } }] },
    ]);
  });

  // File names are not content hashes (a re-upload keeps its name), so a week, not "immutable" for a year.
  it('serves the images from /media with a week-long cache lifetime', async () => {
    const image = await shop.db.selectFrom('product_images').select('url').executeTakeFirstOrThrow();
    const response = await shop.app.inject({ url: image.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
  });

  it('leaves out inactive products', async () => {
    const inactive = await shop.db.selectFrom('products').select('sku').where('is_active', '=', 0).executeTakeFirstOrThrow();
    expect(await client.json<unknown>(`/api/material/mainMaterialImage?sku=${inactive.sku}`, 'customer')).toEqual([]);
  });

  it.each([
    ['', 'validation.required'],
    ['?sku=', 'validation.required'],
    ['?sku=,,', 'validation.required'],
    [`?sku=${Array.from({ length: 101 }, (_, i) => `S${i}`).join(',')}`, 'validation.too_many_items'],
  ])('refuses %s with 400', async (query, messageKey) => {
    const response = await client.get(`/api/material/mainMaterialImage${query}`, 'customer');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'sku', messageKey });
  });
});

describe('GET /api/material/getFilterableAttributes', () => {
  it('answers the attribute names and values of the category’s products and their variants', async () => {
    const tools = slugs.get('werkzeug')!;
    const children = await shop.db.selectFrom('categories').select('id').where('parent_id', '=', tools).where('is_active', '=', 1).execute();
    const categories = [tools, ...children.map((c) => c.id)];
    const products = await shop.db.selectFrom('products').select(['id', 'attributes']).where('category_id', 'in', categories).where('is_active', '=', 1).execute();
    const variants = await shop.db
      .selectFrom('product_variants')
      .select('attributes')
      .where('product_id', 'in', products.map((p) => p.id))
      .where('is_active', '=', 1)
      .execute();
    const expected = new Map<string, Set<string>>();
    for (const doc of [...products, ...variants].map((row) => JSON.parse(row.attributes) as Record<string, string>)) {
      for (const [name, value] of Object.entries(doc)) expected.set(name, (expected.get(name) ?? new Set()).add(value));
    }
    const { data } = await client.json<{ data: { name: string; values: string[] }[] }>(`/api/material/getFilterableAttributes?category=${tools}`, 'customer');
    expect(data.map((a) => a.name).sort()).toEqual([...expected.keys()].sort());
    for (const attribute of data) expect([...attribute.values].sort()).toEqual([...expected.get(attribute.name)!].sort());
    expect(data.find((a) => a.name === 'Farbe')?.values.length).toBeGreaterThan(1);
  });

  it('refuses a missing category and answers 404 for a malformed one and one the account cannot see, like an unknown one', async () => {
    for (const [query, status, messageKey] of [
      ['', 400, 'validation.required'],
      ['?category=x', 404, 'error.category_not_found'],
      ['?category=999999', 404, 'error.category_not_found'],
      [`?category=${slugs.get('angebote')}`, 404, 'error.category_not_found'],
    ] as const) {
      const response = await client.get(`/api/material/getFilterableAttributes${query}`, 'customer2');
      expect(response.statusCode, query).toBe(status);
      expect(response.json().messageKey).toBe(messageKey);
    }
  });
});

describe('prices for guests', () => {
  const productUrls = async () => {
    const product = await shop.db
      .selectFrom('products as p')
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select('p.id')
      .where('p.is_active', '=', 1)
      .where('c.is_deal', '=', 0)
      .where('c.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    return { detail: `/api/material/${product.id}`, list: '/api/material/listMaterialWithVariants?pageSize=100' };
  };

  it('never sends a guest a price while the shop hides prices from guests', async () => {
    const { detail, list } = await productUrls();
    const responses = await Promise.all([list, detail, '/api/material/getSimilarMaterials', '/api/material?isPreOrderMode=1'].map((url) => client.get(url, 'guest')));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/"price":\{|"rrp"|"preOrderPrice"/);
    }
    const product = responses[1]!.json();
    expect(product.price).toBeNull();
    expect(product.variants.length).toBeGreaterThan(0);
    expect(product.variants.every((v: { price: unknown }) => v.price === null)).toBe(true);
  });

  it('shows guests the list prices when the shop allows it', async () => {
    const row = await shop.db.selectFrom('site_settings').select('settings').executeTakeFirstOrThrow();
    await shop.db.updateTable('site_settings').set({ settings: JSON.stringify({ ...JSON.parse(row.settings), hidePricesForGuests: false }) }).execute();
    shop.services.settings.clearCache();
    try {
      const { detail } = await productUrls();
      const product = await client.json<Product>(detail, 'guest');
      expect(product.price).toMatchObject({ currency: 'EUR', value: expect.any(Number) });
      expect(product.variants.every((v) => v.price !== null)).toBe(true);
      expect(product.isGrossPrice).toBe(false);
    } finally {
      await shop.db.updateTable('site_settings').set({ settings: row.settings }).execute();
      shop.services.settings.clearCache();
    }
  });
});
