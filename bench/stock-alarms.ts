import { parseArgs } from 'node:util';
import type { DatabaseEngine } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { systemClock } from '../server/lib/clock.ts';
import { createApiClientRepository } from '../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../server/modules/erp/api-client.service.ts';
import { answerReuseMs, benchSeconds, createSession, measure, measureHello, percentile, startServers, type BenchServers, type Row } from './bench-harness.ts';
import { databaseUrl, openBenchDatabase } from './catalog-bench-db.ts';
import { countBenchNotifications, ensureAlarmBenchData, expectedNotifications, resetAlarmBench, type AlarmBenchData } from './stock-alarm-data.ts';

// `npm run bench:alarms [-- --products 100000] [--engine postgres] [--users 20000] [--freed 5000] [--runs 3]`:
// stock alarms at scale (docs/product.md, Stock alarms and notifications), against the production
// server on the catalogue database of bench/catalog-bench-db.ts, next to a Fastify hello route:
//   - `--users` customers with 10 open alarms each, 5 on every watched product (200,000 alarms of 20,000
//     users on 40,000 products by default; stock-alarm-data.ts builds them once);
//   - each run: an ERP stock job (POST /erp/v1/jobs?type=stock) of 10,000 rows, half of them bringing
//     back `--freed` out-of-stock watched products with more than every wished quantity, half changing
//     the stock of unwatched products; the job's rows a second (its own timings), and the time from its
//     end until every notification it brought exists (polled in the database every 20 ms); before it, a
//     job of 10,000 rows of unwatched products only, what a stock job runs at without alarms;
//   - GET /api/notification and GET /api/notification/count at 10 connections, each request as one of
//     100 customers with 100 unread and 100 read notifications drawn at random;
//   - what the kept unread count adds to a page: the signed-in SSR wishlist page with notifications
//     allowed and then not allowed (the site setting), the same customers drawn at random.
// Targets: the job ≥ 10,000 rows a second, every notification ≤ 5 s after it ends, the count ≤ 1 ms more
// on a page (the page rows differ within their noise; the count route's time on the thread bounds it),
// GET /api/notification p99 ≤ 10 ms. CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer reuse off,
// BENCH_SECONDS sets a row's length.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'sqlite' },
    users: { type: 'string', default: '20000' },
    freed: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
  },
});
const products = Number(values.products);
const engine = values.engine as DatabaseEngine;
const users = Number(values.users);
const freed = Number(values.freed);
const runs = Number(values.runs);
const jobRows = 10_000;
const readers = 100;
const shopPort = 3330;
const settingsCacheMs = 500;

const { handle } = await openBenchDatabase(engine, products);
const db = handle.db;
const data: AlarmBenchData = await ensureAlarmBenchData(db, users);
const { tenantId } = data;
if (data.watched.length < freed) throw new Error(`--freed ${freed} is more than the ${data.watched.length} watched products`);
// Unwatched products whose stock the other half of the job changes: the ones after the watched.
const unwatched = await db
  .selectFrom('products')
  .select('sku')
  .where('tenant_id', '=', tenantId)
  .where('id', '>', data.watched[data.watched.length - 1]!.id)
  .where('id', 'not in', db.selectFrom('stock_alarms').select('product_id'))
  .orderBy('id')
  .limit(jobRows)
  .execute();
if (unwatched.length < jobRows) throw new Error(`the catalogue has ${unwatched.length} unwatched products after the watched ones, the bench needs ${jobRows}`);

// The readers of the notification rows: the first 100 bench customers.
const readerIds = data.userIds.slice(0, readers);
const readerTokens = await Promise.all(readerIds.map((userId) => createSession(db, tenantId, userId)));
const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
const { secret } = await clients.create({ tenantId, name: `bench alarms ${Date.now()}`, scopes: ['stock:write'] });
await handle.close();

const erpHeaders = { authorization: `Bearer ${secret}` };
const url = await databaseUrl(engine, products);

/** Sets the site setting allowNotifications while the shop runs, and waits until its settings cache took it. */
async function allowNotifications(allowed: boolean): Promise<void> {
  const watcher = openDatabase(url, { poolSize: 1 });
  try {
    const row = await watcher.db.selectFrom('site_settings').select(['tenant_id', 'settings']).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    const settings = { ...(JSON.parse(row.settings) as Record<string, unknown>), allowNotifications: allowed };
    await watcher.db.updateTable('site_settings').set({ settings: JSON.stringify(settings) }).where('tenant_id', '=', tenantId).execute();
  } finally {
    await watcher.close();
  }
  await new Promise((resolve) => setTimeout(resolve, settingsCacheMs * 3));
}

async function erp<T>(servers: BenchServers, path: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(`${servers.base}/erp/v1${path}`, { ...init, headers: { ...erpHeaders, ...init.headers } });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

interface Job {
  state: string;
  counts: { read: number; failed: number };
  startedAt: string | null;
  finishedAt: string | null;
}

/** Runs a stock job of these rows to its end; answers its rows a second (its own timings) and when it ended. */
async function stockJob(servers: BenchServers, rows: readonly { sku: string; quantity: number }[]): Promise<{ rowsPerSecond: number; finishedAt: number }> {
  const { jobId } = await erp<{ jobId: string }>(servers, '/jobs?type=stock', {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson' },
    body: rows.map((row) => JSON.stringify(row)).join('\n'),
  });
  let job = await erp<Job>(servers, `/jobs/${jobId}`);
  while (job.state !== 'done') {
    if (job.state === 'failed' || job.counts.failed > 0) throw new Error(`job ${jobId}: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    job = await erp<Job>(servers, `/jobs/${jobId}`);
  }
  const finishedAt = Date.parse(job.finishedAt!);
  return { rowsPerSecond: Math.round(job.counts.read / ((finishedAt - Date.parse(job.startedAt!)) / 1000)), finishedAt };
}

/** The same job's size over unwatched products only: what a stock job runs at without alarms. */
function unwatchedJob(servers: BenchServers, round: number) {
  return stockJob(servers, unwatched.map((product, index) => ({ sku: product.sku, quantity: 2000 + ((round * 7 + index) % 500) })));
}

/** One run: the stock job freeing the watched products, its rate, and the lag of the last notification it brought. */
async function stockJobRun(servers: BenchServers, round: number): Promise<{ rowsPerSecond: number; lastNotificationMs: number; notifications: number }> {
  const reset = openDatabase(url, { poolSize: 1 });
  try {
    await resetAlarmBench(reset.db, data, freed);
    const before = await countBenchNotifications(reset.db);
    const { rowsPerSecond, finishedAt } = await stockJob(servers, [
      ...data.watched.slice(0, freed).map((product) => ({ sku: product.sku, quantity: 100_000 })),
      ...unwatched.slice(0, jobRows - freed).map((product, index) => ({ sku: product.sku, quantity: 1000 + ((round * 7 + index) % 500) })),
    ]);
    const expected = before + expectedNotifications(freed);
    let present = await countBenchNotifications(reset.db);
    while (present < expected) {
      if (Date.now() - finishedAt > 60_000) throw new Error(`after 60 s ${present - before} of ${expectedNotifications(freed)} notifications exist`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      present = await countBenchNotifications(reset.db);
    }
    return { rowsPerSecond, lastNotificationMs: Date.now() - finishedAt, notifications: present - before };
  } finally {
    await reset.close();
  }
}

/** Gives each reader 100 unread and 100 read notifications (after the stock jobs, whose resets remove them). */
async function giveReadersNotifications(): Promise<void> {
  const writer = openDatabase(url, { poolSize: 1 });
  try {
    const companies = new Map((await writer.db.selectFrom('users').select(['id', 'company_id']).where('id', 'in', readerIds).execute()).map((row) => [row.id, row.company_id!]));
    await writer.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('notifications').where('user_id', 'in', readerIds).execute();
      await trx.deleteFrom('notification_counts').where('user_id', 'in', readerIds).execute();
      for (const userId of readerIds) {
        const companyId = companies.get(userId)!;
        const rows = Array.from({ length: 200 }, (_, index) => {
          const product = data.watched[(userId + index) % data.watched.length]!;
          const created = new Date(Date.UTC(2026, 9, 1) + index * 3_600_000).toISOString();
          return { tenant_id: tenantId, user_id: userId, company_id: companyId, product_id: product.id, type: index % 4 === 0 ? ('lowStock' as const) : ('backInStock' as const), name: product.sku, domain_reference: product.sku, quantity: product.batch, viewed: (index < 100 ? 1 : 0) as 0 | 1, created_at: created };
        });
        await trx.insertInto('notifications').values(rows).execute();
        await trx.insertInto('notification_counts').values({ tenant_id: tenantId, user_id: userId, company_id: companyId, unread: 100, version: 1 }).execute();
      }
    });
  } finally {
    await writer.close();
  }
}

/** A row of requests, each as one of the readers drawn at random. */
function asReaders(servers: BenchServers, title: string, path: string, credentials: (token: string, index: number) => Record<string, string>): Promise<Row> {
  return measure(title, {
    base: servers.base,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    requests: [
      {
        setupRequest: (request) => {
          const index = Math.floor(Math.random() * readerTokens.length);
          return { ...request, method: 'GET', path, headers: { ...request.headers, ...credentials(readerTokens[index]!, index) } };
        },
      },
    ],
  });
}

const servers = await startServers({ engine, products, shopPort, helloPort: 3331, env: { CACHE_MS: String(settingsCacheMs) } });
try {
  const hello = await measureHello(servers);
  console.log(`${engine}, ${products.toLocaleString('en')} products, ${(users * 10).toLocaleString('en')} open alarms of ${users.toLocaleString('en')} customers on ${data.watched.length.toLocaleString('en')} products, answer reuse ${answerReuseMs} ms, ${benchSeconds} s a row`);
  console.log(`hello: ${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms`);
  await allowNotifications(true);

  const lags: number[] = [];
  for (let round = 1; round <= runs; round++) {
    const baseline = await unwatchedJob(servers, round);
    console.log(`stock job of ${jobRows.toLocaleString('en')} rows of unwatched products: ${baseline.rowsPerSecond.toLocaleString('en')} rows/s`);
    const run = await stockJobRun(servers, round);
    lags.push(run.lastNotificationMs);
    console.log(`stock job of ${jobRows.toLocaleString('en')} rows freeing ${freed.toLocaleString('en')} watched products: ${run.rowsPerSecond.toLocaleString('en')} rows/s; ${run.notifications.toLocaleString('en')} notifications, the last ${run.lastNotificationMs} ms after the job ended`);
  }
  const sortedLags = Float64Array.from(lags).sort();
  console.log(`last notification after the job: median ${percentile(sortedLags, 50)} ms, worst ${sortedLags[sortedLags.length - 1]} ms`);

  await giveReadersNotifications();
  const apiSession = (token: string) => ({ authorization: `Basic ${token}` });
  const pageSession = (token: string, index: number) => ({ cookie: `token=${token}; userId=${readerIds[index]}` });
  const rows = [
    await asReaders(servers, 'GET /api/notification (100 unread, 100 read)', '/api/notification', apiSession),
    await asReaders(servers, 'GET /api/notification/count', '/api/notification/count', apiSession),
    await asReaders(servers, 'SSR wishlist page, notifications allowed', '/wishlist', pageSession),
  ];
  await allowNotifications(false);
  rows.push(await asReaders(servers, 'SSR wishlist page, notifications not allowed', '/wishlist', pageSession));
  await allowNotifications(true);
  for (const row of rows) console.log(`${row.title.padEnd(52)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}`);
  const [, count, allowed, notAllowed] = rows;
  console.log(`the kept count on a page: p50 ${(allowed!.p50 - notAllowed!.p50).toFixed(1)} ms, p99 ${(allowed!.p99 - notAllowed!.p99).toFixed(1)} ms more`);
  // The page's difference is within a page's noise; the count's own route bounds what it adds: its whole
  // request (HTTP, session, the kept row) on the one request thread.
  console.log(`the count's whole request on the thread: ${(1000 / count!.rps).toFixed(2)} ms (1 / its rate)`);
} finally {
  await servers.stop();
}
