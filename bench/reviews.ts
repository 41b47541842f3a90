import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import type { DatabaseEngine } from '../server/config.ts';
import { answerReuseMs, benchSeconds, createSession, measureHello, measureWithCpu, startServers, type Row } from './bench-harness.ts';
import { benchDataDir, openBenchDatabase, settleBenchDatabase } from './catalog-bench-db.ts';
import path from 'node:path';
import { ensureDocumentBenchData } from './document-data.ts';
import { countWrongSummaries, ensureReviewBenchData } from './review-data.ts';
import { random } from './sales-person-data.ts';

// `npm run bench:reviews [-- --engine postgres] [--products 100000] [--users 20000] [--reviews 500000]
// [--sample 500] [--repeat 3] [--only a,a10,b,c]`: the product page with reviews and documents (docs/product.md, Reviews;
// Product documents and downloads), against the
// production server on the catalogue database of bench/catalog-bench-db.ts, next to a Fastify hello
// route, with `--reviews` published reviews of `--users` customers spread over the visible products
// (review-data.ts builds them once: 15 % of the products without any, most with a few, some with hundreds),
// and five documents on every product with reviews (document-data.ts: data sheets in two languages, a
// safety data sheet, a manual for signed-in customers, a certificate for the first readers' company).
// At 10 connections, each request as one of 100 of these customers drawn at random (their session
// cookie, as a browser sends it) and for a product drawn at random from `--sample` different ones:
//   (a) the signed-in SSR product page /product/{id}?sku={sku} of products with reviews and documents, drawn from all
//       that have any (as many as a buyer meets: mostly a few, a full first page of 10 for one in ten);
//   (a10) the same page of products with at least a full first page (≥ 10 reviews), the most a page shows;
//   (b) the same page of products without reviews and documents: the page still asks for its reviews, the
//       reader's own and the documents, and shows none;
//   (c) GET /api/material/{id}/reviews (the list's first page with the summary) of products with reviews.
// (a), (a10) and (b) run `--repeat` times in turn after a row that only warms up, compared by the medians
// of their req/s and p99s (single rows of one kind scatter by half between runs, see docs/benchmarks.md).
// Target: the page with reviews and documents within 10 % of its req/s and p99 without them (req/s ratio ≥ 0.9, p99
// ratio ≤ 1.1). CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer reuse off, BENCH_SECONDS sets a
// row's length, BENCH_SHOP_PROFILE=1 writes a CPU profile of the shop; `--only` runs these kinds alone
// (with `--repeat 1`, one kind's profile: what a page of it costs).
// Each row also gives the shop process's CPU time per request (Linux): on a shared machine the rows'
// req/s move by a fifth between passes of one kind, the CPU a request takes much less.

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    users: { type: 'string', default: '20000' },
    reviews: { type: 'string', default: '500000' },
    sample: { type: 'string', default: '500' },
    repeat: { type: 'string', default: '3' },
    only: { type: 'string', default: 'a,a10,b,c' },
  },
});
const engine = values.engine as DatabaseEngine;
const products = Number(values.products);
const size = { users: Number(values.users), reviews: Number(values.reviews) };
const sample = Number(values.sample);
const repeat = Number(values.repeat);
const kinds = new Set(values.only.split(','));
const readers = 100;
const shopPort = 3340;

const median = (list: readonly number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

const { handle } = await openBenchDatabase(engine, products);
const db = handle.db;
const data = await ensureReviewBenchData(db, size);
if (data.built) {
  const wrong = await countWrongSummaries(db, data.tenantId);
  if (wrong > 0) throw new Error(`${wrong} products' kept review summaries differ from their published reviews`);
}
const { tenantId } = data;
const readerCompany = await db.selectFrom('users').select('company_id').where('id', '=', data.userIds[0]!).executeTakeFirstOrThrow();
const documentsBuilt = await ensureDocumentBenchData(db, {
  tenantId,
  productIds: data.products.filter((product) => product.reviews > 0).map((product) => product.id),
  companyId: readerCompany.company_id!,
  filesDir: path.join(benchDataDir, 'files'),
});

/** `count` of the list drawn without repeats, the same ones in every run. */
function drawn<T>(list: readonly T[], count: number, seed: number): T[] {
  if (list.length < count) throw new Error(`the bench needs ${count} products, the catalogue has ${list.length} of the kind`);
  const next = random(seed);
  const copy = [...list];
  for (let i = 0; i < count; i++) {
    const j = i + (next() % (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}
const withReviews = drawn(data.products.filter((product) => product.reviews > 0), sample, 11);
const fullPage = drawn(data.products.filter((product) => product.reviews >= 10), sample, 12);
const without = drawn(data.products.filter((product) => product.reviews === 0), sample, 13);

// The readers: the first 100 bench customers (each has reviewed a few dozen products: a drawn product is
// now and then their own).
const readerIds = data.userIds.slice(0, readers);
const readerTokens = await Promise.all(readerIds.map((userId) => createSession(db, tenantId, userId)));
await handle.close();
if (data.built || documentsBuilt) await settleBenchDatabase(engine, products);

const pagePath = (product: { id: number; sku: string }) => `/product/${product.id}?sku=${encodeURIComponent(product.sku)}`;
const listPath = (product: { id: number }) => `/api/material/${product.id}/reviews`;
const pageSession = (index: number) => ({ cookie: `token=${readerTokens[index]}; userId=${readerIds[index]}` });
const apiSession = (index: number) => ({ authorization: `Basic ${readerTokens[index]}` });

/** Requests of paths drawn at random from the list, each as a reader drawn at random. */
function asReaders(list: readonly string[], credentials: (index: number) => Record<string, string>): autocannon.Request[] {
  return [
    {
      setupRequest: (request) => {
        const reader = Math.floor(Math.random() * readers);
        return { ...request, method: 'GET', path: list[Math.floor(Math.random() * list.length)]!, headers: { ...request.headers, ...credentials(reader) } };
      },
    },
  ];
}

interface PageRow extends Row {
  /** The shop's CPU time per request in the measured part, ms. */
  cpu?: number;
}

const describe = (list: readonly { reviews: number }[]) => {
  const counts = list.map((product) => product.reviews);
  return `${Math.min(...counts)}–${Math.max(...counts)} reviews, median ${median(counts)}, ${counts.filter((count) => count >= 10).length} with a full first page`;
};

const servers = await startServers({ engine, products, shopPort, helloPort: 3341 });
try {
  const row = async (title: string, list: readonly string[], credentials: (index: number) => Record<string, string>): Promise<PageRow> => {
    const { cpuPerRequestMs, ...measured } = await measureWithCpu(title, servers.shop, { base: servers.base, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' }, requests: asReaders(list, credentials) });
    return cpuPerRequestMs === undefined ? measured : { ...measured, cpu: Math.round(cpuPerRequestMs * 10) / 10 };
  };
  const pages = {
    a: withReviews.map(pagePath),
    a10: fullPage.map(pagePath),
    b: without.map(pagePath),
  };
  const measured = (['a', 'b', 'a10'] as const).filter((kind) => kinds.has(kind));
  // Every page answers as it should before anything is measured: a hidden product would measure a 404.
  const every = measured.flatMap((kind) => pages[kind]);
  for (let from = 0; from < every.length; from += 10) {
    await Promise.all(
      every.slice(from, from + 10).map(async (path) => {
        const answer = await fetch(`${servers.base}${path}`, { headers: pageSession(0) });
        if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
        await answer.arrayBuffer();
      }),
    );
  }

  const hello = await measureHello(servers);
  const reviewed = data.products.filter((product) => product.reviews > 0);
  console.log(
    `${engine}, ${products.toLocaleString('en')} products, ${size.reviews.toLocaleString('en')} reviews of ${size.users.toLocaleString('en')} customers on ${reviewed.length.toLocaleString('en')} of ${data.products.length.toLocaleString('en')} visible products, answer reuse ${answerReuseMs} ms, ${benchSeconds} s a row`,
  );
  console.log(`hello: ${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms`);
  console.log(`(a) ${sample} products with reviews: ${describe(withReviews)}; (a10) ${sample} with a full first page: ${describe(fullPage)}; (b) ${sample} without reviews`);

  // The first row of a kind meets caches still cold (PostgreSQL's buffers, SQLite's page cache): a row
  // over the kinds measured that only warms up.
  const warm = measured.length > 0 ? [await row('SSR product page, warming up', measured.flatMap((kind) => pages[kind]), pageSession)] : [];
  const titles = { a: '(a) SSR product page with reviews and documents', b: '(b) SSR product page without either', a10: '(a10) SSR product page, a full page of reviews' };
  const rows: { a: PageRow[]; a10: PageRow[]; b: PageRow[] } = { a: [], a10: [], b: [] };
  for (let pass = 1; pass <= repeat; pass++) {
    for (const kind of measured) rows[kind].push(await row(`${titles[kind]} (${pass})`, pages[kind], pageSession));
  }
  const list = kinds.has('c') ? [await row('(c) GET /api/material/{id}/reviews', withReviews.map(listPath), apiSession)] : [];
  for (const entry of [...warm, ...rows.a, ...rows.b, ...rows.a10, ...list]) {
    const cpu = entry.cpu === undefined ? '' : `  shop CPU ${entry.cpu} ms/request`;
    console.log(`${entry.title.padEnd(56)} ${String(entry.rps).padStart(6)} req/s  p50 ${entry.p50} ms  p99 ${entry.p99} ms  non-2xx ${entry.non2xx}${cpu}`);
  }
  const medians = (kind: PageRow[]) => ({
    rps: median(kind.map((entry) => entry.rps)),
    p50: Math.round(median(kind.map((entry) => entry.p50)) * 10) / 10,
    p99: Math.round(median(kind.map((entry) => entry.p99)) * 10) / 10,
    cpu: kind.every((entry) => entry.cpu !== undefined) ? median(kind.map((entry) => entry.cpu!)) : undefined,
  });
  const summary = measured.map((kind) => ({ kind, ...medians(rows[kind]) }));
  const cpuText = (cpu: number | undefined) => (cpu === undefined ? '' : `, shop CPU ${cpu} ms/request`);
  if (summary.length > 0) console.log(`medians of ${repeat}: ${summary.map((entry) => `(${entry.kind}) ${entry.rps} req/s, p50 ${entry.p50} ms, p99 ${entry.p99} ms${cpuText(entry.cpu)}`).join('; ')}`);
  const baseline = summary.find((entry) => entry.kind === 'b');
  const verdict = (ratio: { rps: number; p99: number }) => (ratio.rps >= 0.9 && ratio.p99 <= 1.1 ? 'within 10 %' : 'NOT within 10 %');
  for (const entry of baseline ? summary.filter((candidate) => candidate.kind !== 'b') : []) {
    const ratio = { rps: entry.rps / baseline!.rps, p99: entry.p99 / baseline!.p99 };
    const cpu = entry.cpu !== undefined && baseline!.cpu !== undefined ? `; shop CPU a request ${(entry.cpu / baseline!.cpu).toFixed(2)}` : '';
    console.log(`  (${entry.kind}) / (b): req/s ${ratio.rps.toFixed(2)} (≥ 0.90), p99 ${ratio.p99.toFixed(2)} (≤ 1.10): ${verdict(ratio)}${cpu}`);
  }
} finally {
  await servers.stop();
}
