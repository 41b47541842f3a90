import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import type { DatabaseEngine } from '../server/config.ts';
import { maxListingDepth } from '../server/modules/catalog/catalog.service.ts';
import { benchSeconds, createSession, measureWithCpu, mixedPaths, prepareBenchDatabase, signIn, startServers, type Row } from './bench-harness.ts';
import { ensureReviewBenchData } from './review-data.ts';
import { random } from './sales-person-data.ts';
import { searchMixPaths } from './search-mix.ts';

// `npm run bench -- --computed [--products 100000[,1000000]] [--engines sqlite,postgres] [--only list,search,page,reuse]`: the catalogue's paths as
// a buyer who browses many pages meets them, every row side by side with a Fastify hello route in its own
// process, on each engine in one run (docs/benchmarks.md, reference table):
//   - the list, computed: GET /api/material over a mix of 264 pages (every category's first page, the
//     rest drawn from its pages, see pageOf), with answer reuse off (CATALOG_ANSWER_CACHE_MS=0);
//   - the search, computed: GET /api/material/search over 800 typed keys (bench/search-mix.ts);
//   - the SSR category page, computed: 32 category pages, signed in, as a browser asks for them;
//   - the list with answer reuse (2 s, the default) over the same 264 pages.
// Each request draws its path at random from its mix (buyers do not walk a list in step), 10 connections.
// The catalogue has the reviews of bench:reviews (the stars of the list are the final page's).
// Each row also gives the shop's CPU time per request (Linux), steadier than req/s on a shared machine.
// With several sizes (`--products 100000,1000000`) each engine is measured at each, and a last table sets
// the largest catalogue's rows against the smallest's: its share of hello and its p99 within 2 × (target).

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, engines: { type: 'string', default: 'sqlite,postgres' }, only: { type: 'string', default: 'list,search,page,reuse' } },
});
const sizes = values.products.split(',').map(Number);
const engines = values.engines.split(',') as DatabaseEngine[];
const only = new Set(values.only.split(','));
const shopPort = 3350;
const helloPort = 3351;
const listPageSize = 16;

interface Target {
  /** Share of the hello route's req/s the row must reach, in percent. */
  minShareOfHello: number;
  maxP99Ms: number;
}

interface MeasuredRow extends Row {
  /** The row's kind, the same at every catalogue size. */
  kind: 'hello' | 'list' | 'search' | 'page' | 'reuse';
  target: Target;
  cpuPerRequestMs?: number;
}

interface CategoryEntry {
  _id: number;
  parent: number | null;
  isDeal: boolean;
  verboseName: string;
}

/** `count` entries drawn with repeats from the list by a seeded generator: the same mix in every run. */
function draw<T>(list: readonly T[], count: number, seed: number): T[] {
  const next = random(seed);
  return Array.from({ length: count }, () => list[next() % list.length]!);
}

/**
 * A page of the category drawn by the generator: every other one from its first ten pages (where buyers
 * mostly are), the rest from all pages a list can be browsed to (the first `maxListingDepth` products).
 */
function pageOf(total: number, next: () => number): number {
  const pages = Math.max(1, Math.ceil(Math.min(total, maxListingDepth) / listPageSize));
  return 1 + (next() % (next() % 2 === 0 ? Math.min(pages, 10) : pages));
}

async function measureEngine(engine: DatabaseEngine, products: number): Promise<MeasuredRow[]> {
  let session = { tenantId: 0, userId: 0, token: '' };
  await prepareBenchDatabase(engine, products, async (db) => {
    // The stars of the list come from the kept review summaries: the final pages have them.
    await ensureReviewBenchData(db, { users: 20_000, reviews: 500_000 });
    const customer = await db.selectFrom('users').innerJoin('tenants', 'tenants.id', 'users.tenant_id').select(['users.id', 'users.tenant_id']).where('tenants.slug', '=', 'demo').where('users.username', '=', 'customer').executeTakeFirstOrThrow();
    session = { tenantId: customer.tenant_id, userId: customer.id, token: await createSession(db, customer.tenant_id, customer.id) };
  });
  const cookie = `token=${session.token}; userId=${session.userId}`;

  const rows: MeasuredRow[] = [];
  const row = async (kind: MeasuredRow['kind'], title: string, servers: { base: string; shop: { pid?: number } }, headers: Record<string, string>, requests: autocannon.Request[], target: Target) => {
    rows.push({ ...(await measureWithCpu(title, servers.shop, { base: servers.base, headers, requests })), kind, target });
  };

  const listPaths: string[] = [];
  const computed = await startServers({ engine, products, shopPort, helloPort, env: { CATALOG_ANSWER_CACHE_MS: '0' } });
  try {
    const buyer = await signIn(computed.base, { username: 'customer', password: 'Demo-Customer-1' });
    const categories = (await buyer.get<{ data: CategoryEntry[] }>('/api/materialCategory')).data;
    const totals = new Map<number, number>();
    for (const category of categories) totals.set(category._id, (await buyer.get<{ meta: { total: number } }>(`/api/material?category=${category._id}&page=1&pageSize=1`)).meta.total);

    // Every category's first page, then pages drawn from all pages of categories drawn at random.
    const next = random(26);
    listPaths.push(...categories.map((category) => `/api/material?category=${category._id}&page=1&pageSize=${listPageSize}`));
    for (const category of draw(categories, 264 - listPaths.length, 27)) {
      listPaths.push(`/api/material?category=${category._id}&page=${pageOf(totals.get(category._id)!, next)}&pageSize=${listPageSize}`);
    }
    const searchPaths = await searchMixPaths(categories, buyer.get);
    const pagePaths = draw(categories, 32, 28).map((category) => `/category/${category.verboseName}?page=${pageOf(totals.get(category._id)!, next)}`);

    await row('hello', 'Fastify hello route', { base: computed.helloUrl.replace('/hello', ''), shop: {} }, {}, [{ path: '/hello' }], { minShareOfHello: 100, maxP99Ms: Infinity });
    if (only.has('list')) await row('list', `list, computed (${listPaths.length} pages)`, computed, buyer.headers, mixedPaths(listPaths), { minShareOfHello: 5, maxP99Ms: 15 });
    if (only.has('search')) await row('search', `search, computed (${searchPaths.length} keys)`, computed, buyer.headers, mixedPaths(searchPaths), { minShareOfHello: 2, maxP99Ms: 20 });
    if (only.has('page')) await row('page', `SSR category pages, computed (${pagePaths.length} pages)`, computed, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' }, mixedPaths(pagePaths), { minShareOfHello: 1, maxP99Ms: 80 });
  } finally {
    await computed.stop();
  }

  if (!only.has('reuse')) return rows;
  const reused = await startServers({ engine, products, shopPort, helloPort, env: { CATALOG_ANSWER_CACHE_MS: '2000' } });
  try {
    const buyer = await signIn(reused.base, { username: 'customer', password: 'Demo-Customer-1' });
    await row('reuse', `list with answer reuse 2 s (${listPaths.length} pages)`, reused, buyer.headers, mixedPaths(listPaths), { minShareOfHello: 25, maxP99Ms: 10 });
  } finally {
    await reused.stop();
  }
  return rows;
}

const shareOfHello = (rows: readonly MeasuredRow[], row: MeasuredRow) => (row.rps / rows[0]!.rps) * 100;

for (const engine of engines) {
  const bySize = new Map<number, MeasuredRow[]>();
  for (const products of sizes) {
    const rows = await measureEngine(engine, products);
    bySize.set(products, rows);
    const hello = rows[0]!;
    console.log(`\n### ${engineName(engine)}, ${products.toLocaleString('en')} products, 10 connections, ${benchSeconds} s a row\n`);
    console.log('| figure | req/s | % of hello | p50 ms | p99 ms | CPU ms a request | target | met |\n|---|---:|---:|---:|---:|---:|---|---|');
    for (const row of rows) {
      const share = shareOfHello(rows, row);
      const isHello = row === hello;
      const met = share >= row.target.minShareOfHello && row.p99 <= row.target.maxP99Ms && row.non2xx === 0;
      const target = isHello ? '' : `≥ ${row.target.minShareOfHello} % of hello, p99 ≤ ${row.target.maxP99Ms} ms`;
      console.log(`| ${row.title} | ${row.rps} | ${share.toFixed(share < 10 ? 2 : 0)} % | ${row.p50} | ${row.p99} | ${row.cpuPerRequestMs?.toFixed(2) ?? ''} | ${target} | ${isHello ? '' : met ? 'yes' : 'no'}${row.non2xx ? ` (${row.non2xx} non-2xx)` : ''} |`);
    }
  }
  if (sizes.length > 1) printGrowth(engine, bySize.get(Math.min(...sizes))!, bySize.get(Math.max(...sizes))!);
}

function engineName(engine: DatabaseEngine) {
  return engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
}

/** The largest catalogue's rows against the smallest's: the share of hello may drop and the p99 grow by 2 × at most. */
function printGrowth(engine: DatabaseEngine, small: readonly MeasuredRow[], large: readonly MeasuredRow[]) {
  console.log(`\n### ${engineName(engine)}, ${Math.max(...sizes).toLocaleString('en')} against ${Math.min(...sizes).toLocaleString('en')} products\n`);
  console.log('| figure | share of hello | p99 ms | share ÷ | p99 × | within 2 × |\n|---|---|---|---:|---:|---|');
  for (const row of large.slice(1)) {
    const before = small.find((candidate) => candidate.kind === row.kind);
    if (!before) continue;
    const shareDrop = shareOfHello(small, before) / shareOfHello(large, row);
    const p99Growth = row.p99 / before.p99;
    const shares = `${shareOfHello(small, before).toFixed(2)} → ${shareOfHello(large, row).toFixed(2)} %`;
    console.log(`| ${row.kind} | ${shares} | ${before.p99} → ${row.p99} | ${shareDrop.toFixed(2)} | ${p99Growth.toFixed(2)} | ${shareDrop <= 2 && p99Growth <= 2 ? 'yes' : 'no'} |`);
  }
}
