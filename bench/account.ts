import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../server/config.ts';
import { benchmarkCompanyNo, benchmarkLogin, seedBenchmarkOrders } from '../server/db/seed/benchmark-orders.ts';
import { benchDataDir, databaseUrl, openBenchDatabase } from './catalog-bench-db.ts';

// `npm run bench:account [-- --engine postgres] [--products 100000] [--orders 20000]` (issue 11): the
// account area of a company with N orders and N invoices and credits (seed --orders), on the catalogue
// database of bench/catalog-bench-db.ts, against the production server, at 10 connections, in one run
// with a Fastify hello route and GET /api/material (the yardstick: each list should reach half of its
// throughput with p99 ≤ 20 ms). Every row is a mix of many different requests (pages, search terms,
// ids), not one answer repeated. Then single requests: an invoice PDF (≤ 50 ms) and the XLSX export of
// all N orders (≤ 3 s, the memory the server holds growing by less than 50 MB while it runs).

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '20000' },
  },
});
const engine = values.engine as DatabaseEngine;
const products = Number(values.products);
const orderCount = Number(values.orders);
const root = path.resolve(import.meta.dirname, '..');
const shopPort = 3320;
const helloPort = 3321;
const base = `http://127.0.0.1:${shopPort}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

function start(script: string, env: Record<string, string>): ChildProcess {
  // BENCH_SHOP_PROFILE=1 writes a CPU profile of the shop to data/bench/profiles (as bench:orders does).
  const profile = process.env.BENCH_SHOP_PROFILE && script.startsWith('server') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(benchDataDir, 'profiles')}`] : [];
  return spawn(process.execPath, [...profile, script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitUntilServing(url: string) {
  for (let i = 0; i < 4800; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The memory the server holds (RssAnon: its heap and buffers) and its whole resident set (VmRSS), in MB.
 * SQLite reads its file through a memory map, so VmRSS also counts the database pages a request touched,
 * which are the operating system's file cache: the export's target is about the memory it holds.
 */
function memoryMb(pid: number): { held: number; resident: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { held: kb('RssAnon') / 1024, resident: kb('VmRSS') / 1024 };
}

// The benchmark company: built once per database and size (rebuilding 20,000 orders takes a while).
const { handle } = await openBenchDatabase(engine, products);
const existing = await handle.db
  .selectFrom('orders')
  .innerJoin('companies', 'companies.id', 'orders.company_id')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('companies.customer_no', '=', benchmarkCompanyNo)
  .executeTakeFirst();
if (Number(existing?.n ?? 0) !== orderCount) {
  const started = performance.now();
  await seedBenchmarkOrders(handle.db, { orders: orderCount });
  console.log(`built ${benchmarkCompanyNo} with ${orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// What autovacuum does in a running shop: fresh statistics, and the visibility map that lets the counts
// read the index alone (right after the bulk insert a count of 20,000 orders visits every row: 83 ms
// instead of 4.5 ms).
if (engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
await handle.close();

const hello = start('bench/hello-server.ts', { PORT: String(helloPort) });
const shop = start('server/index.ts', {
  PORT: String(shopPort),
  HOST: '127.0.0.1',
  DATABASE_URL: await databaseUrl(engine, products),
  MEDIA_DIR: path.join(benchDataDir, 'media'),
  MAIL_WORKER: 'off',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  CATALOG_ANSWER_CACHE_MS: process.env.CATALOG_ANSWER_CACHE_MS ?? '2000',
  LOGIN_MAX_ATTEMPTS: '1000',
});
process.on('exit', () => {
  for (const child of [hello, shop]) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Row {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

try {
  await Promise.all([waitUntilServing(`http://127.0.0.1:${helloPort}/hello`), waitUntilServing(`${base}/readyz`)]);
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...benchmarkLogin, tenant: 'demo' }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const auth = `Basic ${((await login.json()) as { token: string }).token}`;
  const headers = { authorization: auth, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${base}${url}`, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  async function load(title: string, paths: string[]): Promise<Row> {
    const request = { url: `${base}${paths[0]}`, connections: 10, headers, requests: paths.map((p) => ({ path: p })) };
    // A short warm-up first, so the JIT has compiled the route before it is measured.
    await autocannon({ ...request, duration: 2 });
    const result = await autocannon({ ...request, duration });
    return { title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
  }

  // The mixes: the catalogue's categories and pages, the company's orders, search terms and documents.
  const categories = (await get<{ data: { _id: number; parent: number | null; isDeal: boolean }[] }>('/api/materialCategory')).data.filter((c) => c.parent === null && !c.isDeal);
  const materialPaths = categories.flatMap((c) => [1, 2, 3, 5, 8].map((page) => `/api/material?category=${c._id}&page=${page}&pageSize=16`));
  const firstPage = await get<{ data: { _id: number; orderNumber: string; externalOrderNumber: string | null }[]; meta: { total: number } }>('/api/order?page=1&pageSize=100');
  const sampledOrders = firstPage.data;
  const details = await Promise.all(sampledOrders.slice(0, 20).map((o) => get<{ items: { sku: string; name: string }[] }>(`/api/order/${o._id}`)));
  const terms = [
    ...sampledOrders.slice(0, 15).map((o) => o.orderNumber.slice(-5)),
    ...sampledOrders.flatMap((o) => (o.externalOrderNumber ? [o.externalOrderNumber] : [])).slice(0, 15),
    ...details.flatMap((d) => d.items.slice(0, 1).map((item) => item.sku)),
    ...details.flatMap((d) => d.items.slice(0, 1).map((item) => item.name.split(' ').find((word) => word.length >= 5) ?? item.name)),
  ];
  const sorts = ['orderDate:desc', 'orderNumber:asc', 'total:desc'];
  const documents = await get<{ data: { _id: number }[] }>('/api/account/list?page=1&pageSize=100');
  const statuses = ['', '&status=open', '&status=paid', '&status=overdue', '&type=credit'];

  const helloRun = await autocannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections: 10, duration: 5 });
  const rows: Row[] = [];
  rows.push(await load(`GET /api/material, ${materialPaths.length} category pages`, materialPaths));
  rows.push(await load('GET /api/order, page 1 (3 sorts)', sorts.map((sort) => `/api/order?page=1&pageSize=20&sort=${sort}`)));
  rows.push(await load('GET /api/order, page 200 (3 sorts)', sorts.map((sort) => `/api/order?page=200&pageSize=20&sort=${sort}`)));
  rows.push(await load(`GET /api/order, search (${terms.length} terms)`, terms.map((term) => `/api/order?page=1&pageSize=20&search=${encodeURIComponent(term)}`)));
  rows.push(await load(`GET /api/order/{id} (${sampledOrders.length} orders)`, sampledOrders.map((o) => `/api/order/${o._id}`)));
  rows.push(await load('GET /api/account/list, pages 1–20 × 5 filters', statuses.flatMap((filter) => Array.from({ length: 20 }, (_, i) => `/api/account/list?page=${i + 1}&pageSize=20${filter}`))));
  rows.push(await load(`GET /api/account/document/{id} PDF (${documents.data.length} documents)`, documents.data.map((d) => `/api/account/document/${d._id}`)));

  // An invoice PDF on its own (the target is per document): 50 documents one after the other.
  const pdfTimes: number[] = [];
  for (const document of documents.data.slice(0, 50)) {
    const started = performance.now();
    const answer = await fetch(`${base}/api/account/document/${document._id}`, { headers });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`PDF ${document._id}: ${answer.status}`);
    pdfTimes.push(performance.now() - started);
  }
  pdfTimes.sort((a, b) => a - b);

  // The export of every order: one request, its time and the server's memory while it streams.
  const before = memoryMb(shop.pid!);
  const peak = { ...before };
  const sampler = setInterval(() => {
    const now = memoryMb(shop.pid!);
    peak.held = Math.max(peak.held, now.held);
    peak.resident = Math.max(peak.resident, now.resident);
  }, 20);
  const exportStarted = performance.now();
  const exported = await fetch(`${base}/api/order/export?format=xlsx`, { headers: { authorization: auth } });
  const bytes = (await exported.arrayBuffer()).byteLength;
  const exportMs = performance.now() - exportStarted;
  clearInterval(sampler);

  const material = rows[0]!;
  console.log(`\n${engine}, ${products} products, ${benchmarkCompanyNo} with ${orderCount} orders and documents, 10 connections, ${duration} s a row, answer reuse ${process.env.CATALOG_ANSWER_CACHE_MS ?? '2000'} ms`);
  console.log(`hello: ${Math.round(helloRun.requests.average)} req/s, p99 ${helloRun.latency.p99} ms`);
  console.log('| route | req/s | % of material | p50 ms | p99 ms | non-2xx |\n|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.title} | ${row.rps} | ${Math.round((row.rps / material.rps) * 100)} % | ${row.p50} | ${row.p99} | ${row.non2xx} |`);
  console.log(`invoice PDF, one request at a time (${pdfTimes.length} documents): median ${pdfTimes[pdfTimes.length >> 1]!.toFixed(1)} ms, slowest ${pdfTimes.at(-1)!.toFixed(1)} ms`);
  console.log(`XLSX export of ${firstPage.meta.total} orders: ${exported.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${(exportMs / 1000).toFixed(2)} s, memory held ${before.held.toFixed(0)} → peak ${peak.held.toFixed(0)} MB (+${(peak.held - before.held).toFixed(0)} MB), resident set with mapped database pages +${(peak.resident - before.resident).toFixed(0)} MB`);
} finally {
  hello.kill('SIGTERM');
  shop.kill('SIGTERM');
}
