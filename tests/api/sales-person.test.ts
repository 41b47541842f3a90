import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderableProduct, shippingAddressOf } from './buyer-fixtures.ts';
import { renderOrderConfirmation } from '../../server/modules/mail/order-confirmation-mail.ts';
import { createSalesPersonRepository } from '../../server/modules/sales-persons/sales-person.repository.ts';
import { callApi, startTestShop, type ApiRequest, type DemoAccount, type TestShop } from './helper.ts';

// Sales persons acting for their customers (docs/product.md, Sales persons): the customer search (limits, matching,
// who may), the switch (served companies only; unknown, foreign and not served alike, nothing changed
// and nothing recorded), and what follows from it — the session user, prices and VAT country, the cart
// and wishlist of that company, orders recording who placed them ("placed by" for the customer admin),
// the company's audit trail, and no way into a company the sales person does not serve.

let shop: TestShop;
let tenantId: number;
let salesId: number;
const company = new Map<string, number>();
const auth = new Map<DemoAccount, string>();
let keySeq = 0;

const call = (account: DemoAccount | null, ...request: ApiRequest) => callApi(shop, account ? auth.get(account) : null, ...request);

const customers = async (search: string | null, account: DemoAccount = 'sales') => call(account, 'GET', `/api/user/salesPersonCustomers${search === null ? '' : `?search=${encodeURIComponent(search)}`}`);
const switchTo = (customerId: unknown, account: DemoAccount = 'sales') => call(account, 'POST', '/api/user/switchCustomerOfSalesPerson', { customerId });
const currentCompany = async (account: DemoAccount = 'sales') => (await call(account, 'GET', '/api/user/currentUser')).body.account.company;
const activityRows = (companyId: number) => shop.db.selectFrom('sales_person_activity').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
const allActivity = async () => Number((await shop.db.selectFrom('sales_person_activity').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const storedCurrent = async () => (await shop.db.selectFrom('users').select('current_company_id').where('id', '=', salesId).executeTakeFirstOrThrow()).current_company_id;

const testShopIdentity = { name: 'Nordlicht Großhandel GmbH', email: 'info@nordlicht-grosshandel.example', phone: null, address: [], logoUrl: null };
const confirmationRecipients = async (orderId: number) =>
  (await shop.db.selectFrom('mail_outbox').select('recipient').where('kind', '=', 'order_confirmation').where('order_id', '=', orderId).orderBy('id').execute()).map((row) => row.recipient);

async function switchOk(customerNo: string) {
  const answer = await switchTo(company.get(customerNo));
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body;
}

function placeOrder(account: DemoAccount, shippingAddressId: number, extra: Record<string, unknown> = {}) {
  return call(account, 'POST', '/api/order/create', { orderType: 'order', shippingAddressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true, ...extra }, { 'idempotency-key': `sales-test-${process.pid}-${++keySeq}` });
}

/** A product with a customer price for company 10001, orderable one by one. */
async function customerPricedProduct() {
  return shop.db
    .selectFrom('products as p')
    .innerJoin('customer_prices as cp', 'cp.product_id', 'p.id')
    .select(['p.id', 'p.sku', 'p.price_cents', 'cp.price_cents as customer_cents'])
    .where('cp.company_id', '=', company.get('10001')!)
    .where('p.is_active', '=', 1)
    .where('p.sales_batch_size', '=', 1)
    .where('p.is_only_sellable_with_positive_stock', '=', 0)
    .where('p.category_id', 'not in', shop.db.selectFrom('categories').select('id').where('slug', 'in', ['angebote', 'auslaufartikel']))
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  for (const row of await shop.db.selectFrom('companies').select(['id', 'customer_no']).where('tenant_id', '=', tenantId).execute()) company.set(row.customer_no, row.id);
  salesId = (await shop.db.selectFrom('users').select('id').where('username', '=', 'sales').executeTakeFirstOrThrow()).id;

  // 60 more served customers (more than one answer holds), one company of the tenant not served, and a
  // company of another tenant wrongly listed in sales_person_companies (the tenant must still keep it out).
  const served = await shop.db
    .insertInto('companies')
    .values(Array.from({ length: 60 }, (_, i) => ({ tenant_id: tenantId, customer_no: `T-${String(i + 1).padStart(4, '0')}`, name: `Testkunde ${String(i + 1).padStart(2, '0')} Müller & Söhne`, vat_country_code: 'DE' })))
    .returning(['id', 'customer_no'])
    .execute();
  await shop.db.insertInto('sales_person_companies').values(served.map((row) => ({ user_id: salesId, company_id: row.id }))).execute();
  for (const row of served) company.set(row.customer_no, row.id);
  const notServed = await shop.db.insertInto('companies').values({ tenant_id: tenantId, customer_no: 'N-0001', name: 'Nicht Betreut GmbH', vat_country_code: 'DE' }).returning('id').executeTakeFirstOrThrow();
  company.set('N-0001', notServed.id);
  await shop.db.insertInto('addresses').values({ tenant_id: tenantId, company_id: notServed.id, type: 1, is_default: 1, first_name: 'Lager', last_name: 'Nord', street: 'Weg 1', street2: null, addressline2: null, apartment: null, zip_code: '24103', city: 'Kiel', state: null, country_code: 'DE', country_name: 'Deutschland', phone_number: null, company_name: 'Nicht Betreut GmbH' }).execute();
  const rival = await shop.db.insertInto('tenants').values({ slug: 'rival-sales', name: 'Rival' }).returning('id').executeTakeFirstOrThrow();
  const foreign = await shop.db.insertInto('companies').values({ tenant_id: rival.id, customer_no: '10009', name: 'Fremdmandant Handel GmbH', vat_country_code: 'DE' }).returning('id').executeTakeFirstOrThrow();
  company.set('foreign', foreign.id);
  await shop.db.insertInto('sales_person_companies').values({ user_id: salesId, company_id: foreign.id }).execute();

  for (const account of ['sales', 'customer', 'customeradmin', 'customer2', 'admin', 'guest'] as const) auth.set(account, await shop.login(account));
});
afterAll(() => shop.close());

describe('GET /api/user/salesPersonCustomers', () => {
  it('lists the served companies of the tenant, at most 50, customer numbers first', async () => {
    const all = await customers(null);
    expect(all.statusCode, all.raw).toBe(200);
    expect(all.body.data).toHaveLength(50);
    expect(all.body.data[0]).toEqual({ id: company.get('10002'), translatedName: '10002 · Alpen Handel AG', customerNo: '10002', name: 'Alpen Handel AG' });
    const numbers = (await customers('1000')).body.data.map((row: { customerNo: string }) => row.customerNo);
    expect(numbers).toEqual(['10001', '10002', '10003']);
    // 61 served companies have a "t" in their customer number or name: still 50, "T-…" numbers first.
    const many = (await customers('t')).body.data.map((row: { customerNo: string }) => row.customerNo);
    expect(many).toHaveLength(50);
    expect(many.slice(0, 3)).toEqual(['T-0001', 'T-0002', 'T-0003']);
  });

  it('matches names in any case, umlauts typed either way, and never a company not served or of another tenant', async () => {
    const names = async (term: string) => (await customers(term)).body.data.map((row: { name: string }) => row.name);
    expect(await names('alpen')).toEqual(['Alpen Handel AG']);
    expect(await names('MEIER')).toEqual(['Werkstatt Meier KG']);
    expect(await names('soehne')).toHaveLength(50);
    expect(await names('Testkunde 07 MÜLL')).toEqual(['Testkunde 07 Müller & Söhne']);
    expect(await names('Nicht Betreut')).toEqual([]);
    expect(await names('N-0001')).toEqual([]);
    expect(await names('Fremdmandant')).toEqual([]);
    expect(await names('10009')).toEqual([]);
    // LIKE's wildcards are plain characters.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('sees every change to the companies and their assignment with the next search, whoever wrote it', async () => {
    // Written straight to the database, as an ERP import or another app process would: the search keeps
    // its companies ready in memory and must notice (migration 0030's counters), not wait for a timeout.
    const names = async (search: string) => ((await customers(search)).body.data as { name: string }[]).map((found) => found.name);
    expect(await names('Zwischenlager')).toEqual([]);
    const added = await shop.db.insertInto('companies').values({ tenant_id: tenantId, customer_no: 'Z-0001', name: 'Zwischenlager Ost GmbH', vat_country_code: 'DE' }).returning('id').executeTakeFirstOrThrow();
    try {
      expect(await names('Zwischenlager')).toEqual([]);
      await shop.db.insertInto('sales_person_companies').values({ user_id: salesId, company_id: added.id }).execute();
      expect(await names('Zwischenlager')).toEqual(['Zwischenlager Ost GmbH']);
      await shop.db.updateTable('companies').set({ name: 'Zwischenlager West GmbH' }).where('id', '=', added.id).execute();
      expect(await names('Zwischenlager')).toEqual(['Zwischenlager West GmbH']);
      await shop.db.updateTable('companies').set({ customer_no: 'Z-0002' }).where('id', '=', added.id).execute();
      expect(((await customers('Z-0002')).body.data as { id: number }[]).map((found) => found.id)).toEqual([added.id]);
      await shop.db.deleteFrom('sales_person_companies').where('user_id', '=', salesId).where('company_id', '=', added.id).execute();
      expect(await names('Zwischenlager')).toEqual([]);
      await shop.db.insertInto('sales_person_companies').values({ user_id: salesId, company_id: added.id }).execute();
      expect(await names('Zwischenlager')).toEqual(['Zwischenlager West GmbH']);
    } finally {
      await shop.db.deleteFrom('companies').where('id', '=', added.id).execute();
    }
    expect(await names('Zwischenlager')).toEqual([]);
    // Another company's changes count too, but find nothing new.
    expect((await customers('alpen')).body.data.map((found: { customerNo: string }) => found.customerNo)).toEqual(['10002']);
  });

  it('refuses a search longer than 100 characters, and everyone but sales persons', async () => {
    expect((await customers('x'.repeat(100))).statusCode).toBe(200);
    const long = await customers('x'.repeat(101));
    expect([long.statusCode, long.body.messageKey, long.body.field]).toEqual([400, 'validation.too_long', 'search']);
    for (const account of ['customer', 'customeradmin', 'admin', 'guest'] as const) {
      const answer = await customers('1000', account);
      expect([account, answer.statusCode, answer.body.messageKey]).toEqual([account, 403, account === 'guest' ? 'error.login_required' : 'error.forbidden']);
    }
    expect((await customers('1000', null as unknown as DemoAccount)).statusCode).toBe(401);
  });
});

describe('POST /api/user/switchCustomerOfSalesPerson', () => {
  it('switches at once: the next request of the same session acts for the chosen company', async () => {
    await switchOk('10001');
    // The session is remembered for two seconds: warm that memory, then switch.
    expect((await currentCompany()).customerNo).toBe('10001');
    const before = (await activityRows(company.get('10002')!)).length;
    const answer = await switchOk('10002');
    expect(answer.company).toEqual({ _id: company.get('10002'), name: 'Alpen Handel AG', customerNo: '10002' });
    const me = (await call('sales', 'GET', '/api/user/currentUser')).body.account;
    expect(me.company).toEqual({ _id: company.get('10002'), name: 'Alpen Handel AG', customerNo: '10002' });
    expect(me).toMatchObject({ isSalesPerson: true, vatCountryCode: 'AT', showNetPrices: false });
    expect(me.addresses.map((address: { city: string }) => address.city).sort()).toEqual(['Innsbruck', 'Salzburg']);
    expect(await storedCurrent()).toBe(company.get('10002'));
    const entries = await activityRows(company.get('10002')!);
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ action: 'switch', sales_person_id: salesId, sales_person_name: 'Sven Carstensen', tenant_id: tenantId });
    expect(JSON.parse(entries.at(-1)!.detail)).toEqual({ customerNo: '10002' });
    await switchOk('10001');
  });

  it('answers a company not served, of another tenant or unknown with the same 403, changing and recording nothing', async () => {
    await switchOk('10001');
    const entries = await allActivity();
    const answers = [];
    for (const id of [company.get('N-0001'), company.get('foreign'), 987654321]) answers.push(await switchTo(id));
    expect(answers[0]).toMatchObject({ statusCode: 403, body: { messageKey: 'sales_person.customer.not_served', field: 'customerId' } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await storedCurrent()).toBe(company.get('10001'));
    expect(await allActivity()).toBe(entries);
    expect((await currentCompany()).customerNo).toBe('10001');
  });

  it('rolls the audit entry back when the guarded update refuses after it was written', async () => {
    // A user who is no sales person but listed as serving a company (bad data): the company is found and
    // the entry written, then the update's guard (role 'sales') refuses, and the entry goes with it.
    const customer = await shop.db.selectFrom('users').select(['id', 'current_company_id']).where('username', '=', 'customer').executeTakeFirstOrThrow();
    const target = company.get('10002')!;
    await shop.db.insertInto('sales_person_companies').values({ user_id: customer.id, company_id: target }).execute();
    try {
      const entries = await allActivity();
      expect(await createSalesPersonRepository(shop.db).switchCompany(tenantId, customer.id, target)).toBeUndefined();
      expect(await allActivity()).toBe(entries);
      const after = await shop.db.selectFrom('users').select('current_company_id').where('id', '=', customer.id).executeTakeFirstOrThrow();
      expect(after.current_company_id).toBe(customer.current_company_id);
    } finally {
      await shop.db.deleteFrom('sales_person_companies').where('user_id', '=', customer.id).execute();
    }
  });

  it('validates the id and refuses everyone but sales persons before reading it', async () => {
    for (const body of [{}, { customerId: 'abc' }, { customerId: -1 }, { customerId: 1.5 }, { customerId: 2 ** 31 }]) {
      const answer = await call('sales', 'POST', '/api/user/switchCustomerOfSalesPerson', body);
      expect([JSON.stringify(body), answer.statusCode, answer.body.field]).toEqual([JSON.stringify(body), 400, 'customerId']);
    }
    // A form post sends the id as text.
    expect((await switchTo(String(company.get('10001')))).statusCode).toBe(200);
    const entries = await allActivity();
    for (const account of ['customer', 'customeradmin', 'admin', 'customer2', 'guest'] as const) {
      const answer = await switchTo(company.get('10002'), account);
      expect([account, answer.statusCode, answer.body.messageKey]).toEqual([account, 403, account === 'guest' ? 'error.login_required' : 'error.forbidden']);
    }
    expect((await call('customer', 'GET', '/api/user/currentUser')).body.account.company.customerNo).toBe('10001');
    expect(await allActivity()).toBe(entries);
  });
});

describe('acting for the chosen company', () => {
  it('prices with that company’s customer prices and VAT display', async () => {
    const product = await customerPricedProduct();
    const priceFor = async () => (await call('sales', 'GET', `/api/material/${product.id}`)).body;
    await switchOk('10001');
    expect(await priceFor()).toMatchObject({ price: { value: product.customer_cents / 100 }, isGrossPrice: false });
    await switchOk('10002');
    expect(await priceFor()).toMatchObject({ price: { value: product.price_cents / 100 }, isGrossPrice: true });
    await switchOk('10001');
  });

  it('keeps one cart and one wishlist per company, apart from the customer’s own', async () => {
    const special = await customerPricedProduct();
    const plain = await orderableProduct(shop.db, false);
    const customerCart = await call('customer', 'POST', '/api/basket', { items: [{ _id: plain.id, sku: plain.sku, orderType: 'order', quantity: 7 }] });
    expect(customerCart.statusCode).toBe(200);

    await switchOk('10001');
    expect((await call('sales', 'POST', '/api/basket', { items: [{ _id: special.id, sku: special.sku, orderType: 'order', quantity: 2 }] })).statusCode).toBe(200);
    expect((await call('sales', 'POST', '/api/wishlist', { items: [{ _id: special.id }] })).statusCode).toBe(200);
    await switchOk('10002');
    expect((await call('sales', 'GET', '/api/basket')).body.items).toEqual([]);
    expect((await call('sales', 'GET', '/api/wishlist')).body.items).toEqual([]);
    expect((await call('sales', 'POST', '/api/basket', { items: [{ _id: plain.id, sku: plain.sku, orderType: 'order', quantity: 3 }] })).statusCode).toBe(200);
    await switchOk('10001');
    const cart = (await call('sales', 'GET', '/api/basket')).body.items;
    expect(cart.map((item: { sku: string; quantity: number; price: { value: number } }) => [item.sku, item.quantity, item.price.value])).toEqual([[special.sku, 2, special.customer_cents / 100]]);
    expect((await call('sales', 'GET', '/api/wishlist')).body.items.map((item: { sku: string }) => item.sku)).toEqual([special.sku]);
    // The customer's own cart is theirs alone.
    expect((await call('customer', 'GET', '/api/basket')).body.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([[plain.sku, 7]]);

    const actions = async (no: string) => (await activityRows(company.get(no)!)).map((row) => row.action);
    expect(await actions('10001')).toEqual(expect.arrayContaining(['basket.changed', 'wishlist.changed']));
    expect(await actions('10002')).toContain('basket.changed');
    const cartEntry = (await activityRows(company.get('10002')!)).filter((row) => row.action === 'basket.changed').at(-1)!;
    expect(JSON.parse(cartEntry.detail)).toEqual({ orderLines: 1, preOrderLines: 0 });
    // A customer's own writes are not a sales person's: nothing recorded for them.
    const before = await allActivity();
    await call('customer', 'POST', '/api/basket', { items: [] });
    expect(await allActivity()).toBe(before);
    await switchOk('10002');
    await call('sales', 'POST', '/api/basket', { items: [] });
    await switchOk('10001');
  });

  it('records the sales person on an order placed for the company, shown to the customer admin as "placed by"', async () => {
    const special = await customerPricedProduct();
    await switchOk('10001');
    await call('sales', 'POST', '/api/basket', { items: [{ _id: special.id, sku: special.sku, orderType: 'order', quantity: 4 }] });
    const entries = await allActivity();
    // A refused order records nothing.
    const refused = await placeOrder('sales', await shippingAddressOf(shop.db, '10001'), { termsAccepted: false });
    expect(refused.statusCode).toBe(422);
    expect(await allActivity()).toBe(entries);

    const placed = await placeOrder('sales', await shippingAddressOf(shop.db, '10001'));
    expect(placed.statusCode, placed.raw).toBe(201);
    const placedBy = { name: 'Sven Carstensen', companyName: 'Muster Baubedarf GmbH', customerNo: '10001' };
    expect(placed.body.placedBy).toEqual(placedBy);
    expect(placed.body.items[0]).toMatchObject({ sku: special.sku, quantity: 4, price: { value: special.customer_cents / 100 } });
    const row = await shop.db.selectFrom('orders').select(['company_id', 'user_id', 'placed_by_user_id']).where('id', '=', placed.body._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ company_id: company.get('10001'), user_id: salesId, placed_by_user_id: salesId });

    for (const account of ['customeradmin', 'customer', 'admin'] as const) {
      const seen = await call(account, 'GET', `/api/order/${placed.body._id}`);
      expect([account, seen.statusCode, seen.body.placedBy]).toEqual([account, 200, placedBy]);
    }
    expect((await call('customer2', 'GET', `/api/order/${placed.body._id}`)).statusCode).toBe(404);
    // The confirmation goes to the sales person and, as the company's news, to its active customer admin.
    expect(await confirmationRecipients(placed.body._id)).toEqual(['sven.carstensen@nordlicht-grosshandel.example', 'thomas.muster@muster-baubedarf.example']);
    const mail = renderOrderConfirmation((await call('customeradmin', 'GET', `/api/order/${placed.body._id}`)).body, { locale: 'en', publicUrl: 'http://shop.test', shop: testShopIdentity });
    expect(mail.text).toMatch(/Placed by\W+Sven Carstensen/);

    const last = (await activityRows(company.get('10001')!)).at(-1)!;
    expect([last.action, JSON.parse(last.detail)]).toEqual(['order.placed', { orderId: placed.body._id, orderNumber: placed.body.orderNumber, orderType: 'order' }]);
    const activity = await call('customeradmin', 'GET', '/api/user/companyActivity?pageSize=3');
    expect(activity.statusCode).toBe(200);
    expect(activity.body.data[0]).toMatchObject({ action: 'order.placed', salesPerson: { _id: salesId, name: 'Sven Carstensen' }, detail: { orderNumber: placed.body.orderNumber } });
    expect(activity.body.meta).toEqual({ page: 1, pageSize: 3, hasMore: true });

    // An order the customer places is theirs: no "placed by".
    await call('customer', 'POST', '/api/basket', { items: [{ _id: special.id, sku: special.sku, orderType: 'order', quantity: 4 }] });
    const own = await placeOrder('customer', await shippingAddressOf(shop.db, '10001'));
    expect([own.statusCode, own.body.placedBy], own.raw).toEqual([201, null]);
    expect(await confirmationRecipients(own.body._id)).toEqual(['petra.muster@muster-baubedarf.example']);
    // The company's order history marks the one the sales person placed.
    const history = await call('customeradmin', 'GET', '/api/order?pageSize=50');
    const marks = Object.fromEntries(history.body.data.map((order: { _id: number; placedBy: string | null }) => [order._id, order.placedBy]));
    expect([marks[placed.body._id], marks[own.body._id]]).toEqual(['Sven Carstensen', null]);
  });

  it('records address writes with the address, and none for a refused one', async () => {
    await switchOk('10002');
    const added = await call('sales', 'POST', '/api/address', { firstName: 'Erika', lastName: 'Muster', street: 'Hafenstraße 12', zipCode: '20457', city: 'Hamburg', country: 'DE' });
    expect(added.statusCode, added.raw).toBe(201);
    const id = added.body.data._id;
    expect((await call('sales', 'PUT', `/api/address/${id}`, { firstName: 'Erika', street: 'Kai 1', zipCode: '6020', city: 'Innsbruck', country: 'AT' })).statusCode).toBe(200);
    expect((await call('sales', 'DELETE', `/api/address/${id}`)).statusCode).toBe(204);
    const recorded = (await activityRows(company.get('10002')!)).slice(-3).map((row) => [row.action, JSON.parse(row.detail)]);
    expect(recorded).toEqual([
      ['address.added', { addressId: id, type: 1, city: 'Hamburg' }],
      ['address.changed', { addressId: id, type: 1, city: 'Innsbruck' }],
      ['address.deleted', { addressId: id, type: 1, city: 'Innsbruck' }],
    ]);
    const entries = await allActivity();
    expect((await call('sales', 'DELETE', `/api/address/${id}`)).statusCode).toBe(404);
    expect(await allActivity()).toBe(entries);
    await switchOk('10001');
  });
});

describe('a company the sales person does not serve', () => {
  it('stays out of reach: its orders, addresses and finance are another company’s', async () => {
    const foreignOrder = await shop.db.selectFrom('orders').select('id').where('company_id', '=', company.get('10002')!).orderBy('id').executeTakeFirstOrThrow();
    const foreignAddress = await shippingAddressOf(shop.db, '10002');
    await switchOk('10001');
    expect((await call('sales', 'GET', `/api/order/${foreignOrder.id}`)).statusCode).toBe(404);
    expect((await call('sales', 'PUT', `/api/address/${foreignAddress}`, { firstName: 'X', street: 'Y 1', zipCode: '1', city: 'Z', country: 'DE' })).statusCode).toBe(404);
    const notServedAddress = await shippingAddressOf(shop.db, 'N-0001');
    expect((await call('sales', 'DELETE', `/api/address/${notServedAddress}`)).statusCode).toBe(404);
    const ordered = await placeOrder('sales', notServedAddress);
    expect([ordered.statusCode, ordered.body.messageKey]).toEqual([404, 'address.not_found']);
  });

  it('is left at once when the assignment ends: the session falls back to the sales person’s own company', async () => {
    await switchOk('10002');
    const order10002 = await shop.db.selectFrom('orders').select('id').where('company_id', '=', company.get('10002')!).orderBy('id').executeTakeFirstOrThrow();
    expect((await call('sales', 'GET', `/api/order/${order10002.id}`)).statusCode).toBe(200);
    await shop.db.deleteFrom('sales_person_companies').where('user_id', '=', salesId).where('company_id', '=', company.get('10002')!).execute();
    shop.services.auth.clearCache();
    try {
      expect((await currentCompany()).customerNo).toBe('10001');
      expect((await call('sales', 'GET', `/api/order/${order10002.id}`)).statusCode).toBe(404);
      const finance = await call('sales', 'GET', '/api/account/list?pageSize=100');
      expect(finance.statusCode).toBe(200);
      const companies = await shop.db.selectFrom('finance_documents').select('company_id').where('id', 'in', finance.body.data.map((doc: { _id: number }) => doc._id).concat([0])).execute();
      expect(new Set(companies.map((doc) => doc.company_id))).toEqual(new Set([company.get('10001')]));
      expect((await customers('alpen')).body.data).toEqual([]);
      expect((await switchTo(company.get('10002'))).statusCode).toBe(403);
    } finally {
      await shop.db.insertInto('sales_person_companies').values({ user_id: salesId, company_id: company.get('10002')! }).execute();
    }
    await switchOk('10001');
  });
});

describe('GET /api/user/companyActivity', () => {
  it('pages the company’s entries newest first, for its customer admins and admins only', async () => {
    const first = await call('customeradmin', 'GET', '/api/user/companyActivity?page=1&pageSize=2');
    const second = await call('customeradmin', 'GET', '/api/user/companyActivity?page=2&pageSize=2');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const stored = (await activityRows(company.get('10001')!)).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    expect([...first.body.data, ...second.body.data].map((entry: { _id: number }) => entry._id)).toEqual(stored.slice(0, 4).map((row) => row.id));
    expect(first.body.data[0]).toEqual({ _id: stored[0]!.id, at: stored[0]!.created_at, salesPerson: { _id: salesId, name: 'Sven Carstensen' }, action: stored[0]!.action, detail: JSON.parse(stored[0]!.detail) });
    const beyond = await call('customeradmin', 'GET', '/api/user/companyActivity?page=999');
    expect([beyond.body.data, beyond.body.meta.hasMore]).toEqual([[], false]);
    // The admin of 10001 reads the same trail; nobody else reads any.
    expect((await call('admin', 'GET', '/api/user/companyActivity?pageSize=2')).body.data).toEqual(first.body.data);
    for (const account of ['customer', 'customer2', 'sales', 'guest'] as const) {
      const answer = await call(account, 'GET', '/api/user/companyActivity');
      expect([account, answer.statusCode, answer.body.messageKey]).toEqual([account, 403, account === 'guest' ? 'error.login_required' : 'error.forbidden']);
    }
    expect((await call(null, 'GET', '/api/user/companyActivity')).statusCode).toBe(401);
    for (const query of ['page=0', 'pageSize=101', 'page=abc']) {
      expect((await call('customeradmin', 'GET', `/api/user/companyActivity?${query}`)).statusCode).toBe(400);
    }
  });
});
