import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Season } from '../../core/catalog-types.ts';
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

const id = (slug: string) => slugs.get(slug) ?? Number.NaN;

interface ShippingMethod {
  name: string;
  isActive: boolean;
  isDefault: boolean;
  countries: { code: string; price: { currency: string; value: number }; limit: unknown }[];
}

describe('every catalogue endpoint', () => {
  it.each([
    '/api/materialCategory',
    '/api/material',
    '/api/material/listMaterialWithVariants',
    '/api/material/1',
    '/api/material/getSimilarMaterials',
    '/api/material/mainMaterialImage?sku=MAT-000001',
    '/api/material/getFilterableAttributes?category=1',
    '/api/season',
    '/api/shippingType',
    '/api/shippingType/countries',
  ])('needs a session: %s', async (url) => {
    const response = await client.get(url, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().messageKey).toBe('error.unauthorized');
  });
});

describe('GET /api/materialCategory', () => {
  it('lists main, deal and sub categories for an account with deals', async () => {
    const { data } = await client.json<{ data: Category[] }>('/api/materialCategory', 'customer');
    const mains = data.filter((c) => c.parent === null && !c.isDeal);
    expect(mains.map((c) => c.name)).toEqual(['Werkzeug', 'Befestigungstechnik', 'Elektro', 'Sanitär', 'Farben & Lacke', 'Arbeitsschutz', 'Gartenbedarf', 'Baustoffe']);
    expect(data.filter((c) => c.parent === null && c.isDeal).map((c) => c.name)).toEqual(['Angebote']);
    const tools = data.find((c) => c.name === 'Werkzeug');
    expect(data.filter((c) => c.parent === tools?._id).map((c) => c.name)).toEqual([
      'Handwerkzeug',
      'Elektrowerkzeug',
      'Messwerkzeug',
      'Werkzeugaufbewahrung',
      'Sägen & Zubehör',
    ]);
    const ids = new Set(data.map((c) => c._id));
    for (const category of data) {
      expect(category.isActive).toBe(true);
      if (category.parent !== null) expect(ids.has(category.parent)).toBe(true);
      expect(category.verboseName).toMatch(new RegExp(`^[a-z0-9-]+-${category._id}$`));
    }
    expect(data.find((c) => c._id === id('saegen-zubehoer'))?.verboseName).toBe(`saegen-zubehoer-${id('saegen-zubehoer')}`);
  });

  it('never shows inactive categories', async () => {
    const { data } = await client.json<{ data: Category[] }>('/api/materialCategory', 'customer');
    expect(data.some((c) => c._id === id('auslaufartikel'))).toBe(false);
  });

  it.each(['customer2', 'guest', 'sales'] as const)('never shows deal categories to %s, whose account has no deals', async (account) => {
    const { data } = await client.json<{ data: Category[] }>('/api/materialCategory', account);
    expect(data.some((c) => c.isDeal)).toBe(false);
    expect(data.filter((c) => c.parent === null)).toHaveLength(8);
  });

  it('answers in English with the English names', async () => {
    const { data } = await client.json<{ data: Category[] }>('/api/materialCategory', 'customer', { 'accept-language': 'en' });
    expect(data.find((c) => c._id === id('werkzeug'))).toMatchObject({ name: 'Tools', verboseName: `tools-${id('werkzeug')}` });
    expect(data.find((c) => c._id === id('angebote'))?.name).toBe('Special offers');
  });

  it('hides a subcategory whose parent was deactivated', async () => {
    await shop.db.updateTable('categories').set({ is_active: 0 }).where('id', '=', id('baustoffe')).execute();
    shop.services.catalog.clearCache();
    try {
      const { data } = await client.json<{ data: Category[] }>('/api/materialCategory', 'customer');
      expect(data.some((c) => c._id === id('baustoffe') || c.parent === id('baustoffe'))).toBe(false);
    } finally {
      await shop.db.updateTable('categories').set({ is_active: 1 }).where('id', '=', id('baustoffe')).execute();
      shop.services.catalog.clearCache();
    }
  });
});

describe('GET /api/season', () => {
  it('lists the seasons in season order', async () => {
    const { data } = await client.json<{ data: Season[] }>('/api/season', 'guest');
    expect(data).toEqual([
      { _id: expect.any(Number), name: 'Frühjahr 2027', date: '2027-03-01' },
      { _id: expect.any(Number), name: 'Sommer 2027', date: '2027-06-01' },
      { _id: expect.any(Number), name: 'Herbst 2027', date: '2027-09-01' },
    ]);
  });
});

describe('GET /api/shippingType', () => {
  it('lists the active shipping methods with their countries, prices and limits', async () => {
    const { data } = await client.json<{ data: ShippingMethod[] }>('/api/shippingType', 'customer');
    expect(data.map((m) => m.name)).toEqual(['Standardversand', 'Expressversand', 'Speditionsversand', 'Selbstabholung Hamburg']);
    expect(data[0]).toMatchObject({
      isActive: true,
      isDefault: true,
      countries: expect.arrayContaining([{ code: 'DE', price: { currency: 'EUR', value: 6.95 }, limit: { type: 'fixed', value: 0, cartAmount: 250 } }]),
    });
  });

  it('leaves out inactive methods and the countries only they serve', async () => {
    const before = await client.json<{ data: string[] }>('/api/shippingType/countries', 'customer');
    expect(before.data).toEqual(['AT', 'CH', 'DE']);
    await shop.db.updateTable('shipping_methods').set({ is_active: 0 }).where('name', 'in', ['Standardversand', 'Expressversand']).execute();
    shop.services.settings.clearCache();
    try {
      const methods = await client.json<{ data: ShippingMethod[] }>('/api/shippingType', 'customer');
      expect(methods.data.map((m) => m.name)).toEqual(['Speditionsversand', 'Selbstabholung Hamburg']);
      expect((await client.json<{ data: string[] }>('/api/shippingType/countries', 'customer')).data).toEqual(['AT', 'DE']);
    } finally {
      await shop.db.updateTable('shipping_methods').set({ is_active: 1 }).execute();
      shop.services.settings.clearCache();
    }
  });
});
