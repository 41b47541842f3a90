import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { startTestShop, type TestShop } from './helper.ts';
import { catalogClient, type CatalogClient } from './catalog-fixtures.ts';
import { demoTenantId, erpCompany, erpKey, erpLoad, insertOtherTenant, type LoadAnswer } from './erp-load-fixtures.ts';
import { fillBasket, orderableProduct, placeOrder, shippingAddressOf } from './erp-order-fixtures.ts';
import { jobErrors, ndjson, postJob, readJob, settledJob, startJob } from './erp-job-fixtures.ts';

// Large loads as jobs (POST /erp/v1/jobs, docs/erp-integration.md "Large loads as jobs"): every type's rows
// give the results of its PUT route; broken lines fail as rows; Idempotency-Key; one client's jobs of a type
// in the order received; the failed rows page by page; full loads deactivate what they did not name, and
// over 5 % of the scope only once confirmed. Chunks of 3 rows, so every load here spans several.

let shop: TestShop;
let tenantId: number;
let secret: string;
let client: CatalogClient;

beforeAll(async () => {
  shop = await startTestShop({ ERP_JOB_CHUNK_ROWS: '3', ERP_JOB_MAX_UNPACKED_MB: '2' });
  tenantId = await demoTenantId(shop);
  secret = await erpKey(shop, tenantId, ['catalog:write', 'prices:write', 'stock:write', 'customers:write']);
  client = catalogClient(shop);
});
afterAll(() => shop.close());

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const names = (name: string) => ({ de: name, en: `${name} (en)` });

function product(sku: string, categoryExternalId: string, extra: Record<string, unknown> = {}) {
  return {
    sku,
    names: names(`Jobschraube ${sku}`),
    descriptions: { de: 'Verzinkt.', en: 'Zinc plated.' },
    categoryExternalId,
    salesUnit: null,
    batchSize: 1,
    taxCategory: 'standard',
    releaseDate: null,
    positiveStockOnly: false,
    stockFreeze: false,
    attributes: { Marke: 'Jobwerk' },
    salesAttributes: {},
    images: [{ url: `https://media.example.com/${sku}.jpg`, width: 800, height: 600 }],
    variants: [{ variantSku: `${sku}-R`, name: 'Rot', attributes: { Farbe: 'Rot' } }],
    active: true,
    ...extra,
  };
}


const user = (externalId: string, extra: Record<string, unknown>) => ({
  externalId,
  username: `job-${externalId}`,
  email: `${externalId.toLowerCase()}@kunde.example`,
  firstName: 'Karla',
  lastName: `Kunde ${externalId}`,
  role: 'customer',
  active: true,
  locked: false,
  ...extra,
});

/** The rows of each type, keyed by `p` ('P' for the PUT, 'J' for the job): each load with a row that fails. */
const loads: [type: string, rows: (p: string) => unknown[]][] = [
  ['categories', (p) => [
    { externalId: `${p}-CAT`, parentExternalId: null, names: names(`Jobkategorie ${p}`) },
    { externalId: `${p}-SUB`, parentExternalId: `${p}-CAT`, names: names(`Jobunterkategorie ${p}`) },
    { externalId: `${p}-BAD`, parentExternalId: 'NO-SUCH-PARENT', names: names('Verwaist') },
    { externalId: `${p}-NONAME`, parentExternalId: null },
  ]],
  ['products', (p) => [product(`${p}-1`, `${p}-SUB`), product(`${p}-2`, `${p}-SUB`), product(`${p}-3`, `${p}-SUB`, { taxCategory: 'no-such-category' }), product(`${p}-4`, 'NO-SUCH-CAT')]],
  ['seasons', (p) => [{ externalId: `${p}-S1`, name: `Saison ${p}`, date: '2028-03-01' }, { externalId: `${p}-S2`, name: '', date: 'later' }]],
  ['prices', (p) => [{ sku: `${p}-1`, listPrice: eur(12.5) }, { sku: `${p}-2`, listPrice: eur(3), retailPrice: eur(4.5) }, { sku: 'NO-SUCH-SKU', listPrice: eur(1) }, { sku: `${p}-1`, listPrice: eur(-1) }]],
  ['stock', (p) => [{ sku: `${p}-1`, quantity: 5, preStocks: [{ seasonExternalId: `${p}-S1`, quantity: 2 }] }, { sku: `${p}-2`, quantity: 7, preStocks: [] }, { sku: 'NO-SUCH-SKU', quantity: 1, preStocks: [] }]],
  ['companies', (p) => [erpCompany(`${p}9001`), erpCompany(`${p}9002`), erpCompany(`${p}9003`, { vatCountry: 'no country' })]],
  ['users', (p) => [user(`${p}-U1`, { companyExternalId: `${p}9001` }), user(`${p}-SALES`, { role: 'sales' }), user(`${p}-U3`, { companyExternalId: 'NO-SUCH-COMPANY' })]],
  [
    'addresses',
    (p) => [
      { externalId: `${p}-A1`, companyExternalId: `${p}9001`, type: 'shipping', firstName: 'Warenannahme', lastName: p, companyName: 'Jobwerk GmbH', street: 'Hafenstraße 1', zip: '20457', city: 'Hamburg', country: 'DE' },
      { externalId: `${p}-A2`, companyExternalId: 'NO-SUCH-COMPANY', type: 'shipping', firstName: 'Warenannahme', lastName: p, companyName: 'Jobwerk GmbH', street: 'Hafenstraße 2', zip: '20457', city: 'Hamburg', country: 'DE' },
    ],
  ],
  ['salesPersonAssignments', (p) => [{ salesPersonExternalId: `${p}-SALES`, companyExternalIds: [`${p}9001`, `${p}9002`] }, { salesPersonExternalId: 'NO-SUCH-SALES', companyExternalIds: [] }]],
];

/** A PUT's failed rows as a job's errors page shows them. */
const failedRowsOf = (answer: LoadAnswer) =>
  answer.rows.filter((row) => row.result === 'failed').map((row) => ({ line: row.line, key: row.key.replace(/^P/, 'J'), errors: row.errors!.map(({ path, code }) => ({ path, code })) }));

describe('each type through a job', () => {
  for (const [type, rows] of loads) {
    it(`answers ${type} rows as PUT /erp/v1/${type} does`, async () => {
      const put = await erpLoad(shop, secret, `/${type}`, rows('P'));
      expect(put.counts.failed).toBeGreaterThan(0);
      const id = await startJob(shop, secret, type, rows('J'));
      const job = await settledJob(shop, secret, id);
      expect(job).toMatchObject({ type, mode: 'delta', state: 'done', rows: rows('J').length, failure: null });
      expect(job.counts).toEqual({ ...put.counts, read: rows('J').length, deactivated: 0 });
      expect(job.chunks).toEqual({ total: Math.ceil(rows('J').length / 3), committed: Math.ceil(rows('J').length / 3) });
      const errors = await jobErrors(shop, secret, id);
      expect(errors.rows.map((row) => ({ ...row, errors: row.errors.map(({ path, code }) => ({ path, code })) }))).toEqual(failedRowsOf(put));
      for (const row of errors.rows) for (const error of row.errors) expect(error.message).not.toBe(error.code);
      // The same rows again change nothing, either way.
      const again = await settledJob(shop, secret, await startJob(shop, secret, type, rows('J')));
      expect(again.counts).toEqual({ ...(await erpLoad(shop, secret, `/${type}`, rows('P'))).counts, read: rows('J').length, deactivated: 0 });
    });
  }

  it('stores what the PUT stores', async () => {
    const columns = ['name', 'name_en', 'price_cents', 'retail_price_cents', 'stock', 'erp_active', 'has_price', 'is_active', 'vat_rate_bp', 'attributes'] as const;
    const stored = (sku: string) => shop.db.selectFrom('products').select(columns).where('tenant_id', '=', tenantId).where('sku', '=', sku).executeTakeFirstOrThrow();
    const put = await stored('P-2');
    expect(await stored('J-2')).toEqual({ ...put, name: put.name.replace('P-2', 'J-2'), name_en: put.name_en!.replace('P-2', 'J-2') });
    expect(put).toMatchObject({ price_cents: 300, retail_price_cents: 450, stock: 7, is_active: 1 });
  });
});

describe('the body', () => {
  it('takes gzip, counts blank lines as lines, and fails a broken line as its row', async () => {
    const body = [JSON.stringify({ externalId: 'J-Z1', name: 'Zip 1', date: '2028-04-01' }), '', '{"externalId": "J-Z2", "name": ', JSON.stringify({ externalId: 'J-Z3', name: 'Zip 3', date: '2028-05-01' })].join('\n');
    const id = await startJob(shop, secret, 'seasons', body, { gzip: true });
    const job = await settledJob(shop, secret, id);
    expect(job.counts).toMatchObject({ read: 3, created: 2, failed: 1 });
    expect((await jobErrors(shop, secret, id)).rows).toEqual([{ line: 3, key: '', errors: [{ path: '', code: 'erp.ndjson.invalid', message: expect.any(String) }] }]);
    expect(await shop.db.selectFrom('seasons').select('external_id').where('external_id', 'in', ['J-Z1', 'J-Z3']).execute()).toHaveLength(2);
  });

  it('refuses an empty body, broken gzip, a body that unpacks too large and another content type, leaving no job', async () => {
    const before = await shop.db.selectFrom('erp_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refusals = [
      [await postJob(shop, secret, 'seasons', '\n\n'), 400, 'erp.job.body.empty'],
      [await postJob(shop, secret, 'seasons', Buffer.from('not gzip at all'), { headers: { 'content-encoding': 'gzip' } }), 400, 'erp.job.gzip.invalid'],
      [await postJob(shop, secret, 'seasons', gzipSync(Buffer.alloc(3 * 1024 * 1024, 0x20)), { headers: { 'content-encoding': 'gzip' } }), 413, 'erp.job.text.too_large'],
      [await postJob(shop, secret, 'seasons', '{}\n', { headers: { 'content-encoding': 'br' } }), 415, 'erp.job.encoding.unsupported'],
      [await postJob(shop, secret, 'seasons', '[{}]', { headers: { 'content-type': 'application/json' } }), 415, 'error.unsupported_media_type'],
      [await postJob(shop, secret, 'seasons', '{}\n', { mode: 'full' }), 400, 'erp.job.full.unsupported'],
      [await postJob(shop, secret, 'nothing', '{}\n'), 400, undefined],
      [await postJob(shop, secret, 'seasons', '{}\n', { idempotencyKey: 'short' }), 400, 'erp.job.idempotency_key.invalid'],
    ] as const;
    for (const [answer, status, messageKey] of refusals) {
      expect(answer.statusCode, answer.body).toBe(status);
      if (messageKey) expect(answer.json().messageKey).toBe(messageKey);
    }
    const after = await shop.db.selectFrom('erp_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await shop.db.selectFrom('erp_job_chunks').select('job_id').where('job_id', 'not in', shop.db.selectFrom('erp_jobs').select('id')).execute()).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('gives the same job for the same body, packed or not, and refuses another body', async () => {
    const rows = [{ externalId: 'J-IDEM', name: 'Einmal', date: '2028-06-01' }];
    const first = await startJob(shop, secret, 'seasons', rows, { idempotencyKey: 'job-key-0001' });
    expect(await startJob(shop, secret, 'seasons', rows, { idempotencyKey: 'job-key-0001', gzip: true })).toBe(first);
    const other = await postJob(shop, secret, 'seasons', [{ ...rows[0], name: 'Anders' }], { idempotencyKey: 'job-key-0001' });
    expect(other.statusCode).toBe(422);
    expect(other.json().messageKey).toBe('erp.job.idempotency.mismatch');
    expect(await startJob(shop, secret, 'seasons', rows, { idempotencyKey: 'job-key-0002' })).not.toBe(first);
    expect((await settledJob(shop, secret, first)).counts.created).toBe(1);
  });
});

describe('order, counts and errors', () => {
  it('runs one client’s jobs of a type one after the other, in the order received', async () => {
    await erpLoad(shop, secret, '/products', [product('J-ORDER', 'J-SUB')]);
    const ids: string[] = [];
    for (const quantity of [1, 2, 3, 4]) ids.push(await startJob(shop, secret, 'stock', [{ sku: 'J-ORDER', quantity, preStocks: [] }, { sku: 'J-ORDER-X', quantity, preStocks: [] }]));
    const jobs = [];
    for (const id of ids) jobs.push(await settledJob(shop, secret, id));
    for (let i = 1; i < jobs.length; i++) expect(jobs[i]!.startedAt! >= jobs[i - 1]!.finishedAt!).toBe(true);
    expect((await shop.db.selectFrom('products').select('stock').where('tenant_id', '=', tenantId).where('sku', '=', 'J-ORDER').executeTakeFirstOrThrow()).stock).toBe(4);
  });

  it('pages the failed rows with a cursor, in line order', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ sku: `NO-SUCH-${i}`, quantity: i, preStocks: [] }));
    const id = await startJob(shop, secret, 'stock', [{ sku: 'J-ORDER', quantity: 9, preStocks: [] }, ...rows]);
    expect((await settledJob(shop, secret, id)).counts).toEqual({ read: 9, created: 0, updated: 1, unchanged: 0, failed: 8, deactivated: 0 });
    const paged = await jobErrors(shop, secret, id, 3);
    expect(paged.pages).toBe(3);
    expect(paged.rows.map((row) => [row.line, row.key])).toEqual(rows.map((row, i) => [i + 2, row.sku]));
    const bad = await shop.app.inject({ method: 'GET', url: `/erp/v1/jobs/${id}/errors?cursor=abc`, headers: { authorization: `Bearer ${secret}` } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('shows a job only to the clients of its tenant with its type’s scope; any other id is unknown alike', async () => {
    const id = await startJob(shop, secret, 'seasons', [{ externalId: 'J-SEEN', name: 'Gesehen', date: '2028-07-01' }]);
    const catalogOnly = await erpKey(shop, tenantId, ['catalog:write']);
    const stockOnly = await erpKey(shop, tenantId, ['stock:write']);
    const foreign = await erpKey(shop, await insertOtherTenant(shop, 'job-tenant'), ['catalog:write']);
    expect((await readJob(shop, catalogOnly, id)).statusCode).toBe(200);
    const unknown = await shop.app.inject({ method: 'GET', url: '/erp/v1/jobs/no-such-job', headers: { authorization: `Bearer ${catalogOnly}` } });
    expect(unknown.statusCode).toBe(404);
    for (const key of [stockOnly, foreign]) {
      for (const url of [`/erp/v1/jobs/${id}`, `/erp/v1/jobs/${id}/errors`]) {
        const answer = await shop.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
        expect(answer.statusCode).toBe(404);
        expect(answer.json().messageKey).toBe(unknown.json().messageKey);
      }
      expect((await shop.app.inject({ method: 'POST', url: `/erp/v1/jobs/${id}/confirm`, headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(404);
    }
    const refused = await postJob(shop, stockOnly, 'products', [product('J-NOPE', 'J-SUB')]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ messageKey: 'api.scope.missing', details: { scope: 'catalog:write' } });
  });
});

describe('mode=full', () => {
  const skus = Array.from({ length: 30 }, (_, i) => `J-FULL-${String(i).padStart(2, '0')}`);
  const activeSkus = async () =>
    (await shop.db.selectFrom('products').select('sku').where('tenant_id', '=', tenantId).where('erp_active', '=', 1).orderBy('sku').execute()).map((row) => row.sku);

  it('deactivates what a load under 5 % short did not name; the storefront no longer shows it, its orders still do', async () => {
    // An order of a demo product, which the full load below does not name.
    const ordered = await orderableProduct(shop);
    const buyer = await shop.login('customer');
    await fillBasket(shop.app, buyer, ordered);
    const placed = await placeOrder(shop.app, buyer, 'job-full-order-1', await shippingAddressOf(shop, '10001'));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (await shop.db.selectFrom('orders').select('id').where('idempotency_key', '=', 'job-full-order-1').executeTakeFirstOrThrow()).id;
    // The scope: the 30 products of this test and the ordered one; every other product already off.
    await shop.db.updateTable('products').set({ erp_active: 0, is_active: 0 }).where('tenant_id', '=', tenantId).where('id', '!=', ordered.id).execute();
    await erpLoad(shop, secret, '/products', skus.map((sku) => product(sku, 'J-SUB')));
    await erpLoad(shop, secret, '/prices', skus.map((sku) => ({ sku, listPrice: eur(9.5) })));
    const name = (await shop.db.selectFrom('products').select('name').where('id', '=', ordered.id).executeTakeFirstOrThrow()).name;
    const searchTerm = encodeURIComponent(name.split(' ')[0]!);
    const searchedSkus = async () => (await client.json<{ data: { sku: string }[] }>(`/api/material/search?searchKey=${searchTerm}`, 'customer')).data.map((row) => row.sku);
    expect(await searchedSkus()).toContain(ordered.sku);

    const job = await settledJob(shop, secret, await startJob(shop, secret, 'products', skus.map((sku) => product(sku, 'J-SUB')), { mode: 'full' }));
    expect(job).toMatchObject({ mode: 'full', state: 'done', counts: { read: 30, unchanged: 30, deactivated: 1 }, deactivation: { scope: 31, wouldDeactivate: 1, confirmed: false } });
    expect(await activeSkus()).toEqual(skus);
    const product_ = await shop.db.selectFrom('products').select(['erp_active', 'is_active']).where('id', '=', ordered.id).executeTakeFirstOrThrow();
    expect(product_).toEqual({ erp_active: 0, is_active: 0 });
    // The job ran in the test's own process: an instance behind the load balancer may answer from what it
    // reused for up to the answer reuse time (docs/operations.md), which passes here.
    shop.clock.advance(2_001);
    expect(await searchedSkus()).not.toContain(ordered.sku);
    expect((await client.get(`/api/material/${ordered.id}`, 'customer')).statusCode).toBe(404);
    const order = await shop.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: { authorization: buyer } });
    expect(order.statusCode).toBe(200);
    expect(JSON.stringify(order.json())).toContain(ordered.sku);
  });

  it('stops over 5 % in needs_confirmation, changing nothing, until confirmed', async () => {
    const named = skus.slice(0, 27);
    const id = await startJob(shop, secret, 'products', named.map((sku) => product(sku, 'J-SUB')), { mode: 'full' });
    const waiting = await settledJob(shop, secret, id);
    expect(waiting).toMatchObject({ state: 'needs_confirmation', finishedAt: null, counts: { read: 27, deactivated: 0 }, deactivation: { scope: 30, wouldDeactivate: 3, confirmed: false } });
    expect(await activeSkus()).toEqual(skus);
    // A later load of the same client and type waits behind it.
    const later = await startJob(shop, secret, 'products', [product(skus[0]!, 'J-SUB', { names: names('Später') })]);
    await shop.services.erpJobRunner.runNow();
    expect((await readJob(shop, secret, later)).body.state).toBe('queued');

    const confirmed = await shop.app.inject({ method: 'POST', url: `/erp/v1/jobs/${id}/confirm`, headers: { authorization: `Bearer ${secret}` } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const done = await settledJob(shop, secret, id);
    expect(done).toMatchObject({ state: 'done', counts: { deactivated: 3 }, deactivation: { wouldDeactivate: 3, confirmed: true } });
    expect(await activeSkus()).toEqual(named);
    expect((await settledJob(shop, secret, later)).state).toBe('done');
    const again = await shop.app.inject({ method: 'POST', url: `/erp/v1/jobs/${id}/confirm`, headers: { authorization: `Bearer ${secret}` } });
    expect(again.statusCode).toBe(409);
    // A deactivated product's row, sent again exactly as before, shows it again: it is not taken for unchanged.
    const back = await erpLoad(shop, secret, '/products', [product(skus[29]!, 'J-SUB')]);
    expect(back.counts).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await activeSkus()).toEqual([...named, skus[29]]);
    // Once done, the body is gone; the job and its counts stay.
    expect(await shop.db.selectFrom('erp_job_chunks').innerJoin('erp_jobs', 'erp_jobs.id', 'erp_job_chunks.job_id').select('chunk_no').where('erp_jobs.public_id', '=', id).execute()).toEqual([]);
  });

  it('deactivates companies a full load did not name, once confirmed, deleting none', async () => {
    const companies = async () => (await shop.db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).execute()).length;
    const before = await companies();
    const id = await startJob(shop, secret, 'companies', [erpCompany('J9001')], { mode: 'full' });
    const waiting = await settledJob(shop, secret, id);
    expect(waiting.state).toBe('needs_confirmation');
    const scope = waiting.deactivation!.scope;
    expect(waiting.deactivation!.wouldDeactivate).toBe(scope - 1);
    await shop.app.inject({ method: 'POST', url: `/erp/v1/jobs/${id}/confirm`, headers: { authorization: `Bearer ${secret}` } });
    expect((await settledJob(shop, secret, id)).counts.deactivated).toBe(scope - 1);
    const active = await shop.db.selectFrom('companies').select('customer_no').where('tenant_id', '=', tenantId).where('is_active', '=', 1).execute();
    expect(active.map((row) => row.customer_no)).toEqual(['J9001']);
    expect(await companies()).toBe(before);
  });
});

it('writes a job body’s rows with NDJSON the way a PUT’s NDJSON body is read', () => {
  expect(ndjson([{ a: 1 }, { b: 2 }])).toBe('{"a":1}\n{"b":2}\n');
});
