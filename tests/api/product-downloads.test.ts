import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLinkSeconds } from '../../core/product-files.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { shippingAddressOf } from './buyer-fixtures.ts';
import { orderOf, productsWithVariants, signedLinkFor, storeDownload, unboughtOrderableProduct, type OrderedProduct } from './download-fixtures.ts';
import { demoTenantId, erpKey, fillBasket, placeOrder } from './erp-order-fixtures.ts';
import { callApi, startTestShop, type TestShop } from './helper.ts';
import { createCompany, createUser } from './order-history-fixtures.ts';
import { companyWithBuyers, visibleProducts, type Buyer } from './review-fixtures.ts';

// Downloadable products (docs/product.md, Product documents and downloads): GET /api/account/downloads, the
// files on the order detail's lines and GET /api/download/{token}. A company gets a product's files with an
// order placed on account or paid, loses them when the order is cancelled or the line credited, and a link
// works for the session that got it only, until it expires; everything else answers like an unknown file.

const secretKey = 'sk_test_downloads';
const webhookSecret = 'whsec_downloads';

let fake: FakeStripe;
let shop: TestShop;
let tenantId: number;
let buyer: Buyer;
let colleague: Buyer;
let elsewhere: Buyer;
let products: OrderedProduct[];
let used = 0;

/** A product no test has used yet. */
function nextProduct(): OrderedProduct {
  const product = products[used++];
  if (!product) throw new Error('the test catalogue has too few products');
  return product;
}

const list = async (auth: string) => {
  const answer = await callApi(shop, auth, 'GET', '/api/account/downloads');
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.data as { _id: number; url: string; downloadCount: number; lastDownloadedAt: string | null; orders: { _id: number }[] }[];
};
const entryOf = async (auth: string, fileId: number) => (await list(auth)).find((entry) => entry._id === fileId);
const fetchFile = (auth: string | null, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  shop.app.inject({ method, url, headers: { ...(auth ? { authorization: auth } : {}), ...headers } });
const loggedDownloads = (fileId: number) => shop.db.selectFrom('file_downloads').select(['user_id', 'company_id', 'file_version', 'tenant_id']).where('file_id', '=', fileId).execute();
const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const linkPattern = /^\/api\/download\/[A-Za-z0-9_-]{54}$/;

/** The answer to a link nobody could have: what every refused link must answer, byte for byte. */
let unknownAnswer: { statusCode: number; body: string };
async function expectRefused(auth: string, url: string) {
  const answer = await fetchFile(auth, url);
  expect({ statusCode: answer.statusCode, body: answer.body }, url).toEqual(unknownAnswer);
}

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey, webhookSecret });
  shop = await startTestShop({ STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: fake.url, PUBLIC_URL: 'http://shop.test' });
  fake.setWebhookUrl(`${await shop.app.listen({ port: 0, host: '127.0.0.1' })}/api/payment/webhook`);
  tenantId = await demoTenantId(shop);
  const company = await companyWithBuyers(shop, tenantId, 'DL-1001', { 'dl.customer': 'customer', 'dl.admin': 'customer_admin' });
  buyer = company['dl.customer']!;
  colleague = company['dl.admin']!;
  elsewhere = (await companyWithBuyers(shop, tenantId, 'DL-2001', { 'dl.elsewhere': 'customer' }))['dl.elsewhere']!;
  // Products the seed made downloadable are left alone: each test's files are its own.
  products = await visibleProducts(shop, tenantId).where('p.is_downloadable', '=', 0).limit(40).execute();
  const unknown = await fetchFile(buyer.auth, `/api/download/${'A'.repeat(54)}`);
  unknownAnswer = { statusCode: unknown.statusCode, body: unknown.body };
  expect(unknownAnswer.statusCode).toBe(404);
  expect(JSON.parse(unknownAnswer.body)).toMatchObject({ messageKey: 'download.not_found' });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

describe('GET /api/account/downloads', () => {
  it('lists nothing before an order, and the file once the company has one placed on account, in the contract’s shape', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Handbuch digital', fileName: 'Handbuch Größe 2.pdf', version: '2.0' });
    expect(await entryOf(buyer.auth, file.id)).toBeUndefined();
    const order = await orderOf(shop, tenantId, buyer, product);
    const before = Date.now();
    const entry = await entryOf(buyer.auth, file.id);
    expect(entry).toEqual({
      _id: file.id,
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      variantSku: null,
      title: 'Handbuch digital',
      version: '2.0',
      fileName: 'Handbuch Größe 2.pdf',
      contentType: 'application/pdf',
      bytes: file.bytes.length,
      updatedAt: '2026-11-20T09:00:00.000Z',
      orders: [{ _id: order.id, orderNumber: order.orderNumber, orderDate: expect.any(String) }],
      downloadCount: 0,
      lastDownloadedAt: null,
      url: expect.stringMatching(linkPattern),
      expiresAt: iso,
    });
    const expiresIn = Date.parse((entry as unknown as { expiresAt: string }).expiresAt) - before;
    expect(expiresIn).toBeGreaterThan((downloadLinkSeconds - 5) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(downloadLinkSeconds * 1000);
    // The company's other users have it too; another company does not.
    expect(await entryOf(colleague.auth, file.id)).toMatchObject({ _id: file.id });
    expect(await entryOf(elsewhere.auth, file.id)).toBeUndefined();
    // The product answer says it is downloadable, to everyone who sees it.
    const detail = await callApi(shop, elsewhere.auth, 'GET', `/api/material/${product.id}`);
    expect(detail.body.downloadable).toBe(true);
    expect((await callApi(shop, elsewhere.auth, 'GET', `/api/material/${products[products.length - 1]!.id}`)).body.downloadable).toBe(false);
  });

  it('names the orders that give a file, the newest first, and a plain customer only their own where the company keeps orders apart', async () => {
    const product = nextProduct();
    const companyId = await createCompany(shop.db, tenantId, 'DL-3001', 0);
    const own = { ...(await createUser(shop.db, tenantId, companyId, 'dl.apart', 'customer')), companyId };
    const other = { ...(await createUser(shop.db, tenantId, companyId, 'dl.apart.other', 'customer')), companyId };
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Software-Paket', fileName: 'paket.pdf' });
    const older = await orderOf(shop, tenantId, own, product, { orderDate: '2026-09-01T08:00:00.000Z' });
    const newer = await orderOf(shop, tenantId, other, product, { orderDate: '2026-10-01T08:00:00.000Z' });
    expect((await entryOf(own.auth, file.id))?.orders.map((order) => order._id)).toEqual([older.id]);
    expect((await entryOf(other.auth, file.id))?.orders.map((order) => order._id)).toEqual([newer.id]);
    // Whoever sees the company's orders sees both, the newest first.
    const admin = { ...(await createUser(shop.db, tenantId, companyId, 'dl.apart.admin', 'customer_admin')), companyId };
    expect((await entryOf(admin.auth, file.id))?.orders.map((order) => order._id)).toEqual([newer.id, older.id]);
  });

  it('lists a company’s files for a sales person acting for it, and none while they act for no company', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Schulungsunterlagen' });
    await orderOf(shop, tenantId, buyer, product);
    const homeCompany = await createCompany(shop.db, tenantId, 'DL-SALES', 1);
    const sales = await createUser(shop.db, tenantId, homeCompany, 'dl.sales', 'sales');
    expect(await entryOf(sales.auth, file.id)).toBeUndefined();
    await shop.db.insertInto('sales_person_companies').values({ user_id: sales.userId, company_id: buyer.companyId }).execute();
    await shop.db.updateTable('users').set({ current_company_id: buyer.companyId }).where('id', '=', sales.userId).execute();
    shop.services.auth.clearCache();
    const entry = await entryOf(sales.auth, file.id);
    expect(entry).toMatchObject({ _id: file.id });
    expect((await fetchFile(sales.auth, entry!.url)).statusCode).toBe(200);
  });

  it('refuses the shared guest and nobody signed in', async () => {
    expect((await callApi(shop, await shop.login('guest'), 'GET', '/api/account/downloads')).body.messageKey).toBe('error.login_required');
    expect((await callApi(shop, null, 'GET', '/api/account/downloads')).statusCode).toBe(401);
  });
});

describe('GET /api/download/{token}', () => {
  it('sends the file under its name, never to be cached, logs the download for the reader and counts it', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Vorlagen', fileName: 'Vorlagen Größe.pdf', version: '3.1' });
    await orderOf(shop, tenantId, buyer, product);
    const { url } = (await entryOf(buyer.auth, file.id))!;
    const answer = await fetchFile(buyer.auth, url);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(file.bytes)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(file.bytes.length),
      'cache-control': 'private, no-store',
      etag: `"${file.sha256}"`,
      'accept-ranges': 'bytes',
    });
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Vorlagen Groe.pdf"; filename*=UTF-8''Vorlagen%20Gr%C3%B6%C3%9Fe.pdf`);
    expect(await loggedDownloads(file.id)).toEqual([{ user_id: buyer.userId, company_id: buyer.companyId, file_version: '3.1', tenant_id: tenantId }]);
    expect(await entryOf(buyer.auth, file.id)).toMatchObject({ downloadCount: 1, lastDownloadedAt: iso });
    // The count is the reader's own.
    expect(await entryOf(colleague.auth, file.id)).toMatchObject({ downloadCount: 0, lastDownloadedAt: null });

    // HEAD and a browser that has the file (304) download nothing.
    expect((await fetchFile(buyer.auth, url, {}, 'HEAD')).statusCode).toBe(200);
    expect((await fetchFile(buyer.auth, url, { 'if-none-match': `"${file.sha256}"` })).statusCode).toBe(304);
    shop.clock.advance(61_000);
    expect((await fetchFile(buyer.auth, url, { 'if-none-match': `"${file.sha256}"` })).statusCode).toBe(304);
    expect(await loggedDownloads(file.id)).toHaveLength(1);
    // A minute later, the same file again is another download.
    expect((await fetchFile(buyer.auth, url)).statusCode).toBe(200);
    expect(await loggedDownloads(file.id)).toHaveLength(2);
    expect(await entryOf(buyer.auth, file.id)).toMatchObject({ downloadCount: 2 });
  });

  it('resumes a download with a range, and counts the ranges of a minute as one download', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Großes Paket', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100_000, 7)]) });
    await orderOf(shop, tenantId, buyer, product);
    const { url } = (await entryOf(buyer.auth, file.id))!;
    const first = await fetchFile(buyer.auth, url, { range: 'bytes=0-9999' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9999/${file.bytes.length}`);
    expect(first.rawPayload.equals(file.bytes.subarray(0, 10_000))).toBe(true);
    const rest = await fetchFile(buyer.auth, url, { range: 'bytes=10000-', 'if-range': `"${file.sha256}"` });
    expect(rest.statusCode).toBe(206);
    expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(file.bytes)).toBe(true);
    expect((await fetchFile(buyer.auth, url, { range: `bytes=${file.bytes.length}-` })).statusCode).toBe(416);
    expect(await loggedDownloads(file.id)).toHaveLength(1);
  });

  it('answers a link of another session, even of the same user, like an unknown file', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Zweite Sitzung' });
    await orderOf(shop, tenantId, buyer, product);
    const login = await callApi(shop, null, 'POST', '/api/login', { username: 'dl.customer', password: 'Demo-Customer-1', tenant: 'demo' });
    expect(login.statusCode, login.raw).toBe(200);
    const secondSession = `Basic ${login.body.token}`;
    const { url } = (await entryOf(buyer.auth, file.id))!;
    await expectRefused(secondSession, url);
    await expectRefused(colleague.auth, url);
    expect((await fetchFile(buyer.auth, url)).statusCode).toBe(200);
    // Its own link works in the second session.
    expect((await fetchFile(secondSession, (await entryOf(secondSession, file.id))!.url)).statusCode).toBe(200);
    expect(await loggedDownloads(file.id)).toHaveLength(1);
  });

  it('answers an expired, a tampered or a malformed link like an unknown file', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Abgelaufen' });
    await orderOf(shop, tenantId, buyer, product);
    const { url } = (await entryOf(buyer.auth, file.id))!;
    const token = url.slice('/api/download/'.length);
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const value of [tampered, 'x', '..%2F..%2Fetc%2Fpasswd', `${token}A`, 'A'.repeat(90)]) await expectRefused(buyer.auth, `/api/download/${value}`);
    // Past the router's longest path parameter no route matches: the API's 404 for an unknown address.
    expect((await fetchFile(buyer.auth, `/api/download/${'A'.repeat(5000)}`)).statusCode).toBe(404);
    shop.clock.advance(downloadLinkSeconds * 1000 + 1000);
    await expectRefused(buyer.auth, url);
    expect(await loggedDownloads(file.id)).toEqual([]);
    // The page's next load gives a link that works again.
    expect((await fetchFile(buyer.auth, (await entryOf(buyer.auth, file.id))!.url)).statusCode).toBe(200);
  });

  it('answers a file of another company or another tenant like an unknown one, even behind a link signed for the reader', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Nur für Firma A' });
    await orderOf(shop, tenantId, buyer, product);
    await expectRefused(elsewhere.auth, await signedLinkFor(shop, tenantId, elsewhere.auth, file.id, shop.clock.now()));

    const otherTenant = await shop.db.insertInto('tenants').values({ slug: `downloads-other-${process.pid}`, name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
    const category = await shop.db.insertInto('categories').values({ tenant_id: otherTenant.id, parent_id: null, slug: 'fremd', name: 'Fremd', name_en: null }).returning('id').executeTakeFirstOrThrow();
    const foreign = await shop.db
      .insertInto('products')
      .values({ tenant_id: otherTenant.id, category_id: category.id, sku: product.sku, name: 'Fremdprodukt', name_en: null, description: null, description_en: null, price_cents: 100, retail_price_cents: null, pre_order_price_cents: null, vat_rate_bp: 1900, stock: 5, sales_unit_id: null, release_date: null, bestseller_rank: null })
      .returning(['id', 'sku', 'name'])
      .executeTakeFirstOrThrow();
    const foreignFile = await storeDownload(shop, otherTenant.id, { productId: foreign.id, title: 'Fremde Datei' });
    // Even a line that names the other tenant's product gives nothing of it.
    await orderOf(shop, tenantId, buyer, foreign);
    expect(await entryOf(buyer.auth, foreignFile.id)).toBeUndefined();
    await expectRefused(buyer.auth, await signedLinkFor(shop, tenantId, buyer.auth, foreignFile.id, shop.clock.now()));
    expect(await loggedDownloads(foreignFile.id)).toEqual([]);
  });
});

describe('what gives a file and what takes it back', () => {
  it('gives nothing for an order that is cancelled, refund_due, awaiting its payment or failed; a cancellation ends it at once', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Storniert' });
    for (const paymentStatus of ['cancelled', 'refund_due', 'awaiting', 'failed']) await orderOf(shop, tenantId, buyer, product, { paymentStatus });
    expect(await entryOf(buyer.auth, file.id)).toBeUndefined();
    const order = await orderOf(shop, tenantId, buyer, product);
    const { url } = (await entryOf(buyer.auth, file.id))!;
    const detail = await callApi(shop, buyer.auth, 'GET', `/api/order/${order.id}`);
    expect(detail.body.items[0].downloads).toEqual([{ _id: file.id, title: 'Storniert', version: '1.0', fileName: 'Storniert.pdf', bytes: file.bytes.length, url: expect.stringMatching(linkPattern), expiresAt: iso }]);

    await shop.db.updateTable('orders').set({ payment_status: 'cancelled' }).where('id', '=', order.id).execute();
    expect(await entryOf(buyer.auth, file.id)).toBeUndefined();
    await expectRefused(buyer.auth, url);
    expect((await callApi(shop, buyer.auth, 'GET', `/api/order/${order.id}`)).body.items[0]).not.toHaveProperty('downloads');
  });

  it('takes a file back when a credit note of the order names the line; another credit, or another order, leaves it', async () => {
    const product = nextProduct();
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Gutgeschrieben' });
    const order = await orderOf(shop, tenantId, buyer, product);
    const key = await erpKey(shop, tenantId, ['documents:write']);
    const credit = (number: string, lines: { sku: string | null; name: string }[]) =>
      callApi(shop, `Bearer ${key}`, 'PUT', `/erp/v1/documents/${number}`, {
        type: 'credit',
        number,
        companyExternalId: 'DL-1001',
        orderNumber: order.orderNumber,
        date: '2026-11-21',
        currency: 'EUR',
        amount: 11.9,
        openAmount: 11.9,
        paymentStatus: 'open',
        lines: lines.map((line) => ({ ...line, quantity: 1, unitPrice: 10, vatRate: 19, lineNet: 10 })),
      });
    const { url } = (await entryOf(buyer.auth, file.id))!;
    expect((await credit(`GS-DL-${process.pid}-1`, [{ sku: null, name: 'Versandkosten' }, { sku: 'OTHER-SKU', name: 'Anderer Artikel' }])).statusCode).toBe(201);
    expect(await entryOf(buyer.auth, file.id)).toBeDefined();
    expect((await credit(`GS-DL-${process.pid}-2`, [{ sku: product.sku, name: product.name }])).statusCode).toBe(201);
    expect(await entryOf(buyer.auth, file.id)).toBeUndefined();
    await expectRefused(buyer.auth, url);
    // A second, uncredited order of the product gives it again.
    const second = await orderOf(shop, tenantId, buyer, product);
    expect((await entryOf(buyer.auth, file.id))?.orders.map((entry) => entry._id)).toEqual([second.id]);
  });

  it('gives a product’s file with a line of any of its variants, a variant’s file only with a line of that variant', async () => {
    const [product] = (await productsWithVariants(shop, tenantId)).filter((candidate) => !products.some((used) => used.id === candidate.id));
    if (!product) throw new Error('the test catalogue has no product with two variants');
    const [first, second] = product.variants as [{ id: number; sku: string }, { id: number; sku: string }];
    const productFile = await storeDownload(shop, tenantId, { productId: product.id, title: 'Für alle Varianten' });
    const variantFile = await storeDownload(shop, tenantId, { productId: product.id, variantId: first.id, title: 'Nur für die erste Variante' });
    const order = await orderOf(shop, tenantId, buyer, { ...product, variant: second });
    expect(await entryOf(buyer.auth, productFile.id)).toMatchObject({ variantSku: null });
    expect(await entryOf(buyer.auth, variantFile.id)).toBeUndefined();
    expect((await callApi(shop, buyer.auth, 'GET', `/api/order/${order.id}`)).body.items[0].downloads.map((entry: { _id: number }) => entry._id)).toEqual([productFile.id]);

    await orderOf(shop, tenantId, buyer, { ...product, variant: first });
    expect(await entryOf(buyer.auth, variantFile.id)).toMatchObject({ variantSku: first.sku, sku: product.sku });
  });

  it('gives the file with an order placed through the checkout on account at once', async () => {
    const customer = await shop.login('customer');
    const product = await unboughtOrderableProduct(shop, '10001');
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Bestellt auf Rechnung' });
    expect(await entryOf(customer, file.id)).toBeUndefined();
    await fillBasket(shop.app, customer, product, 10);
    const placed = await placeOrder(shop.app, customer, `dl-key-${process.pid}-account`, await shippingAddressOf(shop.db, '10001'));
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await entryOf(customer, file.id))?.orders.map((order) => order._id)).toEqual([placed.json()._id]);
  });

  it('gives the file with an order paid online only once it is paid', async () => {
    const customer = await shop.login('customer');
    const product = await unboughtOrderableProduct(shop, '10001');
    const file = await storeDownload(shop, tenantId, { productId: product.id, title: 'Online bezahlt' });
    const stripe = (await shop.db.selectFrom('payment_methods').select('id').where('code', '=', 'stripe').executeTakeFirstOrThrow()).id;
    await fillBasket(shop.app, customer, product, 10);
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/payment/createOrder',
      headers: { authorization: customer, 'idempotency-key': `dl-key-${process.pid}-online` },
      payload: { orderType: 'order', shippingAddressId: await shippingAddressOf(shop.db, '10001'), shippingMethodId: 1, paymentMethodId: stripe, termsAccepted: true },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, redirectUrl } = placed.json<{ orderId: number; redirectUrl: string }>();
    expect(await entryOf(customer, file.id)).toBeUndefined();
    await fake.pay(redirectUrl.split('/pay/')[1]!);
    await fake.settled();
    expect((await entryOf(customer, file.id))?.orders.map((order) => order._id)).toEqual([orderId]);
  });
});
