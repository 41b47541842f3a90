import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductDetail } from '../../core/catalog-types.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { shippingAddressOf } from './buyer-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The VAT rate a buyer pays (ADR 0016): the product's own rate in the seller's country (DE), the rate
// of the same tax category in the buyer's VAT country otherwise, and no rate at all when the tenant's
// VAT table has none there. Here Austria (customer2, company 10002) has lost its reduced rate: the
// shop must neither show the German 7 % as Austria's nor charge it.

let shop: TestShop;
let customer: ApiClient;
let customer2: ApiClient;
let austrianAddressId: number;
let standard: { id: number; sku: string };
let reduced: { id: number; sku: string; name: string };
let keySeq = 0;

/** A product every buyer can order one by one, at the given (German) VAT rate. */
function orderable(vatRateBp: number) {
  return shop.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.sku', 'p.name'])
    .where('p.vat_rate_bp', '=', vatRateBp)
    .where('p.is_active', '=', 1)
    .where('c.is_active', '=', 1)
    .where('c.is_deal', '=', 0)
    .where('c.slug', 'not in', ['angebote', 'auslaufartikel'])
    .where('p.sales_batch_size', '=', 1)
    .where('p.is_only_sellable_with_positive_stock', '=', 0)
    .where('p.price_cents', '>', 1000)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id'))))
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
}

function placeOrder(client: ApiClient, shippingAddressId: number) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: client.auth, 'idempotency-key': `buyer-vat-${process.pid}-${++keySeq}` },
    payload: { orderType: 'order', shippingAddressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true },
  });
}

async function fillCart(client: ApiClient, products: { id: number; sku: string }[]) {
  const saved = await client.post('/api/basket', { items: products.map((product) => ({ _id: product.id, sku: product.sku, orderType: 'order', quantity: 10 })) });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
}

async function orderCount(): Promise<number> {
  return Number((await shop.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

beforeAll(async () => {
  shop = await startTestShop();
  const tenant = await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  await shop.db.deleteFrom('vat_rates').where('tenant_id', '=', tenant.id).where('country_code', '=', 'AT').where('tax_category', '=', 'reduced').execute();
  shop.services.settings.clearCache();
  customer = await clientFor(shop, 'customer');
  customer2 = await clientFor(shop, 'customer2');
  austrianAddressId = await shippingAddressOf(shop.db, '10002');
  standard = await orderable(1900);
  reduced = await orderable(700);
});
afterAll(() => shop.close());

describe('the catalogue', () => {
  it('shows a buyer in the seller’s country the product’s rate and another buyer their country’s', async () => {
    expect((await customer.get(`/api/material/${reduced.id}`)).body.vatRate).toBe(7);
    expect((await customer2.get(`/api/material/${standard.id}`)).body.vatRate).toBe(20);
  });

  it('shows no VAT rate where the buyer’s country has none, instead of the seller’s', async () => {
    const detail = await customer2.get(`/api/material/${reduced.id}`);
    expect(detail.statusCode).toBe(200);
    expect((detail.body as ProductDetail).vatRate).toBeNull();
    expect((detail.body as ProductDetail).price?.value).toBeGreaterThan(0);
    const search = await customer2.get(`/api/material/search?searchKey=${encodeURIComponent(reduced.sku)}`);
    const listed = (search.body.data as Product[]).find((product) => product._id === reduced.id);
    expect(listed?.vatRate).toBeNull();
  });
});

describe('the basket and the order', () => {
  it('keep the product in the basket without a VAT rate', async () => {
    await fillCart(customer2, [standard, reduced]);
    const basket = await customer2.get('/api/basket');
    const rates = Object.fromEntries((basket.body.items as { sku: string; vatRate: number | null }[]).map((item) => [item.sku, item.vatRate]));
    expect(rates).toEqual({ [standard.sku]: 20, [reduced.sku]: null });
  });

  it('refuse the order with the tax error naming the product, and store nothing', async () => {
    await fillCart(customer2, [standard, reduced]);
    const before = await orderCount();
    const refused = await placeOrder(customer2, austrianAddressId);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      messageKey: 'tax.no_rate',
      message: expect.stringMatching(/ reduced .* AT /),
      details: { lines: [{ sku: reduced.sku, name: reduced.name, error: { key: 'tax.no_rate', params: { category: 'reduced', country: 'AT' } } }] },
    });
    expect(await orderCount()).toBe(before);
  });

  it('charge the rate of the buyer’s country once every line has one', async () => {
    await fillCart(customer2, [standard]);
    const placed = await placeOrder(customer2, austrianAddressId);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order.items.map((item: { sku: string; vatRate: number }) => [item.sku, item.vatRate])).toEqual([[standard.sku, 20]]);
    const stored = await shop.db.selectFrom('order_items').select('vat_rate_bp').where('order_id', '=', order._id).execute();
    expect(stored.map((item) => item.vat_rate_bp)).toEqual([2000]);
  });
});
