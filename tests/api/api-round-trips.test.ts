import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { clientFor, isPlain, loadCatalogue, orderLine, pick, preOrderLine, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// What one API answers, another takes back: each GET's answer is posted as it came into its POST
// counterpart, and is accepted, or refused field by field for the reason written beside it. A client
// that follows the API's own answers never meets an id or a shape the API refuses.

let shop: TestShop;
let stripe: FakeStripe;
let customer: ApiClient;
let products: TestProduct[];
let seasonIds: number[];
let keySeq = 0;

beforeAll(async () => {
  // Online payment on, so the lookup offers a method of each kind.
  stripe = await startFakeStripe({ secretKey: 'sk_test_round_trip', webhookSecret: 'whsec_round_trip' });
  shop = await startTestShop({ STRIPE_SECRET_KEY: 'sk_test_round_trip', STRIPE_WEBHOOK_SECRET: 'whsec_round_trip', STRIPE_API_BASE: stripe.url, PUBLIC_URL: 'http://shop.test' });
  customer = await clientFor(shop, 'customer');
  ({ products, seasonIds } = await loadCatalogue(shop));
});
afterAll(async () => {
  await shop.close();
  await stripe.close();
});

beforeEach(async () => {
  await customer.post('/api/basket', { items: [] });
});

async function placeWith(client: ApiClient, url: '/api/order/create' | '/api/payment/createOrder', body: Record<string, unknown>) {
  const response = await shop.app.inject({
    method: 'POST',
    url,
    headers: { authorization: client.auth, 'idempotency-key': `round-trip-${process.pid}-${++keySeq}` },
    payload: body,
  });
  return { statusCode: response.statusCode, body: response.json() };
}

/** The ids a checkout takes, each from the GET that offers it. */
async function offeredChoices(client: ApiClient) {
  const [addresses, shipping, lookup] = await Promise.all([client.get('/api/address'), client.get('/api/shippingType'), client.get('/api/lookup?lookupName=paymentType')]);
  expect(addresses.statusCode).toBe(200);
  expect(shipping.statusCode).toBe(200);
  expect(lookup.statusCode).toBe(200);
  const address = (addresses.body.data as { _id: number; type: number }[]).find((candidate) => candidate.type === 1) ?? addresses.body.data[0];
  return { address, shippingMethods: shipping.body.data as { _id: number }[], paymentMethods: lookup.body.data as { _id: number; code: string; translatedName: string }[] };
}

async function fillCart(client: ApiClient) {
  const product = pick(products, isPlain, 'a plain product');
  // Above the shop's minimum order amount.
  const saved = await client.post('/api/basket', { items: [orderLine(product, Math.ceil(20_000 / product.priceCents))] });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
}

describe('payment methods: one id everywhere', () => {
  it('the lookup names each payment method by the id and name the configuration gives it', async () => {
    const [lookup, configuration] = await Promise.all([customer.get('/api/lookup?lookupName=paymentType'), customer.get('/api/configuration')]);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.body.data.length).toBeGreaterThan(0);
    expect(lookup.body.data).toEqual(configuration.body.paymentMethods);
    for (const method of lookup.body.data) {
      expect(method).toEqual({ _id: expect.any(Number), code: expect.any(String), translatedName: expect.any(String) });
    }
  });

  it('an order placed with the lookup’s payment id, the shipping type’s id and the address book’s id is accepted', async () => {
    const { address, shippingMethods, paymentMethods } = await offeredChoices(customer);
    const onAccount = paymentMethods.find((method) => method.code === 'invoice') ?? paymentMethods[0]!;
    await fillCart(customer);
    const placed = await placeWith(customer, '/api/order/create', {
      orderType: 'order',
      shippingAddressId: address._id,
      shippingMethodId: shippingMethods[0]!._id,
      paymentMethodId: onAccount._id,
      termsAccepted: true,
    });
    expect(placed.statusCode, JSON.stringify(placed.body)).toBe(201);
  });

  it('an online payment is started with the lookup’s online method, and paid on account with its other id instead', async () => {
    const { address, shippingMethods, paymentMethods } = await offeredChoices(customer);
    const online = paymentMethods.find((method) => method.code === 'stripe')!;
    const onAccount = paymentMethods.find((method) => method.code === 'invoice')!;
    await fillCart(customer);
    const started = await placeWith(customer, '/api/payment/createOrder', {
      orderType: 'order',
      shippingAddressId: address._id,
      shippingMethodId: shippingMethods[0]!._id,
      paymentMethodId: online._id,
      termsAccepted: true,
    });
    expect(started.statusCode, JSON.stringify(started.body)).toBe(201);
    const paid = await customer.post('/api/payment/payOnAccount', { orderId: started.body.orderId, paymentMethodId: onAccount._id });
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
  });
});

describe('GET answers posted back to their POST', () => {
  it('the basket as GET /api/basket answers it saves unchanged', async () => {
    const plain = pick(products, isPlain, 'a plain product');
    const preOrderable = pick(products, (p) => p.preStocks.some((quantity) => quantity > 0), 'a pre-orderable product');
    const seasons = await customer.get('/api/season');
    expect(seasons.statusCode).toBe(200);
    // The pre-order line has one quantity per season, in the order GET /api/season lists them.
    expect((seasons.body.data as { _id: number }[]).map((season) => season._id)).toEqual(seasonIds);
    const quantities = seasonIds.map((_, index) => (index === 0 ? 1 : 0));
    const withVariant = pick(products, (p) => p.variants.some((variant) => variant.stock > 10), 'a product with a variant in stock');
    const variantLine = orderLine(withVariant, 2, { variantSku: withVariant.variants.find((variant) => variant.stock > 10)!.variantSku, customAttributes: { colour: 'blue' } });
    const first = await customer.post('/api/basket', { items: [orderLine(plain, 3), variantLine, preOrderLine(preOrderable, quantities)] });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    const read = await customer.get('/api/basket');
    const again = await customer.post('/api/basket', read.body);
    expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
    // A save answers the basket's id alone (as `id`), the id GET names `_id`.
    expect(again.body).toEqual({ id: read.body._id });
    expect((await customer.get('/api/basket')).body).toEqual(read.body);
  });

  it('the wishlist as GET /api/wishlist answers it saves unchanged', async () => {
    const plain = pick(products, isPlain, 'a plain product');
    expect((await customer.post('/api/wishlist', { items: [{ _id: plain.id }] })).statusCode).toBe(200);
    const read = await customer.get('/api/wishlist');
    const again = await customer.post('/api/wishlist', read.body);
    expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
    // A save answers the wishlist's id alone (as `id`), the id GET names `_id`.
    expect(again.body).toEqual({ id: read.body._id });
    expect((await customer.get('/api/wishlist')).body).toEqual(read.body);
  });

  it('an address as GET /api/address answers it is taken by PUT and by POST', async () => {
    const admin = await clientFor(shop, 'customeradmin');
    const list = await admin.get('/api/address');
    expect(list.statusCode).toBe(200);
    const address = (list.body.data as { _id: number; type: number }[]).find((candidate) => candidate.type === 1)!;
    const put = await shop.app.inject({ method: 'PUT', url: `/api/address/${address._id}`, headers: { authorization: admin.auth }, payload: address });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual(address);
    const copy = await admin.post('/api/address', { ...address, isDefault: false });
    expect(copy.statusCode, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.data).toMatchObject({ ...address, _id: expect.any(Number), isDefault: false });
  });

  it('the current user as GET answers it is refused by POST, naming the first field a user cannot change', async () => {
    const read = await customer.get('/api/user/currentUser');
    expect(read.statusCode).toBe(200);
    const posted = await customer.post('/api/user/currentUser', read.body);
    // The profile changes a user's own names, e-mail, phone and language only; the session user also
    // carries the account's company, role and token, which a user cannot change here. Sending them is
    // refused so a client never believes it changed them.
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toMatchObject({ messageKey: 'user.field.not_changeable' });
    expect(Object.keys(read.body)).toContain(posted.body.field);
  });

  it('the changeable fields of the current user, as GET answers them, are taken by POST', async () => {
    const read = await customer.get('/api/user/currentUser');
    const { firstName, lastName, email } = read.body.account;
    const posted = await customer.post('/api/user/currentUser', { firstName, lastName, email });
    expect(posted.statusCode, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.account).toMatchObject({ firstName, lastName, email });
  });

  it('an order of the history, as GET /api/order answers it, is read and ordered again by the id and line positions it answers', async () => {
    const history = await customer.get('/api/order?pageSize=5');
    expect(history.statusCode).toBe(200);
    const listed = (history.body.data as { _id: number }[])[0]!;
    const order = await customer.get(`/api/order/${listed._id}`);
    expect(order.statusCode, JSON.stringify(order.body)).toBe(200);
    // A line is named by its position in the order's items.
    const again = await customer.post(`/api/order/${order.body._id}/reorder`, { lines: (order.body.items as unknown[]).map((_, index) => index) });
    expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
  });

  it('a company a sales person is offered is one they can switch to', async () => {
    const sales = await clientFor(shop, 'sales');
    const offered = await sales.get('/api/user/salesPersonCustomers');
    expect(offered.statusCode).toBe(200);
    const switched = await sales.post('/api/user/switchCustomerOfSalesPerson', { customerId: offered.body.data[0].id });
    expect(switched.statusCode, JSON.stringify(switched.body)).toBe(200);
  });

  it('a company user as GET /api/user/companyUsers answers it is refused by POST /api/user/saveCompanyUser, naming a field only shown', async () => {
    const admin = await clientFor(shop, 'customeradmin');
    const list = await admin.get('/api/user/companyUsers');
    expect(list.statusCode).toBe(200);
    const user = (list.body.data as Record<string, unknown>[]).find((candidate) => candidate.username === 'customer')!;
    const saved = await admin.post('/api/user/saveCompanyUser', user);
    // The list also shows what a save does not set (the full name, the last sign-in, the invitation
    // state …): sending it is refused, naming it, so an admin's client never believes it changed it.
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toMatchObject({ messageKey: 'user.field.not_changeable' });
    expect(Object.keys(user)).toContain(saved.body.field);
  });

  it('the fields a save sets, as GET /api/user/companyUsers answers them, are taken back', async () => {
    const admin = await clientFor(shop, 'customeradmin');
    const list = await admin.get('/api/user/companyUsers');
    const user = (list.body.data as Record<string, unknown>[]).find((candidate) => candidate.username === 'customer')!;
    const { _id, firstName, lastName, email, username, phone, active, locked, customerAdmin } = user;
    const saved = await admin.post('/api/user/saveCompanyUser', { _id, firstName, lastName, email, username, phone, active, locked, customerAdmin });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
  });
});
