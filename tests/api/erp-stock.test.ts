import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/catalog-types.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { demoTenantId, erpKey, erpLoad, erpPut, insertOtherTenant, insertProduct, outcomes, visibleCategoryId } from './erp-load-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// PUT /erp/v1/stock and PUT /erp/v1/seasons: the ERP loads stock, pre-stock per season and the pre-order
// seasons; the storefront shows them at once (product, listing filters, configuration) and the search
// engine hears of a product whose stock crosses zero.

let shop: TestShop;
let tenantId: number;
let categoryId: number;
let stockKey: string;
let seasonKey: string;
let customer: ApiClient;

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  categoryId = await visibleCategoryId(shop, tenantId);
  stockKey = await erpKey(shop, tenantId, ['stock:write']);
  seasonKey = await erpKey(shop, tenantId, ['catalog:write']);
  customer = await clientFor(shop, 'customer');
  await erpLoad(shop, seasonKey, '/seasons', [
    { externalId: 'ERP-S-SPRING', name: 'Frühjahr 2028', date: '2028-03-01' },
    { externalId: 'ERP-S-SUMMER', name: 'Sommer 2028', date: '2028-06-01' },
    { externalId: 'ERP-S-AUTUMN', name: 'Herbst 2028', date: '2028-09-01' },
  ]);
});
afterAll(() => shop.close());

async function seasonId(externalId: string): Promise<number> {
  return (await shop.db.selectFrom('seasons').select('id').where('tenant_id', '=', tenantId).where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
}

function storedProduct(sku: string) {
  return shop.db.selectFrom('products').select(['id', 'stock', 'has_pre_stock', 'updated_at']).where('tenant_id', '=', tenantId).where('sku', '=', sku).executeTakeFirstOrThrow();
}

async function variantStock(variantSku: string): Promise<number> {
  return (await shop.db.selectFrom('product_variants').select('stock').where('variant_sku', '=', variantSku).executeTakeFirstOrThrow()).stock;
}

async function preStocks(productId: number) {
  const rows = await shop.db
    .selectFrom('product_pre_stocks as ps')
    .innerJoin('seasons as s', 's.id', 'ps.season_id')
    .select(['s.external_id', 'ps.quantity'])
    .where('ps.product_id', '=', productId)
    .orderBy('s.sort_order')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.external_id, row.quantity]));
}

async function listedIds(query: string): Promise<number[]> {
  const answer = await customer.get(`/api/material?category=${categoryId}&pageSize=100&${query}`);
  expect(answer.statusCode).toBe(200);
  return (answer.body as { data: Product[] }).data.map((product) => product._id);
}

describe('stock rows', () => {
  it('answer created, updated, unchanged and failed row by row, naming the field; failed rows write nothing', async () => {
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-A', priceCents: 100, stock: 5 });
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-B', priceCents: 100, stock: 7 });
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-C', priceCents: 100, stock: 9 });
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-V', priceCents: 100, variants: [{ variantSku: 'ERP-S-V-1', stock: 1 }, { variantSku: 'ERP-S-V-2', stock: 2 }] });
    const unchangedBefore = await storedProduct('ERP-S-B');
    const failedBefore = await storedProduct('ERP-S-C');

    const answer = await erpLoad(shop, stockKey, '/stock', [
      { sku: 'ERP-S-A', quantity: 50 },
      { sku: 'ERP-S-B', quantity: 7 },
      { variantSku: 'ERP-S-V-1', quantity: 11 },
      { variantSku: 'ERP-S-V-2', quantity: 2 },
      { sku: 'ERP-NOWHERE', quantity: 1 },
      { variantSku: 'ERP-NOWHERE-1', quantity: 1 },
      { sku: 'ERP-S-C', quantity: 3, preStocks: [{ seasonExternalId: 'ERP-S-SPRING', quantity: 4 }, { seasonExternalId: 'NO-SUCH-SEASON', quantity: 1 }] },
      { sku: 'ERP-S-A', quantity: 60 },
      { sku: 'ERP-S-D', quantity: -1 },
      { sku: 'ERP-S-E', quantity: 1.5 },
      { sku: 'ERP-S-F' },
      { variantSku: 'ERP-S-V-1x', quantity: 1, preStocks: [] },
      { sku: 'ERP-S-G', variantSku: 'ERP-S-V-1', quantity: 1 },
    ]);
    expect(outcomes(answer)).toEqual([
      { line: 1, key: 'ERP-S-A', result: 'updated' },
      { line: 2, key: 'ERP-S-B', result: 'unchanged' },
      { line: 3, key: 'ERP-S-V-1', result: 'updated' },
      { line: 4, key: 'ERP-S-V-2', result: 'unchanged' },
      { line: 5, key: 'ERP-NOWHERE', result: 'failed', errors: { sku: 'erp.reference.unknown' } },
      { line: 6, key: 'ERP-NOWHERE-1', result: 'failed', errors: { variantSku: 'erp.reference.unknown' } },
      { line: 7, key: 'ERP-S-C', result: 'failed', errors: { 'preStocks.1.seasonExternalId': 'erp.reference.unknown' } },
      { line: 8, key: 'ERP-S-A', result: 'failed', errors: { sku: 'erp.key.duplicate' } },
      { line: 9, key: 'ERP-S-D', result: 'failed', errors: { quantity: 'validation.negative' } },
      { line: 10, key: 'ERP-S-E', result: 'failed', errors: { quantity: 'validation.whole_number' } },
      { line: 11, key: 'ERP-S-F', result: 'failed', errors: { quantity: 'validation.required' } },
      { line: 12, key: 'ERP-S-V-1x', result: 'failed', errors: { variantSku: 'erp.reference.unknown' } },
      { line: 13, key: 'ERP-S-G', result: 'failed', errors: { sku: 'erp.key.sku_or_variant' } },
    ]);
    expect(answer.counts).toEqual({ created: 0, updated: 2, unchanged: 2, failed: 9 });
    expect((await storedProduct('ERP-S-A')).stock).toBe(50);
    expect(await variantStock('ERP-S-V-1')).toBe(11);
    expect(await storedProduct('ERP-S-B')).toEqual(unchangedBefore);
    expect(await storedProduct('ERP-S-C')).toEqual(failedBefore);
    expect(await preStocks(failedBefore.id)).toEqual({});

    const variantPreStock = await erpLoad(shop, stockKey, '/stock', [{ variantSku: 'ERP-S-V-1', quantity: 11, preStocks: [] }]);
    expect(outcomes(variantPreStock)).toEqual([{ line: 1, key: 'ERP-S-V-1', result: 'failed', errors: { preStocks: 'erp.stock.product_only' } }]);
  });

  it('show in the storefront: the product’s and the variant’s stock, and the “only available stock” listing', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-SHOP', priceCents: 100, stock: 0, variants: [{ variantSku: 'ERP-S-SHOP-1' }] });
    expect(await listedIds('stockAvail=1')).not.toContain(productId);
    await erpLoad(shop, stockKey, '/stock', [
      { sku: 'ERP-S-SHOP', quantity: 25 },
      { variantSku: 'ERP-S-SHOP-1', quantity: 4 },
    ]);
    const detail = (await customer.get(`/api/material/${productId}`)).body as Product & { variants: { variantSku: string; stock: { value: number } }[] };
    expect(detail.stock).toEqual({ value: 25 });
    expect(detail.variants.find((variant) => variant.variantSku === 'ERP-S-SHOP-1')?.stock).toEqual({ value: 4 });
    expect(await listedIds('stockAvail=1')).toContain(productId);

    await erpLoad(shop, stockKey, '/stock', [{ sku: 'ERP-S-SHOP', quantity: 0 }]);
    expect(await listedIds('stockAvail=1')).not.toContain(productId);
  });

  it('tell the search engine of a product whose stock crosses zero, and of nothing else', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-ENGINE', priceCents: 100, stock: 0 });
    const notes = async () => (await shop.db.selectFrom('search_engine_outbox').select('product_id').where('product_id', '=', productId).execute()).length;
    // The outbox collects while an engine index is kept (ADR 0009).
    await shop.db.insertInto('search_engine_sync').values({ index_uid: 'erp-stock-test' }).execute();
    try {
      await erpLoad(shop, stockKey, '/stock', [{ sku: 'ERP-S-ENGINE', quantity: 0 }]);
      expect(await notes()).toBe(0);
      await erpLoad(shop, stockKey, '/stock', [{ sku: 'ERP-S-ENGINE', quantity: 8 }]);
      expect(await notes()).toBe(1);
      await erpLoad(shop, stockKey, '/stock', [{ sku: 'ERP-S-ENGINE', quantity: 3 }]);
      await erpLoad(shop, stockKey, '/stock', [{ sku: 'ERP-S-ENGINE', quantity: 3 }]);
      expect(await notes()).toBe(1);
    } finally {
      await shop.db.deleteFrom('search_engine_sync').execute();
      await shop.db.deleteFrom('search_engine_outbox').execute();
    }
  });
});

describe('pre-stock per season', () => {
  it('replaces the seasons given, keeps the others, null removes one; the pre-order listing follows', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-PRE', priceCents: 100, stock: 1 });
    expect(await listedIds('isPreOrderMode=1')).not.toContain(productId);

    const first = await erpLoad(shop, stockKey, '/stock', [
      { sku: 'ERP-S-PRE', quantity: 1, preStocks: [{ seasonExternalId: 'ERP-S-SPRING', quantity: 40 }, { seasonExternalId: 'ERP-S-SUMMER', quantity: 0 }] },
    ]);
    expect(outcomes(first)[0]!.result).toBe('updated');
    expect(await preStocks(productId)).toEqual({ 'ERP-S-SPRING': 40, 'ERP-S-SUMMER': 0 });
    expect((await storedProduct('ERP-S-PRE')).has_pre_stock).toBe(1);
    expect(await listedIds('isPreOrderMode=1')).toContain(productId);
    const detail = (await customer.get(`/api/material/${productId}`)).body as Product;
    expect(detail.preStocks).toEqual([
      { seasonId: await seasonId('ERP-S-SPRING'), quantity: 40 },
      { seasonId: await seasonId('ERP-S-SUMMER'), quantity: 0 },
    ]);

    const same = await erpLoad(shop, stockKey, '/stock', [{ sku: 'ERP-S-PRE', quantity: 1, preStocks: [{ seasonExternalId: 'ERP-S-SUMMER', quantity: 0 }] }]);
    expect(outcomes(same)[0]!.result).toBe('unchanged');

    await erpLoad(shop, stockKey, '/stock', [
      { sku: 'ERP-S-PRE', quantity: 1, preStocks: [{ seasonExternalId: 'ERP-S-SPRING', quantity: null }, { seasonExternalId: 'ERP-S-AUTUMN', quantity: 12 }] },
    ]);
    expect(await preStocks(productId)).toEqual({ 'ERP-S-SUMMER': 0, 'ERP-S-AUTUMN': 12 });

    const doubled = await erpLoad(shop, stockKey, '/stock', [
      { sku: 'ERP-S-PRE', quantity: 1, preStocks: [{ seasonExternalId: 'ERP-S-AUTUMN', quantity: 1 }, { seasonExternalId: 'ERP-S-AUTUMN', quantity: 2 }] },
    ]);
    expect(outcomes(doubled)[0]!.errors).toEqual({ 'preStocks.1.seasonExternalId': 'erp.key.duplicate' });

    await erpLoad(shop, stockKey, '/stock', [
      { sku: 'ERP-S-PRE', quantity: 1, preStocks: [{ seasonExternalId: 'ERP-S-SUMMER', quantity: null }, { seasonExternalId: 'ERP-S-AUTUMN', quantity: null }] },
    ]);
    expect(await preStocks(productId)).toEqual({});
    expect((await storedProduct('ERP-S-PRE')).has_pre_stock).toBe(0);
    expect(await listedIds('isPreOrderMode=1')).not.toContain(productId);
  });
});

describe('seasons', () => {
  it('are created last in order, updated and unchanged row by row, and the configuration shows them at once', async () => {
    const before = (await customer.get('/api/season')).body as { data: { _id: number; name: string; date: string }[] };
    const answer = await erpLoad(shop, seasonKey, '/seasons', [
      { externalId: 'ERP-S-WINTER', name: 'Winter 2028', date: '2028-12-01' },
      { externalId: 'ERP-S-SPRING', name: 'Frühling 2028', date: '2028-03-01' },
      { externalId: 'ERP-S-SUMMER', name: 'Sommer 2028', date: '2028-06-01' },
      { externalId: 'ERP-S-BAD', name: 'Nie', date: '2028-02-30' },
      { externalId: 'ERP-S-WINTER', name: 'Winter', date: '2028-12-02' },
      { externalId: 'ERP-S-NONAME', date: '2028-01-01', position: -1 },
    ]);
    expect(outcomes(answer)).toEqual([
      { line: 1, key: 'ERP-S-WINTER', result: 'created' },
      { line: 2, key: 'ERP-S-SPRING', result: 'updated' },
      { line: 3, key: 'ERP-S-SUMMER', result: 'unchanged' },
      { line: 4, key: 'ERP-S-BAD', result: 'failed', errors: { date: 'validation.date' } },
      { line: 5, key: 'ERP-S-WINTER', result: 'failed', errors: { externalId: 'erp.key.duplicate' } },
      { line: 6, key: 'ERP-S-NONAME', result: 'failed', errors: { name: 'validation.required', position: 'validation.negative' } },
    ]);

    const after = (await customer.get('/api/season')).body as { data: { _id: number; name: string; date: string }[] };
    expect(after.data.slice(0, before.data.length).map((season) => season._id)).toEqual(before.data.map((season) => season._id));
    expect(after.data.slice(-4).map((season) => [season.name, season.date])).toEqual([
      ['Frühling 2028', '2028-03-01'],
      ['Sommer 2028', '2028-06-01'],
      ['Herbst 2028', '2028-09-01'],
      ['Winter 2028', '2028-12-01'],
    ]);
    const configuration = (await customer.get('/api/configuration')).body as { seasons: { name: string }[] };
    expect(configuration.seasons.at(-1)?.name).toBe('Winter 2028');
  });

  it('take a position: a season moves among the others', async () => {
    const stored = await shop.db.selectFrom('seasons').select(['external_id', 'sort_order']).where('tenant_id', '=', tenantId).where('external_id', 'is not', null).execute();
    const spring = stored.find((season) => season.external_id === 'ERP-S-SPRING')!;
    await erpLoad(shop, seasonKey, '/seasons', [{ externalId: 'ERP-S-WINTER', name: 'Winter 2028', date: '2028-12-01', position: spring.sort_order }]);
    const names = ((await customer.get('/api/season')).body as { data: { name: string }[] }).data.map((season) => season.name);
    expect(names.indexOf('Winter 2028')).toBeLessThan(names.indexOf('Sommer 2028'));
  });
});

describe('the request', () => {
  it('is refused whole when it is no list of rows; nothing is written', async () => {
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-S-BODY', priceCents: 100, stock: 1 });
    const row = { sku: 'ERP-S-BODY', quantity: 2 };
    const answers = [
      await erpPut(shop, stockKey, '/stock', row),
      await erpPut(shop, stockKey, '/stock', Array.from({ length: 1001 }, () => row)),
      await erpPut(shop, stockKey, '/stock', `${JSON.stringify(row)}\nnot json\n`),
      await erpPut(shop, seasonKey, '/seasons', { externalId: 'ERP-S-X', name: 'X', date: '2028-01-01' }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().messageKey])).toEqual([
      [400, 'erp.rows.required'],
      [400, 'erp.rows.too_many'],
      [400, 'api.ndjson.invalid'],
      [400, 'erp.rows.required'],
    ]);
    expect((await storedProduct('ERP-S-BODY')).stock).toBe(1);
  });

  it('needs a key (401) with the route’s scope (403): stock:write for stock, catalog:write for seasons', async () => {
    expect((await erpPut(shop, null, '/stock', [{ sku: 'ERP-S-BODY', quantity: 3 }])).statusCode).toBe(401);
    expect((await erpPut(shop, null, '/seasons', [{ externalId: 'ERP-S-X', name: 'X', date: '2028-01-01' }])).statusCode).toBe(401);
    const pricesOnly = await erpKey(shop, tenantId, ['prices:write']);
    const stock = await erpPut(shop, pricesOnly, '/stock', [{ sku: 'ERP-S-BODY', quantity: 3 }]);
    expect([stock.statusCode, stock.json().messageKey]).toEqual([403, 'api.scope.missing']);
    const seasons = await erpPut(shop, stockKey, '/seasons', [{ externalId: 'ERP-S-X', name: 'X', date: '2028-01-01' }]);
    expect([seasons.statusCode, seasons.json().messageKey]).toEqual([403, 'api.scope.missing']);
    expect((await storedProduct('ERP-S-BODY')).stock).toBe(1);
    expect(await shop.db.selectFrom('seasons').select('id').where('external_id', '=', 'ERP-S-X').execute()).toEqual([]);
  });

  it('of another tenant’s key changes nothing of this tenant', async () => {
    const otherTenant = await insertOtherTenant(shop, 'erp-stock-other');
    const otherStock = await erpKey(shop, otherTenant, ['stock:write']);
    const answer = await erpLoad(shop, otherStock, '/stock', [{ sku: 'ERP-S-BODY', quantity: 99 }]);
    expect(outcomes(answer)).toEqual([{ line: 1, key: 'ERP-S-BODY', result: 'failed', errors: { sku: 'erp.reference.unknown' } }]);
    expect((await storedProduct('ERP-S-BODY')).stock).toBe(1);

    // The same externalId is another tenant's own season.
    const otherSeasons = await erpKey(shop, otherTenant, ['catalog:write']);
    expect((await erpLoad(shop, otherSeasons, '/seasons', [{ externalId: 'ERP-S-SPRING', name: 'Fremd', date: '2029-01-01' }])).counts.created).toBe(1);
    const ours = await shop.db.selectFrom('seasons').select('name').where('tenant_id', '=', tenantId).where('external_id', '=', 'ERP-S-SPRING').executeTakeFirstOrThrow();
    expect(ours.name).toBe('Frühling 2028');
  });
});

describe('a full request', () => {
  it('takes 1,000 rows in one go and answers them unchanged when sent again', async () => {
    const skus = Array.from({ length: 1000 }, (_, index) => `ERP-S-BULK-${index}`);
    await shop.db
      .insertInto('products')
      .values(skus.map((sku) => ({ tenant_id: tenantId, category_id: categoryId, sku, name: sku, name_en: null, description: null, description_en: null, price_cents: 100, retail_price_cents: null, pre_order_price_cents: null, vat_rate_bp: 1900, sales_unit_id: null, release_date: null, bestseller_rank: null })))
      .execute();
    const rows = skus.map((sku, index) => ({ sku, quantity: index, preStocks: [{ seasonExternalId: 'ERP-S-SUMMER', quantity: index }] }));
    expect((await erpLoad(shop, stockKey, '/stock', rows)).counts).toEqual({ created: 0, updated: 1000, unchanged: 0, failed: 0 });
    expect((await erpLoad(shop, stockKey, '/stock', rows)).counts).toEqual({ created: 0, updated: 0, unchanged: 1000, failed: 0 });
    expect((await storedProduct('ERP-S-BULK-999')).stock).toBe(999);
  });
});
