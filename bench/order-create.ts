import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../server/config.ts';
import { createBenchBuyers, measureHello, percentile, startServers } from './bench-harness.ts';
import { benchDataDir, openBenchDatabase } from './catalog-bench-db.ts';

// `npm run bench:orders [-- --products 100000] [--engine postgres] [--rounds 10] [--connections 10] [--rate 100]`:
// POST /api/order/create with 5-line carts from 200 buyers, against the production server
// on the catalogue database of bench/catalog-bench-db.ts, next to a Fastify hello route. Each round
// fills every buyer's cart through the API (not measured), then places the 200 orders (measured):
// first with `--connections` requests always under way (the most orders a second the shop manages, and
// the latency when it runs flat out), then sent at `--rate` orders a second (the latency at that load).
// The mail worker is off: the figure is the order's transaction and answer.
// BENCH_SHOP_PROFILE=1 writes a CPU profile of the shop to data/bench/profiles.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    engine: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rate: { type: 'string', default: '100' },
  },
});
const products = Number(values.products);
const engine = values.engine as DatabaseEngine;
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const rate = Number(values.rate);
const buyers = 200;
const linesPerCart = 5;
const shopPort = 3310;

// The orders are sent over kept-alive sockets with node:http, which costs the load generator far less
// CPU than fetch: on a 2-core machine the generator's CPU is taken from the shop and its database.
const agent = new http.Agent({ keepAlive: true });
const orderBody = (addressId: number) => JSON.stringify({ orderType: 'order', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true });


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

// The buyers, with a session each.
const tokens = await createBenchBuyers(db, company, buyers);
if (engine === 'postgres') await sql`analyze`.execute(db);
await handle.close();

const servers = await startServers({ engine, products, shopPort, helloPort: 3311, env: { MAIL_OUTBOX_DIR: path.join(benchDataDir, 'orders', 'outbox') } });
try {
  const helloRun = await measureHello(servers, connections);
  const { base } = servers;
  const body = orderBody(addressId);
  const postOrder = (token: string, key: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { agent, host: '127.0.0.1', port: shopPort, path: '/api/order/create', method: 'POST', headers: { authorization: `Basic ${token}`, 'idempotency-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  /**
   * Fills every buyer's cart (not measured), then places the 200 orders: with `connections` requests
   * always under way (closed loop: the most the shop manages), or at a fixed rate of `perSecond` (open
   * loop: each order is sent on its schedule whatever the others do, and its time counts from that
   * schedule, so a stalled shop can't hide its queue).
   */
  async function placeRound(round: number, perSecond?: number) {
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
    const latencies: number[] = [];
    const statuses: number[] = [];
    const started = performance.now();
    if (perSecond) {
      await Promise.all(
        queue.map(async (next, i) => {
          const scheduled = started + (i * 1000) / perSecond;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, scheduled - performance.now())));
          statuses.push(await postOrder(next.token, next.key));
          latencies.push(performance.now() - scheduled);
        }),
      );
    } else {
      await Promise.all(
        Array.from({ length: connections }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const sent = performance.now();
            statuses.push(await postOrder(next.token, next.key));
            latencies.push(performance.now() - sent);
          }
        }),
      );
    }
    return { latencies, statuses, ms: performance.now() - started };
  }

  function report(label: string, runs: Awaited<ReturnType<typeof placeRound>>[]) {
    const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
    const statuses = new Map<number, number>();
    for (const status of runs.flatMap((run) => run.statuses)) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const ms = runs.reduce((sum, run) => sum + run.ms, 0);
    console.log(
      `${label}: ${Math.round(((statuses.get(201) ?? 0) / ms) * 1000)} orders/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }

  // The first round after the start pays for new database connections, statements prepared for the
  // first time and code not yet optimised: it is reported on its own, the running shop's figure after it.
  const first = await placeRound(0);
  const measured = [];
  for (let round = 1; round <= rounds; round++) measured.push(await placeRound(round));
  const paced = [];
  for (let round = rounds + 1; round <= rounds * 2; round++) paced.push(await placeRound(round, rate));
  console.log(`\n${engine}, ${products} products, ${buyers} buyers, ${linesPerCart} lines a cart; after a first round, ${rounds} rounds at ${connections} connections and ${rounds} at ${rate} orders/s`);
  console.log(`hello: ${helloRun.rps} req/s, p50 ${helloRun.p50} ms, p99 ${helloRun.p99} ms`);
  report('POST /api/order/create, first round after the start', [first]);
  report(`POST /api/order/create, ${connections} connections`, measured);
  report(`POST /api/order/create, sent at ${rate}/s`, paced);
  for (const [index, run] of measured.entries()) report(`  round ${index + 1}`, [run]);
} finally {
  await servers.stop();
}
