import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../server/config.ts';
import { hashSessionToken, newSessionToken } from '../server/modules/auth/session-token.ts';
import { benchDataDir, databaseUrl, openBenchDatabase } from './catalog-bench-db.ts';

// `npm run bench:orders [-- --products 100000] [--engine postgres] [--rounds 10] [--connections 10]`:
// POST /api/order/create with 5-line carts from 200 buyers (issue 10), against the production server
// on the catalogue database of bench/catalog-bench-db.ts, next to a Fastify hello route. Each round
// fills every buyer's cart through the API (not measured), then places the 200 orders at the given
// concurrency (measured). The mail worker is off: the figure is the order's transaction and answer.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    engine: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const products = Number(values.products);
const engine = values.engine as DatabaseEngine;
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const buyers = 200;
const linesPerCart = 5;
const root = path.resolve(import.meta.dirname, '..');
const shopPort = 3310;
const helloPort = 3311;

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitUntilServing(url: string) {
  for (let i = 0; i < 2400; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const { handle } = await openBenchDatabase(engine, products);
const db = handle.db;
const company = await db.selectFrom('companies').select(['id', 'tenant_id']).where('customer_no', '=', '10001').executeTakeFirstOrThrow();
const addressId = (await db.selectFrom('addresses').select('id').where('company_id', '=', company.id).where('type', '=', 1).executeTakeFirstOrThrow()).id;
// A pool of ordinary products (some only sellable with positive stock, so the guarded path runs), stocked for every round.
const pool = await db
  .selectFrom('products')
  .select(['id', 'sku', 'sales_batch_size'])
  .where('tenant_id', '=', company.tenant_id)
  .where('is_active', '=', 1)
  .where('category_id', 'in', db.selectFrom('categories').select('id').where('is_active', '=', 1).where('is_deal', '=', 0).where('parent_id', 'is not', null))
  .orderBy('id')
  .limit(500)
  .execute();
await db.updateTable('products').set({ stock: 10_000_000 }).where('id', 'in', pool.map((p) => p.id)).execute();

// The buyers: users with a session each, written directly (signing 200 buyers in would measure argon2).
await db.deleteFrom('users').where('username', 'like', 'bench-buyer-%').execute();
const template = await db.selectFrom('users').select('password_hash').where('username', '=', 'customer').executeTakeFirstOrThrow();
const now = new Date().toISOString();
const tokens: string[] = [];
for (let i = 0; i < buyers; i++) {
  const user = await db
    .insertInto('users')
    .values({ tenant_id: company.tenant_id, company_id: company.id, current_company_id: null, username: `bench-buyer-${i}`, email: `bench-buyer-${i}@example.com`, first_name: 'Bench', last_name: String(i), phone: null, password_hash: template.password_hash, role: 'customer', locale: null, is_deal: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSessionToken();
  await db.insertInto('sessions').values({ tenant_id: company.tenant_id, user_id: user.id, token_hash: hashSessionToken(token), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString() }).execute();
  tokens.push(token);
}
if (engine === 'postgres') await sql`analyze`.execute(db);
await handle.close();

const hello = start('bench/hello-server.ts', { PORT: String(helloPort) });
const dataDir = path.join(benchDataDir, 'orders');
const shop = start('server/index.ts', {
  PORT: String(shopPort),
  HOST: '127.0.0.1',
  DATABASE_URL: await databaseUrl(engine, products),
  MEDIA_DIR: path.join(benchDataDir, 'media'),
  MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
  MAIL_WORKER: 'off',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  CATALOG_ANSWER_CACHE_MS: process.env.CATALOG_ANSWER_CACHE_MS ?? '2000',
  LOGIN_MAX_ATTEMPTS: '1000',
});
try {
  await Promise.all([waitUntilServing(`http://127.0.0.1:${helloPort}/hello`), waitUntilServing(`http://127.0.0.1:${shopPort}/readyz`)]);
  const helloRun = await autocannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections, duration: 5 });
  const base = `http://127.0.0.1:${shopPort}`;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let measuredMs = 0;
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      tokens.map(async (token, i) => {
        const items = Array.from({ length: linesPerCart }, (_, line) => pool[(i * linesPerCart + line + round * 7) % pool.length]!).map((p) => ({
          _id: p.id,
          sku: p.sku,
          orderType: 'order',
          quantity: p.sales_batch_size * 20,
        }));
        const response = await fetch(`${base}/api/basket`, { method: 'POST', headers: { authorization: `Basic ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ items }) });
        if (!response.ok) throw new Error(`filling a cart: ${response.status} ${await response.text()}`);
      }),
    );
    const queue = tokens.map((token, i) => ({ token, key: `bench-${process.pid}-${round}-${i}` }));
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const sent = performance.now();
          const response = await fetch(`${base}/api/order/create`, {
            method: 'POST',
            headers: { authorization: `Basic ${next.token}`, 'idempotency-key': next.key, 'content-type': 'application/json' },
            body: JSON.stringify({ orderType: 'order', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    measuredMs += performance.now() - started;
  }
  latencies.sort((a, b) => a - b);
  const orders = statuses.get(201) ?? 0;
  console.log(`\n${engine}, ${products} products, ${buyers} buyers × ${rounds} rounds, ${linesPerCart} lines a cart, ${connections} connections`);
  console.log(`hello: ${Math.round(helloRun.requests.average)} req/s, p50 ${helloRun.latency.p50} ms, p99 ${helloRun.latency.p99} ms`);
  console.log(
    `POST /api/order/create: ${Math.round((orders / measuredMs) * 1000)} orders/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
} finally {
  hello.kill('SIGTERM');
  shop.kill('SIGTERM');
}
