import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartProduct, Product } from '../../core/catalog-types.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { demoTenantId, erpKey, erpLoad, erpPut, insertOtherTenant, insertProduct, outcomes, visibleCategoryId } from './erp-load-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// PUT /erp/v1/prices: the ERP loads list, retail, pre-order and customer prices; a product it created
// without a price shows in the storefront once its list price came, and a cart shows a changed price.

let shop: TestShop;
let tenantId: number;
let categoryId: number;
let key: string;
let customer: ApiClient;
let customer2: ApiClient;

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  categoryId = await visibleCategoryId(shop, tenantId);
  key = await erpKey(shop, tenantId, ['prices:write']);
  customer = await clientFor(shop, 'customer');
  customer2 = await clientFor(shop, 'customer2');
});
afterAll(() => shop.close());

const eur = (amount: number) => ({ amount, currency: 'EUR' });

function stored(sku: string) {
  return shop.db
    .selectFrom('products')
    .select(['id', 'price_cents', 'retail_price_cents', 'pre_order_price_cents', 'has_price', 'erp_active', 'is_active', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
}

function customerPrices(productId: number) {
  return shop.db
    .selectFrom('customer_prices')
    .innerJoin('companies', 'companies.id', 'customer_prices.company_id')
    .select(['companies.customer_no', 'customer_prices.price_cents'])
    .where('customer_prices.product_id', '=', productId)
    .orderBy('companies.customer_no')
    .execute();
}

async function material(client: ApiClient, productId: number) {
  return client.get(`/api/material/${productId}`);
}

describe('a product the catalogue load created without its price', () => {
  it('is not shown until its list price comes, then shows as the ERP wants it, in its category too', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-NEW', hasPrice: 0, erpActive: 1 });
    const inactiveId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-OFF', hasPrice: 0, erpActive: 0 });
    expect((await material(customer, productId)).statusCode).toBe(404);

    const answer = await erpLoad(shop, key, '/prices', [
      { sku: 'ERP-P-NEW', listPrice: eur(12.5), retailPrice: eur(19.9), preOrderPrice: eur(11) },
      { sku: 'ERP-P-OFF', listPrice: eur(3) },
    ]);
    expect(answer.counts).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    expect(await stored('ERP-P-NEW')).toMatchObject({ price_cents: 1250, retail_price_cents: 1990, pre_order_price_cents: 1100, has_price: 1, is_active: 1 });
    // Priced, but the ERP switched it off: still not shown.
    expect(await stored('ERP-P-OFF')).toMatchObject({ price_cents: 300, has_price: 1, erp_active: 0, is_active: 0 });

    const shown = await material(customer, productId);
    expect(shown.statusCode).toBe(200);
    expect((shown.body as Product).price).toEqual({ value: 12.5, currency: 'EUR', rrp: 19.9, preOrderPrice: 11 });
    expect((await material(customer, inactiveId)).statusCode).toBe(404);
    const listing = await customer.get(`/api/material?category=${categoryId}&pageSize=100`);
    const ids = (listing.body as { data: Product[] }).data.map((product) => product._id);
    expect(ids).toContain(productId);
    expect(ids).not.toContain(inactiveId);
  });
});

describe('each row answered', () => {
  it('created, updated, unchanged and failed, each naming its field; failed rows write nothing, the others are written', async () => {
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-A', priceCents: 1000 });
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-B', priceCents: 2000 });
    for (const sku of ['ERP-P-C1', 'ERP-P-C2', 'ERP-P-C3', 'ERP-P-C4', 'ERP-P-C5']) await insertProduct(shop, tenantId, categoryId, { sku, priceCents: 3000 });
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-CHF', priceCents: 500, currency: 'CHF' });
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-V', priceCents: 700, variants: [{ variantSku: 'ERP-P-V-1' }] });
    await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-B', retailPrice: eur(25) }]);
    const unchangedBefore = await stored('ERP-P-B');
    const failedBefore = await Promise.all(['ERP-P-C1', 'ERP-P-C2', 'ERP-P-C3', 'ERP-P-C4', 'ERP-P-C5'].map(stored));

    const answer = await erpLoad(shop, key, '/prices', [
      { sku: 'ERP-P-A', listPrice: eur(10.5) },
      { sku: 'ERP-P-B', listPrice: eur(20), retailPrice: eur(25) },
      { sku: 'ERP-NOWHERE', listPrice: eur(1) },
      { sku: 'ERP-P-C1', listPrice: { amount: 30, currency: 'USD' } },
      { sku: 'ERP-P-CHF', listPrice: eur(5) },
      { sku: 'ERP-P-C2', listPrice: eur(12.345), retailPrice: eur(0) },
      { sku: 'ERP-P-C3', variantSku: 'ERP-P-V-1', listPrice: eur(1) },
      { listPrice: eur(1) },
      { sku: 'ERP-P-A', listPrice: eur(99) },
      { sku: 'ERP-P-C3', listPrice: null },
      { variantSku: 'ERP-P-V-1', retailPrice: eur(9), customerPrices: [] },
      { sku: 'ERP-P-C4', customerPrices: [{ companyExternalId: '10001', amount: 1 }, { companyExternalId: 'NO-SUCH-COMPANY', amount: 1 }] },
      { sku: 'ERP-P-C5', listPrice: { amount: '30', currency: 'eur' } },
      'not a row',
    ]);
    expect(outcomes(answer)).toEqual([
      { line: 1, key: 'ERP-P-A', result: 'updated' },
      { line: 2, key: 'ERP-P-B', result: 'unchanged' },
      { line: 3, key: 'ERP-NOWHERE', result: 'failed', errors: { sku: 'erp.reference.unknown' } },
      { line: 4, key: 'ERP-P-C1', result: 'failed', errors: { 'listPrice.currency': 'erp.currency.mismatch' } },
      { line: 5, key: 'ERP-P-CHF', result: 'failed', errors: { 'listPrice.currency': 'erp.currency.mismatch' } },
      { line: 6, key: 'ERP-P-C2', result: 'failed', errors: { 'listPrice.amount': 'erp.price.invalid', 'retailPrice.amount': 'erp.price.invalid' } },
      { line: 7, key: 'ERP-P-C3', result: 'failed', errors: { sku: 'erp.key.sku_or_variant' } },
      { line: 8, key: '', result: 'failed', errors: { sku: 'erp.key.sku_or_variant' } },
      { line: 9, key: 'ERP-P-A', result: 'failed', errors: { sku: 'erp.key.duplicate' } },
      { line: 10, key: 'ERP-P-C3', result: 'failed', errors: { listPrice: 'erp.price.list_required' } },
      { line: 11, key: 'ERP-P-V-1', result: 'failed', errors: { retailPrice: 'erp.price.product_only', customerPrices: 'erp.price.product_only' } },
      { line: 12, key: 'ERP-P-C4', result: 'failed', errors: { 'customerPrices.1.companyExternalId': 'erp.reference.unknown' } },
      { line: 13, key: 'ERP-P-C5', result: 'failed', errors: { 'listPrice.amount': 'validation.invalid', 'listPrice.currency': 'erp.currency.invalid' } },
      { line: 14, key: '', result: 'failed', errors: { '': 'validation.invalid' } },
    ]);
    expect(answer.counts).toEqual({ created: 0, updated: 1, unchanged: 1, failed: 12 });
    // Every error says it in words (German by default), with its values.
    expect(answer.rows[3]!.errors![0]!.message).toBe('Die Währung USD ist nicht die des Artikels (EUR).');
    expect(answer.rows[11]!.errors![0]!.message).toBe('Zum Schlüssel NO-SUCH-COMPANY ist nichts bekannt.');

    expect((await stored('ERP-P-A')).price_cents).toBe(1050);
    expect(await stored('ERP-P-B')).toEqual(unchangedBefore);
    expect(await Promise.all(['ERP-P-C1', 'ERP-P-C2', 'ERP-P-C3', 'ERP-P-C4', 'ERP-P-C5'].map(stored))).toEqual(failedBefore);
    expect((await stored('ERP-P-CHF')).price_cents).toBe(500);
    expect(await customerPrices(failedBefore[3]!.id)).toEqual([]);
  });

  it('answers in English for Accept-Language: en', async () => {
    const answer = await shop.app.inject({
      method: 'PUT',
      url: '/erp/v1/prices',
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
      payload: [{ sku: 'ERP-NOWHERE', listPrice: eur(1) }],
    });
    expect(answer.json().rows[0].errors[0]).toEqual({ path: 'sku', code: 'erp.reference.unknown', message: 'Nothing with the key ERP-NOWHERE is known.' });
  });

  it('clears the retail and pre-order price with null; a product answers unchanged when nothing differs', async () => {
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-CLEAR', priceCents: 800 });
    await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CLEAR', retailPrice: eur(12), preOrderPrice: eur(7) }]);
    expect(await stored('ERP-P-CLEAR')).toMatchObject({ retail_price_cents: 1200, pre_order_price_cents: 700 });
    const cleared = await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CLEAR', retailPrice: null, preOrderPrice: null }]);
    expect(outcomes(cleared)).toEqual([{ line: 1, key: 'ERP-P-CLEAR', result: 'updated' }]);
    expect(await stored('ERP-P-CLEAR')).toMatchObject({ price_cents: 800, retail_price_cents: null, pre_order_price_cents: null });
    const again = await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CLEAR', listPrice: eur(8), retailPrice: null, preOrderPrice: null }]);
    expect(outcomes(again)[0]).toEqual({ line: 1, key: 'ERP-P-CLEAR', result: 'unchanged' });
  });

  it('sets a variant’s own list price, and null gives it the product’s again', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-VAR', priceCents: 900, variants: [{ variantSku: 'ERP-P-VAR-RED' }, { variantSku: 'ERP-P-VAR-BLUE' }] });
    const variantPrice = async (variantSku: string) =>
      (await shop.db.selectFrom('product_variants').select('price_cents').where('variant_sku', '=', variantSku).executeTakeFirstOrThrow()).price_cents;

    const set = await erpLoad(shop, key, '/prices', [{ variantSku: 'ERP-P-VAR-RED', listPrice: eur(9.5) }, { variantSku: 'ERP-P-VAR-BLUE', listPrice: { amount: 9.5, currency: 'CHF' } }]);
    expect(outcomes(set).map((row) => row.result)).toEqual(['updated', 'failed']);
    expect(await variantPrice('ERP-P-VAR-RED')).toBe(950);
    const detail = (await customer.get(`/api/material/${productId}?sku=ERP-P-VAR-RED`)).body as Product;
    expect(detail.price?.value).toBe(9.5);

    expect(outcomes(await erpLoad(shop, key, '/prices', [{ variantSku: 'ERP-P-VAR-RED', listPrice: eur(9.5) }]))[0]!.result).toBe('unchanged');
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ variantSku: 'ERP-P-VAR-RED', listPrice: null }]))[0]!.result).toBe('updated');
    expect(await variantPrice('ERP-P-VAR-RED')).toBeNull();
  });
});

describe('customer prices', () => {
  it('are shown to that company only, are replaced as a whole, and [] removes them', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-CUST', priceCents: 1500 });
    const priceFor = async (client: ApiClient) => ((await material(client, productId)).body as Product).price?.value;

    const first = await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST', customerPrices: [{ companyExternalId: '10001', amount: 11.25 }] }]);
    expect(outcomes(first)[0]!.result).toBe('updated');
    // customer belongs to company 10001, customer2 to 10002.
    expect(await priceFor(customer)).toBe(11.25);
    expect(await priceFor(customer2)).toBe(15);

    const same = await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST', customerPrices: [{ companyExternalId: '10001', amount: 11.25 }] }]);
    expect(outcomes(same)[0]!.result).toBe('unchanged');

    const replaced = await erpLoad(shop, key, '/prices', [
      { sku: 'ERP-P-CUST', customerPrices: [{ companyExternalId: '10002', amount: 14 }, { companyExternalId: '10002', amount: 13 }] },
    ]);
    expect(outcomes(replaced)[0]).toEqual({ line: 1, key: 'ERP-P-CUST', result: 'failed', errors: { 'customerPrices.1.companyExternalId': 'erp.key.duplicate' } });
    await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST', customerPrices: [{ companyExternalId: '10002', amount: 14 }] }]);
    expect(await customerPrices(productId)).toEqual([{ customer_no: '10002', price_cents: 1400 }]);
    expect(await priceFor(customer)).toBe(15);
    expect(await priceFor(customer2)).toBe(14);

    // A row without customerPrices leaves them alone.
    await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST', listPrice: eur(16) }]);
    expect(await customerPrices(productId)).toEqual([{ customer_no: '10002', price_cents: 1400 }]);
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST', customerPrices: [] }]))[0]!.result).toBe('updated');
    expect(await customerPrices(productId)).toEqual([]);
    expect(await priceFor(customer2)).toBe(16);
  });
});

describe('the cart', () => {
  it('shows the new price of a line, with the price the buyer agreed to as oldPrice', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-CART', priceCents: 4000, stock: 50 });
    const saved = await customer.post('/api/basket', { userId: customer.userId, items: [{ _id: productId, sku: 'ERP-P-CART', orderType: 'order', quantity: 2 }] });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    const line = async () => ((await customer.get('/api/basket')).body as { items: CartProduct[] }).items.find((item) => item.sku === 'ERP-P-CART');
    expect((await line())?.price.value).toBe(40);
    // The catalogue's answer is cached a few seconds: read it once before the change.
    expect(((await material(customer, productId)).body as Product).price?.value).toBe(40);

    await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CART', listPrice: eur(42.5) }]);
    expect(await line()).toMatchObject({ price: { value: 42.5 }, oldPrice: 40 });
    // The catalogue shows the new price at once: the load forgot this process's cached answers.
    expect(((await material(customer, productId)).body as Product).price?.value).toBe(42.5);
  });
});

describe('the request', () => {
  it('is refused whole when it is no list of rows: not an array, more than 1,000 rows, a broken NDJSON line; nothing is written', async () => {
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-BODY', priceCents: 100 });
    const row = { sku: 'ERP-P-BODY', listPrice: eur(2) };
    const refused = [
      await erpPut(shop, key, '/prices', row),
      await erpPut(shop, key, '/prices', []),
      await erpPut(shop, key, '/prices', Array.from({ length: 1001 }, () => row)),
      await erpPut(shop, key, '/prices', `${JSON.stringify(row)}\n{"sku": "ERP-P-BODY", \n`),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refused.map((answer) => answer.json().messageKey)).toEqual(['erp.rows.required', 'erp.rows.required', 'erp.rows.too_many', 'api.ndjson.invalid']);
    expect((await stored('ERP-P-BODY')).price_cents).toBe(100);

    const ndjson = await erpPut(shop, key, '/prices', `${JSON.stringify(row)}\n`);
    expect(ndjson.statusCode).toBe(200);
    expect((await stored('ERP-P-BODY')).price_cents).toBe(200);
  });

  it('needs a key (401) with the scope prices:write (403)', async () => {
    const row = [{ sku: 'ERP-P-BODY', listPrice: eur(3) }];
    expect((await erpPut(shop, null, '/prices', row)).statusCode).toBe(401);
    const stockOnly = await erpPut(shop, await erpKey(shop, tenantId, ['stock:write', 'catalog:write']), '/prices', row);
    expect(stockOnly.statusCode).toBe(403);
    expect(stockOnly.json()).toMatchObject({ messageKey: 'api.scope.missing' });
    expect((await stored('ERP-P-BODY')).price_cents).toBe(200);
  });

  it('of another tenant’s key changes nothing of this tenant: its skus are unknown there', async () => {
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-MINE', priceCents: 100 });
    const otherKey = await erpKey(shop, await insertOtherTenant(shop, 'erp-prices-other'), ['prices:write']);
    const answer = await erpLoad(shop, otherKey, '/prices', [{ sku: 'ERP-P-MINE', listPrice: eur(1) }]);
    expect(outcomes(answer)).toEqual([{ line: 1, key: 'ERP-P-MINE', result: 'failed', errors: { sku: 'erp.reference.unknown' } }]);
    expect((await stored('ERP-P-MINE')).price_cents).toBe(100);
  });
});

describe('a full request', () => {
  it('takes 1,000 rows with customer and tier prices in one go and answers them unchanged when sent again', async () => {
    const skus = Array.from({ length: 1000 }, (_, index) => `ERP-P-BULK-${index}`);
    await shop.db
      .insertInto('products')
      .values(skus.map((sku) => ({ tenant_id: tenantId, category_id: categoryId, sku, name: sku, name_en: null, description: null, description_en: null, price_cents: 100, retail_price_cents: null, pre_order_price_cents: null, vat_rate_bp: 1900, sales_unit_id: null, release_date: null, bestseller_rank: null })))
      .execute();
    const rows = skus.map((sku, index) => ({
      sku,
      listPrice: eur(1 + index / 4),
      customerPrices: [{ companyExternalId: '10001', amount: 1, validTo: '2099-12-31' }],
      tierPrices: [{ minQuantity: 10, amount: 0.9 }, { minQuantity: 100, amount: 0.8, companyExternalId: '10002', validFrom: '2026-01-01' }],
    }));
    expect((await erpLoad(shop, key, '/prices', rows)).counts).toEqual({ created: 0, updated: 1000, unchanged: 0, failed: 0 });
    expect((await erpLoad(shop, key, '/prices', rows)).counts).toEqual({ created: 0, updated: 0, unchanged: 1000, failed: 0 });
    expect((await stored('ERP-P-BULK-999')).price_cents).toBe(25075);
    const bulkIds = shop.db.selectFrom('products').select('id').where('sku', 'like', 'ERP-P-BULK-%');
    const tiers = await shop.db.selectFrom('tier_prices').select((eb) => eb.fn.countAll<number>().as('count')).where('product_id', 'in', bulkIds).executeTakeFirstOrThrow();
    expect(Number(tiers.count)).toBe(2000);
  });
});

describe('tier prices and validity', () => {
  const tierRows = (productId: number) =>
    shop.db
      .selectFrom('tier_prices')
      .leftJoin('companies', 'companies.id', 'tier_prices.company_id')
      .select(['companies.customer_no', 'tier_prices.min_quantity', 'tier_prices.price_cents', 'tier_prices.valid_from', 'tier_prices.valid_to'])
      .where('tier_prices.product_id', '=', productId)
      .orderBy('tier_prices.min_quantity')
      .orderBy('companies.customer_no')
      .execute();

  it('are created, replaced as a whole, answered unchanged when equal in any order, and [] removes them', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-TIER', priceCents: 500 });
    const tiers = [
      { minQuantity: 10, amount: 4.2 },
      { minQuantity: 50, amount: 3.9, companyExternalId: '10001', validFrom: '2026-01-01', validTo: '2099-12-31' },
    ];
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-TIER', tierPrices: tiers }]))[0]!.result).toBe('updated');
    expect(await tierRows(productId)).toEqual([
      { customer_no: null, min_quantity: 10, price_cents: 420, valid_from: null, valid_to: null },
      { customer_no: '10001', min_quantity: 50, price_cents: 390, valid_from: '2026-01-01', valid_to: '2099-12-31' },
    ]);
    const reversed = [{ ...tiers[1]! }, { ...tiers[0]!, companyExternalId: null, validFrom: null }];
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-TIER', tierPrices: reversed }]))[0]!.result).toBe('unchanged');
    // A row without tierPrices leaves them alone.
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-TIER', listPrice: eur(5) }]))[0]!.result).toBe('unchanged');

    const changed = await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-TIER', tierPrices: [{ minQuantity: 10, amount: 4.1 }] }]);
    expect(outcomes(changed)[0]!.result).toBe('updated');
    expect(await tierRows(productId)).toEqual([{ customer_no: null, min_quantity: 10, price_cents: 410, valid_from: null, valid_to: null }]);
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-TIER', tierPrices: [] }]))[0]!.result).toBe('updated');
    expect(await tierRows(productId)).toEqual([]);
  });

  it('a customer price’s days are stored and compared like its amount', async () => {
    const productId = await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-CUST-DAYS', priceCents: 500 });
    const price = { companyExternalId: '10001', amount: 4, validFrom: '2026-01-01', validTo: '2026-06-30' };
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST-DAYS', customerPrices: [price] }]))[0]!.result).toBe('updated');
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST-DAYS', customerPrices: [price] }]))[0]!.result).toBe('unchanged');
    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku: 'ERP-P-CUST-DAYS', customerPrices: [{ ...price, validTo: '2026-07-31' }] }]))[0]!.result).toBe('updated');
    const rows = await shop.db.selectFrom('customer_prices').select(['price_cents', 'valid_from', 'valid_to']).where('product_id', '=', productId).execute();
    expect(rows).toEqual([{ price_cents: 400, valid_from: '2026-01-01', valid_to: '2026-07-31' }]);
  });

  it('fails a row of bad tiers or days naming each, and writes nothing of it', async () => {
    const cases: [tierPrices: unknown[], errors: Record<string, string>, extra?: Record<string, unknown>][] = [
      [[{ minQuantity: 1, amount: 4 }], { 'tierPrices.0.minQuantity': 'erp.price.tier.min_quantity' }],
      [[{ minQuantity: 0, amount: 4 }], { 'tierPrices.0.minQuantity': 'erp.price.tier.min_quantity' }],
      [[{ minQuantity: -3, amount: 4 }], { 'tierPrices.0.minQuantity': 'erp.price.tier.min_quantity' }],
      [[{ minQuantity: 2.5, amount: 4 }], { 'tierPrices.0.minQuantity': 'erp.price.tier.min_quantity' }],
      [[{ minQuantity: 10, amount: 4 }, { minQuantity: 20, amount: 3 }, { minQuantity: 10, amount: 3.5 }], { 'tierPrices.2.minQuantity': 'erp.price.tier.duplicate' }],
      [[{ minQuantity: 10, amount: 4, companyExternalId: '10001' }, { minQuantity: 10, amount: 3.5, companyExternalId: '10001' }], { 'tierPrices.1.minQuantity': 'erp.price.tier.duplicate' }],
      [[{ minQuantity: 10, amount: 4, validFrom: '2026-05-02', validTo: '2026-05-01' }], { 'tierPrices.0.validTo': 'erp.price.validity.order' }],
      [[{ minQuantity: 10, amount: 4, companyExternalId: 'NO-SUCH-COMPANY' }], { 'tierPrices.0.companyExternalId': 'erp.reference.unknown' }],
      [[{ minQuantity: 10, amount: 4, validFrom: '2026-02-30' }], { 'tierPrices.0.validFrom': 'validation.date' }],
      [[{ minQuantity: 10, amount: 0 }], { 'tierPrices.0.amount': 'erp.price.invalid' }],
      [[{ minQuantity: 10, amount: 4, discount: 5 }], { 'tierPrices.0.discount': 'validation.unknown_field' }],
      [[], { 'customerPrices.0.validTo': 'erp.price.validity.order' }, { customerPrices: [{ companyExternalId: '10001', amount: 4, validFrom: '2026-05-02', validTo: '2026-05-01' }] }],
    ];
    const productIds: number[] = [];
    for (const [index] of cases.entries()) productIds.push(await insertProduct(shop, tenantId, categoryId, { sku: `ERP-P-TIER-BAD-${index}`, priceCents: 500 }));
    await insertProduct(shop, tenantId, categoryId, { sku: 'ERP-P-TIER-BAD-P', priceCents: 500, variants: [{ variantSku: 'ERP-P-TIER-BAD-V' }] });
    await erpLoad(shop, key, '/prices', cases.map((_, index) => ({ sku: `ERP-P-TIER-BAD-${index}`, tierPrices: [{ minQuantity: 5, amount: 4 }] })));

    const answer = await erpLoad(shop, key, '/prices', [
      ...cases.map(([tierPrices, , extra], index) => ({ sku: `ERP-P-TIER-BAD-${index}`, tierPrices, ...extra })),
      { variantSku: 'ERP-P-TIER-BAD-V', tierPrices: [] },
    ]);
    expect(outcomes(answer)).toEqual([
      ...cases.map(([, errors], index) => ({ line: index + 1, key: `ERP-P-TIER-BAD-${index}`, result: 'failed', errors })),
      { line: cases.length + 1, key: 'ERP-P-TIER-BAD-V', result: 'failed', errors: { tierPrices: 'erp.price.product_only' } },
    ]);
    for (const productId of productIds) expect(await tierRows(productId)).toEqual([{ customer_no: null, min_quantity: 5, price_cents: 400, valid_from: null, valid_to: null }]);
  });
});
