import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { hashSessionToken, newSessionToken } from '../server/modules/auth/session-token.ts';
import { benchDataDir, databaseUrl, openBenchDatabase } from './catalog-bench-db.ts';

// What the load benches (bench/account.ts, bench/sales-person.ts, bench/order-create.ts) share: the
// production server and a Fastify hello route in their own processes, on a database of
// bench/catalog-bench-db.ts; signing in; a measured row of autocannon after a warm-up; the table.
// BENCH_SECONDS sets a row's length (default 10 s); CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer
// reuse off (the yardstick GET /api/material then computes every page); BENCH_SHOP_PROFILE=1 writes a
// CPU profile of the shop to data/bench/profiles when it stops, BENCH_SHOP_LOG=1 shows its log.

const root = path.resolve(import.meta.dirname, '..');
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);
export const answerReuseMs = process.env.CATALOG_ANSWER_CACHE_MS ?? '2000';

export interface Row {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/**
 * Opens the bench database (migrated and seeded with `products`), lets `build` add what the bench needs
 * when it is missing, and closes it again before the server starts.
 */
export async function prepareBenchDatabase(engine: DatabaseEngine, products: number, build: (db: Database) => Promise<void>): Promise<void> {
  const { handle } = await openBenchDatabase(engine, products);
  try {
    await build(handle.db);
    // What autovacuum does in a running shop: fresh statistics, and the visibility map that lets counts
    // and covering indexes read the index alone (right after a bulk insert a count of 20,000 orders
    // visits every row: 83 ms instead of 4.5 ms).
    if (engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** A day's session for the user, written directly (signing hundreds of users in would measure argon2); answers its token. */
export async function createSession(db: Database, tenantId: number, userId: number): Promise<string> {
  const token = newSessionToken();
  const now = new Date().toISOString();
  await db.insertInto('sessions').values({ tenant_id: tenantId, user_id: userId, token_hash: hashSessionToken(token), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString() }).execute();
  return token;
}

/**
 * `count` buyers of the company, `bench-buyer-N`, made afresh (their order history starts empty), each with a
 * session written directly (signing 200 buyers in would measure argon2): their session tokens.
 */
export async function createBenchBuyers(db: Database, company: { id: number; tenant_id: number }, count: number): Promise<string[]> {
  await db.deleteFrom('users').where('username', 'like', 'bench-buyer-%').execute();
  const template = await db.selectFrom('users').select('password_hash').where('username', '=', 'customer').executeTakeFirstOrThrow();
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({ tenant_id: company.tenant_id, company_id: company.id, current_company_id: null, username: `bench-buyer-${i}`, email: `bench-buyer-${i}@example.com`, first_name: 'Bench', last_name: String(i), phone: null, password_hash: template.password_hash, role: 'customer', locale: null, is_deal: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    tokens.push(await createSession(db, company.tenant_id, user.id));
  }
  return tokens;
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const profile = process.env.BENCH_SHOP_PROFILE && script.startsWith('server') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(benchDataDir, 'profiles')}`] : [];
  return spawn(process.execPath, [...profile, script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', process.env.BENCH_SHOP_LOG ? 'inherit' : 'ignore', 'inherit'] });
}

export async function waitUntilServing(url: string) {
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

export interface BenchServers {
  /** http://127.0.0.1:<shop port> */
  base: string;
  helloUrl: string;
  shop: ChildProcess;
  /** Stops both and waits for them (the shop writes its CPU profile on the way out). */
  stop(): Promise<void>;
}

/** The production server's settings in a bench: the bench database, mail worker off, warn logging, a sign-in throttle wide enough for the bench. */
export async function benchShopEnv(engine: DatabaseEngine, products: number): Promise<Record<string, string>> {
  return {
    DATABASE_URL: await databaseUrl(engine, products),
    MEDIA_DIR: path.join(benchDataDir, 'media'),
    FILES_DIR: path.join(benchDataDir, 'files'),
    MAIL_WORKER: 'off',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    CATALOG_ANSWER_CACHE_MS: answerReuseMs,
    LOGIN_MAX_ATTEMPTS: '1000',
  };
}

/**
 * Starts the hello route and the production server (with `benchShopEnv`) and waits until both answer.
 * `env` adds to or overrides the shop's settings.
 */
export async function startServers(options: { engine: DatabaseEngine; products: number; shopPort: number; helloPort: number; env?: Record<string, string> }): Promise<BenchServers> {
  const hello = start('bench/hello-server.ts', { PORT: String(options.helloPort) });
  const shop = start('server/index.ts', {
    PORT: String(options.shopPort),
    HOST: '127.0.0.1',
    ...(await benchShopEnv(options.engine, options.products)),
    ...options.env,
  });
  const children = [hello, shop];
  let stopping = false;
  // A shop that ends in the middle of a run would show up as refused connections only.
  shop.once('exit', (code, signal) => {
    if (!stopping) console.error(`the shop ended during the run (exit code ${code}, signal ${signal})`);
  });
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });
  // A bench stopped by Ctrl-C or kill ends through 'exit' too: a shop left listening would answer the next
  // bench's requests from the last one's database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const servers: BenchServers = {
    base: `http://127.0.0.1:${options.shopPort}`,
    helloUrl: `http://127.0.0.1:${options.helloPort}/hello`,
    shop,
    async stop() {
      stopping = true;
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null || child.signalCode !== null) return undefined;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          return exited;
        }),
      );
    },
  };
  try {
    await Promise.all([waitUntilServing(servers.helloUrl), waitUntilServing(`${servers.base}/readyz`)]);
  } catch (error) {
    await servers.stop();
    throw error;
  }
  return servers;
}

export interface SignedIn {
  /** The session's authorization header and the accept-encoding every browser sends. */
  headers: Record<string, string>;
  get<T>(url: string): Promise<T>;
}

/** Signs in through the API (tenant demo) and answers the headers a bench row sends. */
export async function signIn(base: string, login: { username: string; password: string }): Promise<SignedIn> {
  const answer = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...login, tenant: 'demo' }) });
  if (!answer.ok) throw new Error(`login: ${answer.status} ${await answer.text()}`);
  const headers = { authorization: `Basic ${((await answer.json()) as { token: string }).token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
  return {
    headers,
    async get<T>(url: string): Promise<T> {
      const response = await fetch(`${base}${url}`, { headers });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/** The yardstick's mix: pages 1, 2, 3, 5 and 8 of every top-level category that is not the deals'. */
export async function materialPaths(session: SignedIn): Promise<string[]> {
  const categories = (await session.get<{ data: { _id: number; parent: number | null; isDeal: boolean }[] }>('/api/materialCategory')).data.filter((c) => c.parent === null && !c.isDeal);
  return categories.flatMap((c) => [1, 2, 3, 5, 8].map((page) => `/api/material?category=${c._id}&page=${page}&pageSize=16`));
}

/**
 * One row: the requests at 10 connections for BENCH_SECONDS, after a 2 s warm-up so the JIT has compiled
 * the route before it is measured. `onPhase` tells a row that records its requests which part counts.
 * Without `rate` the connections ask again as soon as an answer arrives (the shop saturated); with it they
 * send `rate` requests a second in all, whatever the answers take, the way buyers arrive.
 */
export async function measure(
  title: string,
  options: { base: string; headers: Record<string, string>; requests: autocannon.Request[]; onPhase?: (phase: 'warm-up' | 'measured') => void; rate?: number },
): Promise<Row> {
  const request = { url: options.base, connections: 10, headers: options.headers, requests: options.requests, ...(options.rate ? { overallRate: options.rate } : {}) };
  options.onPhase?.('warm-up');
  await autocannon({ ...request, duration: 2 });
  options.onPhase?.('measured');
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ ...request, duration: benchSeconds }, (error, finished) => (error ? reject(error) : resolve(finished)));
    run.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  // autocannon's own percentiles are whole milliseconds: at a p99 of 7 ms that moves a ratio of two rows
  // by 0.14 for nothing, so the row takes them from each answer's time.
  const sorted = Float64Array.from(latencies).sort();
  return { title, rps: Math.round(result.requests.average), p50: tenths(percentile(sorted, 50)), p99: tenths(percentile(sorted, 99)), non2xx: result.non2xx };
}

/** The process's CPU time so far in ms (user and system; Linux's /proc), undefined elsewhere. */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (USER_HZ, 100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * `measure` with the shop process's CPU time per answered request in the measured part (ms, Linux; none
 * elsewhere, and for a process without pid): on a shared machine req/s moves by a fifth between passes of one row, the CPU a request much less.
 */
export async function measureWithCpu(title: string, shop: { pid?: number }, options: Omit<Parameters<typeof measure>[1], 'onPhase'>): Promise<Row & { cpuPerRequestMs?: number }> {
  let cpuAtStart: number | undefined;
  const measured = await measure(title, {
    ...options,
    onPhase: (phase) => {
      if (phase === 'measured') cpuAtStart = cpuMs(shop.pid);
    },
  });
  const cpuAtEnd = cpuMs(shop.pid);
  const requests = measured.rps * benchSeconds;
  return cpuAtStart === undefined || cpuAtEnd === undefined || requests === 0 ? measured : { ...measured, cpuPerRequestMs: (cpuAtEnd - cpuAtStart) / requests };
}

/** The value below which `p` percent of the sorted values lie (0 for none). */
export const percentile = (sorted: ArrayLike<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** GET requests of the given paths, in turn on each connection. */
export const paths = (list: readonly string[]): autocannon.Request[] => list.map((p) => ({ path: p }));

/**
 * GET requests of paths drawn at random from the list, each request its own draw: buyers do not walk a
 * list in step. With `paths` the 10 connections ask for the same page at nearly the same moment and one
 * cached (or in-flight) answer serves them all, which no buyer feels.
 */
export const mixedPaths = (list: readonly string[]): autocannon.Request[] => [
  { setupRequest: (request) => ({ ...request, method: 'GET', path: list[Math.floor(Math.random() * list.length)]! }) },
];

/** The Fastify hello route for 5 s: the fastest answer on this machine, to read the other figures by. */
export async function measureHello(servers: Pick<BenchServers, 'helloUrl'>, connections = 10) {
  const result = await autocannon({ url: servers.helloUrl, connections, duration: 5 });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/** The rows as a Markdown table, each with its share of the first row's (the yardstick's) req/s. */
export function printRows(rows: readonly Row[]): void {
  const yardstick = rows[0]!;
  console.log('| route | req/s | % of material | p50 ms | p99 ms | non-2xx |\n|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.title} | ${row.rps} | ${Math.round((row.rps / yardstick.rps) * 100)} % | ${row.p50} | ${row.p99} | ${row.non2xx} |`);
}
