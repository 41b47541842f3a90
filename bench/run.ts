import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

// `npm run bench`: start-up time, idle memory, and throughput/latency at 10 connections of a Fastify
// hello route, GET /api/configuration and the server-rendered home page, in one run. It uses the
// production build and its own SQLite database under ./data/bench (migrated and seeded before timing).

const root = path.resolve(import.meta.dirname, '..');
const shopPort = 3300;
const helloPort = 3301;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? path.join(root, 'data/bench/shop.sqlite');
const env = {
  ...process.env,
  PORT: String(shopPort),
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  MEDIA_DIR: path.join(root, 'data/bench/media'),
  LOG_LEVEL: 'warn',
};

function startServer(script: string, extraEnv: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [script], { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
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
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up first, so the JIT has compiled the route before it is measured.
  await autocannon({ url, connections: 10, duration: 2, headers });
  const result = await autocannon({ url, connections: 10, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

// 1. A first start migrates and seeds; it is not what we time.
let shop = startServer('server/index.ts', {});
await waitUntilServing(`http://127.0.0.1:${shopPort}/readyz`, 300_000);
shop.kill('SIGTERM');
await new Promise((resolve) => shop.once('exit', resolve));

// 2. Start to first served request on the already migrated database.
const spawnedAt = performance.now();
shop = startServer('server/index.ts', {});
await waitUntilServing(`http://127.0.0.1:${shopPort}/readyz`);
const startupMs = performance.now() - spawnedAt;
await new Promise((resolve) => setTimeout(resolve, 3000));
const idleRss = rssMb(shop.pid!);

const hello = startServer('bench/hello-server.ts', { PORT: String(helloPort) });
await waitUntilServing(`http://127.0.0.1:${helloPort}/hello`);

const login = await fetch(`http://127.0.0.1:${shopPort}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'customer', password: 'Demo-Customer-1', tenant: 'demo' }),
});
const session = (await login.json()) as { token: string; userId: number };

const rows = [];
rows.push(await load('Fastify hello route', `http://127.0.0.1:${helloPort}/hello`));
rows.push(await load('GET /api/configuration', `http://127.0.0.1:${shopPort}/api/configuration`));
rows.push(
  await load('SSR home page (signed in)', `http://127.0.0.1:${shopPort}/`, {
    cookie: `token=${session.token}; userId=${session.userId}`,
  }),
);
hello.kill('SIGTERM');
shop.kill('SIGTERM');

const base = rows[0]!.rps;
console.log(`\nstart to first served request: ${startupMs.toFixed(0)} ms (target ≤ 1500 ms)`);
console.log(`idle RSS: ${idleRss.toFixed(0)} MB (target ≤ 150 MB)\n`);
console.log('| route | req/s | p50 ms | p99 ms | vs hello |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.title} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${((row.rps / base) * 100).toFixed(0)} % |`);
}
console.log('\ntargets: configuration ≥ 50 % of hello; home page p99 ≤ 30 ms');
