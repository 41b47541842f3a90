import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { DatabaseEngine } from '../server/config.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createApiClientRepository } from '../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../server/modules/erp/api-client.service.ts';
import { answerReuseMs, benchSeconds, createSession, measure, measureHello, mixedPaths, startServers, type Row } from './bench-harness.ts';
import { openBenchDatabase, settleBenchDatabase } from './catalog-bench-db.ts';
import { eventFeedLag } from './erp-event-lag.ts';
import { createImportClient, perSecond, type Import, type ImportClientSettings, type ImportKind } from './erp-import-client.ts';

// `npm run bench:erp [-- --products 20000] [--engine postgres] [--new-products 10000] [--orders 50]
// [--job-products 2000] [--import job,put] [--only storefront|loads] [--repeat 3]`: the
// ERP's loads end to end, against the production server on the catalogue database of
// bench/catalog-bench-db.ts, next to a Fastify hello route:
//   - products: `--new-products` new products with 3 variants each through PUT /erp/v1/products (the
//     built-in search words are written by the same statements), then the same rows again (unchanged),
//     then their list prices (PUT /erp/v1/prices, which makes them visible) and the stock of each product
//     and its variants; a full product's rate counts the products, prices and stock PUTs together;
//   - every product's prices (list and retail, then two customer prices) and stock (with a pre-stock),
//     once changed and once again unchanged;
//   - the storefront during an import: GET /api/material over every category (pages 1–5, and 1–2 of
//     what is in stock) and GET /api/material/search over hundreds of words of product names, alone and
//     in pairs, each request drawn at random from them, as a signed-in customer: at rest, during a load
//     job import (POST /erp/v1/jobs: rounds of `--job-products` renamed products with 3 variants, their
//     prices and stock, run by the shop's worker thread; its rows a second are counted meanwhile) and,
//     unless `--import job`, while PUTs of 1,000 changed products and then their prices run back to back;
//     the ERP's requests of these imports are sent from a thread of their own (erp-import-client.ts);
//     each first with the connections asking again as soon as answered (the shop saturated), then at a
//     fixed rate of half what the shop answered at rest (buyers arriving at their own pace), `--repeat`
//     passes of rest, job and PUTs each, compared by the median of their p99s;
//   - the event feed's lag: orders placed one by one through POST /api/order/create while GET
//     /erp/v1/events is polled every 5 ms; commit (the order's answer) to the event in the feed.
// PUTs send 1,000 rows each, one after the other. Targets: 1,000 full products, 10,000 changed and 20,000
// unchanged price or stock rows a second; storefront p99 during an import ≤ 1.5 × at rest; an order in
// the feed ≤ 1 s after its commit. CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer reuse off,
// BENCH_SECONDS sets a storefront row's length, BENCH_SHOP_PROFILE=1 writes a CPU profile of the shop,
// BENCH_SHOP_LOG=1 shows its log; ERP_JOB_CHUNK_PAUSE_MS and ERP_JOB_CHUNK_ROWS reach the shop as set.
// `--only storefront` leaves out the price and stock loads and the event feed; `--only loads` the storefront and the event feed.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    engine: { type: 'string', default: 'sqlite' },
    'new-products': { type: 'string', default: '10000' },
    orders: { type: 'string', default: '50' },
    'job-products': { type: 'string', default: '2000' },
    import: { type: 'string', default: 'job,put' },
    only: { type: 'string' },
    repeat: { type: 'string', default: '3' },
  },
});
const products = Number(values.products);
const engine = values.engine as DatabaseEngine;
const newProducts = Number(values['new-products']);
const orders = Number(values.orders);
const jobProducts = Number(values['job-products']);
const importKinds = values.import.split(',');
const repeat = Number(values.repeat);
/** The median of the rows' p99s. */
const medianP99 = (rows: readonly Row[]) => {
  const sorted = rows.map((row) => row.p99).sort((a, b) => a - b);
  return sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};
/** `--only storefront`: the new products (step 1) and the storefront rows, not the price and stock loads or the event feed. */
const storefrontOnly = values.only === 'storefront';
/** `--only loads`: the loads of steps 1 and 2, not the storefront rows or the event feed. */
const loadsOnly = values.only === 'loads';
const rowsPerRequest = 1000;
const shopPort = 3320;

// What the loads and the storefront rows need, read or added before the server starts.
const { handle } = await openBenchDatabase(engine, products);
const db = handle.db;
const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
// The products an earlier run added go (their variants, prices and stock with them): the catalogue is the one of --products.
await db.deleteFrom('products').where('tenant_id', '=', tenant.id).where('sku', 'like', 'ERPB%').execute();
const skus = (await db.selectFrom('products').select('sku').where('tenant_id', '=', tenant.id).orderBy('id').execute()).map((row) => row.sku);
const season = await db.selectFrom('seasons').select('id').where('tenant_id', '=', tenant.id).orderBy('sort_order').executeTakeFirstOrThrow();
await db.updateTable('seasons').set({ external_id: 'BENCH-SEASON' }).where('id', '=', season.id).execute();
// The categories the new products are filed under: every active leaf, given an externalId when it has none.
const leaves = await db.selectFrom('categories').select(['id', 'external_id']).where('tenant_id', '=', tenant.id).where('is_active', '=', 1).where('is_deal', '=', 0).where('parent_id', 'is not', null).orderBy('id').execute();
for (const leaf of leaves.filter((category) => category.external_id === null)) await db.updateTable('categories').set({ external_id: `BENCH-C${leaf.id}` }).where('id', '=', leaf.id).execute();
const categoryKeys = leaves.map((leaf) => leaf.external_id ?? `BENCH-C${leaf.id}`);
const { tax_category: taxCategory } = await db.selectFrom('vat_rates').select('tax_category').where('tenant_id', '=', tenant.id).orderBy('tax_category').executeTakeFirstOrThrow();
const storefrontCategories = await db.selectFrom('categories').select('id').where('tenant_id', '=', tenant.id).where('is_active', '=', 1).where('is_deal', '=', 0).orderBy('id').execute();
// Search words: the words of the names of 1,000 products spread over the catalogue.
const step = Math.max(1, Math.floor(skus.length / 1000));
const sampled = await db.selectFrom('products').select('name').where('tenant_id', '=', tenant.id).where('sku', 'in', skus.filter((_, index) => index % step === 0).slice(0, 1000)).execute();
const searchWords = [...new Set(sampled.flatMap((row) => row.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 4))];
const customer = await db.selectFrom('users').select(['id', 'company_id']).where('tenant_id', '=', tenant.id).where('username', '=', 'customer').executeTakeFirstOrThrow();
const customerToken = await createSession(db, tenant.id, customer.id);
const orderProducts = await db
  .selectFrom('products')
  .select(['id', 'sku', 'sales_batch_size'])
  .where('tenant_id', '=', tenant.id)
  .where('is_active', '=', 1)
  .where('category_id', 'in', db.selectFrom('categories').select('id').where('is_active', '=', 1).where('is_deal', '=', 0).where('parent_id', 'is not', null))
  .orderBy('id')
  .limit(50)
  .execute();
await db.updateTable('products').set({ stock: 10_000_000 }).where('id', 'in', orderProducts.map((p) => p.id)).execute();
const addressId = (await db.selectFrom('addresses').select('id').where('company_id', '=', customer.company_id!).where('type', '=', 1).executeTakeFirstOrThrow()).id;
const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
const { secret } = await clients.create({ tenantId: tenant.id, name: `bench ${Date.now()}`, scopes: ['catalog:write', 'prices:write', 'stock:write', 'orders:read'] });
await handle.close();

const servers = await startServers({ engine, products, shopPort, helloPort: 3321 });
const erpHeaders = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };

// A round's values differ from the last run's (a fresh start), so the first load of each kind changes every row.
const round = Date.now() % 100_000;
const importSettings: ImportClientSettings = {
  base: servers.base,
  erpHeaders,
  benchWord: `benchwerk${round}`,
  categoryKeys,
  taxCategory,
  newSkus: Array.from({ length: newProducts }, (_, index) => `ERPB${round}-${index}`),
  rowsPerRequest,
  jobProducts,
};
const { benchWord, newSkus } = importSettings;
const { productRow, listPriceRow, stockRows, load } = createImportClient(importSettings);
const importThread = new Worker(new URL('./erp-import-thread.ts', import.meta.url), { workerData: importSettings });

/** An import of the ERP's thread (erp-import-thread.ts). */
function threadImport(kind: ImportKind): Import {
  return {
    start: () => importThread.postMessage({ start: kind }),
    stop: () =>
      new Promise<string>((resolve, reject) => {
        importThread.once('message', (message: { stopped: ImportKind; rate: string } | { failed: string }) => ('failed' in message ? reject(new Error(message.failed)) : resolve(message.rate)));
        importThread.postMessage({ stop: kind });
      }),
  };
}

async function duringImport(kind: ImportKind, row: () => Promise<Row>): Promise<{ row: Row; rate: string }> {
  const running = threadImport(kind);
  running.start();
  const measured = await row();
  return { row: measured, rate: await running.stop() };
}

try {
  const hello = await measureHello(servers);
  console.log(`${engine}, ${skus.length.toLocaleString('en')} products, answer reuse ${answerReuseMs} ms, PUTs of ${rowsPerRequest} rows one after the other`);
  console.log(`hello: ${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms`);

  // 1. Full products: new, unchanged, then the prices that make them visible and their stock.
  const productRows = newSkus.map((sku, index) => productRow(sku, index));
  const created = await load('/products', productRows);
  const unchanged = await load('/products', productRows);
  const priced = await load('/prices', newSkus.map(listPriceRow));
  const stocked = await load('/stock', newSkus.flatMap(stockRows));
  console.log(`products with 3 variants, new        ${perSecond(newProducts, created).padStart(8)} rows/s`);
  console.log(`products with 3 variants, unchanged  ${perSecond(newProducts, unchanged).padStart(8)} rows/s`);
  console.log(`their list prices                    ${perSecond(newProducts, priced).padStart(8)} rows/s`);
  console.log(`their stock (product and variants)   ${perSecond(newProducts * 4, stocked).padStart(8)} rows/s`);
  console.log(`full products (products+prices+stock) ${perSecond(newProducts, created + priced + stocked).padStart(7)} products/s`);
  const session = { authorization: `Basic ${customerToken}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const found = (await (await fetch(`${servers.base}/api/material/search?searchKey=${benchWord}`, { headers: session })).json()) as { meta: { total: number } };
  console.log(`the storefront search finds ${found.meta.total.toLocaleString('en')} of the new products (counted up to 1,000)`);

  // 2. Every product's prices and stock, changed and then unchanged.
  const loads: [string, string, (sku: string, index: number) => unknown][] = [
    ['prices: list and retail', '/prices', (sku, index) => ({ sku, listPrice: { amount: (100 * (1 + round) + index) / 100, currency: 'EUR' }, retailPrice: { amount: 2000 + round, currency: 'EUR' } })],
    ['prices: two customer prices', '/prices', (sku) => ({ sku, customerPrices: [{ companyExternalId: '10001', amount: 1 + round }, { companyExternalId: '10002', amount: 2 + round }] })],
    ['stock', '/stock', (sku, index) => ({ sku, quantity: round + index })],
    ['stock and a pre-stock', '/stock', (sku, index) => ({ sku, quantity: round + index + 1, preStocks: [{ seasonExternalId: 'BENCH-SEASON', quantity: round + index }] })],
  ];
  for (const [title, path, row] of storefrontOnly ? [] : loads) {
    const rows = skus.map(row);
    for (const pass of ['changed', 'unchanged']) console.log(`${title.padEnd(36)} ${pass.padEnd(10)} ${perSecond(skus.length, await load(path, rows)).padStart(8)} rows/s`);
  }

  // 3. The storefront at rest, during a load job and during PUTs of 1,000 rows back to back (both written
  // on the worker thread), each over a mix of many different pages and words drawn at random. The loads
  // above are settled first, so that the row at rest is measured at rest: PostgreSQL's autovacuum of them
  // starting during it made the storefront slower at rest than during an import.
  if (!loadsOnly) await settleBenchDatabase(engine, products);
  const listPaths = storefrontCategories.flatMap((category) => [
    ...[1, 2, 3, 4, 5].map((page) => `/api/material?category=${category.id}&page=${page}&pageSize=16`),
    ...[1, 2].map((page) => `/api/material?category=${category.id}&page=${page}&pageSize=16&stockAvail=1`),
  ]);
  const searchPaths = [
    ...searchWords.map((word) => `/api/material/search?searchKey=${encodeURIComponent(word)}`),
    ...searchWords.slice(1).map((word, index) => `/api/material/search?searchKey=${encodeURIComponent(`${searchWords[index]} ${word}`)}`),
  ];
  console.log(`storefront: ${listPaths.length} list pages over ${storefrontCategories.length} categories, ${searchPaths.length} searches (${searchWords.length} words, alone and in pairs), drawn at random, ${benchSeconds} s a row`);
  console.log(`job import: rounds of a products job (${jobProducts.toLocaleString('en')} renamed products with 3 variants), a prices job and a stock job (product and variants), chunks of the shop's ERP_JOB_CHUNK_ROWS`);
  for (const [title, list] of loadsOnly ? [] : ([['GET /api/material?category=…', listPaths], ['GET /api/material/search?searchKey=…', searchPaths]] as const)) {
    const storefront = (during: string, rate?: number) => measure(`${title} ${during}`, { base: servers.base, headers: session, requests: mixedPaths(list), rate });
    // After a row that only warms up (PostgreSQL's first row of a kind met caches still cold, its p99 three
    // times the one after the imports, which would flatter the rows during an import), `--repeat` passes of
    // a row at rest, one during a job and one during PUTs, compared by the median of their p99s: one row of
    // each moved the ratio by half between runs of the same code.
    await storefront('warming up');
    const passes = async (rate?: number) => {
      const at = rate === undefined ? '' : `, ${rate} req/s`;
      const rest: Row[] = [];
      const jobs: { row: Row; rate: string }[] = [];
      const puts: { row: Row; rate: string }[] = [];
      for (let pass = 1; pass <= repeat; pass++) {
        rest.push(await storefront(`at rest${at} (${pass})`, rate));
        jobs.push(await duringImport('job', () => storefront(`during a job import${at} (${pass})`, rate)));
        if (importKinds.includes('put')) puts.push(await duringImport('put', () => storefront(`during PUTs of 1,000 rows${at} (${pass})`, rate)));
      }
      return { rest, jobs, puts };
    };
    const saturated = await passes();
    // The same at a fixed rate of half what the shop answered at rest: buyers arrive at their own pace,
    // and a shop runs below its limit, where a slower answer is not multiplied by the queue behind it.
    const rate = Math.max(1, Math.round(Math.min(...saturated.rest.map((row) => row.rps)) / 2));
    const paced = await passes(rate);
    for (const { rest, jobs, puts } of [saturated, paced]) {
      for (const row of [...rest, ...jobs.map((job) => job.row), ...puts.map((put) => put.row)]) console.log(`${row.title.padEnd(76)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}`);
    }
    const ratio = (during: { row: Row }[], rest: Row[]) => (medianP99(during.map((entry) => entry.row)) / medianP99(rest)).toFixed(2);
    const rates = (during: { rate: string }[]) => during.map((entry) => entry.rate).join('; ');
    for (const [label, { rest, jobs, puts }] of [['saturated', saturated], [`at ${rate} req/s`, paced]] as const) {
      console.log(`  ${label}: median p99 during a job / at rest: ${ratio(jobs, rest)} (the job: ${rates(jobs)})`);
      if (puts.length > 0) console.log(`  ${label}: median p99 during PUTs / at rest: ${ratio(puts, rest)} (the PUTs: ${rates(puts)})`);
    }
  }

  // 4. The event feed's lag: commit of an order to its event in GET /erp/v1/events.
  if (!storefrontOnly && !loadsOnly) {
    const lag = await eventFeedLag({ base: servers.base, erpHeaders, customerToken, addressId, products: orderProducts, orders });
    console.log(`order in the event feed after its commit (${orders} orders): p50 ${lag.p50.toFixed(0)} ms, p99 ${lag.p99.toFixed(0)} ms, max ${lag.max.toFixed(0)} ms`);
  }
} finally {
  await importThread.terminate();
  await servers.stop();
}
