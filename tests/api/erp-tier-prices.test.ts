import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartProduct, Product } from '../../core/catalog-types.ts';
import { shopToday } from '../../core/shop-day.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { erpCall, placeOrder, shippingAddressOf } from './erp-order-fixtures.ts';
import { demoTenantId, erpKey, erpLoad, insertProduct, outcomes, visibleCategoryId } from './erp-load-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Tier prices from the ERP's price load to the placed order (docs/product.md, "The buyer's price"):
// company 10001 (customer) has a tier of its own, company 10002 (customer2) only everyone's. The product
// answer lists the tiers that apply to the viewer today, the basket line takes the tier its quantity
// reaches, checkout and the ERP's order answer keep that price, and a later change leaves the order alone.

const dayMs = 24 * 60 * 60 * 1000;

let shop: TestShop;
let key: string;
let reader: string;
let customer: ApiClient;
let customer2: ApiClient;
let productId: number;
const sku = 'ERP-TIER-FLOW';

beforeAll(async () => {
  shop = await startTestShop();
  const tenantId = await demoTenantId(shop);
  key = await erpKey(shop, tenantId, ['prices:write']);
  reader = await erpKey(shop, tenantId, ['orders:read']);
  customer = await clientFor(shop, 'customer');
  customer2 = await clientFor(shop, 'customer2');
  productId = await insertProduct(shop, tenantId, await visibleCategoryId(shop, tenantId), { sku, priceCents: 1000, stock: 500 });
  const today = shopToday(shop.clock.now());
  const tomorrow = shopToday(new Date(shop.clock.now().getTime() + dayMs));
  const loaded = await erpLoad(shop, key, '/prices', [
    {
      sku,
      tierPrices: [
        { minQuantity: 10, amount: 9 },
        { minQuantity: 10, amount: 8, companyExternalId: '10001', validTo: today },
        { minQuantity: 50, amount: 7, validFrom: tomorrow },
      ],
    },
  ]);
  expect(outcomes(loaded)).toEqual([{ line: 1, key: sku, result: 'updated' }]);
});
afterAll(() => shop.close());

const product = async (client: ApiClient) => (await client.get(`/api/material/${productId}`)).body as Product;
const eurPrice = (value: number) => ({ value, currency: 'EUR', rrp: null, preOrderPrice: null });

async function basketLine(client: ApiClient, quantity: number): Promise<CartProduct> {
  const saved = await client.post('/api/basket', { items: [{ _id: productId, sku, orderType: 'order', quantity }] });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
  const line = ((await client.get('/api/basket')).body as { items: CartProduct[] }).items.find((item) => item.sku === sku);
  if (!line) throw new Error('the line is not in the basket');
  return line;
}

describe('tier prices from the ERP to the order', () => {
  it('the product answer lists the tiers that apply to the viewer today, each as a price of the row’s shape', async () => {
    expect(await product(customer)).toMatchObject({ price: eurPrice(10), tierPrices: [{ minQuantity: 10, price: eurPrice(8) }] });
    expect(await product(customer2)).toMatchObject({ price: eurPrice(10), tierPrices: [{ minQuantity: 10, price: eurPrice(9) }] });
  });

  it('a basket line takes the tier its quantity reaches, and changing the quantity across it changes the price at once', async () => {
    expect(await basketLine(customer, 9)).toMatchObject({ quantity: 9, price: { value: 10 }, oldPrice: null });
    expect(await basketLine(customer, 10)).toMatchObject({ quantity: 10, price: { value: 8 }, oldPrice: null });
    expect(await basketLine(customer, 9)).toMatchObject({ quantity: 9, price: { value: 10 }, oldPrice: null });
    expect(await basketLine(customer2, 12)).toMatchObject({ quantity: 12, price: { value: 9 }, oldPrice: null });
  });

  it('checkout and the ERP’s order answer keep the tier price; a later tier change leaves the placed order alone', async () => {
    await basketLine(customer, 10);
    const placed = await placeOrder(shop.app, customer.auth, `tier-order-${process.pid}`, await shippingAddressOf(shop, '10001'));
    expect(placed.statusCode, placed.body).toBe(201);
    const placed2 = await placeOrder(shop.app, customer2.auth, `tier-order-2-${process.pid}`, await shippingAddressOf(shop, '10002'));
    expect(placed2.statusCode, placed2.body).toBe(201);

    const orderLine = async (orderNumber: string) => {
      const answer = await erpCall(shop.app, reader, 'GET', `/erp/v1/orders/${orderNumber}`);
      expect(answer.statusCode).toBe(200);
      return { line: answer.body.lines[0], totals: answer.body.totals };
    };
    const first = await orderLine(placed.json().orderNumber);
    expect(first.line).toMatchObject({ sku, quantity: 10, unitPrice: 8, lineNet: 80 });
    expect(first.totals.goodsNet).toBe(80);
    const second = await orderLine(placed2.json().orderNumber);
    expect(second.line).toMatchObject({ sku, quantity: 12, unitPrice: 9, lineNet: 108 });
    expect(second.totals.goodsNet).toBe(108);

    expect(outcomes(await erpLoad(shop, key, '/prices', [{ sku, tierPrices: [] }]))[0]!.result).toBe('updated');
    expect((await orderLine(placed.json().orderNumber)).line).toMatchObject({ unitPrice: 8, lineNet: 80 });
    expect((await product(customer)).tierPrices).toEqual([]);
  });

  it('on the next shop day a tier that ended yesterday no longer applies and one that starts today does', async () => {
    const today = shopToday(shop.clock.now());
    const tomorrow = shopToday(new Date(shop.clock.now().getTime() + dayMs));
    await erpLoad(shop, key, '/prices', [
      {
        sku,
        tierPrices: [
          { minQuantity: 10, amount: 9 },
          { minQuantity: 10, amount: 8, companyExternalId: '10001', validTo: today },
          { minQuantity: 50, amount: 7, validFrom: tomorrow },
        ],
      },
    ]);
    expect((await product(customer)).tierPrices.map((step) => [step.minQuantity, step.price.value])).toEqual([[10, 8]]);
    // The cached answer of today is not given tomorrow: the shop day is part of its key.
    shop.clock.advance(dayMs);
    expect((await product(customer)).tierPrices.map((step) => [step.minQuantity, step.price.value])).toEqual([
      [10, 9],
      [50, 7],
    ]);
    expect(await basketLine(customer, 10)).toMatchObject({ price: { value: 9 } });
    expect(await basketLine(customer, 50)).toMatchObject({ price: { value: 7 } });
  });
});
