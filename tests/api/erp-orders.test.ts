import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { demoTenantId, erpCall, erpKey, orderableProduct, otherTenant, placeOrder, shippingAddressOf } from './erp-order-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The orders going out to the ERP (GET /erp/v1/orders/{orderNumber}) and what comes back: the ERP's own
// number (POST …/ack) and status changes (PUT …/status), which the ordering customer sees in the order's
// detail (GET /api/order/{id}). Another tenant's key finds nothing, exactly like an unknown number.

let shop: TestShop;
let tenantId: number;
let reader: string;
let writer: string;
let customer: ApiClient;
let addressId: number;
let product: { id: number; sku: string };
/** The order the customer placed with a PO number, a delivery date and a note. */
let order: { _id: number; orderNumber: string };
let preOrder: { _id: number; orderNumber: string };
let seasons: { _id: number; date: string }[];
let frozen: { id: number; sku: string };

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  reader = await erpKey(shop, tenantId, ['orders:read']);
  writer = await erpKey(shop, tenantId, ['orders:write']);
  customer = await clientFor(shop, 'customer');
  addressId = await shippingAddressOf(shop, '10001');
  product = await orderableProduct(shop);
  seasons = (await customer.get('/api/configuration')).body.seasons;

  expect((await customer.post('/api/basket', { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 3 }] })).statusCode).toBe(200);
  const deliveryDate = shop.services.orderPlacement.earliestDeliveryDate();
  const placed = await placeOrder(shop.app, customer.auth, `erp-order-${process.pid}`, addressId, {
    externalOrderNumber: 'PO-4711',
    requestedDeliveryDate: deliveryDate,
    notes: [{ deliveryDate, text: 'Bitte an Tor 3' }],
  });
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json();

  // A pre-order of a frozen product in two seasons: one line per season.
  frozen = await shop.db
    .selectFrom('products as p')
    .select(['p.id', 'p.sku'])
    .where('p.is_stock_freeze', '=', 1)
    .where('p.sales_batch_size', '=', 1)
    .where('p.is_active', '=', 1)
    .where('p.pre_order_price_cents', '>', 6000)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_pre_stocks as s').select('s.product_id').whereRef('s.product_id', '=', 'p.id').where('s.quantity', '<', 5))))
    .where((eb) => eb.exists(eb.selectFrom('product_pre_stocks as s').select('s.product_id').whereRef('s.product_id', '=', 'p.id')))
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await shop.db.updateTable('seasons').set({ external_id: 'SEASON-A' }).where('id', '=', seasons[0]!._id).execute();
  expect((await customer.post('/api/basket', { items: [{ _id: frozen.id, sku: frozen.sku, orderType: 'preOrder', quantities: [2, 0, 1] }] })).statusCode).toBe(200);
  const placedPre = await placeOrder(shop.app, customer.auth, `erp-pre-order-${process.pid}`, addressId, { orderType: 'preOrder' });
  expect(placedPre.statusCode, placedPre.body).toBe(201);
  preOrder = placedPre.json();
});
afterAll(() => shop.close());

const erp = (secret: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => erpCall(shop.app, secret, method, url, payload);

describe('GET /erp/v1/orders/{orderNumber}', () => {
  it('answers the whole order from its snapshot, amounts in major units of its currency', async () => {
    const answer = await erp(reader, 'GET', `/erp/v1/orders/${order.orderNumber}`);
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const doc = answer.body;
    const stored = await shop.db.selectFrom('orders').selectAll().where('id', '=', order._id).executeTakeFirstOrThrow();
    const items = await shop.db.selectFrom('order_items').selectAll().where('order_id', '=', order._id).execute();
    const user = await shop.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('username', '=', 'customer').executeTakeFirstOrThrow();

    expect(doc).toMatchObject({
      orderNumber: order.orderNumber,
      orderType: 'order',
      orderDate: stored.order_date,
      erpOrderNumber: null,
      acknowledgedAt: null,
      status: '1',
      externalOrderNumber: 'PO-4711',
      requestedDeliveryDate: stored.delivery_date,
      notes: [{ deliveryDate: stored.delivery_date, text: 'Bitte an Tor 3' }],
      currency: stored.currency,
      shippingAddress: { companyName: stored.receiver_company, street: stored.receiver_street, city: stored.receiver_city, countryCode: stored.receiver_country_code },
      shippingMethod: { id: 1, name: stored.shipping_method_name },
      payment: { methodId: 1, method: stored.payment_method, status: 'open', dueAt: null, paidAt: null },
      placedBy: { userId: user.id, userExternalId: null, email: user.email, name: `${user.first_name} ${user.last_name}`, customerNo: '10001', salesPerson: null },
    });
    expect(stored.delivery_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(doc.lines).toEqual([
      {
        sku: product.sku,
        variantSku: null,
        name: items[0]!.name,
        orderType: 'order',
        season: null,
        deliveryDate: stored.delivery_date,
        quantity: 3,
        allocatedQuantity: items[0]!.allocated_quantity,
        backorderedQuantity: items[0]!.backordered_quantity,
        unitPrice: items[0]!.unit_price_cents / 100,
        vatRate: items[0]!.vat_rate_bp / 100,
        lineNet: items[0]!.line_net_cents / 100,
        customAttributes: null,
      },
    ]);
    expect(doc.totals).toMatchObject({
      net: stored.net_total_cents / 100,
      vat: stored.vat_total_cents / 100,
      gross: stored.gross_total_cents / 100,
      shipping: stored.shipping_price_cents / 100,
    });
    expect(doc.totals.vatByRate.length).toBeGreaterThan(0);
    expect(doc.invoiceAddress === null || typeof doc.invoiceAddress.city === 'string').toBe(true);
    // The same figures the buyer sees for the order.
    const buyerView = (await customer.get(`/api/order/${order._id}`)).body;
    expect(buyerView.costs.valueGross).toEqual({ value: doc.totals.gross, currency: doc.currency });
  });

  it('answers a pre-order with one line per season, the season’s date and ERP key', async () => {
    const doc = (await erp(reader, 'GET', `/erp/v1/orders/${preOrder.orderNumber}`)).body;
    expect(doc.orderType).toBe('preOrder');
    expect(doc.requestedDeliveryDate).toBeNull();
    expect(doc.lines.map((line: { sku: string; quantity: number; season: unknown; deliveryDate: string }) => [line.sku, line.quantity, line.season, line.deliveryDate])).toEqual([
      [frozen.sku, 2, { id: seasons[0]!._id, externalId: 'SEASON-A' }, seasons[0]!.date],
      [frozen.sku, 1, { id: seasons[2]!._id, externalId: null }, seasons[2]!.date],
    ]);
  });

  it('answers an unknown number and another tenant’s order alike: 404', async () => {
    const unknown = await erp(reader, 'GET', '/erp/v1/orders/WEB-999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatchObject({ messageKey: 'order.not_found' });
    const otherKey = await erpKey(shop, await otherTenant(shop, `orders-other-${process.pid}`), ['orders:read', 'orders:write']);
    const foreign = await erp(otherKey, 'GET', `/erp/v1/orders/${order.orderNumber}`);
    expect(foreign).toEqual(unknown);
    const foreignUnknown = await erp(otherKey, 'GET', '/erp/v1/orders/WEB-999999');
    expect(foreign).toEqual(foreignUnknown);
    // Nor can it acknowledge or move it.
    expect(await erp(otherKey, 'POST', `/erp/v1/orders/${order.orderNumber}/ack`, { erpOrderNumber: 'X-1' })).toEqual(unknown);
    expect(await erp(otherKey, 'PUT', `/erp/v1/orders/${order.orderNumber}/status`, { status: '3', at: '2026-11-26T10:00:00Z' })).toEqual(unknown);
    const stored = await shop.db.selectFrom('orders').select(['erp_order_number', 'status_id']).where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ erp_order_number: null, status_id: '1' });
  });

  it('needs orders:read to read and orders:write to answer back', async () => {
    expect((await erp(null, 'GET', `/erp/v1/orders/${order.orderNumber}`)).statusCode).toBe(401);
    expect(await erp(writer, 'GET', `/erp/v1/orders/${order.orderNumber}`)).toMatchObject({ statusCode: 403, body: { messageKey: 'api.scope.missing', details: { scope: 'orders:read' } } });
    expect(await erp(reader, 'POST', `/erp/v1/orders/${order.orderNumber}/ack`, { erpOrderNumber: 'X-1' })).toMatchObject({
      statusCode: 403,
      body: { details: { scope: 'orders:write' } },
    });
    expect(await erp(reader, 'PUT', `/erp/v1/orders/${order.orderNumber}/status`, { status: '3', at: '2026-11-26T10:00:00Z' })).toMatchObject({
      statusCode: 403,
      body: { details: { scope: 'orders:write' } },
    });
  });
});

describe('POST /erp/v1/orders/{orderNumber}/ack', () => {
  it('notes the ERP’s number once: the same again answers the same, another one 409; the buyer sees it', async () => {
    const first = await erp(writer, 'POST', `/erp/v1/orders/${order.orderNumber}/ack`, { erpOrderNumber: 'SO-2026-0042' });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ orderNumber: order.orderNumber, erpOrderNumber: 'SO-2026-0042', acknowledgedAt: expect.any(String) });
    const updatedAt = (await shop.db.selectFrom('orders').select('updated_at').where('id', '=', order._id).executeTakeFirstOrThrow()).updated_at;

    const again = await erp(writer, 'POST', `/erp/v1/orders/${order.orderNumber}/ack`, { erpOrderNumber: 'SO-2026-0042' });
    expect(again).toEqual(first);
    const other = await erp(writer, 'POST', `/erp/v1/orders/${order.orderNumber}/ack`, { erpOrderNumber: 'SO-2026-0043' });
    expect(other.statusCode).toBe(409);
    expect(other.body).toMatchObject({ messageKey: 'erp.order.acknowledged', details: { erpOrderNumber: 'SO-2026-0042' } });
    // Neither the repeat nor the refusal wrote anything.
    expect((await shop.db.selectFrom('orders').select('updated_at').where('id', '=', order._id).executeTakeFirstOrThrow()).updated_at).toBe(updatedAt);

    expect((await customer.get(`/api/order/${order._id}`)).body.erpOrderNumber).toBe('SO-2026-0042');
    expect((await erp(reader, 'GET', `/erp/v1/orders/${order.orderNumber}`)).body).toMatchObject({ erpOrderNumber: 'SO-2026-0042', acknowledgedAt: first.body.acknowledgedAt });
  });

  it('refuses an empty number and an unknown order', async () => {
    expect(await erp(writer, 'POST', `/erp/v1/orders/${preOrder.orderNumber}/ack`, { erpOrderNumber: '  ' })).toMatchObject({ statusCode: 400, body: { field: 'erpOrderNumber' } });
    expect(await erp(writer, 'POST', `/erp/v1/orders/${preOrder.orderNumber}/ack`, {})).toMatchObject({ statusCode: 400, body: { field: 'erpOrderNumber' } });
    expect((await erp(writer, 'POST', '/erp/v1/orders/WEB-999999/ack', { erpOrderNumber: 'SO-1' })).statusCode).toBe(404);
    expect((await customer.get(`/api/order/${preOrder._id}`)).body.erpOrderNumber).toBeNull();
  });
});

describe('PUT /erp/v1/orders/{orderNumber}/status', () => {
  it('puts each change into the order’s timeline and status, as the buyer sees them', async () => {
    const shipped = await erp(writer, 'PUT', `/erp/v1/orders/${order.orderNumber}/status`, { status: '3', at: '2026-11-27T08:00:00+01:00' });
    expect(shipped.statusCode, JSON.stringify(shipped.body)).toBe(200);
    const progress = await erp(writer, 'PUT', `/erp/v1/orders/${order.orderNumber}/status`, { status: '2', at: '2026-11-26T10:00:00Z' });
    // The order takes the status of its latest change by time, whatever order they came in.
    expect(progress.body).toMatchObject({ orderNumber: order.orderNumber, status: '3' });
    expect(progress.body.statusTimeline.slice(1)).toEqual([
      { status: '2', at: '2026-11-26T10:00:00.000Z' },
      { status: '3', at: '2026-11-27T07:00:00.000Z' },
    ]);
    // The same change again changes nothing.
    const repeated = await erp(writer, 'PUT', `/erp/v1/orders/${order.orderNumber}/status`, { status: '3', at: '2026-11-27T07:00:00Z' });
    expect(repeated.body).toEqual(progress.body);

    const view = (await customer.get(`/api/order/${order._id}`)).body;
    expect(view.orderStatus).toBe('3');
    expect(view.status).toEqual({ id: '3', name: 'Versendet' });
    expect(view.statusTimeline.map((step: { statusId: string; at: string }) => [step.statusId, step.at])).toEqual([
      ['1', view.orderDate],
      ['2', '2026-11-26T10:00:00.000Z'],
      ['3', '2026-11-27T07:00:00.000Z'],
    ]);
  });

  it('refuses a status the lookup does not have, naming it, and a malformed time; nothing is written', async () => {
    const unknown = await erp(writer, 'PUT', `/erp/v1/orders/${preOrder.orderNumber}/status`, { status: '42', at: '2026-11-26T10:00:00Z' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatchObject({ messageKey: 'erp.order.status.unknown', field: 'status' });
    expect(unknown.body.message).toContain('42');
    expect(await erp(writer, 'PUT', `/erp/v1/orders/${preOrder.orderNumber}/status`, { status: '2', at: 'tomorrow' })).toMatchObject({ statusCode: 400, body: { field: 'at' } });
    expect((await erp(writer, 'PUT', '/erp/v1/orders/WEB-999999/status', { status: '2', at: '2026-11-26T10:00:00Z' })).statusCode).toBe(404);
    expect(await shop.db.selectFrom('order_status_events').select('id').where('order_id', '=', preOrder._id).execute()).toEqual([]);
    expect((await customer.get(`/api/order/${preOrder._id}`)).body.orderStatus).toBe('1');
  });
});
