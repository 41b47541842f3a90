import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../core/catalog-types.ts';
import { catalogClient, type CatalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

let shop: TestShop;
let client: CatalogClient;
beforeAll(async () => {
  shop = await startTestShop();
  client = catalogClient(shop);
});
afterAll(() => shop.close());

/** Active products in active, non-deal categories: what every account may open. */
function openProducts() {
  return shop.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.is_active', '=', 1)
    .where('c.is_active', '=', 1)
    .where('c.is_deal', '=', 0);
}

async function companyId(customerNo: string) {
  return (await shop.db.selectFrom('companies').select('id').where('customer_no', '=', customerNo).executeTakeFirstOrThrow()).id;
}

describe('GET /api/material/{id}', () => {
  it('gives the VAT rate of the buyer’s VAT country, the same the basket uses', async () => {
    const product = await openProducts()
      .select(['p.id'])
      .where('p.tax_category', '=', 'standard')
      .where('p.stock', '>', 0)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    // customer: company 10001, VAT country DE (19 %); customer2: company 10002, VAT country AT (20 %).
    expect((await client.json<ProductDetail>(`/api/material/${product.id}`, 'customer')).vatRate).toBe(19);
    const austrian = await client.json<ProductDetail>(`/api/material/${product.id}`, 'customer2');
    expect(austrian.vatRate).toBe(20);
    const auth = await shop.login('customer2');
    const line = { _id: product.id, sku: austrian.sku, ...(austrian.variants[0] ? { variantSku: austrian.variants[0].variantSku } : {}), orderType: 'order', quantity: austrian.salesBatchSize };
    const saved = await shop.app.inject({ method: 'POST', url: '/api/basket', headers: { authorization: auth }, payload: { items: [line] } });
    expect(saved.statusCode).toBe(200);
    const basket = (await shop.app.inject({ url: '/api/basket', headers: { authorization: auth } })).json<{ items: { vatRate: number }[] }>();
    expect(basket.items[0]?.vatRate).toBe(20);
  });


  it('answers the product with variants, units, pre-stocks, attributes, description and its documents for everyone', async () => {
    const row = await openProducts()
      .innerJoin('product_files as d', 'd.product_id', 'p.id')
      .where('d.purpose', '=', 'document')
      .where('d.visibility', '=', 'everyone')
      .where('d.kind', '=', 'data_sheet')
      .select(['p.id', 'p.sku', 'p.name', 'p.description', 'p.stock', 'p.vat_rate_bp', 'd.id as document_id'])
      .orderBy('p.id')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const detail = await client.json<ProductDetail>(`/api/material/${row.id}`, 'customer');
    expect(detail).toMatchObject({ _id: row.id, sku: row.sku, name: row.name, description: row.description, stock: { value: row.stock }, vatRate: row.vat_rate_bp / 100 });
    expect(detail.downloads[0]).toEqual({ title: 'Technisches Datenblatt', url: `/api/product-document/${row.document_id}` });
    // A document for signed-in customers or named companies is never in the answer every viewer shares.
    expect(detail.downloads.map((download) => download.title)).not.toContain('Montageanleitung');
    expect(detail.images[0]?.image.url).toMatch(/^\/media\/products\/.+\.svg$/);
    expect(detail.salesAttributes).toMatchObject({ EAN: expect.stringMatching(/^\d{13}$/) });
    expect(detail.materialUnits[0]).toMatchObject({ unit: { id: expect.any(Number), name: expect.any(String) }, baseExchangeRatio: expect.any(Number), mainUnit: { name: expect.any(String) } });
    expect(detail.salesUnit).toMatchObject({ name: expect.any(String) });
  });

  it('lists pre-stocks per season in season order', async () => {
    const row = await openProducts()
      .innerJoin('product_pre_stocks as ps', 'ps.product_id', 'p.id')
      .select('p.id')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const seasons = await shop.db.selectFrom('seasons').select('id').orderBy('sort_order').execute();
    const detail = await client.json<ProductDetail>(`/api/material/${row.id}`, 'customer');
    expect(detail.preStocks.map((s) => s.seasonId)).toEqual(seasons.map((s) => s.id));
  });

  it('stands for a variant when opened with its sku, and ignores a sku it does not know', async () => {
    const variant = await openProducts()
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .select(['p.id', 'p.sku', 'v.variant_sku', 'v.name', 'v.stock', 'v.attributes'])
      .where('v.is_active', '=', 1)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const detail = await client.json<ProductDetail>(`/api/material/${variant.id}?sku=${variant.variant_sku}`, 'customer');
    expect(detail).toMatchObject({ _id: variant.id, sku: variant.sku, variantSku: variant.variant_sku, name: variant.name, stock: { value: variant.stock } });
    expect(detail.attributes).toMatchObject(JSON.parse(variant.attributes));
    expect(detail.variants.length).toBeGreaterThan(1);
    for (const sku of [variant.sku, 'MAT-999999-XX']) {
      const plain = await client.json<ProductDetail>(`/api/material/${variant.id}?sku=${sku}`, 'customer');
      expect(plain.variantSku).toBeUndefined();
      expect(plain.sku).toBe(variant.sku);
    }
  });

  it('answers in English where the product has English texts', async () => {
    const row = await openProducts().select('p.id').orderBy('p.id').executeTakeFirstOrThrow();
    await shop.db.updateTable('products').set({ name_en: 'Claw hammer', description_en: 'Forged steel.' }).where('id', '=', row.id).execute();
    shop.services.catalog.clearCache();
    const english = await client.json<ProductDetail>(`/api/material/${row.id}`, 'customer', { 'accept-language': 'en' });
    expect(english).toMatchObject({ name: 'Claw hammer', description: 'Forged steel.' });
    const german = await client.json<ProductDetail>(`/api/material/${row.id}`, 'customer');
    expect(german.name).not.toBe('Claw hammer');
  });

  it.each([
    ['an unknown id', async () => 999_999],
    ['an inactive product', async () => (await shop.db.selectFrom('products').select('id').where('is_active', '=', 0).executeTakeFirstOrThrow()).id],
    [
      'a product of an inactive category',
      async () => (await shop.db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id').select('p.id').where('c.is_active', '=', 0).executeTakeFirstOrThrow()).id,
    ],
  ])('answers 404 for %s', async (_name, productId) => {
    const response = await client.get(`/api/material/${await productId()}`, 'customer');
    expect(response.statusCode).toBe(404);
    expect(response.json().messageKey).toBe('error.product_not_found');
  });

  it('shows deal products only to accounts with deals', async () => {
    const deal = await shop.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select('p.id')
      .where('c.is_deal', '=', 1)
      .where('p.is_active', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await client.get(`/api/material/${deal.id}`, 'customer')).statusCode).toBe(200);
    expect((await client.get(`/api/material/${deal.id}`, 'customer2')).statusCode).toBe(404);
  });

  it.each(['abc', '0', '1.5', '-4', '007', '2147483648'])('answers the id %s, which is no record id, like an unknown product: 404', async (productId) => {
    const response = await client.get(`/api/material/${productId}`, 'customer');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ messageKey: 'error.product_not_found' });
  });
});

describe('prices', () => {
  it('gives each company its customer price and the list price to everyone else', async () => {
    const special = await openProducts()
      .innerJoin('customer_prices as cp', 'cp.product_id', 'p.id')
      .select(['p.id', 'p.price_cents', 'cp.price_cents as customer_cents', 'p.retail_price_cents', 'p.pre_order_price_cents'])
      .where('cp.company_id', '=', await companyId('10001'))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const own = await client.json<ProductDetail>(`/api/material/${special.id}`, 'customer');
    expect(own.price).toEqual({ value: special.customer_cents / 100, currency: 'EUR', rrp: special.retail_price_cents! / 100, preOrderPrice: special.pre_order_price_cents! / 100 });
    expect(own.isGrossPrice).toBe(false);
    const other = await client.json<ProductDetail>(`/api/material/${special.id}`, 'customer2');
    expect(other.price?.value).toBe(special.price_cents / 100);
    expect(other.isGrossPrice).toBe(true);
  });

  it('prices a sales person’s answers for the company they currently act for', async () => {
    const special = await openProducts()
      .innerJoin('customer_prices as cp', 'cp.product_id', 'p.id')
      .select(['p.id', 'p.price_cents', 'cp.price_cents as customer_cents'])
      .where('cp.company_id', '=', await companyId('10001'))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    expect((await client.json<ProductDetail>(`/api/material/${special.id}`, 'sales')).price?.value).toBe(special.customer_cents / 100);
    await shop.db.updateTable('users').set({ current_company_id: await companyId('10003') }).where('username', '=', 'sales').execute();
    shop.services.auth.clearCache();
    try {
      expect((await client.json<ProductDetail>(`/api/material/${special.id}`, 'sales')).price?.value).toBe(special.price_cents / 100);
    } finally {
      await shop.db.updateTable('users').set({ current_company_id: await companyId('10001') }).where('username', '=', 'sales').execute();
      shop.services.auth.clearCache();
    }
  });

  it('prices a variant with its own list price, unless the company has a customer price', async () => {
    const variant = await openProducts()
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .select(['p.id', 'v.variant_sku', 'v.price_cents'])
      .where('v.price_cents', 'is not', null)
      .where('v.is_active', '=', 1)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const priceOf = async () =>
      (await client.json<ProductDetail>(`/api/material/${variant.id}`, 'customer')).variants.find((v) => v.variantSku === variant.variant_sku)?.price?.value;
    expect(await priceOf()).toBe(variant.price_cents! / 100);
    await shop.db.deleteFrom('customer_prices').where('product_id', '=', variant.id).execute();
    const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    await shop.db.insertInto('customer_prices').values({ tenant_id: tenant.id, company_id: await companyId('10001'), product_id: variant.id, price_cents: 1234 }).execute();
    shop.services.catalog.clearCache();
    expect(await priceOf()).toBe(12.34);
  });
});
