import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, loadCatalogue, orderLine, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { demoTenantId, erpCall, erpKey, orderableProduct, otherTenant, placeOrder, shippingAddressOf } from './erp-order-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The parcels the ERP sends back for an order (PUT /erp/v1/orders/{orderNumber}/shipments/{externalId}):
// created, replaced or unchanged by the ERP's key, never more of a line than was ordered over all the
// order's shipments, and seen by the buyer at once in the order's detail (GET /api/order/{id}). Another
// tenant's key finds nothing, exactly like an unknown number.

let shop: TestShop;
let tenantId: number;
let writer: string;
let customer: ApiClient;
let product: { id: number; sku: string };
/** An order of 3 of one product. */
let order: { _id: number; orderNumber: string };
/** A pre-order of one product in two seasons (2 + 1): its lines of one sku count together. */
let preOrder: { _id: number; orderNumber: string };
let frozen: { id: number; sku: string };
/** An order of 2 of one variant of a product with several variants. */
let variantOrder: { _id: number; orderNumber: string };
let withVariants: TestProduct;

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  writer = await erpKey(shop, tenantId, ['orders:write']);
  customer = await clientFor(shop, 'customer');
  const addressId = await shippingAddressOf(shop, '10001');
  product = await orderableProduct(shop);

  expect((await customer.post('/api/basket', { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 3 }] })).statusCode).toBe(200);
  const placed = await placeOrder(shop.app, customer.auth, `erp-shipments-${process.pid}`, addressId);
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json();

  frozen = await shop.db
    .selectFrom('products as p')
    .select(['p.id', 'p.sku'])
    .where('p.is_stock_freeze', '=', 1)
    .where('p.sales_batch_size', '=', 1)
    .where('p.is_active', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_pre_stocks as s').select('s.product_id').whereRef('s.product_id', '=', 'p.id').where('s.quantity', '<', 5))))
    .where((eb) => eb.exists(eb.selectFrom('product_pre_stocks as s').select('s.product_id').whereRef('s.product_id', '=', 'p.id')))
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  expect((await customer.post('/api/basket', { items: [{ _id: frozen.id, sku: frozen.sku, orderType: 'preOrder', quantities: [2, 0, 1] }] })).statusCode).toBe(200);
  const placedPre = await placeOrder(shop.app, customer.auth, `erp-shipments-pre-${process.pid}`, addressId, { orderType: 'preOrder' });
  expect(placedPre.statusCode, placedPre.body).toBe(201);
  preOrder = placedPre.json();

  const { products } = await loadCatalogue(shop);
  withVariants = pick(products, (p) => p.variants.length >= 2 && p.batchSize === 1 && !p.isPositiveStockOnly && p.preStocks.length === 0, 'a product with variants');
  expect((await customer.post('/api/basket', { items: [orderLine(withVariants, 2, { variantSku: withVariants.variants[0]!.variantSku })] })).statusCode).toBe(200);
  const placedVariant = await placeOrder(shop.app, customer.auth, `erp-shipments-variant-${process.pid}`, addressId);
  expect(placedVariant.statusCode, placedVariant.body).toBe(201);
  variantOrder = placedVariant.json();
});
afterAll(() => shop.close());

const put = (secret: string | null, orderNumber: string, externalId: string, payload: object) =>
  erpCall(shop.app, secret, 'PUT', `/erp/v1/orders/${orderNumber}/shipments/${externalId}`, payload);

const storedShipments = (orderId: number) => shop.db.selectFrom('order_shipments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('PUT /erp/v1/orders/{orderNumber}/shipments/{externalId}', () => {
  it('creates the shipment (201), answers the same again unchanged without writing, replaces it whole when it changed', async () => {
    const parcel = {
      carrier: 'DHL',
      trackingCode: '00340434161094042557',
      shippedAt: '2026-11-27T15:30:00+01:00',
      lines: [{ sku: product.sku, quantity: 2 }],
      deliveryDocumentUrl: 'https://erp.example.com/delivery-notes/LS-1.pdf',
    };
    const created = await put(writer, order.orderNumber, 'LS-1', parcel);
    expect(created.statusCode, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({
      result: 'created',
      shipment: {
        orderNumber: order.orderNumber,
        externalId: 'LS-1',
        carrier: 'DHL',
        trackingCode: '00340434161094042557',
        trackingUrl: null,
        shippedAt: '2026-11-27T14:30:00.000Z',
        lines: [{ sku: product.sku, variantSku: null, quantity: 2 }],
        deliveryDocumentUrl: 'https://erp.example.com/delivery-notes/LS-1.pdf',
      },
    });
    const [first] = await storedShipments(order._id);
    expect(first).toMatchObject({ tenant_id: tenantId, external_id: 'LS-1', carrier: 'DHL', shipped_at: '2026-11-27T14:30:00.000Z' });

    // The same again, later: unchanged, and the row is not touched (updated_at stays).
    shop.clock.advance(60_000);
    const again = await put(writer, order.orderNumber, 'LS-1', parcel);
    expect(again).toEqual({ statusCode: 200, body: { ...created.body, result: 'unchanged' } });
    expect(await storedShipments(order._id)).toEqual([first]);

    // Changed: replaced whole, a field left out is cleared.
    const changed = await put(writer, order.orderNumber, 'LS-1', { carrier: 'DPD', trackingUrl: 'https://tracking.example.com/p/77', shippedAt: '2026-11-28T08:00:00Z', lines: [{ sku: product.sku, quantity: 3 }] });
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({
      result: 'updated',
      shipment: {
        orderNumber: order.orderNumber,
        externalId: 'LS-1',
        carrier: 'DPD',
        trackingCode: null,
        trackingUrl: 'https://tracking.example.com/p/77',
        shippedAt: '2026-11-28T08:00:00.000Z',
        lines: [{ sku: product.sku, variantSku: null, quantity: 3 }],
        deliveryDocumentUrl: null,
      },
    });
    const [replaced, ...none] = await storedShipments(order._id);
    expect(none).toEqual([]);
    expect(replaced!.id).toBe(first!.id);
    expect(replaced!.updated_at > first!.updated_at).toBe(true);
    expect(replaced).toMatchObject({ carrier: 'DPD', tracking_code: null, delivery_document_url: null });

    // Back to the first version for the buyer's view below.
    expect((await put(writer, order.orderNumber, 'LS-1', parcel)).body.result).toBe('updated');
  });

  it('refuses a malformed shipment field by field (400 naming it) and writes nothing', async () => {
    const valid = { carrier: 'GLS', shippedAt: '2026-11-27T10:00:00Z' };
    const refusals: [object, string][] = [
      [{ shippedAt: valid.shippedAt }, 'carrier'],
      [{ ...valid, carrier: '   ' }, 'carrier'],
      [{ ...valid, shippedAt: 'tomorrow' }, 'shippedAt'],
      [{ ...valid, shippedAt: '2026-11-27' }, 'shippedAt'],
      [{ ...valid, trackingUrl: 'javascript:alert(1)' }, 'trackingUrl'],
      [{ ...valid, trackingUrl: 'ftp://files.example.com/t' }, 'trackingUrl'],
      [{ ...valid, deliveryDocumentUrl: 'data:text/html,<script>alert(1)</script>' }, 'deliveryDocumentUrl'],
      [{ ...valid, lines: [{ quantity: 1 }] }, 'lines.0.sku'],
      [{ ...valid, lines: [{ sku: product.sku, variantSku: 'V-1', quantity: 1 }] }, 'lines.0.sku'],
      [{ ...valid, lines: [{ sku: product.sku, quantity: 0 }] }, 'lines.0.quantity'],
      [{ ...valid, lines: [{ sku: product.sku, quantity: 1.5 }] }, 'lines.0.quantity'],
      [{ ...valid, lines: [{ sku: product.sku, quantity: 1, name: 'x' }] }, 'lines.0.name'],
      [{ ...valid, trackingcode: 'misspelt' }, 'trackingcode'],
    ];
    for (const [payload, field] of refusals) {
      const answer = await put(writer, order.orderNumber, 'LS-BAD', payload);
      expect(answer, JSON.stringify(payload)).toMatchObject({ statusCode: 400, body: { field } });
    }
    expect((await storedShipments(order._id)).map((s) => s.external_id)).toEqual(['LS-1']);
  });

  it('refuses a line the order does not have and more than was ordered over all its shipments (422 naming the line)', async () => {
    const unknown = await put(writer, order.orderNumber, 'LS-2', { carrier: 'UPS', shippedAt: '2026-11-29T10:00:00Z', lines: [{ sku: frozen.sku, quantity: 1 }] });
    expect(unknown).toMatchObject({ statusCode: 422, body: { messageKey: 'erp.shipment.line.unknown', field: 'lines.0.sku' } });
    expect(unknown.body.message).toContain(frozen.sku);
    const unknownVariant = await put(writer, order.orderNumber, 'LS-2', { carrier: 'UPS', shippedAt: '2026-11-29T10:00:00Z', lines: [{ variantSku: product.sku, quantity: 1 }] });
    expect(unknownVariant).toMatchObject({ statusCode: 422, body: { field: 'lines.0.variantSku' } });

    // LS-1 holds 2 of the 3 ordered: 1 more fits, 2 more do not.
    const over = await put(writer, order.orderNumber, 'LS-2', { carrier: 'UPS', shippedAt: '2026-11-29T10:00:00Z', lines: [{ sku: product.sku, quantity: 2 }] });
    expect(over).toMatchObject({
      statusCode: 422,
      body: { messageKey: 'erp.shipment.line.over_shipped', field: 'lines.0.quantity', details: { sku: product.sku, variantSku: null, ordered: 3, shipped: 4 } },
    });
    // Two lines of one sku in one parcel count together.
    const split = await put(writer, order.orderNumber, 'LS-2', { carrier: 'UPS', shippedAt: '2026-11-29T10:00:00Z', lines: [{ sku: product.sku, quantity: 1 }, { sku: product.sku, quantity: 1 }] });
    expect(split).toMatchObject({ statusCode: 422, body: { field: 'lines.1.quantity' } });
    expect((await storedShipments(order._id)).map((s) => s.external_id)).toEqual(['LS-1']);

    const rest = await put(writer, order.orderNumber, 'LS-2', { carrier: 'UPS', shippedAt: '2026-11-29T10:00:00Z', lines: [{ sku: product.sku, quantity: 1 }] });
    expect(rest.statusCode, JSON.stringify(rest.body)).toBe(201);
    // A shipment's own earlier version does not count against it when it is replaced.
    expect((await put(writer, order.orderNumber, 'LS-2', { carrier: 'UPS', shippedAt: '2026-11-29T11:00:00Z', lines: [{ sku: product.sku, quantity: 1 }] })).body.result).toBe('updated');
  });

  it('counts a pre-order’s lines of one product over its seasons together', async () => {
    expect((await put(writer, preOrder.orderNumber, 'PRE-1', { carrier: 'DHL', shippedAt: '2026-11-29T10:00:00Z', lines: [{ sku: frozen.sku, quantity: 3 }] })).statusCode).toBe(201);
    const over = await put(writer, preOrder.orderNumber, 'PRE-2', { carrier: 'DHL', shippedAt: '2026-11-30T10:00:00Z', lines: [{ sku: frozen.sku, quantity: 1 }] });
    expect(over).toMatchObject({ statusCode: 422, body: { details: { ordered: 3, shipped: 4 } } });
    // A shipment without lines is taken: the ERP need not say what a parcel holds.
    expect((await put(writer, preOrder.orderNumber, 'PRE-2', { carrier: 'DHL', shippedAt: '2026-11-30T10:00:00Z' })).statusCode).toBe(201);
  });

  it('names a variant’s line by its variantSku, never by the product’s sku', async () => {
    const [ordered, other] = withVariants.variants;
    const parcel = (line: object) => ({ carrier: 'DPD', shippedAt: '2026-11-29T10:00:00Z', lines: [line] });
    expect(await put(writer, variantOrder.orderNumber, 'V-1', parcel({ sku: withVariants.sku, quantity: 1 }))).toMatchObject({ statusCode: 422, body: { field: 'lines.0.sku' } });
    expect(await put(writer, variantOrder.orderNumber, 'V-1', parcel({ variantSku: other!.variantSku, quantity: 1 }))).toMatchObject({ statusCode: 422, body: { field: 'lines.0.variantSku' } });
    expect(await put(writer, variantOrder.orderNumber, 'V-1', parcel({ variantSku: ordered!.variantSku, quantity: 3 }))).toMatchObject({ statusCode: 422, body: { details: { ordered: 2, shipped: 3 } } });
    const created = await put(writer, variantOrder.orderNumber, 'V-1', parcel({ variantSku: ordered!.variantSku, quantity: 2 }));
    expect(created.statusCode, JSON.stringify(created.body)).toBe(201);
    expect(created.body.shipment.lines).toEqual([{ sku: withVariants.sku, variantSku: ordered!.variantSku, quantity: 2 }]);
    const seen = await customer.get(`/api/order/${variantOrder._id}`);
    expect(seen.body.shipments[0].lines).toEqual([{ sku: withVariants.sku, variantSku: ordered!.variantSku, name: seen.body.items[0].name, quantity: 2 }]);
  });

  it('answers an unknown order and another tenant’s order alike (404) and writes nothing', async () => {
    const parcel = { carrier: 'DHL', shippedAt: '2026-11-27T10:00:00Z' };
    const unknown = await put(writer, 'WEB-999999', 'LS-9', parcel);
    expect(unknown).toMatchObject({ statusCode: 404, body: { messageKey: 'order.not_found' } });
    const otherKey = await erpKey(shop, await otherTenant(shop, `shipments-other-${process.pid}`), ['orders:write']);
    expect(await put(otherKey, order.orderNumber, 'LS-9', parcel)).toEqual(unknown);
    expect(await put(otherKey, order.orderNumber, 'LS-1', parcel)).toEqual(unknown);
    expect((await storedShipments(order._id)).map((s) => [s.external_id, s.carrier])).toEqual([
      ['LS-1', 'DHL'],
      ['LS-2', 'UPS'],
    ]);
  });

  it('needs a key with orders:write', async () => {
    const parcel = { carrier: 'DHL', shippedAt: '2026-11-27T10:00:00Z' };
    expect((await put(null, order.orderNumber, 'LS-9', parcel)).statusCode).toBe(401);
    const reader = await erpKey(shop, tenantId, ['orders:read']);
    expect(await put(reader, order.orderNumber, 'LS-9', parcel)).toMatchObject({ statusCode: 403, body: { messageKey: 'api.scope.missing', details: { scope: 'orders:write' } } });
    expect((await storedShipments(order._id)).map((s) => s.external_id)).toEqual(['LS-1', 'LS-2']);
  });
});

describe('GET /api/order/{id}: the buyer sees the shipments', () => {
  it('lists every shipment with its tracking link, date, lines by name and delivery note', async () => {
    const detail = await customer.get(`/api/order/${order._id}`);
    expect(detail.statusCode).toBe(200);
    const name = detail.body.items[0].name;
    expect(detail.body.shipments).toEqual([
      {
        carrier: 'DHL',
        trackingCode: '00340434161094042557',
        // No stored link: the carrier's tracking page built from the code.
        trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
        shippedAt: '2026-11-27T14:30:00.000Z',
        lines: [{ sku: product.sku, variantSku: null, name, quantity: 2 }],
        deliveryDocumentUrl: 'https://erp.example.com/delivery-notes/LS-1.pdf',
      },
      {
        carrier: 'UPS',
        trackingCode: null,
        trackingUrl: null,
        shippedAt: '2026-11-29T11:00:00.000Z',
        lines: [{ sku: product.sku, variantSku: null, name, quantity: 1 }],
        deliveryDocumentUrl: null,
      },
    ]);
    const pre = await customer.get(`/api/order/${preOrder._id}`);
    expect(pre.body.shipments.map((s: { lines: unknown[] }) => s.lines.length)).toEqual([1, 0]);
  });
});
