import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/catalog-types.ts';
import { startFakeSearchEngine, type FakeSearchEngine } from '../support/fake-search-engine.ts';
import { catalogClient, categoryIds, insertProduct, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The external search engine (ADR 0009) against a local server that speaks the few
// Meilisearch endpoints the shop calls: the index rebuilt on start, changes sent through the outbox,
// tenant tokens that keep a buyer inside their tenant and visible categories, the shop's companion
// endpoint for the found ids, and a shop without an engine.

const apiKey = 'engine-test-key';
const indexUid = 'test_b2b_material';
const documentFields = ['categoryId', 'hasPreStock', 'id', 'inStock', 'name', 'nameEn', 'sku', 'tenantId', 'variantSkus'];

let engine: FakeSearchEngine;
let shop: TestShop;
let client: CatalogClient;
let tenantId: number;
let slugs: Map<string, number>;

async function enableEngineSetting(target: TestShop, on: boolean) {
  const row = await target.db.selectFrom('site_settings').select(['tenant_id', 'settings']).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  await target.db
    .updateTable('site_settings')
    .set({ settings: JSON.stringify({ ...JSON.parse(row.settings), useSearchEngine: on }) })
    .where('tenant_id', '=', tenantId)
    .execute();
  target.services.settings.clearCache();
}

function addProduct(sku: string, name: string, options: { stock?: number; category?: string; tenant?: number; categoryId?: number } = {}) {
  return insertProduct(shop, {
    tenantId: options.tenant ?? tenantId,
    categoryId: options.categoryId ?? slugs.get(options.category ?? 'handwerkzeug')!,
    sku,
    name,
    stock: options.stock,
  });
}

const documentOf = (id: number) => engine.documents(indexUid).find((document) => document.id === id);
const outboxCount = async (target: TestShop) => Number((await target.db.selectFrom('search_engine_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function tokenOf(account: 'customer' | 'customer2') {
  return client.json<{ token: string; url: string; env: string; expiresAt: string }>('/api/search/token', account);
}

async function engineSearch(token: string, body: object) {
  const response = await fetch(`${engine.url}/indexes/${indexUid}/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { hits: { id: number; sku: string }[]; estimatedTotalHits: number } };
}

beforeAll(async () => {
  engine = await startFakeSearchEngine({ apiKey });
  shop = await startTestShop({ SEARCH_ENGINE_URL: engine.url, SEARCH_ENGINE_API_KEY: apiKey, SEARCH_ENV: 'test', SEARCH_ENGINE_SYNC_MS: '60000', CATALOG_ANSWER_CACHE_MS: '0' });
  client = catalogClient(shop);
  slugs = await categoryIds(shop);
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  // The first round is the rebuild begun on start.
  await shop.services.searchEngine.sync!.syncNow();
});

afterAll(async () => {
  await shop.close();
  await engine.close();
});

describe('the index', () => {
  it('is rebuilt on start with every active product and no price, and the build index is gone', async () => {
    const active = await shop.db.selectFrom('products').select('id').where('is_active', '=', 1).execute();
    const documents = engine.documents(indexUid);
    expect(documents.map((document) => document.id).sort((a, b) => Number(a) - Number(b))).toEqual(active.map((row) => row.id).sort((a, b) => a - b));
    for (const document of documents.slice(0, 50)) expect(Object.keys(document).sort()).toEqual(documentFields);
    expect(engine.indexUids()).toEqual([indexUid]);
    expect(shop.services.searchEngine.sync!.inStep).toBe(true);
  });

  it('follows changes through the outbox: new, renamed, stock crossing zero, variants, deactivated', async () => {
    const id = await addProduct('EN-100', 'Engine Kreuzschlitzdreher');
    expect(await outboxCount(shop)).toBe(1);
    await shop.services.searchEngine.sync!.syncNow();
    expect(await outboxCount(shop)).toBe(0);
    expect(documentOf(id)).toMatchObject({ sku: 'EN-100', name: 'Engine Kreuzschlitzdreher', tenantId, inStock: true, variantSkus: [] });

    await shop.db.updateTable('products').set({ name: 'Engine Schlitzdreher' }).where('id', '=', id).execute();
    await shop.db.insertInto('product_variants').values({ tenant_id: tenantId, product_id: id, variant_sku: 'EN-100-S', name: 'Engine Schlitzdreher S', attributes: '{}', price_cents: null }).execute();
    await shop.services.searchEngine.sync!.syncNow();
    expect(documentOf(id)).toMatchObject({ name: 'Engine Schlitzdreher', variantSkus: ['EN-100-S'] });

    // A stock change that stays above zero is not a change of the document.
    await shop.db.updateTable('products').set({ stock: 7 }).where('id', '=', id).execute();
    expect(await outboxCount(shop)).toBe(0);
    await shop.db.updateTable('products').set({ stock: 0 }).where('id', '=', id).execute();
    await shop.services.searchEngine.sync!.syncNow();
    expect(documentOf(id)).toMatchObject({ inStock: false });

    await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', id).execute();
    await shop.services.searchEngine.sync!.syncNow();
    expect(documentOf(id)).toBeUndefined();
  });

  it('gets what the ERP loads only once the product has its price: never a product without one', async () => {
    const secret = (await shop.services.apiClients.create({ tenantId, name: 'ERP', scopes: ['catalog:write', 'prices:write'] })).secret;
    const put = (resource: string, rows: unknown[]) =>
      shop.app.inject({ method: 'PUT', url: `/erp/v1/${resource}`, headers: { authorization: `Bearer ${secret}` }, payload: rows as object[] });
    const category = await shop.db.selectFrom('categories').select('external_id').where('id', '=', slugs.get('handwerkzeug')!).executeTakeFirstOrThrow();
    const categoryKey = category.external_id ?? 'ERP-ENGINE-CAT';
    if (!category.external_id) await shop.db.updateTable('categories').set({ external_id: categoryKey }).where('id', '=', slugs.get('handwerkzeug')!).execute();
    const loaded = await put('products', [{ sku: 'EN-ERP-1', names: { de: 'Importzange Nord' }, categoryExternalId: categoryKey, salesUnit: 'ST', batchSize: 1, taxCategory: 'standard' }]);
    expect(loaded.json().rows[0].result, loaded.body).toBe('created');
    const { id } = await shop.db.selectFrom('products').select('id').where('sku', '=', 'EN-ERP-1').executeTakeFirstOrThrow();
    await shop.services.searchEngine.sync!.syncNow();
    expect(documentOf(id)).toBeUndefined();
    const priced = await put('prices', [{ sku: 'EN-ERP-1', listPrice: { amount: 9.9, currency: 'EUR' } }]);
    // The price's arrival is what makes the product, as the price load answers it.
    expect(priced.json().rows[0].result, priced.body).toBe('created');
    await shop.services.searchEngine.sync!.syncNow();
    expect(documentOf(id)).toMatchObject({ sku: 'EN-ERP-1', name: 'Importzange Nord', tenantId });
    // The same load again writes nothing, so nothing is noted for the engine.
    expect((await put('products', [{ sku: 'EN-ERP-1', names: { de: 'Importzange Nord' }, categoryExternalId: categoryKey, salesUnit: 'ST', batchSize: 1, taxCategory: 'standard' }])).json().rows[0].result).toBe('unchanged');
    expect(await outboxCount(shop)).toBe(0);
  });

  it('moves a variant’s sku from one product’s document to the other’s', async () => {
    const from = await addProduct('EN-400', 'Wanderzange');
    const to = await addProduct('EN-401', 'Wanderzange Profi');
    await shop.db.insertInto('product_variants').values({ tenant_id: tenantId, product_id: from, variant_sku: 'EN-400-V', name: 'Wanderzange V', attributes: '{}', price_cents: null }).execute();
    await shop.services.searchEngine.sync!.syncNow();
    expect(documentOf(from)).toMatchObject({ variantSkus: ['EN-400-V'] });
    await shop.db.updateTable('product_variants').set({ product_id: to }).where('variant_sku', '=', 'EN-400-V').execute();
    await shop.services.searchEngine.sync!.syncNow();
    expect(documentOf(from)).toMatchObject({ variantSkus: [] });
    expect(documentOf(to)).toMatchObject({ variantSkus: ['EN-400-V'] });
  });

  it('keeps changes noted while the engine is unreachable, and a rebuild drops documents of products gone meanwhile', async () => {
    const down = await startTestShop({ SEARCH_ENGINE_URL: 'http://127.0.0.1:9', SEARCH_ENGINE_API_KEY: apiKey, SEARCH_ENV: 'test', SEARCH_ENGINE_SYNC_MS: '60000' });
    try {
      await down.services.searchEngine.sync!.syncNow();
      expect(down.services.searchEngine.sync!.inStep).toBe(false);
      const product = await down.db.selectFrom('products').select('id').where('is_active', '=', 1).limit(1).executeTakeFirstOrThrow();
      await down.db.updateTable('products').set({ name: 'Engine Unterwegs' }).where('id', '=', product.id).execute();
      await down.services.searchEngine.sync!.syncNow();
      expect(await outboxCount(down)).toBe(1);
    } finally {
      await down.close();
    }
    // A document of a product the database no longer has.
    await fetch(`${engine.url}/indexes/${indexUid}/documents?primaryKey=id`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ id: 999_999_999, tenantId, categoryId: 1, sku: 'GONE-1', variantSkus: [], name: 'Verschwunden', nameEn: null, inStock: true, hasPreStock: false }]),
    });
    expect(documentOf(999_999_999)).toBeDefined();
    await shop.services.searchEngine.sync!.rebuildNow();
    expect(documentOf(999_999_999)).toBeUndefined();
    expect(engine.indexUids()).toEqual([indexUid]);
  });
});

describe('GET /api/search/token', () => {
  it('answers { error } while the site setting useSearchEngine is off, and needs a session', async () => {
    await enableEngineSetting(shop, false);
    expect(await client.json('/api/search/token', 'customer')).toEqual({ error: 'search.engine.off' });
    expect((await client.get('/api/search/token', null)).statusCode).toBe(401);
    await enableEngineSetting(shop, true);
  });

  it('gives an expiring tenant token for the product index with the tenant and hidden categories in its filter', async () => {
    const answer = await tokenOf('customer2');
    expect(answer).toMatchObject({ url: engine.url, env: 'test' });
    const minutes = (Date.parse(answer.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const payload = JSON.parse(Buffer.from(answer.token.split('.')[1]!, 'base64url').toString()) as { apiKeyUid: string; exp: number; searchRules: Record<string, { filter: string }> };
    expect(payload.apiKeyUid).toBe(engine.apiKeyUid);
    expect(payload.exp).toBe(Math.floor(Date.parse(answer.expiresAt) / 1000));
    expect(Object.keys(payload.searchRules)).toEqual([indexUid]);
    expect(payload.searchRules[indexUid]!.filter).toMatch(new RegExp(`^tenantId = ${tenantId} AND categoryId NOT IN \\[[\\d, ]+\\]$`));
    expect(payload.searchRules[indexUid]!.filter).toContain(String(slugs.get('angebote')));
    // An account with deals sees the deal categories (inactive ones stay hidden for everybody).
    const dealToken = await tokenOf('customer');
    const dealFilter = (JSON.parse(Buffer.from(dealToken.token.split('.')[1]!, 'base64url').toString()) as typeof payload).searchRules[indexUid]!.filter;
    expect(dealFilter).toMatch(new RegExp(`^tenantId = ${tenantId}\\b`));
    expect(dealFilter).not.toMatch(new RegExp(`\\b${slugs.get('angebote')}\\b`));
  });

  it('lets the engine find only the tenant’s products in visible categories', async () => {
    const other = await shop.db.insertInto('tenants').values({ slug: 'other-engine', name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
    const otherCategory = await shop.db.insertInto('categories').values({ tenant_id: other.id, parent_id: null, slug: 'fremd', name: 'Fremd', name_en: null }).returning('id').executeTakeFirstOrThrow();
    await addProduct('EN-900', 'Engine Fremdware', { tenant: other.id, categoryId: otherCategory.id });
    await addProduct('EN-901', 'Engine Sonderposten', { category: 'angebote' });
    await addProduct('EN-902', 'Engine Hausware');
    await shop.services.searchEngine.sync!.syncNow();

    const withoutDeals = await engineSearch((await tokenOf('customer2')).token, { q: 'engine', limit: 20, matchingStrategy: 'all' });
    expect(withoutDeals.status).toBe(200);
    expect(withoutDeals.body.hits.map((hit) => hit.sku)).toEqual(['EN-902']);
    const withDeals = await engineSearch((await tokenOf('customer')).token, { q: 'engine', limit: 20, matchingStrategy: 'all' });
    expect(withDeals.body.hits.map((hit) => hit.sku).sort()).toEqual(['EN-901', 'EN-902']);
    // A token is for searching: it cannot write.
    const write = await fetch(`${engine.url}/indexes/${indexUid}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await tokenOf('customer')).token}`, 'content-type': 'application/json' },
      body: '[]',
    });
    expect(write.status).toBe(403);
  });

  it('lets the browser narrow to products in stock and with pre-order stock, as the panel’s toggles do', async () => {
    const empty = await addProduct('EN-300', 'Engine Leerlauf', { stock: 0 });
    await shop.services.searchEngine.sync!.syncNow();
    const token = (await tokenOf('customer')).token;
    expect((await engineSearch(token, { q: 'leerlauf' })).body.hits.map((hit) => hit.id)).toEqual([empty]);
    expect((await engineSearch(token, { q: 'leerlauf', filter: ['inStock = true'] })).body.hits).toEqual([]);
    expect((await engineSearch(token, { q: 'leerlauf', filter: ['hasPreStock = true'] })).body.hits).toEqual([]);
  });

  it('lets pages connect to the engine’s origin, and nowhere else', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.headers['content-security-policy']).toContain(`connect-src 'self' ${new URL(engine.url).origin};`);
  });

  it('answers { error } when the engine cannot be reached, and when none is configured', async () => {
    const down = await startTestShop({ SEARCH_ENGINE_URL: 'http://127.0.0.1:9', SEARCH_ENGINE_API_KEY: apiKey, SEARCH_ENGINE_SYNC_MS: '60000' });
    const plain = await startTestShop();
    try {
      await enableEngineSetting(down, true);
      await enableEngineSetting(plain, true);
      const downClient = catalogClient(down);
      expect(await downClient.json('/api/search/token', 'customer')).toEqual({ error: 'search.engine.unavailable' });
      expect(await catalogClient(plain).json('/api/search/token', 'customer')).toEqual({ error: 'search.engine.not.configured' });
      expect((await plain.app.inject({ method: 'GET', url: '/readyz' })).headers['content-security-policy']).toContain("connect-src 'self';");
      // A shop without an engine notes no changes for one.
      expect(await plain.db.selectFrom('search_engine_sync').selectAll().execute()).toEqual([]);
      await plain.db.updateTable('products').set({ name: 'Ohne Suchmaschine' }).where('sku', '=', 'EN-902').execute();
      expect(await outboxCount(plain)).toBe(0);
    } finally {
      await down.close();
      await plain.close();
    }
  });
});

describe('GET /api/material/searchHits', () => {
  const hits = (query: string, account: 'customer' | 'customer2' = 'customer') => client.json<{ data: Product[]; meta: { categories: { name: string }[] } }>(`/api/material/searchHits?${query}`, account);

  it('gives the found products as the buyer sees them, in the engine’s order, without what they may not see', async () => {
    const [a, b, c] = await Promise.all(['EN-902', 'EN-901', 'EN-900'].map(async (sku) => (await shop.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id));
    const answer = await hits(`searchKey=engine&ids=${b},${c},${a}`);
    expect(answer.data.map((product) => product.sku)).toEqual(['EN-901', 'EN-902']);
    expect(answer.data[0]!.price).toMatchObject({ value: expect.any(Number) });
    expect((await hits(`searchKey=engine&ids=${b},${c},${a}`, 'customer2')).data.map((product) => product.sku)).toEqual(['EN-902']);
  });

  it('lets an exact variant sku stand for that variant, and lists the categories whose names match', async () => {
    const id = await addProduct('EN-200', 'Engine Handschuh');
    await shop.db.insertInto('product_variants').values({ tenant_id: tenantId, product_id: id, variant_sku: 'EN-200-XL', name: 'Engine Handschuh XL', attributes: '{}', price_cents: 1500 }).execute();
    const answer = await hits(`searchKey=en-200-xl&ids=${id}`);
    expect(answer.data[0]).toMatchObject({ sku: 'EN-200', variantSku: 'EN-200-XL', name: 'Engine Handschuh XL' });
    // With no hits the categories still come (the engine found nothing, the category names may match).
    const categories = await hits('searchKey=handwerk&ids=');
    expect(categories.data).toEqual([]);
    expect(categories.meta.categories.map((category) => category.name)).toContain('Handwerkzeug');
  });

  it('refuses bad input with a message key', async () => {
    const cases: [string, number, string][] = [
      ['searchKey=engine', 400, 'validation.required'],
      ['searchKey=engine&ids=1,x', 400, 'validation.invalid'],
      ['searchKey=engine&ids=0', 400, 'validation.invalid'],
      [`searchKey=engine&ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 400, 'validation.too_many_items'],
      ['searchKey=en&ids=1', 400, 'search.term.too.short'],
      ['ids=1', 400, 'search.key.required'],
    ];
    for (const [query, status, messageKey] of cases) {
      const response = await client.get(`/api/material/searchHits?${query}`, 'customer');
      expect(response.statusCode, query).toBe(status);
      expect(response.json<{ messageKey: string }>().messageKey, query).toBe(messageKey);
    }
    expect((await client.get('/api/material/searchHits?searchKey=engine&ids=1', null)).statusCode).toBe(401);
  });
});
