import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListMeta, Product } from '../../core/catalog-types.ts';
import { catalogClient, categoryIds, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Attribute filters and pre-order mode read data the database derives with triggers (migration 0007).
// Whoever writes products (the seed, an ERP import, an admin tool) must find the listing in step,
// on both engines, without knowing about it.

type Listing = { data: Product[]; meta: ListMeta };

let shop: TestShop;
let client: CatalogClient;
let slugs: Map<string, number>;
beforeAll(async () => {
  shop = await startTestShop();
  client = catalogClient(shop);
  slugs = await categoryIds(shop);
});
afterAll(() => shop.close());
// Counts and filter options are cached for seconds; these tests change the data in between.
beforeEach(() => shop.services.catalog.clearCache());

const brandList = (brand: string, extra = '') => client.json<Listing>(`/api/material?attr[Marke]=${encodeURIComponent(brand)}&pageSize=100${extra}`, 'customer');

async function someProduct(categorySlug: string) {
  return shop.db
    .selectFrom('products')
    .select(['id', 'name', 'attributes'])
    .where('category_id', '=', slugs.get(categorySlug)!)
    .where('is_active', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('the listing follows product changes', () => {
  it('when attributes change', async () => {
    const product = await someProduct('handwerkzeug');
    const oldBrand = JSON.parse(product.attributes).Marke as string;
    const before = (await brandList(oldBrand)).meta.total;
    await shop.db.updateTable('products').set({ attributes: JSON.stringify({ ...JSON.parse(product.attributes), Marke: 'Neumarke' }) }).where('id', '=', product.id).execute();
    shop.services.catalog.clearCache();
    expect((await brandList('Neumarke')).data.map((p) => p._id)).toEqual([product.id]);
    expect((await brandList(oldBrand)).meta.total).toBe(before - 1);
  });

  it('when a product is renamed, deactivated or moved', async () => {
    const product = await someProduct('messwerkzeug');
    const brand = JSON.parse(product.attributes).Marke as string;
    await shop.db.updateTable('products').set({ name: `${brand} AAA Erster Artikel` }).where('id', '=', product.id).execute();
    expect((await brandList(brand)).data[0]?._id).toBe(product.id);

    await shop.db.updateTable('products').set({ category_id: slugs.get('handwerkzeug')! }).where('id', '=', product.id).execute();
    const moved = await client.json<Listing>(`/api/material?category=${slugs.get('handwerkzeug')}&attr[Marke]=${encodeURIComponent(brand)}&pageSize=100`, 'customer');
    expect(moved.data.some((p) => p._id === product.id)).toBe(true);
    const left = await client.json<Listing>(`/api/material?category=${slugs.get('messwerkzeug')}&attr[Marke]=${encodeURIComponent(brand)}&pageSize=100`, 'customer');
    expect(left.data.some((p) => p._id === product.id)).toBe(false);

    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', product.id).execute();
    shop.services.catalog.clearCache();
    expect((await brandList(brand)).data.some((p) => p._id === product.id)).toBe(false);
  });

  it('when variants are added, deactivated and deleted', async () => {
    const product = await someProduct('elektrowerkzeug');
    const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const colourFilter = () => client.json<Listing>(`/api/material?category=${slugs.get('werkzeug')}&attr[Farbe]=Türkis`, 'customer');
    const options = async () =>
      (await client.json<{ data: { name: string; values: string[] }[] }>(`/api/material/getFilterableAttributes?category=${slugs.get('elektrowerkzeug')}`, 'customer')).data;

    const variant = await shop.db
      .insertInto('product_variants')
      .values({ tenant_id: tenant.id, product_id: product.id, variant_sku: 'TEST-TUERKIS', name: 'Türkis', attributes: JSON.stringify({ Farbe: 'Türkis' }), price_cents: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await colourFilter()).data.map((p) => p._id)).toEqual([product.id]);
    expect((await options()).find((o) => o.name === 'Farbe')?.values).toContain('Türkis');

    await shop.db.updateTable('product_variants').set({ is_active: 0 }).where('id', '=', variant.id).execute();
    shop.services.catalog.clearCache();
    expect((await colourFilter()).meta.total).toBe(0);

    await shop.db.updateTable('product_variants').set({ is_active: 1 }).where('id', '=', variant.id).execute();
    shop.services.catalog.clearCache();
    expect((await colourFilter()).meta.total).toBe(1);
    await shop.db.deleteFrom('product_variants').where('id', '=', variant.id).execute();
    shop.services.catalog.clearCache();
    expect((await colourFilter()).meta.total).toBe(0);
    expect((await options()).find((o) => o.name === 'Farbe')?.values ?? []).not.toContain('Türkis');
  });

  it('when pre-stocks come and go', async () => {
    const product = await shop.db
      .selectFrom('products')
      .select(['id', 'tenant_id'])
      .where('is_active', '=', 1)
      .where('category_id', '=', slugs.get('schrauben')!)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('product_pre_stocks').select('product_id').whereRef('product_id', '=', 'products.id'))))
      .executeTakeFirstOrThrow();
    const preOrderIds = async () =>
      (await client.json<Listing>(`/api/material?category=${slugs.get('schrauben')}&isPreOrderMode=1&pageSize=100`, 'customer')).data.map((p) => p._id);
    expect(await preOrderIds()).not.toContain(product.id);

    const seasons = await shop.db.selectFrom('seasons').select('id').orderBy('sort_order').execute();
    await shop.db.insertInto('product_pre_stocks').values(seasons.map((s) => ({ tenant_id: product.tenant_id, product_id: product.id, season_id: s.id, quantity: 50 }))).execute();
    shop.services.catalog.clearCache();
    expect(await preOrderIds()).toContain(product.id);

    await shop.db.deleteFrom('product_pre_stocks').where('product_id', '=', product.id).where('season_id', '=', seasons[0]!.id).execute();
    shop.services.catalog.clearCache();
    expect(await preOrderIds()).toContain(product.id);
    await shop.db.deleteFrom('product_pre_stocks').where('product_id', '=', product.id).execute();
    shop.services.catalog.clearCache();
    expect(await preOrderIds()).not.toContain(product.id);
  });

  it('when a product is deleted', async () => {
    const product = await someProduct('saegen-zubehoer');
    const brand = JSON.parse(product.attributes).Marke as string;
    const before = (await brandList(brand)).meta.total;
    await shop.db.deleteFrom('products').where('id', '=', product.id).execute();
    shop.services.catalog.clearCache();
    expect((await brandList(brand)).meta.total).toBe(before - 1);
    const facets = await shop.db.selectFrom('product_facets').select('product_id').where('product_id', '=', product.id).execute();
    expect(facets).toEqual([]);
  });
});

describe('CATALOG_ANSWER_CACHE_MS', () => {
  it('reuses an answer for two seconds by default, and not at all when set to 0', async () => {
    const uncachedShop = await startTestShop({ CATALOG_ANSWER_CACHE_MS: '0' });
    try {
      const product = await someProduct('handwerkzeug');
      const stockOf = async (target: TestShop) =>
        (await catalogClient(target).json<Product>(`/api/material/${product.id}`, 'customer')).stock.value;
      const [cachedBefore, uncachedBefore] = [await stockOf(shop), await stockOf(uncachedShop)];
      // Both shops are copies of the same seeded database.
      expect(cachedBefore).toBe(uncachedBefore);
      await shop.db.updateTable('products').set({ stock: cachedBefore + 7 }).where('id', '=', product.id).execute();
      await uncachedShop.db.updateTable('products').set({ stock: cachedBefore + 7 }).where('id', '=', product.id).execute();
      expect(await stockOf(shop)).toBe(cachedBefore);
      expect(await stockOf(uncachedShop)).toBe(cachedBefore + 7);
    } finally {
      await uncachedShop.close();
    }
  });
});
