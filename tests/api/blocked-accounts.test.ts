import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { clientFor, type ApiClient } from './basket-fixtures.ts';
import { orderableProduct, shippingAddressOf } from './buyer-fixtures.ts';
import { demoAccounts, startTestShop, type TestShop } from './helper.ts';
import { companyId, createUser, demoTenantId } from './order-history-fixtures.ts';

// Blocked and locked accounts (docs/product.md, Signup, password reset and blocked accounts):
//  - a locked or inactive user cannot sign in: 403 'login.blocked', the spec's 'Your account is blocked.
//    Please contact your Sales Manager', in both languages; a wrong password is not told apart; a session
//    that was open when the user got locked or deactivated ends;
//  - a blocked company (companies.is_active = 0) cannot order: its users still sign in, but placing an
//    order, on account or online, is refused with 403 'checkout.company.blocked' and nothing is written;
//    a sales person acting for it is refused alike.

const secretKey = 'sk_test_blocked';
const webhookSecret = 'whsec_blocked';
const blockedEn = 'Your account is blocked. Please contact your Sales Manager';
const blockedDe = 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an Ihren Vertriebsmitarbeiter.';

let fake: FakeStripe;
let shop: TestShop;
let tenantId: number;
let company10001: number;
let customer: ApiClient;
let addressId: number;
let methods: { invoice: number; stripe: number };
let product: { id: number; sku: string };
let keySeq = 0;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey, webhookSecret });
  shop = await startTestShop({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: fake.url, PUBLIC_URL: 'http://shop.test' });
  tenantId = await demoTenantId(shop.db);
  company10001 = await companyId(shop.db, '10001');
  customer = await clientFor(shop, 'customer');
  addressId = await shippingAddressOf(shop.db, '10001');
  const methodId = async (code: string) => (await shop.db.selectFrom('payment_methods').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  methods = { invoice: await methodId('invoice'), stripe: await methodId('stripe') };
  product = await orderableProduct(shop.db, false);
});

afterAll(async () => {
  await shop?.close();
  await fake.close();
});

beforeEach(async () => {
  await setCompanyActive(1);
});

async function setCompanyActive(value: 0 | 1) {
  await shop.db.updateTable('companies').set({ is_active: value }).where('id', '=', company10001).execute();
}

function login(username: string, password: string, locale: 'de' | 'en') {
  return shop.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, tenant: 'demo' }, headers: { cookie: `locale=${locale}` } });
}

function placeOrder(auth: string, url: '/api/order/create' | '/api/payment/createOrder', paymentMethodId: number, locale: 'de' | 'en' = 'de') {
  return shop.app.inject({
    method: 'POST',
    url,
    headers: { authorization: auth, 'idempotency-key': `blocked-${process.pid}-${++keySeq}`, cookie: `locale=${locale}` },
    payload: { orderType: 'order', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId, termsAccepted: true },
  });
}

async function written() {
  const count = async (table: 'orders' | 'order_items' | 'payment_sessions') => Number((await shop.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const basket = await customer.get('/api/basket');
  const stock = await shop.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow();
  return { orders: await count('orders'), items: await count('order_items'), sessions: await count('payment_sessions'), basket: basket.body.items, stock: stock.stock };
}

describe('a locked or inactive user', () => {
  it.each([
    ['en', blockedEn],
    ['de', blockedDe],
  ] as const)('cannot sign in when locked (%s)', async (locale, message) => {
    const response = await login(demoAccounts.locked.username, demoAccounts.locked.password, locale);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ messageKey: 'login.blocked', message });
  });

  it('cannot sign in when inactive, in either language; a wrong password is answered as for anyone', async () => {
    const user = await createUser(shop.db, tenantId, company10001, 'inactive-buyer', 'customer');
    await shop.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.userId).execute();
    for (const [locale, message] of [['en', blockedEn], ['de', blockedDe]] as const) {
      const response = await login('inactive-buyer', demoAccounts.customer.password, locale);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ messageKey: 'login.blocked', message });
    }
    const wrong = await login('inactive-buyer', 'not-the-password', 'en');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().messageKey).toBe('login.invalid');
  });

  it('loses a session that was open when it was deactivated', async () => {
    const user = await createUser(shop.db, tenantId, company10001, 'deactivated-later', 'customer');
    const me = () => shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: user.auth } });
    expect((await me()).statusCode).toBe(200);
    await shop.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.userId).execute();
    shop.services.auth.clearCache();
    expect((await me()).statusCode).toBe(401);
    expect((await placeOrder(user.auth, '/api/order/create', methods.invoice)).statusCode).toBe(401);
  });
});

describe('a blocked company', () => {
  beforeEach(async () => {
    expect((await customer.post('/api/basket', { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 2 }] })).statusCode).toBe(200);
  });

  it('still lets its users sign in and see their cart', async () => {
    await setCompanyActive(0);
    const response = await login(demoAccounts.customer.username, demoAccounts.customer.password, 'en');
    expect(response.statusCode).toBe(200);
    expect((await customer.get('/api/basket')).body.items).toHaveLength(1);
  });

  it.each([
    ['on account', '/api/order/create', 'invoice'],
    ['online', '/api/payment/createOrder', 'stripe'],
  ] as const)('cannot order %s: 403 checkout.company.blocked in the buyer’s language, nothing written', async (_how, url, method) => {
    await setCompanyActive(0);
    const before = await written();
    const en = await placeOrder(customer.auth, url, methods[method], 'en');
    expect(en.statusCode, en.body).toBe(403);
    expect(en.json()).toMatchObject({ messageKey: 'checkout.company.blocked', message: 'Your company is blocked from ordering. Please contact your Sales Manager.' });
    const de = await placeOrder(customer.auth, url, methods[method], 'de');
    expect(de.json().message).toBe('Ihr Unternehmen ist für Bestellungen gesperrt. Bitte wenden Sie sich an Ihren Vertriebsmitarbeiter.');
    expect(await written()).toEqual(before);

    // The same request goes through once the company is no longer blocked: the block was the reason.
    await setCompanyActive(1);
    const placed = await placeOrder(customer.auth, url, methods[method]);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('is blocked for a sales person acting for it too', async () => {
    const sales = await clientFor(shop, 'sales');
    await shop.db.updateTable('users').set({ current_company_id: company10001 }).where('username', '=', 'sales').execute();
    shop.services.auth.clearCache();
    await setCompanyActive(0);
    const response = await placeOrder(sales.auth, '/api/order/create', methods.invoice);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().messageKey).toBe('checkout.company.blocked');
  });

  it('is told apart from a blocked delivery, which the company has besides', async () => {
    await shop.db.updateTable('companies').set({ blocked_delivery: 1 }).where('id', '=', company10001).execute();
    try {
      expect((await placeOrder(customer.auth, '/api/order/create', methods.invoice)).json().messageKey).toBe('checkout.delivery.blocked');
      await setCompanyActive(0);
      expect((await placeOrder(customer.auth, '/api/order/create', methods.invoice)).json().messageKey).toBe('checkout.company.blocked');
    } finally {
      await shop.db.updateTable('companies').set({ blocked_delivery: 0 }).where('id', '=', company10001).execute();
    }
  });
});
