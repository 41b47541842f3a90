import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../server/db/schema.ts';
import { deliverSafetySheetVersion } from '../../server/modules/product-files/safety-sheet-delivery.ts';
import { deleteFile, documentOf, pdf, privateFilesDir, putFile, putMetadata } from './erp-product-file-fixtures.ts';
import { erpKey, insertOtherTenant, insertProduct, visibleCategoryId } from './erp-load-fixtures.ts';
import { callApi } from './helper.ts';
import { createCompany, createUser, insertOrder } from './order-history-fixtures.ts';
import { mailShopForFile } from './smtp-fixture.ts';

// A safety data sheet's new version reaches the companies that bought its product (docs/product.md, Product
// documents and downloads): the companies of the tenant with the product or one of its variants on an order
// placed on account or paid within the last 12 months by the shop's clock, for a sheet of named companies only
// those; each company once per version; each of its active users one notification (GET /api/notification)
// and one mail in their language; and GET /api/account/safety-sheets shows what each company received.
// Companies, users and orders of the test's own; the sheets are loaded through the ERP API.

const filesDir = privateFilesDir();
const mailShop = mailShopForFile({ FILES_DIR: filesDir });

interface Recipient {
  userId: number;
  auth: string;
  email: string;
}

let tenantId: number;
let key: string;
let productId: number;
let variantId: number;
let companies: Record<'bought' | 'variant' | 'old' | 'unpaid' | 'other' | 'foreign', number>;
const users: Record<string, Recipient> = {};

const shop = () => mailShop.shop;
const monthsAgo = (months: number, days = 0) => {
  const date = shop().clock.now();
  date.setUTCMonth(date.getUTCMonth() - months);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString();
};

let orders = 0;
async function order(tenant: number, companyId: number, orderDate: string, paymentStatus: string, line: { productId: number; sku: string; variantSku?: string }) {
  orders += 1;
  await insertOrder(shop().db, tenant, {
    companyId,
    userId: null,
    orderNumber: `SDS-${orders}`,
    orderDate,
    paymentStatus,
    lines: [{ sku: line.sku, variantSku: line.variantSku ?? null, name: 'Reiniger', quantity: 1, unitCents: 1000, productId: line.productId }],
  });
}

async function user(tenant: number, companyId: number, username: string, role: Role, extra: { locale?: string; inactive?: boolean } = {}) {
  const created = await createUser(shop().db, tenant, companyId, username, role);
  if (extra.locale || extra.inactive) await shop().db.updateTable('users').set({ locale: extra.locale ?? null, is_active: extra.inactive ? 0 : 1 }).where('id', '=', created.userId).execute();
  users[username] = { ...created, email: `${username}@example.com` };
}

const notificationsOf = (username: string) =>
  shop().db.selectFrom('notifications').select(['type', 'product_id', 'variant_id', 'name', 'domain_reference', 'file_version', 'mail_state', 'viewed']).where('user_id', '=', users[username]!.userId).orderBy('id').execute();
const unreadOf = async (username: string) => Number((await shop().db.selectFrom('notification_counts').select('unread').where('user_id', '=', users[username]!.userId).executeTakeFirst())?.unread ?? 0);
const deliveries = async (fileExternalId: string) =>
  (
    await shop()
      .db.selectFrom('safety_sheet_deliveries as d')
      .innerJoin('product_files as f', 'f.id', 'd.file_id')
      .innerJoin('companies as c', 'c.id', 'd.company_id')
      .select(['c.customer_no', 'd.version'])
      .where('f.external_id', '=', fileExternalId)
      .orderBy('c.customer_no')
      .orderBy('d.version')
      .execute()
  ).map((row) => `${row.customer_no} ${row.version}`);
const outboxCount = async () => Number((await shop().db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'safety_sheet').executeTakeFirstOrThrow()).n);

const sheet = (version: string, extra: Record<string, unknown> = {}) => documentOf({ kind: 'safety_data_sheet', title: 'Sicherheitsdatenblatt', version, fileName: 'SDB Reiniger.pdf', ...extra });

/** Loads the sheet's metadata and file of this version through the ERP API; answers the file route's answer. */
async function loadVersion(sku: string, externalId: string, version: string, extra: Record<string, unknown> = {}, bytes = pdf(`${externalId} ${version}`)) {
  const metadata = await putMetadata(shop(), key, 'documents', sku, externalId, sheet(version, extra));
  expect(metadata.statusCode, metadata.body).toBeLessThan(300);
  const file = await putFile(shop(), key, 'documents', sku, externalId, bytes, 'application/pdf');
  expect(file.statusCode, file.body).toBeLessThan(300);
  return file.json();
}

beforeAll(async () => {
  tenantId = mailShop.tenantId;
  key = await erpKey(shop(), tenantId, ['catalog:write']);
  const categoryId = await visibleCategoryId(shop(), tenantId);
  productId = await insertProduct(shop(), tenantId, categoryId, { sku: 'SDS-1', priceCents: 1000, variants: [{ variantSku: 'SDS-1-5L' }] });
  variantId = (await shop().db.selectFrom('product_variants').select('id').where('variant_sku', '=', 'SDS-1-5L').executeTakeFirstOrThrow()).id;
  const otherProduct = await insertProduct(shop(), tenantId, categoryId, { sku: 'SDS-2', priceCents: 1000 });
  const foreignTenant = await insertOtherTenant(shop(), 'safety-sheets-other');
  companies = {
    bought: await createCompany(shop().db, tenantId, 'SDS-BOUGHT', 1),
    variant: await createCompany(shop().db, tenantId, 'SDS-VARIANT', 1),
    old: await createCompany(shop().db, tenantId, 'SDS-OLD', 1),
    unpaid: await createCompany(shop().db, tenantId, 'SDS-UNPAID', 1),
    other: await createCompany(shop().db, tenantId, 'SDS-OTHER', 1),
    foreign: await createCompany(shop().db, foreignTenant, 'SDS-BOUGHT', 1),
  };
  const product = { productId, sku: 'SDS-1' };
  await order(tenantId, companies.bought, monthsAgo(1), 'open', product);
  await order(tenantId, companies.variant, monthsAgo(11), 'paid', { ...product, variantSku: 'SDS-1-5L' });
  await order(tenantId, companies.old, monthsAgo(13), 'open', product);
  await order(tenantId, companies.unpaid, monthsAgo(1), 'cancelled', product);
  await order(tenantId, companies.unpaid, monthsAgo(0, 2), 'awaiting', product);
  await order(tenantId, companies.unpaid, monthsAgo(0, 1), 'failed', product);
  await order(tenantId, companies.other, monthsAgo(1), 'open', { productId: otherProduct, sku: 'SDS-2' });
  await order(foreignTenant, companies.foreign, monthsAgo(1), 'open', product);

  await user(tenantId, companies.bought, 'sds-buyer-en', 'customer', { locale: 'en' });
  await user(tenantId, companies.bought, 'sds-admin', 'customer_admin');
  await user(tenantId, companies.bought, 'sds-gone', 'customer', { inactive: true });
  await user(tenantId, companies.bought, 'sds-sales', 'sales');
  await user(tenantId, companies.variant, 'sds-variant', 'customer');
  await user(tenantId, companies.old, 'sds-old', 'customer');
  await user(tenantId, companies.unpaid, 'sds-unpaid', 'customer');
  await user(tenantId, companies.other, 'sds-other', 'customer');
  await user(foreignTenant, companies.foreign, 'sds-foreign', 'customer');
});
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

const everyone = ['sds-buyer-en', 'sds-admin', 'sds-gone', 'sds-sales', 'sds-variant', 'sds-old', 'sds-unpaid', 'sds-other', 'sds-foreign'];
const reached = ['sds-buyer-en', 'sds-admin', 'sds-variant'];

describe('a safety data sheet’s versions', () => {
  it('reach nobody with the sheet’s first file: buyers find it on the product page', async () => {
    const answer = await loadVersion('SDS-1', 'SDS-SHEET', '1.0');
    expect(answer).toMatchObject({ result: 'created', document: { kind: 'safety_data_sheet', file: { version: '1.0' } } });
    expect(await deliveries('SDS-SHEET')).toEqual([]);
    for (const username of everyone) expect(await notificationsOf(username), username).toEqual([]);
    expect(await outboxCount()).toBe(0);
  });

  it('reach exactly the companies with a placed or paid order of the product or a variant within 12 months: each active user one notification and one mail', async () => {
    const answer = await loadVersion('SDS-1', 'SDS-SHEET', '2.0');
    expect(answer).toMatchObject({ result: 'updated', document: { version: '2.0', file: { version: '2.0' } } });
    expect(await deliveries('SDS-SHEET')).toEqual(['SDS-BOUGHT 2.0', 'SDS-VARIANT 2.0']);
    for (const username of reached) {
      expect(await notificationsOf(username), username).toEqual([
        { type: 'safetyDataSheet', product_id: productId, variant_id: null, name: 'ERP-Artikel SDS-1', domain_reference: 'SDS-1', file_version: '2.0', mail_state: 'sent', viewed: 0 },
      ]);
      expect(await unreadOf(username), username).toBe(1);
    }
    for (const username of everyone.filter((name) => !reached.includes(name))) {
      expect(await notificationsOf(username), username).toEqual([]);
      expect(await mailShop.takeMailsTo(users[username]!.email), username).toEqual([]);
    }

    const [english, ...moreEnglish] = await mailShop.takeMailsTo(users['sds-buyer-en']!.email);
    expect(moreEnglish).toEqual([]);
    expect(english!.body).toContain('New safety data sheet version: ERP-Artikel SDS-1');
    expect(english!.body).toContain('Sicherheitsdatenblatt');
    expect(english!.body).toContain('Version: 2.0');
    expect(english!.body).toContain(`https://shop.example/product/${productId}?sku=SDS-1`);
    const [german, ...moreGerman] = await mailShop.takeMailsTo(users['sds-admin']!.email);
    expect(moreGerman).toEqual([]);
    expect(german!.body).toContain('eine neue Version des Sicherheitsdatenblatts');
    expect(german!.body).toContain('ERP-Artikel SDS-1 (SDS-1)');
    expect(await mailShop.takeMailsTo(users['sds-variant']!.email)).toHaveLength(1);
  });

  it('reach nobody twice: the same file again, another file of the same version and a retried delivery send nothing', async () => {
    const outbox = await outboxCount();
    const same = await putFile(shop(), key, 'documents', 'SDS-1', 'SDS-SHEET', pdf('SDS-SHEET 2.0'), 'application/pdf');
    expect(same.json().result).toBe('unchanged');
    const corrected = await putFile(shop(), key, 'documents', 'SDS-1', 'SDS-SHEET', pdf('SDS-SHEET 2.0 corrected'), 'application/pdf');
    expect(corrected.json().result).toBe('updated');
    const fileId = (await shop().db.selectFrom('product_files').select('id').where('external_id', '=', 'SDS-SHEET').executeTakeFirstOrThrow()).id;
    const retried = await shop().db.transaction().execute((trx) => deliverSafetySheetVersion(trx, { tenantId, fileId, productId, version: '2.0', now: shop().clock.now() }));
    expect(retried).toBe(0);
    expect(await deliveries('SDS-SHEET')).toEqual(['SDS-BOUGHT 2.0', 'SDS-VARIANT 2.0']);
    for (const username of reached) expect(await notificationsOf(username), username).toHaveLength(1);
    expect(await outboxCount()).toBe(outbox);
  });

  it('are listed by GET /api/notification with their version', async () => {
    const answer = await callApi(shop(), users['sds-buyer-en']!.auth, 'GET', '/api/notification');
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.data.notViewed).toEqual([
      {
        _id: expect.any(Number),
        type: 'safetyDataSheet',
        name: 'ERP-Artikel SDS-1',
        domainId: productId,
        domainReference: 'SDS-1',
        quantity: null,
        createdAt: expect.any(String),
        viewed: false,
        stock: { state: 'out' },
        version: '2.0',
      },
    ]);
    expect(answer.body.unreadNotificationCount).toBe(1);
  });

  it('follow the clock: a version two months later no longer reaches an order 11 months old', async () => {
    shop().clock.advance(61 * 24 * 60 * 60 * 1000);
    await loadVersion('SDS-1', 'SDS-SHEET', '3.0');
    expect(await deliveries('SDS-SHEET')).toEqual(['SDS-BOUGHT 2.0', 'SDS-BOUGHT 3.0', 'SDS-VARIANT 2.0']);
    expect((await notificationsOf('sds-admin')).map((row) => row.file_version)).toEqual(['2.0', '3.0']);
    expect((await notificationsOf('sds-variant')).map((row) => row.file_version)).toEqual(['2.0']);
    expect(await mailShop.takeMailsTo(users['sds-admin']!.email)).toHaveLength(1);
    expect(await mailShop.takeMailsTo(users['sds-variant']!.email)).toEqual([]);
  });

  it('of a sheet for named companies reach only those, with the variant the sheet belongs to', async () => {
    await loadVersion('SDS-1-5L', 'SDS-NAMED', 'A', { visibility: 'companies', companies: ['SDS-VARIANT', 'SDS-OTHER'] });
    await loadVersion('SDS-1-5L', 'SDS-NAMED', 'B', { visibility: 'companies', companies: ['SDS-VARIANT', 'SDS-OTHER'] });
    expect(await deliveries('SDS-NAMED')).toEqual([]);
    // Back at today, the variant's order is 11 months old again.
    shop().clock.advance(-61 * 24 * 60 * 60 * 1000);
    await loadVersion('SDS-1-5L', 'SDS-NAMED', 'C', { visibility: 'companies', companies: ['SDS-VARIANT', 'SDS-OTHER'] });
    expect(await deliveries('SDS-NAMED')).toEqual(['SDS-VARIANT C']);
    expect((await notificationsOf('sds-variant')).at(-1)).toMatchObject({ variant_id: variantId, domain_reference: 'SDS-1-5L', name: 'ERP-Variante SDS-1-5L', file_version: 'C' });
    expect((await notificationsOf('sds-admin')).map((row) => row.file_version)).toEqual(['2.0', '3.0']);
  });
});

describe('GET /api/account/safety-sheets', () => {
  it('shows each version the company received, newest first, with the version current now', async () => {
    const ofBuyer = await callApi(shop(), users['sds-buyer-en']!.auth, 'GET', '/api/account/safety-sheets');
    expect(ofBuyer.statusCode, ofBuyer.raw).toBe(200);
    const sheetId = (await shop().db.selectFrom('product_files').select('id').where('external_id', '=', 'SDS-SHEET').executeTakeFirstOrThrow()).id;
    const received = (version: string) => ({
      documentId: sheetId,
      productId,
      productName: 'ERP-Artikel SDS-1',
      sku: 'SDS-1',
      title: 'Sicherheitsdatenblatt',
      language: 'de',
      receivedVersion: version,
      receivedAt: expect.any(String),
      currentVersion: '3.0',
      url: `/api/product-document/${sheetId}`,
    });
    expect(ofBuyer.body).toEqual({ data: [received('3.0'), received('2.0')] });
    expect(ofBuyer.body.data[0].receivedAt > ofBuyer.body.data[1].receivedAt).toBe(true);
    expect((await callApi(shop(), users['sds-admin']!.auth, 'GET', '/api/account/safety-sheets')).body).toEqual(ofBuyer.body);

    const ofVariant = await callApi(shop(), users['sds-variant']!.auth, 'GET', '/api/account/safety-sheets');
    expect(ofVariant.body.data.map((row: { sku: string; title: string; receivedVersion: string; currentVersion: string }) => [row.sku, row.receivedVersion, row.currentVersion])).toEqual([
      ['SDS-1', 'C', 'C'],
      ['SDS-1', '2.0', '3.0'],
    ]);
    expect((await callApi(shop(), users['sds-other']!.auth, 'GET', '/api/account/safety-sheets')).body).toEqual({ data: [] });
  });

  it('links the current file only while the reader may open it', async () => {
    await shop().db.updateTable('products').set({ is_active: 0 }).where('id', '=', productId).execute();
    shop().services.catalog.clearCache();
    try {
      const hidden = await callApi(shop(), users['sds-buyer-en']!.auth, 'GET', '/api/account/safety-sheets');
      expect(hidden.body.data.length).toBeGreaterThan(0);
      expect(hidden.body.data.map((row: { url: string | null }) => row.url)).toEqual(hidden.body.data.map(() => null));
    } finally {
      await shop().db.updateTable('products').set({ is_active: 1 }).where('id', '=', productId).execute();
    }
  });

  it('is for full accounts acting for a company', async () => {
    expect((await callApi(shop(), null, 'GET', '/api/account/safety-sheets')).statusCode).toBe(401);
    const guest = await callApi(shop(), await shop().login('guest'), 'GET', '/api/account/safety-sheets');
    expect([guest.statusCode, guest.body.messageKey]).toEqual([403, 'error.login_required']);
    // A sales person acting for the company reads what it received (though the mails went to its own users).
    const ofSales = await callApi(shop(), users['sds-sales']!.auth, 'GET', '/api/account/safety-sheets');
    expect(ofSales.statusCode).toBe(200);
    expect(ofSales.body).toEqual((await callApi(shop(), users['sds-buyer-en']!.auth, 'GET', '/api/account/safety-sheets')).body);
    await shop().db.updateTable('users').set({ company_id: null, current_company_id: null }).where('id', '=', users['sds-sales']!.userId).execute();
    shop().services.auth.clearCache();
    const salesAlone = await callApi(shop(), users['sds-sales']!.auth, 'GET', '/api/account/safety-sheets');
    expect([salesAlone.statusCode, salesAlone.body.messageKey]).toEqual([403, 'error.forbidden']);
  });
});

describe('deleting a safety data sheet', () => {
  it('takes its notifications with it and moves the unread counts', async () => {
    const before = await unreadOf('sds-admin');
    const notifications = (await notificationsOf('sds-admin')).length;
    expect((await deleteFile(shop(), key, 'documents', 'SDS-1', 'SDS-SHEET')).statusCode).toBe(204);
    expect(await notificationsOf('sds-admin')).toHaveLength(0);
    expect(await unreadOf('sds-admin')).toBe(before - notifications);
    expect(await deliveries('SDS-SHEET')).toEqual([]);
  });

  it('that goes with its product or variant leaves its notifications, so the kept unread counts stay right', async () => {
    const before = { unread: await unreadOf('sds-variant'), notifications: await notificationsOf('sds-variant') };
    expect(before.notifications.length).toBeGreaterThan(0);
    // What the database does when a product or variant the sheet belongs to goes (the file row cascades).
    await shop().db.deleteFrom('product_files').where('external_id', '=', 'SDS-NAMED').execute();
    expect(await notificationsOf('sds-variant')).toEqual(before.notifications);
    expect(await unreadOf('sds-variant')).toBe(before.unread);
    const unviewed = await shop().db.selectFrom('notifications').select('id').where('user_id', '=', users['sds-variant']!.userId).where('viewed', '=', 0).execute();
    expect(before.unread).toBe(unviewed.length);
  });
});
