import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppLoadContext } from '../../app/app-context.ts';
import { earliestDeliveryDate } from '../../core/delivery-date.ts';
import { loadCheckout, placeOrderFromForm } from '../../app/features/checkout/checkout.server.ts';
import { clientFor, setSiteSetting, type ApiClient } from './basket-fixtures.ts';
import { orderableProduct } from './buyer-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// POST /api/order/create, GET /api/order and GET /api/order/{id}: the money path. Every
// refusal writes nothing; one key makes at most one order; stock of a positive-stock-only product is
// never oversold.

let shop: TestShop;
let tenantId: number;
let customer: ApiClient;
let customer2: ApiClient;
let homeAddressId: number;
let foreignAddressId: number;
let plain: { id: number; sku: string; price_cents: number; sales_batch_size: number; stock: number };
let guarded: { id: number; sku: string; price_cents: number; sales_batch_size: number; stock: number };
let keySeq = 0;

const newKey = () => `test-key-${process.pid}-${++keySeq}-${Date.now()}`;

function order(client: ApiClient, body: Record<string, unknown>, key: string | null = newKey()) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: client.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

const validBody = () => ({ orderType: 'order', shippingAddressId: homeAddressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true });

async function fillCart(client: ApiClient, lines: { product: typeof plain; quantity: number }[]) {
  const response = await client.post('/api/basket', { items: lines.map(({ product, quantity }) => ({ _id: product.id, sku: product.sku, orderType: 'order', quantity })) });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
}

/** The checkout page's server half as the signed-in customer sees it. */
async function checkoutPage(): Promise<AppLoadContext> {
  const tenant = { id: tenantId, slug: 'demo' };
  const identity = await shop.services.auth.authenticate(tenant, customer.auth.replace(/^Basic /, ''));
  return { services: shop.services, ctx: { tenant, locale: 'de', identity } } as unknown as AppLoadContext;
}

async function counts() {
  const [orders, items, stock] = await Promise.all([
    shop.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    shop.db.selectFrom('order_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    shop.db.selectFrom('products').select(['id', 'stock']).where('id', 'in', [plain.id, guarded.id]).orderBy('id').execute(),
  ]);
  return { orders: Number(orders.n), items: Number(items.n), stock };
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  customer = await clientFor(shop, 'customer');
  customer2 = await clientFor(shop, 'customer2');
  const company = async (no: string) => (await shop.db.selectFrom('companies').select('id').where('customer_no', '=', no).executeTakeFirstOrThrow()).id;
  const address = async (companyId: number) =>
    (await shop.db.selectFrom('addresses').select('id').where('company_id', '=', companyId).where('type', '=', 1).executeTakeFirstOrThrow()).id;
  homeAddressId = await address(await company('10001'));
  foreignAddressId = await address(await company('10002'));
  plain = await orderableProduct(shop.db, false);
  guarded = await orderableProduct(shop.db, true);
});
afterAll(() => shop.close());

beforeEach(async () => {
  await customer.post('/api/basket', { items: [] });
});

describe('placing an order', () => {
  it('makes the order from the cart as priced by the server, takes stock and empties that cart type', async () => {
    await fillCart(customer, [
      { product: plain, quantity: 3 },
      { product: guarded, quantity: 2 },
    ]);
    const before = await counts();
    const response = await order(customer, { ...validBody(), externalOrderNumber: 'PO-4711', notes: [] });
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json();
    expect(placed.orderNumber).toMatch(/^WEB-\d{6}$/);
    expect(placed.externalOrderNumber).toBe('PO-4711');
    expect(placed.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([
      [plain.sku, 3],
      [guarded.sku, 2],
    ]);
    const goods = plain.price_cents * 3 + guarded.price_cents * 2;
    expect(Math.round(placed.costs.goodsNet.value * 100)).toBe(goods);
    // Company 10001 has a deducted 3 % discount; net + VAT = gross to the cent.
    expect(Math.round(placed.costs.valueNet.value * 100) + Math.round(placed.costs.vat.value * 100)).toBe(Math.round(placed.costs.valueGross.value * 100));
    expect(placed.receiverAddress.country.code).toBe('DE');

    const after = await counts();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock).toEqual(before.stock.map((row) => ({ id: row.id, stock: row.stock - (row.id === plain.id ? 3 : 2) })));
    expect((await customer.get('/api/basket')).body.items).toEqual([]);

    const read = await customer.get(`/api/order/${placed._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).toEqual(placed);
    const list = await customer.get('/api/order?page=1&pageSize=5');
    expect(list.body.data[0]._id).toBe(placed._id);
  });

  it('answers the same key with the same order and never makes a second one; another body with it is refused', async () => {
    await fillCart(customer, [{ product: plain, quantity: 4 }]);
    const key = newKey();
    const first = await order(customer, validBody(), key);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const again = await order(customer, validBody(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
    const other = await order(customer, { ...validBody(), externalOrderNumber: 'other' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().messageKey).toBe('checkout.idempotency.mismatch');
    expect(await counts()).toEqual(before);
  });

  it('makes exactly one order when the same key is clicked many times at once', async () => {
    await fillCart(customer, [{ product: plain, quantity: 2 }]);
    const before = await counts();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(customer, validBody(), key)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json().messageKey).toBe('checkout.already.clicked');
    expect((await counts()).orders).toBe(before.orders + 1);
  });
});

describe('refusals write nothing', () => {
  async function expectRefused(response: Awaited<ReturnType<typeof order>>, status: number, messageKey: string, before: Awaited<ReturnType<typeof counts>>) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().messageKey).toBe(messageKey);
    expect(await counts()).toEqual(before);
  }

  it('refuses a missing or malformed key, a bad body, unaccepted terms, an empty cart', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    await expectRefused(await order(customer, validBody(), null), 400, 'checkout.idempotency.key', before);
    await expectRefused(await order(customer, validBody(), 'short'), 400, 'checkout.idempotency.key', before);
    await expectRefused(await order(customer, { ...validBody(), orderType: 'gift' }), 400, 'validation.invalid', before);
    await expectRefused(await order(customer, { ...validBody(), termsAccepted: false }), 422, 'checkout.terms.required', before);
    await expectRefused(await order(customer, { ...validBody(), orderType: 'preOrder' }), 422, 'checkout.cart.empty', before);
  });

  it('refuses a requested delivery date or a note date that does not exist, naming the field', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    for (const [body, field] of [
      [{ requestedDeliveryDate: '2026-02-30' }, 'requestedDeliveryDate'],
      [{ requestedDeliveryDate: '2099-02-30' }, 'requestedDeliveryDate'],
      [{ requestedDeliveryDate: '2099-13-01' }, 'requestedDeliveryDate'],
      [{ notes: [{ deliveryDate: '2099-04-31', text: 'Rampe 2' }] }, 'notes.0.deliveryDate'],
    ] as const) {
      const response = await order(customer, { ...validBody(), ...body });
      await expectRefused(response, 400, 'validation.date', before);
      expect(response.json().field).toBe(field);
    }
  });

  it('counts the earliest delivery day from the shop’s clock', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    const tomorrowsWorkday = earliestDeliveryDate(shop.clock.now());
    shop.clock.advance(7 * 86_400_000);
    const response = await order(customer, { ...validBody(), requestedDeliveryDate: tomorrowsWorkday });
    await expectRefused(response, 400, 'checkout.delivery_date.too_early', before);
    expect(response.json().field).toBe('requestedDeliveryDate');
    // The checkout page offers the day the placement holds to, from the same clock.
    const offered = (await loadCheckout(await checkoutPage(), 'order')).earliestDeliveryDate;
    expect(offered).toBe(earliestDeliveryDate(shop.clock.now()));
    expect(offered > tomorrowsWorkday).toBe(true);
  });

  it('refuses a requested delivery date that does not exist on the checkout page too, keeping what was typed', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    const page = await checkoutPage();
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...validBody(), orderType: undefined, termsAccepted: 'on', idempotencyKey: newKey(), requestedDeliveryDate: '2099-02-30' })) {
      if (value !== undefined) form.set(name, String(value));
    }
    const answer = await placeOrderFromForm(page, 'order', form);
    expect(answer).toMatchObject({ status: 400, failure: { messageKey: 'validation.date' }, values: { requestedDeliveryDate: '2099-02-30' } });
    expect(await counts()).toEqual(before);
  });

  it('answers another company’s address like an unknown one, and refuses an address without a country', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    const foreign = await order(customer, { ...validBody(), shippingAddressId: foreignAddressId });
    const unknown = await order(customer, { ...validBody(), shippingAddressId: 999_999 });
    await expectRefused(foreign, 404, 'address.not_found', before);
    expect(foreign.json()).toEqual(unknown.json());
    await shop.db.updateTable('addresses').set({ country_code: null }).where('id', '=', homeAddressId).execute();
    try {
      await expectRefused(await order(customer, validBody()), 422, 'address.missing.country', before);
    } finally {
      await shop.db.updateTable('addresses').set({ country_code: 'DE' }).where('id', '=', homeAddressId).execute();
    }
  });

  it('refuses a cart under the minimum amount, naming the amount', async () => {
    const cheap = await shop.db.selectFrom('products').select(['id', 'sku', 'price_cents', 'sales_batch_size', 'stock']).where('price_cents', '<', 1000).where('sales_batch_size', '=', 1).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await fillCart(customer, [{ product: cheap, quantity: 1 }]);
    const response = await order(customer, validBody());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ messageKey: 'cart.minimum.amount', details: { minimum: { value: 50, currency: 'EUR' } } });
  });

  it('takes an expected total only to the cent: a fraction of a cent is a total the buyer was not shown', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    const unseen = await order(customer, { ...validBody(), expectedTotal: { valueGross: 0 } });
    await expectRefused(unseen, 409, 'checkout.total.changed', before);
    const total: number = unseen.json().details.total.value;
    await expectRefused(await order(customer, { ...validBody(), expectedTotal: { valueGross: total + 0.004 } }), 409, 'checkout.total.changed', before);
    const placed = await order(customer, { ...validBody(), expectedTotal: { valueGross: total } });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('refuses when delivery to the company is blocked', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    await shop.db.updateTable('companies').set({ blocked_delivery: 1 }).where('customer_no', '=', '10001').execute();
    try {
      await expectRefused(await order(customer, validBody()), 403, 'checkout.delivery.blocked', before);
    } finally {
      await shop.db.updateTable('companies').set({ blocked_delivery: 0 }).where('customer_no', '=', '10001').execute();
    }
  });

  it('refuses a price that changed since the line was added and shows it in the cart', async () => {
    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const before = await counts();
    await shop.db.updateTable('products').set({ price_cents: plain.price_cents + 100 }).where('id', '=', plain.id).execute();
    shop.services.catalog.clearCache();
    try {
      const response = await order(customer, validBody());
      await expectRefused(response, 409, 'checkout.price.changed', before);
      expect(response.json().details.lines[0]).toMatchObject({ sku: plain.sku, oldPrice: { value: plain.price_cents / 100 }, newPrice: { value: (plain.price_cents + 100) / 100 } });
      const line = (await customer.get('/api/basket')).body.items[0];
      expect(line.price.value).toBe((plain.price_cents + 100) / 100);
      expect(line.oldPrice).toBe(plain.price_cents / 100);
      // Seen and accepted: the next click orders at the new price.
      expect((await order(customer, validBody())).statusCode).toBe(201);
    } finally {
      await shop.db.updateTable('products').set({ price_cents: plain.price_cents }).where('id', '=', plain.id).execute();
    }
  });

  it('never oversells a positive-stock-only product, and backorders where selling beyond stock is allowed', async () => {
    await shop.db.updateTable('products').set({ stock: 1 }).where('id', 'in', [plain.id, guarded.id]).execute();
    await fillCart(customer, [{ product: guarded, quantity: 3 }]);
    const before = await counts();
    const short = await order(customer, validBody());
    await expectRefused(short, 409, 'stock.not.enough.error', before);
    expect(short.json().details.lines).toEqual([{ sku: guarded.sku, variantSku: null, requested: 3, available: 1 }]);

    await fillCart(customer, [{ product: plain, quantity: 3 }]);
    const placed = await order(customer, validBody());
    expect(placed.statusCode).toBe(201);
    expect(placed.json().items[0]).toMatchObject({ sku: plain.sku, quantity: 3, backorderedQuantity: 2 });
    expect((await shop.db.selectFrom('products').select('stock').where('id', '=', plain.id).executeTakeFirstOrThrow()).stock).toBe(0);

    await setSiteSetting(shop, tenantId, 'buyableWithoutStock', false);
    try {
      await fillCart(customer, [{ product: plain, quantity: 1 }]);
      const refused = await order(customer, validBody());
      expect(refused.statusCode).toBe(409);
    } finally {
      await setSiteSetting(shop, tenantId, 'buyableWithoutStock', true);
    }
  });
});

describe('reading orders', () => {
  it('answers another company’s order exactly like an unknown one', async () => {
    const own = (await customer.get('/api/order?page=1&pageSize=1')).body.data[0];
    expect(own).toBeDefined();
    const foreign = await customer2.get(`/api/order/${own._id}`);
    const unknown = await customer2.get('/api/order/987654321');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.messageKey).toBe('order.not_found');
    expect((await customer2.get('/api/order?page=1&pageSize=100')).body.data.map((o: { _id: number }) => o._id)).not.toContain(own._id);
  });
});
