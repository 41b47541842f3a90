import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { searchMixPaths } from './search-mix.ts';

// `npm run bench [-- --products N] [--only list]` (bench/run.ts): one run that measures, at 10 connections,
//   - a Fastify hello route (baseline, separate process),
//   - the walking skeleton: start-up time, idle memory, GET /api/configuration, the SSR home page,
//   - the catalogue: a big category's list (page 1 and page 50), a product's detail, POST /api/basket
//     with 20 lines, the SSR category page, the SSR cart and checkout pages of that basket.
// The production build runs on its own database: data/bench-N/shop.sqlite seeded with N products, or
// BENCH_DATABASE_URL (e.g. a PostgreSQL URL; it is seeded with N products when empty).
// `--only list` measures just hello and the list, `--only search` hello and the search mix (for the
// 1,000,000-product and PostgreSQL runs).

const { values } = parseArgs({ options: { products: { type: 'string', default: '2000' }, only: { type: 'string' } } });
const products = Number(values.products);
const only = values.only as 'list' | 'search' | undefined;
if (only !== undefined && only !== 'list' && only !== 'search') throw new Error('--only takes list or search');
const root = path.resolve(import.meta.dirname, '..');
const shopPort = 3300;
const helloPort = 3301;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = path.join(root, `data/bench-${products}`);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? path.join(dataDir, 'shop.sqlite');
const env = { ...process.env, PORT: String(shopPort), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, MEDIA_DIR: path.join(dataDir, 'media'), FILES_DIR: path.join(dataDir, 'files'), LOG_LEVEL: 'warn' };
const base = `http://127.0.0.1:${shopPort}`;

function startServer(script: string, extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [script], { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function waitUntilServing(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

interface Row {
  title: string;
  rps: number;
  p50: number;
  p99: number;
}

async function load(
  title: string,
  url: string,
  options: { headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string; paths?: string[] } = {},
): Promise<Row> {
  const request = {
    url,
    connections: 10,
    headers: options.headers ?? {},
    method: options.method ?? 'GET',
    body: options.body,
    // Several paths: each connection goes through them in turn (a mix of requests).
    ...(options.paths ? { requests: options.paths.map((path) => ({ path })) } : {}),
  };
  // A short warm-up first, so the JIT has compiled the route before it is measured.
  await autocannon({ ...request, duration: 2 });
  const result = await autocannon({ ...request, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function api<T>(pathName: string, auth: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${pathName}`, { ...init, headers: { authorization: auth, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

// 1. Migrate and seed the benchmark database (not timed; adds products when it has fewer).
const seeded = spawnSync(process.execPath, ['server/db/cli-seed.ts', '--products', String(products)], { cwd: root, env, stdio: 'inherit' });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

// 2. Start to first served request on the migrated database, then idle memory.
const spawnedAt = performance.now();
const shop = startServer('server/index.ts', { SEED_DEMO: 'false' });
// A failed measurement ends this script with an error; the servers must not outlive it.
const started: ChildProcess[] = [shop];
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});
await waitUntilServing(`${base}/readyz`);
const startupMs = performance.now() - spawnedAt;
await new Promise((resolve) => setTimeout(resolve, 3000));
const idleRss = rssMb(shop.pid!);

const hello = startServer('bench/hello-server.ts', { PORT: String(helloPort) });
started.push(hello);
await waitUntilServing(`http://127.0.0.1:${helloPort}/hello`);

const session = await api<{ token: string; userId: number }>('/api/login', '', {
  method: 'POST',
  body: JSON.stringify({ username: 'customer', password: 'Demo-Customer-1', tenant: 'demo' }),
});
const auth = `Basic ${session.token}`;
// Every browser sends this; the catalogue answers are compressed once and then served compressed.
const acceptEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const cookie = `token=${session.token}; userId=${session.userId}`;

// The main category with the most products, for the list measurements.
type Listing = { data: { _id: number; sku: string; variantSku?: string; salesBatchSize: number; stock: { value: number } }[]; meta: { total: number } };
const categories = (await api<{ data: { _id: number; parent: number | null; isDeal: boolean; verboseName: string }[] }>('/api/materialCategory', auth)).data;
let big = { id: 0, total: 0, verboseName: '' };
for (const category of categories.filter((c) => c.parent === null && !c.isDeal)) {
  const { meta } = await api<Listing>(`/api/material?category=${category._id}&page=1&pageSize=1`, auth);
  if (meta.total > big.total) big = { id: category._id, total: meta.total, verboseName: category.verboseName };
}

/**
 * With an external engine, each keystroke asks the shop for the products of the engine's hits: the
 * ids of the built-in answers to 200 keys of the mix stand in for the engine's 20 hits.
 */
async function engineHitsMix(searchPaths: readonly string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const searchPath of searchPaths.slice(0, 200)) {
    const answer = await api<{ data: { _id: number }[] }>(searchPath, auth);
    const key = new URL(searchPath, base).searchParams.get('searchKey')!;
    paths.push(`/api/material/searchHits?${new URLSearchParams({ searchKey: key, ids: answer.data.map((product) => product._id).join(',') })}`);
  }
  return paths;
}

async function loadSearch(): Promise<void> {
  const paths = await searchMixPaths(categories, <T,>(url: string) => api<T>(url, auth));
  rows.push(await load(`GET /api/material/search, a mix of ${paths.length} keys`, `${base}${paths[0]}`, { headers: { authorization: auth, ...acceptEncoding }, paths }));
  const hitPaths = await engineHitsMix(paths);
  rows.push(await load(`GET /api/material/searchHits, ${hitPaths.length} keys with their 20 hits`, `${base}${hitPaths[0]}`, { headers: { authorization: auth, ...acceptEncoding }, paths: hitPaths }));
}

const rows: Row[] = [];
rows.push(await load('Fastify hello route', `http://127.0.0.1:${helloPort}/hello`));
if (only === 'search') {
  await loadSearch();
} else {
  rows.push(await load(`GET /api/material, page 1 (category of ${big.total} products)`, `${base}/api/material?category=${big.id}&page=1&pageSize=16`, { headers: { authorization: auth, ...acceptEncoding } }));
  rows.push(await load('GET /api/material, page 50', `${base}/api/material?category=${big.id}&page=50&pageSize=16`, { headers: { authorization: auth, ...acceptEncoding } }));
  rows.push(await load('GET /api/material, page 1, client without gzip', `${base}/api/material?category=${big.id}&page=1&pageSize=16`, { headers: { authorization: auth } }));
}
if (only === undefined) {
  await loadSearch();
  rows.push(await load('GET /api/configuration', `${base}/api/configuration`));
  rows.push(await load('SSR home page (signed in)', `${base}/`, { headers: { cookie, ...acceptEncoding } }));
  const page = await api<Listing>(`/api/material?category=${big.id}&page=2&pageSize=40`, auth);
  rows.push(await load('GET /api/material/{id}', `${base}/api/material/${page.data[0]!._id}`, { headers: { authorization: auth, ...acceptEncoding } }));
  const items = page.data
    .filter((p) => p.stock.value > 0)
    .slice(0, 20)
    .map((p) => ({ _id: p._id, sku: p.sku, ...(p.variantSku ? { variantSku: p.variantSku } : {}), orderType: 'order', quantity: p.salesBatchSize || 1 }));
  if (items.length < 20) throw new Error(`only ${items.length} products in stock on page 2 for the basket benchmark`);
  const basket = await api<{ _id: number | null }>('/api/basket', auth);
  const body = JSON.stringify({ ...(basket._id ? { _id: basket._id } : {}), userId: session.userId, items });
  rows.push(await load('POST /api/basket (20 lines)', `${base}/api/basket`, { method: 'POST', body, headers: { authorization: auth, 'content-type': 'application/json' } }));
  rows.push(await load('SSR category page (signed in)', `${base}/category/${big.verboseName}`, { headers: { cookie, ...acceptEncoding } }));
  // The basket of the POST above (20 lines): the cart page, and the checkout that prices it for the
  // default address and shipping method. Both read the buyer's own basket, so no answer is reused.
  rows.push(await load('SSR cart page (20 lines)', `${base}/detailed-cart?type=order`, { headers: { cookie, ...acceptEncoding } }));
  rows.push(await load('SSR checkout page (20 lines)', `${base}/checkout?type=order`, { headers: { cookie, ...acceptEncoding } }));
}
await stop(hello);
await stop(shop);

const engine = /^postgres/.test(databaseUrl) ? 'PostgreSQL' : 'SQLite';
console.log(`\n${engine}, ${products.toLocaleString('en')} products, 10 connections, ${duration} s per route`);
console.log(`start to first served request: ${startupMs.toFixed(0)} ms (target ≤ 1500 ms); idle RSS: ${idleRss.toFixed(0)} MB (target ≤ 150 MB)\n`);
console.log('| route | req/s | p50 ms | p99 ms | vs hello |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.title} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${((row.rps / rows[0]!.rps) * 100).toFixed(0)} % |`);
}
console.log('\ntargets: configuration ≥ 50 % of hello; home p99 ≤ 30 ms; list ≥ 25 % of hello with p99 ≤ 10 ms; category page p99 ≤ 30 ms');
