import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi, demoAccounts, startTestShop, type TestShop } from './helper.ts';
import { startShopInstance, type ShopInstance } from './shop-instance.ts';
import { erpCompany } from './erp-load-fixtures.ts';

// Several instances of the shop on one database, a buyer's consecutive requests landing on different ones
// (docs/operations.md, "What each instance keeps in memory"). Each test changes data through instance A the
// way the change really arrives (storefront API, ERP API, or the database where only tools write), then reads
// through instance B: what B may still answer before the cache's lifetime ends, and what it must answer once
// B's clock is past it. Sessions and permissions end on B within CACHE_MS; what an order charges is read
// from the database inside the order's transaction, whatever B keeps.

let shop: TestShop;
let a: ShopInstance;
let b: ShopInstance;
let tenantId: number;
let erpSecret: string;
let customerPasswordHash: string;
let categoryId: number;
let expressShippingId: number;
let keySequence = 0;

const password = demoAccounts.customer.password;

type Instance = Pick<ShopInstance, 'app'>;

function call(instance: Instance, authorization: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers?: Record<string, string>) {
  return callApi(instance, authorization, method, url, payload, headers);
}

/** Moves the instance's clock just past a cache lifetime: what it cached before is read again. */
function passBound(instance: ShopInstance, lifetimeMs: number): void {
  instance.clock.advance(lifetimeMs + 1);
}

async function login(instance: Instance, username: string, secret = password): Promise<string> {
  const answer = await call(instance, null, 'POST', '/api/login', { username, password: secret, tenant: 'demo' });
  expect(answer.statusCode, answer.raw).toBe(200);
  return `Basic ${answer.body.token}`;
}

/** A PUT of rows to the ERP API through instance A; every row must pass. */
async function erpLoad(path: string, rows: unknown[]): Promise<void> {
  const answer = await call(a, `Bearer ${erpSecret}`, 'PUT', `/erp/v1${path}`, rows);
  expect(answer.statusCode, answer.raw).toBe(200);
  expect(answer.body.counts.failed, answer.raw).toBe(0);
}


const sessionsCompany = () => erpCompany('CACHE-1', { name: 'Kachel Eins GmbH' });
const servedCompany = (name = 'Kachel Zwei GmbH') => erpCompany('CACHE-2', { name });
const buyingCompany = (fields: Record<string, unknown> = {}) => erpCompany('CACHE-BUY', { name: 'Kachel Einkauf GmbH', ...fields });

async function companyId(customerNo: string): Promise<number> {
  return (await shop.db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', customerNo).executeTakeFirstOrThrow()).id;
}

async function addressOf(customerNo: string): Promise<number> {
  return (await shop.db.selectFrom('addresses').select('id').where('company_id', '=', await companyId(customerNo)).orderBy('id').executeTakeFirstOrThrow()).id;
}

/** A user as the shop stores one, signing in with the demo customer's password; the ERP knows it by `username`. */
async function newUser(username: string, role: 'customer' | 'customer_admin' | 'sales', customerNo: string | null): Promise<number> {
  const row = await shop.db
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      company_id: customerNo === null ? null : await companyId(customerNo),
      current_company_id: null,
      username,
      email: `${username}@kachel.example`,
      first_name: 'Karla',
      last_name: username,
      phone: null,
      password_hash: customerPasswordHash,
      role,
      locale: null,
      external_id: username,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product of the test's category through the ERP: the product, its list price and its stock. */
async function newProduct(sku: string, name: string, priceEuro: number, fields: Record<string, unknown> = {}, stock = 50): Promise<number> {
  await erpLoad('/products', [{ sku, names: { de: name }, categoryExternalId: 'CACHE-K', taxCategory: 'standard', ...fields }]);
  await erpLoad('/prices', [{ sku, listPrice: { amount: priceEuro, currency: 'EUR' } }]);
  await erpLoad('/stock', [{ sku, quantity: stock }]);
  return (await shop.db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).where('sku', '=', sku).executeTakeFirstOrThrow()).id;
}

async function priceShown(instance: Instance, authorization: string, productId: number): Promise<number> {
  const answer = await call(instance, authorization, 'GET', `/api/material/${productId}`);
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.price.value;
}

async function fillBasket(instance: Instance, authorization: string, productId: number, sku: string, quantity = 1): Promise<void> {
  const answer = await call(instance, authorization, 'POST', '/api/basket', { items: [{ _id: productId, sku, orderType: 'order', quantity }] });
  expect(answer.statusCode, answer.raw).toBe(200);
}

/** POST /api/order/create on account, by Express delivery (a price with no free-shipping limit). */
async function placeOrder(instance: Instance, authorization: string, addressId: number) {
  const key = `instances-caches-${process.pid}-${++keySequence}`;
  const answer = await call(
    instance,
    authorization,
    'POST',
    '/api/order/create',
    { orderType: 'order', shippingAddressId: addressId, shippingMethodId: expressShippingId, paymentMethodId: 1, termsAccepted: true },
    { 'idempotency-key': key },
  );
  return { ...answer, key };
}

function storedOrder(idempotencyKey: string) {
  return shop.db
    .selectFrom('orders')
    .select(['id', 'discount_percent_bp', 'shipping_price_cents', 'company_id'])
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
}

function storedItems(orderId: number) {
  return shop.db.selectFrom('order_items').select(['sku', 'unit_price_cents', 'vat_rate_bp']).where('order_id', '=', orderId).execute();
}

async function currentCompany(instance: Instance, authorization: string): Promise<string | null> {
  const answer = await call(instance, authorization, 'GET', '/api/user/currentUser');
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.account.company?.customerNo ?? null;
}

async function servedCustomerNumbers(instance: Instance, authorization: string): Promise<string[]> {
  const answer = await call(instance, authorization, 'GET', '/api/user/salesPersonCustomers?search=');
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.data.map((company: { customerNo: string }) => company.customerNo).sort();
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  customerPasswordHash = (await shop.db.selectFrom('users').select('password_hash').where('tenant_id', '=', tenantId).where('username', '=', 'customer').executeTakeFirstOrThrow()).password_hash;
  expressShippingId = (await shop.db.selectFrom('shipping_methods').select('id').where('tenant_id', '=', tenantId).where('name', '=', 'Expressversand').executeTakeFirstOrThrow()).id;
  erpSecret = (await shop.services.apiClients.create({ tenantId, name: 'ERP', scopes: ['catalog:write', 'prices:write', 'stock:write', 'customers:write'], expiresAt: null })).secret;
  a = await startShopInstance(shop.databaseUrl);
  b = await startShopInstance(shop.databaseUrl);

  await erpLoad('/companies', [sessionsCompany(), servedCompany(), buyingCompany()]);
  const address = (externalId: string, customerNo: string) => ({ externalId, companyExternalId: customerNo, type: 'default', companyName: 'Kachel', street: 'Kachelweg 1', zip: '20457', city: 'Hamburg', country: 'DE' });
  await erpLoad('/addresses', [address('CACHE-A1', 'CACHE-1'), address('CACHE-A2', 'CACHE-BUY')]);
  await newUser('cache-sales', 'sales', null);
  await erpLoad('/salesPersonAssignments', [{ salesPersonExternalId: 'cache-sales', companyExternalIds: ['CACHE-1', 'CACHE-2'] }]);
  await erpLoad('/categories', [{ externalId: 'CACHE-K', names: { de: 'Kachelwerkzeug' } }]);
  categoryId = (await shop.db.selectFrom('categories').select('id').where('tenant_id', '=', tenantId).where('external_id', '=', 'CACHE-K').executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await shop?.close();
});

describe('sessions and permissions end on every instance within CACHE_MS', () => {
  it('a session signed out through one instance is refused by another within the shared cache time', async () => {
    await newUser('cache-signout', 'customer', 'CACHE-1');
    const session = await login(a, 'cache-signout');
    expect((await call(b, session, 'GET', '/api/user/currentUser')).statusCode).toBe(200);

    expect((await call(a, session, 'POST', '/api/logout')).statusCode).toBe(204);
    expect((await call(a, session, 'GET', '/api/user/currentUser')).statusCode).toBe(401);
    // B may still know the session until its copy runs out.
    expect([200, 401]).toContain((await call(b, session, 'GET', '/api/user/currentUser')).statusCode);
    passBound(b, b.lifetimes.sharedMs);
    expect((await call(b, session, 'GET', '/api/user/currentUser')).statusCode).toBe(401);
  });

  it('a user the ERP locks through one instance is refused by another within the shared cache time', async () => {
    await newUser('cache-blocked', 'customer', 'CACHE-1');
    const session = await login(a, 'cache-blocked');
    expect((await call(b, session, 'GET', '/api/material/getSimilarMaterials')).statusCode).toBe(200);

    await erpLoad('/users', [
      { externalId: 'cache-blocked', companyExternalId: 'CACHE-1', username: 'cache-blocked', email: 'cache-blocked@kachel.example', firstName: 'Karla', lastName: 'cache-blocked', role: 'customer', active: true, locked: true },
    ]);
    expect((await call(a, session, 'GET', '/api/material/getSimilarMaterials')).statusCode).toBe(401);
    expect([200, 401]).toContain((await call(b, session, 'GET', '/api/material/getSimilarMaterials')).statusCode);
    passBound(b, b.lifetimes.sharedMs);
    expect((await call(b, session, 'GET', '/api/material/getSimilarMaterials')).statusCode).toBe(401);
    expect((await call(b, null, 'POST', '/api/login', { username: 'cache-blocked', password, tenant: 'demo' })).statusCode).toBe(403);
  });

  it('a password changed through one instance ends the old session on another within the shared cache time', async () => {
    await newUser('cache-password', 'customer', 'CACHE-1');
    const session = await login(a, 'cache-password');
    expect((await call(b, session, 'GET', '/api/user/currentUser')).statusCode).toBe(200);

    const changed = await call(a, session, 'POST', '/api/user/changeCurrentUserPassword', { currentPassword: password, newPassword: 'Kachel-Ofen-Wechsel-7' });
    expect(changed.statusCode, changed.raw).toBe(200);
    const renewed = `Basic ${changed.body.token}`;
    expect([200, 401]).toContain((await call(b, session, 'GET', '/api/user/currentUser')).statusCode);
    passBound(b, b.lifetimes.sharedMs);
    expect((await call(b, session, 'GET', '/api/user/currentUser')).statusCode).toBe(401);
    expect((await call(b, renewed, 'GET', '/api/user/currentUser')).statusCode).toBe(200);
  });

  it('a user the customer admin removes through one instance is refused by another within the shared cache time', async () => {
    await newUser('cache-admin', 'customer_admin', 'CACHE-1');
    const userId = await newUser('cache-removed', 'customer', 'CACHE-1');
    const admin = await login(a, 'cache-admin');
    const session = await login(a, 'cache-removed');
    expect((await call(b, session, 'GET', '/api/basket')).statusCode).toBe(200);

    const removed = await call(a, admin, 'POST', '/api/user/saveCompanyUser', {
      _id: userId,
      firstName: 'Karla',
      lastName: 'cache-removed',
      email: 'cache-removed@kachel.example',
      username: 'cache-removed',
      active: false,
      locked: false,
      customerAdmin: false,
    });
    expect(removed.statusCode, removed.raw).toBe(200);
    expect([200, 401]).toContain((await call(b, session, 'GET', '/api/basket')).statusCode);
    passBound(b, b.lifetimes.sharedMs);
    expect((await call(b, session, 'GET', '/api/basket')).statusCode).toBe(401);
  });

  it('a sales person’s switch of customer through one instance counts on the very next request to another', async () => {
    const session = await login(a, 'cache-sales');
    expect(await currentCompany(b, session)).toBeNull();
    for (const customerNo of ['CACHE-1', 'CACHE-2']) {
      const switched = await call(a, session, 'POST', '/api/user/switchCustomerOfSalesPerson', { customerId: await companyId(customerNo) });
      expect(switched.statusCode, switched.raw).toBe(200);
      expect(await currentCompany(b, session)).toBe(customerNo);
    }
  });

  it('a company the ERP takes from a sales person through one instance is out of reach on another at once', async () => {
    const session = await login(a, 'cache-sales');
    expect((await call(a, session, 'POST', '/api/user/switchCustomerOfSalesPerson', { customerId: await companyId('CACHE-2') })).statusCode).toBe(200);
    expect(await currentCompany(b, session)).toBe('CACHE-2');
    expect(await servedCustomerNumbers(b, session)).toEqual(['CACHE-1', 'CACHE-2']);
    try {
      await erpLoad('/salesPersonAssignments', [{ salesPersonExternalId: 'cache-sales', companyExternalIds: ['CACHE-1'] }]);
      // A sales person's session is never remembered, and the customer search checks the assignments' counter
      // on every search: no instance acts for the lost company again, not even within the shared cache time.
      expect(await currentCompany(b, session)).toBeNull();
      expect(await servedCustomerNumbers(b, session)).toEqual(['CACHE-1']);
      const refused = await call(b, session, 'POST', '/api/user/switchCustomerOfSalesPerson', { customerId: await companyId('CACHE-2') });
      expect([refused.statusCode, refused.body.messageKey]).toEqual([403, 'sales_person.customer.not_served']);
    } finally {
      await erpLoad('/salesPersonAssignments', [{ salesPersonExternalId: 'cache-sales', companyExternalIds: ['CACHE-1', 'CACHE-2'] }]);
    }
  });

  it('a company renamed through one instance shows in a sales person’s customer search on another at once', async () => {
    const session = await login(a, 'cache-sales');
    const namesOnB = async () => (await call(b, session, 'GET', '/api/user/salesPersonCustomers?search=kachel')).body.data.map((company: { name: string }) => company.name).sort();
    expect(await namesOnB()).toEqual(['Kachel Eins GmbH', 'Kachel Zwei GmbH']);
    try {
      await erpLoad('/companies', [servedCompany('Kachel Drei GmbH')]);
      expect(await namesOnB()).toEqual(['Kachel Drei GmbH', 'Kachel Eins GmbH']);
    } finally {
      await erpLoad('/companies', [servedCompany()]);
    }
  });

  it('a company’s orders hidden from its users through one instance are hidden on another within the shared cache time', async () => {
    await newUser('cache-orderer', 'customer_admin', 'CACHE-1');
    await newUser('cache-colleague', 'customer', 'CACHE-1');
    const productId = await newProduct('CACHE-SHARE', 'Kachelschaber', 80);
    const orderer = await login(a, 'cache-orderer');
    await fillBasket(a, orderer, productId, 'CACHE-SHARE');
    expect((await placeOrder(a, orderer, await addressOf('CACHE-1'))).statusCode).toBe(201);
    const colleague = await login(b, 'cache-colleague');
    const ordersOnB = async () => (await call(b, colleague, 'GET', '/api/order')).body.meta.total;
    expect(await ordersOnB()).toBe(1);
    try {
      await erpLoad('/companies', [erpCompany('CACHE-1', { name: 'Kachel Eins GmbH', usersSeeCompanyOrders: false })]);
      expect([0, 1]).toContain(await ordersOnB());
      passBound(b, b.lifetimes.sharedMs);
      expect(await ordersOnB()).toBe(0);
    } finally {
      await erpLoad('/companies', [sessionsCompany()]);
    }
  });
});

describe('catalogue answers, counts and the data behind them follow within their lifetimes', () => {
  it('a price set through one instance shows on another within the answer-reuse time', async () => {
    const productId = await newProduct('CACHE-PRICE', 'Kachelhammer', 20);
    const buyer = await login(b, 'customer');
    expect(await priceShown(b, buyer, productId)).toBe(20);
    const listedPrice = async () => (await call(b, buyer, 'GET', `/api/material?category=${categoryId}&pageSize=100`)).body.data.find((product: { _id: number }) => product._id === productId).price.value;
    expect(await listedPrice()).toBe(20);

    await erpLoad('/prices', [{ sku: 'CACHE-PRICE', listPrice: { amount: 24, currency: 'EUR' } }]);
    expect([20, 24]).toContain(await priceShown(b, buyer, productId));
    passBound(b, b.lifetimes.answerMs);
    expect(await priceShown(b, buyer, productId)).toBe(24);
    expect(await listedPrice()).toBe(24);
  });

  it('a price set through one instance shows in another’s search answers within the answer-reuse time', async () => {
    await newProduct('CACHE-FIND', 'Kachelfinder', 30);
    const buyer = await login(b, 'customer');
    const foundPrice = async () => (await call(b, buyer, 'GET', '/api/material/search?searchKey=CACHE-FIND')).body.data[0].price.value;
    expect(await foundPrice()).toBe(30);

    await erpLoad('/prices', [{ sku: 'CACHE-FIND', listPrice: { amount: 33, currency: 'EUR' } }]);
    expect([30, 33]).toContain(await foundPrice());
    passBound(b, b.lifetimes.answerMs);
    expect(await foundPrice()).toBe(33);
  });

  it('a product added through one instance counts in another’s listing and search totals within the count time', async () => {
    const firstId = await newProduct('CACHE-COUNT-1', 'Quokkaspachtel eins', 12);
    const buyer = await login(b, 'customer');
    const listing = async () => (await call(b, buyer, 'GET', `/api/material?category=${categoryId}&pageSize=100`)).body;
    const searchTotal = async () => (await call(b, buyer, 'GET', '/api/material/search?searchKey=quokkaspachtel')).body.meta.total;
    // Earlier tests listed the category on B: its count is read anew from here on.
    passBound(b, b.lifetimes.countMs);
    const before = await listing();
    expect(before.data.map((product: { _id: number }) => product._id)).toContain(firstId);
    expect(await searchTotal()).toBe(1);

    const secondId = await newProduct('CACHE-COUNT-2', 'Quokkaspachtel zwei', 14);
    expect([before.meta.total, before.meta.total + 1]).toContain((await listing()).meta.total);
    expect([1, 2]).toContain(await searchTotal());
    passBound(b, b.lifetimes.countMs);
    const after = await listing();
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data.map((product: { _id: number }) => product._id)).toContain(secondId);
    expect(await searchTotal()).toBe(2);
  });

  it('an attribute value loaded through one instance shows in another’s category filters within the count time', async () => {
    await newProduct('CACHE-FACET-1', 'Kachelzange', 9, { attributes: { Oberfläche: 'verzinkt' } });
    const buyer = await login(b, 'customer');
    const surfaces = async () => (await call(b, buyer, 'GET', `/api/material/getFilterableAttributes?category=${categoryId}`)).body.data.find((attribute: { name: string }) => attribute.name === 'Oberfläche').values;
    expect(await surfaces()).toEqual(['verzinkt']);

    await newProduct('CACHE-FACET-2', 'Kachelzange blank', 9, { attributes: { Oberfläche: 'blank' } });
    expect([['verzinkt'], ['blank', 'verzinkt']]).toContainEqual(await surfaces());
    passBound(b, b.lifetimes.countMs);
    expect(await surfaces()).toEqual(['blank', 'verzinkt']);
  });

  it('a category added through one instance shows in another’s category tree within the shared cache time', async () => {
    const buyer = await login(b, 'customer');
    const categoryNames = async () => (await call(b, buyer, 'GET', '/api/materialCategory')).body.data.map((category: { name: string }) => category.name);
    expect(await categoryNames()).not.toContain('Kachelschneider');

    await erpLoad('/categories', [{ externalId: 'CACHE-K-NEW', parentExternalId: 'CACHE-K', names: { de: 'Kachelschneider' } }]);
    passBound(b, b.lifetimes.sharedMs);
    expect(await categoryNames()).toContain('Kachelschneider');
  });

  it('a company’s price display changed through one instance shows on another within the shared cache and answer-reuse times', async () => {
    await newUser('cache-viewer', 'customer', 'CACHE-1');
    const productId = await newProduct('CACHE-GROSS', 'Kachelkelle', 10);
    const buyer = await login(b, 'cache-viewer');
    const shown = async () => (await call(b, buyer, 'GET', `/api/material/${productId}`)).body.isGrossPrice;
    expect(await shown()).toBe(false);
    try {
      await erpLoad('/companies', [erpCompany('CACHE-1', { name: 'Kachel Eins GmbH', showNetPrices: false })]);
      expect([false, true]).toContain(await shown());
      passBound(b, Math.max(b.lifetimes.sharedMs, b.lifetimes.answerMs));
      expect(await shown()).toBe(true);
    } finally {
      await erpLoad('/companies', [sessionsCompany()]);
    }
  });

  it('a word of a product added through one instance corrects typos on another within the vocabulary’s five minutes', async () => {
    const buyer = await login(b, 'customer');
    const typoTotal = async () => (await call(b, buyer, 'GET', '/api/material/search?searchKey=wombatzangx')).body.meta.total;
    expect(await typoTotal()).toBe(0);

    await newProduct('CACHE-TYPO', 'Wombatzange', 11);
    b.clock.advance(5 * 60 * 1000 + 1);
    // The first search past the five minutes reads the words anew in the background; later searches use them.
    await vi.waitFor(async () => {
      passBound(b, b.lifetimes.answerMs);
      expect(await typoTotal()).toBe(1);
    });
  });
});

describe('settings, tenants and order statuses follow within their lifetimes', () => {
  it('a season loaded through one instance shows in another’s configuration within the shared cache time', async () => {
    const buyer = await login(b, 'customer');
    const seasonNames = async () => (await call(b, buyer, 'GET', '/api/configuration')).body.seasons.map((season: { name: string }) => season.name);
    expect(await seasonNames()).not.toContain('Kachelwinter 2029');

    await erpLoad('/seasons', [{ externalId: 'CACHE-WINTER', name: 'Kachelwinter 2029', date: '2029-12-01' }]);
    passBound(b, b.lifetimes.sharedMs);
    expect(await seasonNames()).toContain('Kachelwinter 2029');
  });

  it('a tenant added to the database is known to another instance within the shared cache time', async () => {
    const signIn = () => call(b, null, 'POST', '/api/login', { username: 'nobody', password: 'nothing-at-all', tenant: 'kachel-laden' });
    expect([(await signIn()).statusCode, (await signIn()).body.messageKey]).toEqual([404, 'login.unknown_tenant']);

    // Tenants are made by the operator's tools, straight in the database.
    await shop.db.insertInto('tenants').values({ slug: 'kachel-laden', name: 'Kachel-Laden' }).execute();
    passBound(b, b.lifetimes.sharedMs);
    const known = await signIn();
    expect([known.statusCode, known.body.messageKey]).toEqual([401, 'login.invalid']);
  });

  it('an order status renamed in the database shows on another instance within the count time', async () => {
    const buyer = await login(b, 'customer');
    const [listed] = (await call(b, buyer, 'GET', '/api/order?pageSize=1')).body.data;
    const statusName = async () => (await call(b, buyer, 'GET', `/api/order/${listed._id}`)).body.status.name;
    const { id: statusId, name: before } = listed.status;
    expect(await statusName()).toBe(before);
    const stored = await shop.db.selectFrom('order_statuses').select('localizations').where('tenant_id', '=', tenantId).where('id', '=', statusId).executeTakeFirstOrThrow();
    try {
      // The status list is master data only the operator's tools write.
      await shop.db.updateTable('order_statuses').set({ localizations: JSON.stringify({ de: 'Gekachelt', en: 'Tiled' }) }).where('tenant_id', '=', tenantId).where('id', '=', statusId).execute();
      expect([before, 'Gekachelt']).toContain(await statusName());
      passBound(b, b.lifetimes.countMs);
      expect(await statusName()).toBe('Gekachelt');
    } finally {
      await shop.db.updateTable('order_statuses').set({ localizations: stored.localizations }).where('tenant_id', '=', tenantId).where('id', '=', statusId).execute();
    }
  });
});

describe('an order charges what is stored when it is placed, whatever the instance keeps', () => {
  beforeAll(async () => {
    await newUser('cache-buyer', 'customer', 'CACHE-BUY');
  });

  it('charges a price changed through another instance at once: the cart is told, then ordered at the new price', async () => {
    const productId = await newProduct('CACHE-ORDER-PRICE', 'Kachelbohrer', 100);
    const buyer = await login(b, 'cache-buyer');
    await fillBasket(b, buyer, productId, 'CACHE-ORDER-PRICE');
    expect(await priceShown(b, buyer, productId)).toBe(100);

    await erpLoad('/prices', [{ sku: 'CACHE-ORDER-PRICE', listPrice: { amount: 120, currency: 'EUR' } }]);
    const refused = await placeOrder(b, buyer, await addressOf('CACHE-BUY'));
    expect([refused.statusCode, refused.body.messageKey]).toEqual([409, 'checkout.price.changed']);
    const placed = await placeOrder(b, buyer, await addressOf('CACHE-BUY'));
    expect(placed.statusCode, placed.raw).toBe(201);
    expect(await storedItems((await storedOrder(placed.key)).id)).toEqual([{ sku: 'CACHE-ORDER-PRICE', unit_price_cents: 12_000, vat_rate_bp: 1900 }]);
  });

  it('refuses stock taken away through another instance at once', async () => {
    const productId = await newProduct('CACHE-ORDER-STOCK', 'Kachelsäge', 60, { positiveStockOnly: true }, 5);
    const buyer = await login(b, 'cache-buyer');
    await fillBasket(b, buyer, productId, 'CACHE-ORDER-STOCK');
    expect((await call(b, buyer, 'GET', `/api/material/${productId}`)).body.stock.value).toBe(5);

    await erpLoad('/stock', [{ sku: 'CACHE-ORDER-STOCK', quantity: 0 }]);
    const refused = await placeOrder(b, buyer, await addressOf('CACHE-BUY'));
    expect([refused.statusCode, refused.body.messageKey]).toEqual([409, 'stock.not.enough.error']);
  });

  it('charges the discount, VAT country and shipping price changed elsewhere at once, though this instance still keeps the old ones', async () => {
    const productId = await newProduct('CACHE-ORDER-TERMS', 'Kachelfräse', 100);
    const buyer = await login(b, 'cache-buyer');
    await fillBasket(b, buyer, productId, 'CACHE-ORDER-TERMS');
    // B now keeps the buyer's account (VAT country DE) and the configuration (Express 19,95 € to Germany).
    const shown = await call(b, buyer, 'GET', `/api/material/${productId}`);
    expect(shown.body.vatRate).toBe(19);
    const express = await shop.db.selectFrom('shipping_method_countries').select('price_cents').where('shipping_method_id', '=', expressShippingId).where('country_code', '=', 'DE').executeTakeFirstOrThrow();
    try {
      await erpLoad('/companies', [buyingCompany({ discountPercent: 10, discountType: 'percent', vatCountry: 'AT' })]);
      // Shipping prices are the operator's settings, written straight in the database.
      await shop.db.updateTable('shipping_method_countries').set({ price_cents: express.price_cents + 500 }).where('shipping_method_id', '=', expressShippingId).where('country_code', '=', 'DE').execute();
      const placed = await placeOrder(b, buyer, await addressOf('CACHE-BUY'));
      expect(placed.statusCode, placed.raw).toBe(201);
      const order = await storedOrder(placed.key);
      expect(order).toMatchObject({ discount_percent_bp: 1000, shipping_price_cents: express.price_cents + 500 });
      expect(await storedItems(order.id)).toEqual([{ sku: 'CACHE-ORDER-TERMS', unit_price_cents: 10_000, vat_rate_bp: 2000 }]);
    } finally {
      await erpLoad('/companies', [buyingCompany()]);
      await shop.db.updateTable('shipping_method_countries').set({ price_cents: express.price_cents }).where('shipping_method_id', '=', expressShippingId).where('country_code', '=', 'DE').execute();
    }
  });
});
