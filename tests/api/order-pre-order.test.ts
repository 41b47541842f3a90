import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Ordering the pre-order cart: one item per season with the season's date as delivery date,
// a note per season date, frozen pre-stock taken per season, and the order cart left as it was.

let shop: TestShop;
let customer: ApiClient;
let addressId: number;
let seasons: { _id: number; date: string }[];
let frozen: { id: number; sku: string; pre_order_price_cents: number | null };
let plain: { id: number; sku: string };

beforeAll(async () => {
  shop = await startTestShop();
  customer = await clientFor(shop, 'customer');
  const company = await shop.db.selectFrom('companies').select('id').where('customer_no', '=', '10001').executeTakeFirstOrThrow();
  addressId = (await shop.db.selectFrom('addresses').select('id').where('company_id', '=', company.id).where('type', '=', 1).executeTakeFirstOrThrow()).id;
  seasons = (await customer.get('/api/configuration')).body.seasons;
  // A frozen product whose pre-stock has room in every season, and a plain product for the order cart.
  frozen = await shop.db
    .selectFrom('products as p')
    .select(['p.id', 'p.sku', 'p.pre_order_price_cents'])
    .where('p.is_stock_freeze', '=', 1)
    .where('p.sales_batch_size', '=', 1)
    .where('p.is_active', '=', 1)
    .where('p.pre_order_price_cents', '>', 6000)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_pre_stocks as s').select('s.product_id').whereRef('s.product_id', '=', 'p.id').where('s.quantity', '<', 5))))
    .where((eb) => eb.exists(eb.selectFrom('product_pre_stocks as s').select('s.product_id').whereRef('s.product_id', '=', 'p.id')))
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  plain = await shop.db.selectFrom('products').select(['id', 'sku']).where('sales_batch_size', '=', 1).where('is_active', '=', 1).where('is_stock_freeze', '=', 0).orderBy('id').limit(1).executeTakeFirstOrThrow();
});
afterAll(() => shop.close());

function preStock(seasonId: number) {
  return shop.db.selectFrom('product_pre_stocks').select('quantity').where('product_id', '=', frozen.id).where('season_id', '=', seasonId).executeTakeFirstOrThrow();
}

it('orders the pre-order cart per season with notes, takes frozen pre-stock and keeps the order cart', async () => {
  const saved = await customer.post('/api/basket', {
    items: [
      { _id: frozen.id, sku: frozen.sku, orderType: 'preOrder', quantities: [2, 0, 1] },
      { _id: plain.id, sku: plain.sku, orderType: 'order', quantity: 1 },
    ],
  });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
  const before = await Promise.all([preStock(seasons[0]!._id), preStock(seasons[2]!._id)]);

  const stray = await shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: customer.auth, 'idempotency-key': `pre-order-stray-${process.pid}` },
    payload: { orderType: 'preOrder', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true, notes: [{ deliveryDate: '2031-01-01', text: 'no such date' }] },
  });
  expect(stray.statusCode).toBe(400);
  expect(stray.json()).toMatchObject({ messageKey: 'checkout.note.date', field: 'notes.0.deliveryDate' });

  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: customer.auth, 'idempotency-key': `pre-order-${process.pid}` },
    payload: {
      orderType: 'preOrder',
      shippingAddressId: addressId,
      shippingMethodId: 1,
      paymentMethodId: 2,
      termsAccepted: true,
      notes: [{ deliveryDate: seasons[0]!.date, text: 'Bitte an Tor 3 liefern' }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json();
  expect(order.orderType).toBe('preOrder');
  expect(order.items.map((item: { sku: string; quantity: number; deliveryDate: string; seasonId: number }) => [item.sku, item.quantity, item.deliveryDate, item.seasonId])).toEqual([
    [frozen.sku, 2, seasons[0]!.date, seasons[0]!._id],
    [frozen.sku, 1, seasons[2]!.date, seasons[2]!._id],
  ]);
  expect(order.items[0].price.value).toBe(frozen.pre_order_price_cents! / 100);
  expect(order.notes).toEqual([{ deliveryDate: seasons[0]!.date, text: 'Bitte an Tor 3 liefern' }]);
  expect(order.paymentMethod).toBe('Vorkasse');
  // The answer is built from the rows the writes returned: it is exactly what a later read finds.
  expect((await customer.get(`/api/order/${order._id}`)).body).toEqual(order);

  const after = await Promise.all([preStock(seasons[0]!._id), preStock(seasons[2]!._id)]);
  expect(after.map((row) => row.quantity)).toEqual([before[0].quantity - 2, before[1].quantity - 1]);
  const basket = (await customer.get('/api/basket')).body.items;
  expect(basket.map((item: { sku: string; orderType: string }) => [item.sku, item.orderType])).toEqual([[plain.sku, 'order']]);
});

it('refuses more than a frozen season’s pre-stock and leaves the pre-stock as it was', async () => {
  // Stored while there was room; the pre-stock shrank afterwards.
  await shop.db.updateTable('product_pre_stocks').set({ quantity: 10 }).where('product_id', '=', frozen.id).where('season_id', '=', seasons[1]!._id).execute();
  expect((await customer.post('/api/basket', { items: [{ _id: frozen.id, sku: frozen.sku, orderType: 'preOrder', quantities: [0, 5, 0] }] })).statusCode).toBe(200);
  await shop.db.updateTable('product_pre_stocks').set({ quantity: 1 }).where('product_id', '=', frozen.id).where('season_id', '=', seasons[1]!._id).execute();
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: customer.auth, 'idempotency-key': `pre-order-short-${process.pid}` },
    payload: { orderType: 'preOrder', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true },
  });
  expect(response.statusCode).toBe(409);
  expect(response.json().messageKey).toBe('stock.not.enough.error');
  expect((await preStock(seasons[1]!._id)).quantity).toBe(1);
});
