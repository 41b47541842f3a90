import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/modules/auth/password.ts';
import { setSiteSetting } from './basket-fixtures.ts';
import { demoTenantId, erpCall, erpKey } from './erp-order-fixtures.ts';
import { callApi, startTestShop, type DemoAccount, type TestShop } from './helper.ts';

// Stock alarms (docs/product.md, Stock alarms and notifications): POST/GET/DELETE /api/alarm as the contract
// says, for the user and the company they act for, only for products the buyer may see; and purchasing's
// view of them, GET /erp/v1/alarms/demand.

let shop: TestShop;
let tenantId: number;
const auth = new Map<DemoAccount, string>();

interface ProductRow {
  id: number;
  sku: string;
  name: string;
  name_en: string | null;
  sales_batch_size: number;
}

let batched: ProductRow;
let plain: ProductRow;
let withVariants: ProductRow & { variantSku: string; variantId: number };
let inactive: ProductRow;
let foreign: ProductRow;

const call = (account: DemoAccount, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => callApi(shop, auth.get(account), method, url, payload);
const wish = (product: ProductRow, extra: Record<string, unknown> = {}) => ({ name: product.name, domainId: product.id, domainReference: product.sku, ...extra });
const storedAlarms = () => shop.db.selectFrom('stock_alarms').selectAll().orderBy('id').execute();

/** A product of a visible category (not the deals, not the discontinued) that fits `where`. */
function visibleProducts() {
  return shop.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.name_en', 'p.sales_batch_size'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .where('c.is_active', '=', 1)
    .where('c.slug', 'not in', ['angebote', 'auslaufartikel'])
    .orderBy('p.id');
}

async function companyId(customerNo: string): Promise<number> {
  return (await shop.db.selectFrom('companies').select('id').where('customer_no', '=', customerNo).executeTakeFirstOrThrow()).id;
}

async function userId(username: string): Promise<number> {
  return (await shop.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', '=', username).executeTakeFirstOrThrow()).id;
}

/** A second wholesaler with a product, a customer and one open alarm of that customer. */
async function foreignTenant(): Promise<ProductRow> {
  const db = shop.db;
  const tenant = await db.insertInto('tenants').values({ slug: `alarms-other-${process.pid}`, name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
  const company = await db.insertInto('companies').values({ tenant_id: tenant.id, customer_no: '90001', name: 'Fremdkunde GmbH', vat_country_code: 'DE' }).returning('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ tenant_id: tenant.id, company_id: company.id, current_company_id: null, username: 'fremd', email: 'fremd@other.example', first_name: 'F', last_name: 'K', phone: null, password_hash: 'x', role: 'customer', locale: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = await db.insertInto('categories').values({ tenant_id: tenant.id, parent_id: null, slug: 'fremd', name: 'Fremd', name_en: null }).returning('id').executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      tenant_id: tenant.id, category_id: category.id, sku: 'FREMD-000001', name: 'Fremdprodukt', name_en: null, description: null, description_en: null,
      price_cents: 100, retail_price_cents: null, pre_order_price_cents: null, vat_rate_bp: 1900, stock: 0, sales_unit_id: null, release_date: null, bestseller_rank: null,
    })
    .returning(['id', 'sku', 'name', 'name_en', 'sales_batch_size'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_alarms')
    .values({ tenant_id: tenant.id, user_id: user.id, company_id: company.id, product_id: product.id, variant_id: null, name: product.name, domain_reference: product.sku, quantity: 7 })
    .execute();
  return product;
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  for (const account of ['guest', 'customer', 'customeradmin', 'customer2', 'sales', 'admin'] as const) auth.set(account, await shop.login(account));
  batched = await visibleProducts().where('p.sales_batch_size', '>', 1).limit(1).executeTakeFirstOrThrow();
  plain = await visibleProducts().where('p.sales_batch_size', '=', 1).limit(1).executeTakeFirstOrThrow();
  const variant = await shop.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.name_en', 'p.sales_batch_size', 'v.variant_sku as variantSku', 'v.id as variantId'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .where('v.is_active', '=', 1)
    .where('c.is_active', '=', 1)
    .where('c.slug', 'not in', ['angebote', 'auslaufartikel'])
    .orderBy('v.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  withVariants = variant;
  inactive = await visibleProducts().where('p.id', 'not in', [batched.id, plain.id, variant.id]).offset(5).limit(1).executeTakeFirstOrThrow();
  await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
  foreign = await foreignTenant();
});
afterAll(() => shop.close());

beforeEach(async () => {
  await setSiteSetting(shop, tenantId, 'allowNotifications', true);
});

describe('POST /api/alarm', () => {
  it('sets an alarm with the batch size as quantity, and answers it as GET /api/alarm lists it', async () => {
    await shop.db.updateTable('products').set({ stock: 0 }).where('id', '=', batched.id).execute();
    const created = await call('customer', 'POST', '/api/alarm', wish(batched));
    expect(created.statusCode, created.raw).toBe(200);
    expect(created.body.data).toEqual({
      _id: expect.any(Number),
      name: batched.name,
      domainId: batched.id,
      domainReference: batched.sku,
      quantity: batched.sales_batch_size,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      firedAt: null,
      stock: { state: 'out' },
    });
    const listed = await call('customer', 'GET', '/api/alarm');
    expect(listed.statusCode).toBe(200);
    expect(listed.body.data.find((a: { _id: number }) => a._id === created.body.data._id)).toEqual(created.body.data);
    const [stored] = await shop.db.selectFrom('stock_alarms').selectAll().where('id', '=', created.body.data._id).execute();
    expect(stored).toMatchObject({ user_id: await userId('customer'), company_id: await companyId('10001'), variant_id: null, quantity: batched.sales_batch_size, fired_at: null });
  });

  it('rounds the quantity up to the batch size; the same product again changes the quantity and re-arms the same alarm', async () => {
    const batch = batched.sales_batch_size;
    const first = await call('customeradmin', 'POST', '/api/alarm', wish(batched, { quantity: batch + 1 }));
    expect(first.body.data.quantity).toBe(2 * batch);
    await shop.db.updateTable('stock_alarms').set({ fired_at: '2026-11-20T10:00:00.000Z', last_fired_at: '2026-11-20T10:00:00.000Z' }).where('id', '=', first.body.data._id).execute();
    expect((await call('customeradmin', 'GET', '/api/alarm')).body.data[0].firedAt).toBe('2026-11-20T10:00:00.000Z');

    const again = await call('customeradmin', 'POST', '/api/alarm', wish(batched, { quantity: 3 * batch }));
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toMatchObject({ _id: first.body.data._id, quantity: 3 * batch, firedAt: null });
    const rows = await shop.db.selectFrom('stock_alarms').selectAll().where('user_id', '=', await userId('customeradmin')).where('domain_reference', '=', batched.sku).execute();
    expect(rows).toHaveLength(1);
    // The flap rule's date stays across re-arming.
    expect(rows[0]?.last_fired_at).toBe('2026-11-20T10:00:00.000Z');
  });

  it('names the product in the reader’s language', async () => {
    await shop.db.updateTable('products').set({ name_en: `${batched.name} (English)` }).where('id', '=', batched.id).execute();
    const english = await callApi(shop, auth.get('customeradmin'), 'GET', '/api/alarm', undefined, { 'accept-language': 'en' });
    expect(english.body.data.find((a: { domainId: number }) => a.domainId === batched.id).name).toBe(`${batched.name} (English)`);
    const german = await callApi(shop, auth.get('customeradmin'), 'GET', '/api/alarm', undefined, { 'accept-language': 'de' });
    expect(german.body.data.find((a: { domainId: number }) => a.domainId === batched.id).name).toBe(batched.name);
  });

  it('sets an alarm on a variant, with the variant’s stock', async () => {
    await shop.db.updateTable('product_variants').set({ stock: 3 }).where('id', '=', withVariants.variantId).execute();
    const answer = await call('customer', 'POST', '/api/alarm', { name: withVariants.name, domainId: withVariants.id, domainReference: withVariants.variantSku, quantity: 5 * withVariants.sales_batch_size });
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.data).toMatchObject({ domainId: withVariants.id, domainReference: withVariants.variantSku, stock: { state: 'short' } });
    const stored = await shop.db.selectFrom('stock_alarms').select(['variant_id', 'product_id']).where('id', '=', answer.body.data._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ variant_id: withVariants.variantId, product_id: withVariants.id });
  });

  it('answers an unknown, inactive or foreign product, or a reference that is not the product’s, like an unknown product, storing nothing', async () => {
    const before = await storedAlarms();
    const otherProduct = await visibleProducts().where('p.id', '!=', plain.id).limit(1).executeTakeFirstOrThrow();
    const refused = [
      { name: 'x', domainId: 987654321, domainReference: 'NO-SUCH-SKU' },
      wish(inactive),
      wish(foreign),
      { ...wish(plain), domainReference: otherProduct.sku },
      { ...wish(withVariants), domainReference: `${withVariants.sku}-NOPE` },
    ];
    for (const body of refused) {
      const answer = await call('customer', 'POST', '/api/alarm', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(404);
      expect(answer.body.messageKey).toBe('error.product_not_found');
      expect(answer.raw).not.toContain(inactive.name);
      expect(answer.raw).not.toContain(foreign.name);
    }
    expect(await storedAlarms()).toEqual(before);
  });

  it('refuses malformed input with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ ...wish(plain), quantity: 0 }, 'quantity'],
      [{ ...wish(plain), quantity: 1.5 }, 'quantity'],
      [{ ...wish(plain), quantity: 1_000_001 }, 'quantity'],
      [{ ...wish(plain), name: 'x'.repeat(201) }, 'name'],
      [{ ...wish(plain), domainReference: 'x'.repeat(65) }, 'domainReference'],
      [{ ...wish(plain), domainId: 'abc' }, 'domainId'],
    ] as const) {
      const answer = await call('customer', 'POST', '/api/alarm', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
    }
  });

  it('refuses a 501st alarm of a user and company with 422, and still changes one that exists', async () => {
    const owner = { tenant_id: tenantId, user_id: await userId('customer2'), company_id: await companyId('10002') };
    await shop.db
      .insertInto('stock_alarms')
      .values(Array.from({ length: 500 }, (_, i) => ({ ...owner, product_id: plain.id, variant_id: null, name: plain.name, domain_reference: `LIMIT-${i}`, quantity: 1 })))
      .execute();
    const refused = await call('customer2', 'POST', '/api/alarm', wish(plain));
    expect(refused.statusCode).toBe(422);
    expect(refused.body.messageKey).toBe('error.alarm_limit');
    expect(await shop.db.selectFrom('stock_alarms').select('id').where('user_id', '=', owner.user_id).where('domain_reference', '=', plain.sku).execute()).toEqual([]);
    // Another user of the company has their own 500.
    expect((await call('customer', 'POST', '/api/alarm', wish(plain))).statusCode).toBe(200);
    await shop.db.updateTable('stock_alarms').set({ domain_reference: plain.sku }).where('user_id', '=', owner.user_id).where('domain_reference', '=', 'LIMIT-0').execute();
    expect((await call('customer2', 'POST', '/api/alarm', wish(plain, { quantity: 4 }))).statusCode).toBe(200);
    expect((await call('customer2', 'GET', '/api/alarm')).body.data).toHaveLength(500);
    await shop.db.deleteFrom('stock_alarms').where('user_id', '=', owner.user_id).execute();
  });
});

describe('the stock state of an alarm', () => {
  it('is available, short or out for the wished quantity; the number only for sales persons', async () => {
    const salesAlarm = await call('sales', 'POST', '/api/alarm', wish(plain, { quantity: 10 }));
    expect(salesAlarm.statusCode).toBe(200);
    const customerAlarm = await call('customer', 'POST', '/api/alarm', wish(plain, { quantity: 10 }));
    for (const [stock, state] of [[0, 'out'], [-2, 'out'], [4, 'short'], [10, 'available'], [25, 'available']] as const) {
      await shop.db.updateTable('products').set({ stock }).where('id', '=', plain.id).execute();
      const ofSales = (await call('sales', 'GET', '/api/alarm')).body.data.find((a: { _id: number }) => a._id === salesAlarm.body.data._id);
      expect(ofSales.stock).toEqual({ value: stock, state });
      const ofCustomer = (await call('customer', 'GET', '/api/alarm')).body.data.find((a: { _id: number }) => a._id === customerAlarm.body.data._id);
      expect(ofCustomer.stock).toEqual({ state });
    }
  });

  it('shows an alarm whose product the buyer no longer sees with its stored name, out of stock', async () => {
    const product = await visibleProducts().where('p.id', 'not in', [batched.id, plain.id, withVariants.id]).offset(9).limit(1).executeTakeFirstOrThrow();
    const created = await call('customer', 'POST', '/api/alarm', wish(product, { name: 'Wie gespeichert' }));
    await shop.db.updateTable('products').set({ is_active: 0, stock: 50 }).where('id', '=', product.id).execute();
    const listed = (await call('customer', 'GET', '/api/alarm')).body.data.find((a: { _id: number }) => a._id === created.body.data._id);
    expect(listed).toMatchObject({ name: 'Wie gespeichert', stock: { state: 'out' } });
    await shop.db.updateTable('products').set({ is_active: 1 }).where('id', '=', product.id).execute();
  });
});

describe('whose alarms', () => {
  it('a sales person’s alarms belong to the company they act for', async () => {
    const switchTo = async (customerNo: string) => {
      const answer = await call('sales', 'POST', '/api/user/switchCustomerOfSalesPerson', { customerId: await companyId(customerNo) });
      expect(answer.statusCode, answer.raw).toBe(200);
    };
    await switchTo('10001');
    const created = await call('sales', 'POST', '/api/alarm', wish(batched));
    const ids = async () => (await call('sales', 'GET', '/api/alarm')).body.data.map((a: { _id: number }) => a._id);
    expect(await ids()).toContain(created.body.data._id);
    await switchTo('10002');
    expect(await ids()).not.toContain(created.body.data._id);
    // The same product for the other company is an alarm of its own.
    const forOther = await call('sales', 'POST', '/api/alarm', wish(batched));
    expect(forOther.body.data._id).not.toBe(created.body.data._id);
    expect(await shop.db.selectFrom('stock_alarms').select('company_id').where('id', '=', forOther.body.data._id).executeTakeFirstOrThrow()).toEqual({ company_id: await companyId('10002') });
    await switchTo('10001');
    expect(await ids()).toContain(created.body.data._id);
    // Nobody else of the company sees them.
    const ofCustomer = (await call('customeradmin', 'GET', '/api/alarm')).body.data.map((a: { _id: number }) => a._id);
    expect(ofCustomer).not.toContain(created.body.data._id);
  });

  it('a sales person’s alarms are written to the company’s audit trail; a customer’s own are not', async () => {
    const trail = async () =>
      (await shop.db.selectFrom('sales_person_activity').select(['action', 'detail', 'company_id']).where('action', 'like', 'alarm.%').orderBy('id').execute()).map((entry) => ({
        ...entry,
        detail: JSON.parse(entry.detail),
      }));
    const before = await trail();
    await call('customer', 'POST', '/api/alarm', wish(plain, { quantity: 2 }));
    expect(await trail()).toEqual(before);
    const created = await call('sales', 'POST', '/api/alarm', wish(plain, { quantity: 3 }));
    await call('sales', 'DELETE', '/api/alarm', { ids: [created.body.data._id, 987654321] });
    expect((await trail()).slice(before.length)).toEqual([
      { action: 'alarm.saved', detail: { domainReference: plain.sku, quantity: 3 }, company_id: await companyId('10001') },
      { action: 'alarm.deleted', detail: { deleted: 1 }, company_id: await companyId('10001') },
    ]);
  });

  it('lists the caller’s alarms newest first, in the contract’s shape', async () => {
    const listed = (await call('customer', 'GET', '/api/alarm')).body.data as { _id: number; createdAt: string }[];
    expect(listed.length).toBeGreaterThan(2);
    const stored = await shop.db.selectFrom('stock_alarms').select('id').where('user_id', '=', await userId('customer')).where('company_id', '=', await companyId('10001')).execute();
    expect(listed.map((a) => a._id).sort()).toEqual(stored.map((a) => a.id).sort());
    const dates = listed.map((a) => a.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const alarm of listed) expect(Object.keys(alarm).sort()).toEqual(['_id', 'createdAt', 'domainId', 'domainReference', 'firedAt', 'name', 'quantity', 'stock']);
  });

  it('DELETE removes the caller’s own alarms; ids of others count 0 and stay', async () => {
    const own = await call('customer2', 'POST', '/api/alarm', wish(batched));
    const others = await storedAlarms();
    const customer2 = await userId('customer2');
    const foreignIds = others.filter((a) => a.user_id !== customer2).map((a) => a.id);
    expect(foreignIds.length).toBeGreaterThan(3);
    const refused = await call('customer2', 'DELETE', '/api/alarm', { ids: foreignIds.slice(0, 20) });
    expect(refused.statusCode).toBe(200);
    expect(refused.body.data).toEqual({ deleted: 0 });
    expect(await storedAlarms()).toEqual(others);

    const deleted = await call('customer2', 'DELETE', '/api/alarm', { ids: [own.body.data._id, ...foreignIds.slice(0, 3)] });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect(await storedAlarms()).toEqual(others.filter((a) => a.id !== own.body.data._id));
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: Array.from({ length: 501 }, (_, i) => i + 1) }]) {
      expect((await call('customer2', 'DELETE', '/api/alarm', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('who may use alarms', () => {
  const routes = [
    ['GET', '/api/alarm', undefined],
    ['POST', '/api/alarm', { name: 'x', domainId: 1, domainReference: 'x' }],
    ['DELETE', '/api/alarm', { ids: [1] }],
  ] as const;

  it('refuses everyone with 403 error.notifications_not_allowed when the shop has notifications off, changing nothing', async () => {
    await setSiteSetting(shop, tenantId, 'allowNotifications', false);
    const before = await storedAlarms();
    for (const account of ['customer', 'customeradmin', 'sales', 'admin'] as const) {
      for (const [method, url, body] of routes) {
        const answer = await call(account, method, url, body);
        expect(answer.statusCode, `${account} ${method} ${url}`).toBe(403);
        expect(answer.body.messageKey).toBe('error.notifications_not_allowed');
      }
    }
    expect((await call('customer', 'POST', '/api/alarm', wish(plain))).statusCode).toBe(403);
    expect(await storedAlarms()).toEqual(before);
  });

  it('refuses a sales person who acts for no company with 403 error.forbidden', async () => {
    const password = 'Vertrieb-Ohne-Kunde-1';
    await shop.db
      .insertInto('users')
      .values({ tenant_id: tenantId, company_id: null, current_company_id: null, username: 'alarms-sales', email: 'alarms-sales@nordlicht.example', first_name: 'V', last_name: 'K', phone: null, password_hash: await hashPassword(password), role: 'sales', locale: null })
      .execute();
    const login = await shop.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'alarms-sales', password, tenant: 'demo' } });
    const withoutCompany = `Basic ${login.json<{ token: string }>().token}`;
    for (const [method, url, body] of routes) {
      const answer = await callApi(shop, withoutCompany, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.body.messageKey).toBe('error.forbidden');
    }
  });

  it('refuses the shared guest with 403 error.login_required and nobody signed in with 401', async () => {
    for (const [method, url, body] of routes) {
      const guest = await call('guest', method, url, body);
      expect(guest.statusCode).toBe(403);
      expect(guest.body.messageKey).toBe('error.login_required');
      expect((await callApi(shop, null, method, url, body)).statusCode).toBe(401);
    }
  });
});

describe('GET /erp/v1/alarms/demand', () => {
  it('needs the scope orders:read', async () => {
    const answer = await erpCall(shop.app, await erpKey(shop, tenantId, ['stock:write']), 'GET', '/erp/v1/alarms/demand');
    expect(answer.statusCode).toBe(403);
    expect(answer.body.messageKey).toBe('api.scope.missing');
  });

  it('sums the open alarms of the client’s tenant per sku or variant sku, page by page, without fired ones or other tenants’', async () => {
    const key = await erpKey(shop, tenantId, ['orders:read']);
    const open = await shop.db
      .selectFrom('stock_alarms as a')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .leftJoin('product_variants as v', 'v.id', 'a.variant_id')
      .select(['a.domain_reference', 'a.quantity', 'a.created_at', 'p.sku', 'v.variant_sku'])
      .where('a.tenant_id', '=', tenantId)
      .where('a.fired_at', 'is', null)
      .execute();
    const expected = new Map<string, { sku: string; variantSku: string | null; openAlarms: number; wishedQuantity: number; oldestAlarmAt: string }>();
    for (const alarm of open) {
      const entry = expected.get(alarm.domain_reference) ?? { sku: alarm.sku, variantSku: alarm.variant_sku, openAlarms: 0, wishedQuantity: 0, oldestAlarmAt: alarm.created_at };
      entry.openAlarms += 1;
      entry.wishedQuantity += alarm.quantity;
      if (alarm.created_at < entry.oldestAlarmAt) entry.oldestAlarmAt = alarm.created_at;
      expected.set(alarm.domain_reference, entry);
    }
    expect(expected.size).toBeGreaterThan(3);
    const fired = await shop.db.selectFrom('stock_alarms').select('domain_reference').where('tenant_id', '=', tenantId).where('fired_at', 'is not', null).execute();
    expect(fired.length).toBeGreaterThan(0);

    const pages: unknown[][] = [];
    let after: string | null = null;
    do {
      const answer = await erpCall(shop.app, key, 'GET', `/erp/v1/alarms/demand?limit=2${after === null ? '' : `&after=${encodeURIComponent(after)}`}`);
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.length).toBeLessThanOrEqual(2);
      pages.push(answer.body.data);
      after = answer.body.next;
    } while (after !== null && pages.length < 100);
    const all = pages.flat() as { sku: string; variantSku: string | null }[];
    expect(all).toEqual([...expected.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry));
    expect(all.some((entry) => entry.sku === foreign.sku)).toBe(false);
    for (const { domain_reference } of fired) expect(expected.has(domain_reference) && open.every((a) => a.domain_reference !== domain_reference)).toBe(false);
  });

  it('refuses a limit out of range with 400', async () => {
    const key = await erpKey(shop, tenantId, ['orders:read']);
    for (const query of ['limit=0', 'limit=1001', 'limit=x']) expect((await erpCall(shop.app, key, 'GET', `/erp/v1/alarms/demand?${query}`)).statusCode, query).toBe(400);
  });
});
