import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wishStock, type NotificationType } from '../../core/stock-alarms.ts';
import { insertNotification } from '../../server/modules/notifications/notification.repository.ts';
import { setSiteSetting } from './basket-fixtures.ts';
import { demoTenantId } from './erp-order-fixtures.ts';
import { callApi, startTestShop, type DemoAccount, type TestShop } from './helper.ts';

// Stock notifications (docs/product.md, Stock alarms and notifications): the list, marking viewed and
// deleting for the user and the company they act for; the kept unread count and its version moving with
// every change, in the same transaction; the header's count with its ETag; the profile's mail choice.

let shop: TestShop;
let tenantId: number;
const auth = new Map<DemoAccount, string>();
let product: { id: number; sku: string; name: string; stock: number; sales_batch_size: number };

const call = (account: DemoAccount, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) =>
  callApi(shop, auth.get(account), method, url, payload, headers);

interface Owner {
  tenantId: number;
  userId: number;
  companyId: number;
}

async function ownerOf(username: string, customerNo: string): Promise<Owner> {
  const user = await shop.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', '=', username).executeTakeFirstOrThrow();
  const company = await shop.db.selectFrom('companies').select('id').where('customer_no', '=', customerNo).executeTakeFirstOrThrow();
  return { tenantId, userId: user.id, companyId: company.id };
}

/** Records a notification through the repository's writer, as the firing worker does. */
async function notify(owner: Owner, type: NotificationType = 'backInStock', quantity: number | null = 1): Promise<number> {
  return shop.db.transaction().execute((trx) =>
    insertNotification(trx, {
      tenant_id: owner.tenantId,
      user_id: owner.userId,
      company_id: owner.companyId,
      type,
      product_id: product.id,
      variant_id: null,
      name: product.name,
      domain_reference: product.sku,
      quantity,
      alarm_id: null,
      mail_state: null,
    }),
  );
}

/** The kept count must equal the rows it counts. */
async function keptAndCounted(owner: Owner) {
  const kept = await shop.db.selectFrom('notification_counts').select(['unread', 'version']).where('user_id', '=', owner.userId).where('company_id', '=', owner.companyId).executeTakeFirst();
  const rows = await shop.db.selectFrom('notifications').select('viewed').where('user_id', '=', owner.userId).where('company_id', '=', owner.companyId).execute();
  return { kept: Number(kept?.unread ?? 0), counted: rows.filter((row) => row.viewed === 0).length, version: Number(kept?.version ?? 0) };
}

const notificationIds = (account: DemoAccount) =>
  shop.db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select('n.id')
    .where('u.username', '=', account)
    .execute()
    .then((rows) => rows.map((row) => row.id));

/** Active products of the demo tenant in categories every test account sees (no deal or clearance branch). */
const visibleProducts = () =>
  shop.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .where('c.is_active', '=', 1)
    .where('c.slug', 'not in', ['angebote', 'auslaufartikel']);

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop);
  for (const account of ['guest', 'customer', 'customeradmin', 'customer2', 'sales'] as const) auth.set(account, await shop.login(account));
  product = await visibleProducts()
    .select(['p.id', 'p.sku', 'p.name', 'p.stock', 'p.sales_batch_size'])
    .where('p.stock', '>', 0)
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
});
afterAll(() => shop.close());

beforeEach(async () => {
  await setSiteSetting(shop, tenantId, 'allowNotifications', true);
});

describe('GET /api/notification', () => {
  it('answers the seeded notifications, not viewed and viewed, newest first, with the kept unread count', async () => {
    const answer = await call('customer', 'GET', '/api/notification');
    expect(answer.statusCode, answer.raw).toBe(200);
    const { notViewed, viewed } = answer.body.data;
    expect(notViewed.length).toBeGreaterThan(0);
    expect(viewed.length).toBeGreaterThan(0);
    expect(answer.body.unreadNotificationCount).toBe(notViewed.length);
    for (const list of [notViewed, viewed]) {
      const dates = list.map((n: { createdAt: string }) => n.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    expect(notViewed.every((n: { viewed: boolean }) => !n.viewed) && viewed.every((n: { viewed: boolean }) => n.viewed)).toBe(true);
    expect(new Set([...notViewed, ...viewed].map((n: { type: string }) => n.type))).toEqual(new Set(['backInStock', 'lowStock']));
    for (const n of [...notViewed, ...viewed]) {
      expect(Object.keys(n).sort()).toEqual(['_id', 'createdAt', 'domainId', 'domainReference', 'name', 'quantity', 'stock', 'type', 'version', 'viewed']);
      expect(n.version).toBeNull();
      expect(Object.keys(n.stock)).toEqual(['state']);
    }
  });

  it('shows nobody else’s notifications, and the stock with its number to sales persons only', async () => {
    const customer2 = await call('customer2', 'GET', '/api/notification');
    expect(customer2.body).toEqual({ data: { notViewed: [], viewed: [] }, unreadNotificationCount: 0 });
    const sales = await ownerOf('sales', '10001');
    const id = await notify(sales, 'lowStock', product.stock + 1);
    const ofSales = await call('sales', 'GET', '/api/notification');
    expect(ofSales.body.data.notViewed).toEqual([
      { _id: id, type: 'lowStock', name: product.name, domainId: product.id, domainReference: product.sku, quantity: product.stock + 1, createdAt: expect.any(String), viewed: false, stock: { value: product.stock, state: 'short' }, version: null },
    ]);
    expect((await call('customeradmin', 'GET', '/api/notification')).body.data.notViewed.map((n: { _id: number }) => n._id)).not.toContain(id);
  });

  it('names a variant by its own name, and a product the reader may no longer see by the name it was recorded with, out of stock', async () => {
    const variant = await visibleProducts()
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .select(['v.id', 'v.variant_sku', 'v.name', 'v.stock', 'p.id as product_id'])
      .where('v.is_active', '=', 1)
      .where('v.stock', '>', 0)
      .orderBy('v.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const sales = await ownerOf('sales', '10001');
    const id = await shop.db.transaction().execute((trx) =>
      insertNotification(trx, {
        tenant_id: tenantId,
        user_id: sales.userId,
        company_id: sales.companyId,
        type: 'backInStock',
        product_id: variant.product_id,
        variant_id: variant.id,
        name: 'Recorded name',
        domain_reference: variant.variant_sku,
        quantity: variant.stock,
        alarm_id: null,
        mail_state: null,
      }),
    );
    const listed = async () => (await call('sales', 'GET', '/api/notification')).body.data.notViewed.find((n: { _id: number }) => n._id === id);
    try {
      expect(await listed()).toMatchObject({ name: variant.name, domainId: variant.product_id, domainReference: variant.variant_sku, stock: { value: variant.stock, state: 'available' } });
      await shop.db.updateTable('product_variants').set({ is_active: 0 }).where('id', '=', variant.id).execute();
      expect(await listed()).toMatchObject({ name: 'Recorded name', stock: { state: 'out' } });
      await shop.db.updateTable('product_variants').set({ is_active: 1 }).where('id', '=', variant.id).execute();
      await shop.db.updateTable('products').set({ is_active: 0 }).where('id', '=', variant.product_id).execute();
      const hidden = await listed();
      expect(hidden).toMatchObject({ name: 'Recorded name', stock: { state: 'out' } });
      expect(hidden.stock).not.toHaveProperty('value');
    } finally {
      await shop.db.updateTable('product_variants').set({ is_active: 1 }).where('id', '=', variant.id).execute();
      await shop.db.updateTable('products').set({ is_active: 1 }).where('id', '=', variant.product_id).execute();
      await call('sales', 'DELETE', '/api/notification', { ids: [id] });
    }
  });

  it('judges the stock as an alarm does, by the wished quantity or else the batch size, and names the product in the reader’s language', async () => {
    const sales = await ownerOf('sales', '10001');
    const stored = await shop.db.selectFrom('products').select(['stock', 'name_en']).where('id', '=', product.id).executeTakeFirstOrThrow();
    const wishes = [null, 1, product.stock - 1, product.stock, product.stock + 1, 10 * product.stock + 7];
    const ids: number[] = [];
    for (const quantity of wishes) ids.push(await notify(sales, 'backInStock', quantity));
    const listed = async (headers?: Record<string, string>) => {
      const answer = await shop.app.inject({ method: 'GET', url: '/api/notification', headers: { authorization: auth.get('sales')!, ...headers } });
      // The database writes the body (ADR 0028): it must still be JSON, and say so.
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      return ids.map((id) => answer.json().data.notViewed.find((n: { _id: number }) => n._id === id));
    };
    try {
      for (const stock of [product.stock, 0, -3]) {
        await shop.db.updateTable('products').set({ stock }).where('id', '=', product.id).execute();
        const entries = await listed();
        // core/stock-alarms.ts wishStock is the rule; the list is written by the database and must agree.
        expect(entries.map((entry) => entry.stock)).toEqual(wishes.map((quantity) => wishStock(stock, quantity ?? product.sales_batch_size, true)));
      }
      await shop.db.updateTable('products').set({ name_en: 'English name' }).where('id', '=', product.id).execute();
      expect((await listed({ 'accept-language': 'en' })).map((entry) => entry.name)).toEqual(wishes.map(() => 'English name'));
      expect((await listed({ 'accept-language': 'de' })).map((entry) => entry.name)).toEqual(wishes.map(() => product.name));
      await shop.db.updateTable('products').set({ name_en: '' }).where('id', '=', product.id).execute();
      expect((await listed({ 'accept-language': 'en' })).map((entry) => entry.name)).toEqual(wishes.map(() => product.name));
    } finally {
      await shop.db.updateTable('products').set(stored).where('id', '=', product.id).execute();
      await call('sales', 'DELETE', '/api/notification', { ids });
    }
  });

  it('lists at most 100 of each', async () => {
    const owner = await ownerOf('customeradmin', '10001');
    for (let i = 0; i < 101; i++) await notify(owner);
    const answer = await call('customeradmin', 'GET', '/api/notification');
    expect(answer.body.data.notViewed).toHaveLength(100);
    expect(answer.body.unreadNotificationCount).toBe(101);
  });
});

describe('setViewed and DELETE', () => {
  it('change only the caller’s notifications, and move the kept count and its version in step', async () => {
    const owner = await ownerOf('customer2', '10002');
    const ids = [await notify(owner), await notify(owner, 'lowStock'), await notify(owner)];
    const start = await keptAndCounted(owner);
    expect(start).toMatchObject({ kept: 3, counted: 3 });

    const foreign = await notificationIds('customer');
    const notificationsBefore = await shop.db.selectFrom('notifications').selectAll().orderBy('id').execute();
    const countsBefore = await shop.db.selectFrom('notification_counts').selectAll().orderBy('user_id').execute();
    const viewedForeign = await call('customer2', 'POST', '/api/notification/setViewed', { ids: foreign });
    expect(viewedForeign.body).toEqual({ data: { unreadNotificationCount: 3 } });
    const deletedForeign = await call('customer2', 'DELETE', '/api/notification', { ids: foreign });
    expect(deletedForeign.body).toEqual({ data: { deleted: 0, unreadNotificationCount: 3 } });
    expect(await shop.db.selectFrom('notifications').selectAll().orderBy('id').execute()).toEqual(notificationsBefore);
    expect(await shop.db.selectFrom('notification_counts').selectAll().orderBy('user_id').execute()).toEqual(countsBefore);

    const viewed = await call('customer2', 'POST', '/api/notification/setViewed', { ids: [ids[0], ids[1], ...foreign] });
    expect(viewed.body).toEqual({ data: { unreadNotificationCount: 1 } });
    const afterViewed = await keptAndCounted(owner);
    expect(afterViewed).toMatchObject({ kept: 1, counted: 1 });
    expect(afterViewed.version).toBeGreaterThan(start.version);
    // Viewed again: nothing changes, not even the version.
    await call('customer2', 'POST', '/api/notification/setViewed', { ids: [ids[0]] });
    expect(await keptAndCounted(owner)).toEqual(afterViewed);

    const deleted = await call('customer2', 'DELETE', '/api/notification', { ids: [ids[0], ids[2]] });
    expect(deleted.body).toEqual({ data: { deleted: 2, unreadNotificationCount: 0 } });
    const afterDelete = await keptAndCounted(owner);
    expect(afterDelete).toMatchObject({ kept: 0, counted: 0 });
    expect(afterDelete.version).toBeGreaterThan(afterViewed.version);
    const list = await call('customer2', 'GET', '/api/notification');
    expect(list.body.data.viewed.map((n: { _id: number }) => n._id)).toEqual([ids[1]]);
  });

  it('refuse malformed ids with 400, changing nothing', async () => {
    const before = await shop.db.selectFrom('notifications').selectAll().orderBy('id').execute();
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { ids: Array.from({ length: 201 }, (_, i) => i + 1) }]) {
      expect((await call('customer', 'POST', '/api/notification/setViewed', body)).statusCode, JSON.stringify(body)).toBe(400);
      expect((await call('customer', 'DELETE', '/api/notification', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await shop.db.selectFrom('notifications').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('GET /api/notification/count', () => {
  it('answers the unread count with an ETag of user, company and version, and 304 while nothing changed', async () => {
    const owner = await ownerOf('customer', '10001');
    const first = await shop.app.inject({ url: '/api/notification/count', headers: { authorization: auth.get('customer')! } });
    expect(first.statusCode).toBe(200);
    const { version } = await keptAndCounted(owner);
    expect(first.headers.etag).toBe(`"${owner.userId}-${owner.companyId}-${version}"`);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.json()).toEqual({ unreadNotificationCount: (await keptAndCounted(owner)).kept, version });

    const unchanged = await shop.app.inject({ url: '/api/notification/count', headers: { authorization: auth.get('customer')!, 'if-none-match': first.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await notify(owner);
    const changed = await shop.app.inject({ url: '/api/notification/count', headers: { authorization: auth.get('customer')!, 'if-none-match': first.headers.etag as string } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ unreadNotificationCount: first.json().unreadNotificationCount + 1, version: version + 1 });
    expect(changed.headers.etag).toBe(`"${owner.userId}-${owner.companyId}-${version + 1}"`);
  });

  it('answers 0 and version 0 to a caller who never had a notification', async () => {
    const admin = await shop.login('admin');
    expect(await keptAndCounted(await ownerOf('admin', '10001'))).toEqual({ kept: 0, counted: 0, version: 0 });
    const answer = await callApi(shop, admin, 'GET', '/api/notification/count');
    expect(answer.body).toEqual({ unreadNotificationCount: 0, version: 0 });
  });
});

describe('who may use notifications', () => {
  const routes = [
    ['GET', '/api/notification', undefined],
    ['GET', '/api/notification/count', undefined],
    ['POST', '/api/notification/setViewed', { ids: [1] }],
    ['DELETE', '/api/notification', { ids: [1] }],
  ] as const;

  it('refuses with 403 error.notifications_not_allowed when the shop has notifications off, changing nothing', async () => {
    await setSiteSetting(shop, tenantId, 'allowNotifications', false);
    const before = await shop.db.selectFrom('notifications').selectAll().orderBy('id').execute();
    const ids = await notificationIds('customer');
    for (const [method, url, body] of routes) {
      const answer = await call('customer', method, url, body && { ids });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.body.messageKey).toBe('error.notifications_not_allowed');
    }
    expect(await shop.db.selectFrom('notifications').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('refuses the shared guest with 403 error.login_required', async () => {
    for (const [method, url, body] of routes) {
      const answer = await call('guest', method, url, body);
      expect(answer.statusCode).toBe(403);
      expect(answer.body.messageKey).toBe('error.login_required');
    }
  });
});

describe('the mail choice in the profile', () => {
  it('GET /api/user/currentUser answers stockMail; POST changes it; a value it does not know is refused', async () => {
    const read = async () => (await call('customer', 'GET', '/api/user/currentUser')).body.account.stockMail;
    expect(await read()).toBe('each');
    for (const choice of ['digest', 'off', 'each'] as const) {
      const changed = await call('customer', 'POST', '/api/user/currentUser', { stockMail: choice });
      expect(changed.statusCode, changed.raw).toBe(200);
      expect(changed.body.account.stockMail).toBe(choice);
      expect(await read()).toBe(choice);
    }
    const refused = await call('customer', 'POST', '/api/user/currentUser', { stockMail: 'weekly' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.field).toBe('stockMail');
    expect(await read()).toBe('each');
  });
});
