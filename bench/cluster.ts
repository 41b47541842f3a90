import http from 'node:http';
import { parseArgs } from 'node:util';
import { ensureHaproxy } from '../scripts/cluster/haproxy.ts';
import { answerReuseMs, benchSeconds, benchShopEnv, measureHello, percentile, prepareBenchDatabase } from './bench-harness.ts';
import { postgresBenchDatabaseExists } from './catalog-bench-db.ts';
import { checkoutSeenElsewhere } from './cluster-checkout-lag.ts';
import { writeClusterBenchData, type ClusterBenchData } from './cluster-data.ts';
import { send, succeeded, type HttpCall } from './cluster-http.ts';
import { createMix, kindShares, requestKinds, type Figures, type MixResult } from './cluster-mix.ts';
import { createClusterProcesses } from './cluster-processes.ts';
import { readMixTargets } from './cluster-targets.ts';

// `npm run bench:cluster [-- --products 100000] [--instances 3] [--seconds 10] [--rate R] [--orders 20] [--rounds 2]`:
// what running the shop as several instances behind HAProxy (`npm run cluster`) costs, on PostgreSQL
// (the catalogue database of bench/catalog-bench-db.ts), against the production server started the way
// `npm run cluster` starts it, next to a Fastify hello route:
//   1. the proxy's cost: GET /healthz and one catalogue list page, one request at a time, sent directly
//      to an instance, through HAProxy in front of that one instance and through HAProxy in front of all
//      `--instances`: p50 and p99 of each, and what the proxy adds at p50 (wanted: ≤ 1 ms);
//   2. a mixed load from 200 buyers (bench/cluster-mix.ts: list pages of every category, product details,
//      search keys, cart reads and adds, checkouts with an Idempotency-Key from carts filled beforehand
//      and refilled by the cart adds) through HAProxy, first to one instance alone (the others run idle;
//      all were warmed up alike), then to all: the most they answer with 10 requests in flight, then
//      the load sent at a fixed rate (open loop, `--rate`, by default 60 % of the most one instance
//      answered), after a warm-up at that rate, one instance and all taking turns `--rounds` times: p50 and
//      p99 of each kind and overall of the last round, each round's p99, and the errors (wanted: p99 with
//      all within 1.2 × with one; no errors);
//   3. an order placed directly on instance app1, then looked for every 5 ms on app2: in the ERP's event
//      feed and in the buyer's order history, `--orders` orders (wanted: both within 1 s).
// `--products` defaults to 100,000 when that database exists, and says how to make it when not.
// `--seconds` is each measured part's length (default BENCH_SECONDS or 10). CATALOG_ANSWER_CACHE_MS=0 turns
// the catalogue's answer reuse off. The instances' warnings and errors are shown, prefixed with their name.

const largeCatalogue = 100_000;
const usage = 'Usage: npm run bench:cluster [-- --products N] [--instances N] [--seconds S] [--rate R] [--orders N] [--rounds N]';
const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    instances: { type: 'string', default: '3' },
    seconds: { type: 'string', default: String(benchSeconds) },
    rate: { type: 'string' },
    orders: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    help: { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
const seconds = Number(values.seconds);
const fixedRate = values.rate === undefined ? undefined : Number(values.rate);
const orders = Number(values.orders);
const roundCount = Number(values.rounds);
const positive = (n: number | undefined) => n === undefined || (Number.isFinite(n) && n > 0);
if (values.help || !Number.isInteger(instances) || instances < 2 || instances > 16 || !positive(seconds) || !positive(fixedRate) || !Number.isInteger(orders) || orders < 1 || !Number.isInteger(roundCount) || roundCount < 1) {
  console.log(`${usage}\n(--instances at least 2: the third part places orders on one instance and reads them on another)`);
  process.exit(values.help ? 0 : 2);
}
if (values.products === undefined && !(await postgresBenchDatabaseExists(largeCatalogue))) {
  console.error(
    `There is no PostgreSQL bench database of ${largeCatalogue.toLocaleString('en')} products yet. ` +
      `\`npm run bench:cluster -- --products ${largeCatalogue}\` makes it (seeding takes minutes) and runs the bench; --products 2000 runs on a small catalogue.`,
  );
  process.exit(2);
}
const products = Number(values.products ?? largeCatalogue);
if (!Number.isInteger(products) || products < 1) {
  console.log(usage);
  process.exit(2);
}
const buyers = 200;
/** The warm-up before each measured part: the JIT compiles the routes and the instances open their database connections. */
const warmUpSeconds = Math.min(seconds, 5);
/** The default rate's share of what one instance answers at most. */
const loadShare = 0.6;

ensureHaproxy();
let data: ClusterBenchData | undefined;
await prepareBenchDatabase('postgres', products, async (db) => {
  data = await writeClusterBenchData(db, buyers);
});
const { tokens, addressId, cartProducts, erpSecret } = data!;

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** The call for `forSeconds`, one request at a time over one kept-alive connection. */
async function oneAtATime(port: number, call: HttpCall, forSeconds: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const ends = performance.now() + forSeconds * 1000;
  while (performance.now() < ends) {
    const sent = performance.now();
    const answer = await send(agent, port, call);
    latencies.push(performance.now() - sent);
    if (!succeeded(answer)) errors++;
  }
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return { count: sorted.length, p50: tenths(percentile(sorted, 50)), p99: tenths(percentile(sorted, 99)), errors };
}

const processes = createClusterProcesses(await benchShopEnv('postgres', products));
try {
  const helloUrl = await processes.startHello();
  const ports = await processes.startInstances(instances);
  const first = ports[0]!;
  const proxyToOne = await processes.startProxy(1);
  const proxyToAll = await processes.startProxy(instances);
  const hello = await measureHello({ helloUrl });
  const targets = await readMixTargets(`http://127.0.0.1:${first}`, tokens[0]!, cartProducts);
  const buyerHeaders = { authorization: `Basic ${tokens[0]}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const lightCalls: { title: string; call: HttpCall }[] = [
    { title: 'GET /healthz', call: { method: 'GET', path: '/healthz', headers: {} } },
    { title: 'GET /api/material (a list page)', call: { method: 'GET', path: targets.listPaths[0]!, headers: buyerHeaders } },
  ];
  const proxyCost = new Map<string, Figures>();
  async function measureProxyCost(route: string, port: number) {
    for (const { title, call } of lightCalls) {
      await oneAtATime(port, call, warmUpSeconds);
      proxyCost.set(`${title} ${route}`, await oneAtATime(port, call, seconds));
    }
  }

  const mix = createMix({ targets, tokens, addressId });
  // Every instance is warmed up alike before anything is measured (a cold instance answers slower), then
  // the first alone serves the rows of one instance while the others run idle.
  await mix.fillCarts(first);
  await mix.closedLoop(proxyToAll, 10, warmUpSeconds);
  await measureProxyCost('direct', first);
  await measureProxyCost('one', proxyToOne);
  const most = async (port: number) => {
    await mix.fillCarts(first);
    await mix.closedLoop(port, 10, warmUpSeconds);
    return mix.closedLoop(port, 10, seconds);
  };
  const mostOfOne = await most(proxyToOne);
  await measureProxyCost('all', proxyToAll);
  const mostOfAll = await most(proxyToAll);
  const rate = fixedRate ?? Math.max(1, Math.round(mostOfOne.rps * loadShare));
  /** The load at the rate, with the instances' CPU time an answer (ms; a steadier figure than latency on a shared machine). */
  const atRate = async (port: number) => {
    await mix.fillCarts(first);
    await mix.openLoop(port, rate, warmUpSeconds);
    const cpuAtStart = processes.instancesCpuMs();
    const result = await mix.openLoop(port, rate, seconds);
    const cpuAtEnd = processes.instancesCpuMs();
    const cpuPerAnswerMs = cpuAtStart === undefined || cpuAtEnd === undefined ? undefined : (cpuAtEnd - cpuAtStart) / result.overall.count;
    return { ...result, cpuPerAnswerMs };
  };
  // One instance and all of them take turns, `--rounds` times: a machine whose speed drifts, a database that
  // grows with the orders placed, weigh on both alike. The last round of each is reported in full.
  const rounds: { one: Awaited<ReturnType<typeof atRate>>; all: Awaited<ReturnType<typeof atRate>> }[] = [];
  for (let round = 0; round < roundCount; round++) rounds.push({ one: await atRate(proxyToOne), all: await atRate(proxyToAll) });
  console.error(`p99 of all requests at ${rate} req/s by round (→ 1 / → ${instances}): ${rounds.map((r) => `${r.one.overall.p99} / ${r.all.overall.p99} ms`).join(', ')}`);
  const { one: onOne, all: onAll } = rounds.at(-1)!;

  // 3. Placed on app1, read on app2.
  const seen = await checkoutSeenElsewhere({ placeBase: `http://127.0.0.1:${first}`, readBase: `http://127.0.0.1:${ports[1]}`, token: tokens[0]!, erpSecret, addressId, cartProducts, orders });

  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(`\nPostgreSQL, ${products.toLocaleString('en')} products, answer reuse ${answerReuseMs} ms, ${instances} instances, ${seconds} s a measured part (after ${warmUpSeconds} s of warm-up)`);
  console.log(`hello: ${hello.rps} req/s, p50 ${hello.p50} ms, p99 ${hello.p99} ms (Fastify, 10 connections)`);

  console.log(`\n1. The proxy's cost, one request at a time (p50 / p99 ms; wanted: HAProxy adds ≤ 1 ms at p50)`);
  console.log(`| request | direct | HAProxy → 1 | HAProxy → ${instances} | added at p50 (→ 1, → ${instances}) |\n|---|---:|---:|---:|---:|`);
  let worstAdded = 0;
  for (const { title } of lightCalls) {
    const [direct, one, all] = (['direct', 'one', 'all'] as const).map((route) => proxyCost.get(`${title} ${route}`)!);
    const added = [one!.p50 - direct!.p50, all!.p50 - direct!.p50].map(tenths);
    worstAdded = Math.max(worstAdded, ...added);
    const cell = (figures: Figures) => `${figures.p50} / ${figures.p99}${figures.errors > 0 ? ` (${figures.errors} errors)` : ''}`;
    console.log(`| ${title} | ${cell(direct!)} | ${cell(one!)} | ${cell(all!)} | ${added[0]} ms, ${added[1]} ms |`);
  }
  console.log(`at most ${worstAdded} ms added at p50: ${verdict(worstAdded <= 1)}`);

  const mostFigures = (result: MixResult) => `${result.rps} req/s (p50 ${result.overall.p50} ms, p99 ${result.overall.p99} ms, ${result.overall.errors} errors)`;
  console.log(`\n2. Mixed load through HAProxy: ${buyers} buyers, ${targets.listPaths.length} list pages, ${targets.detailPaths.length} products, ${targets.searchPaths.length} search keys`);
  console.log(`the most answered with 10 requests in flight: → 1 ${mostFigures(mostOfOne)}; → ${instances} ${mostFigures(mostOfAll)}`);
  console.log(`sent at ${rate} req/s (${Math.round((rate / mostOfOne.rps) * 100)} % of the most → 1; p50 / p99 ms; wanted: p99 with ${instances} ≤ 1.2 × with 1, no errors):`);
  console.log(`| kind | share | → 1: answers | → 1: p50 / p99 | → 1: errors | → ${instances}: answers | → ${instances}: p50 / p99 | → ${instances}: errors | p99 ${instances} / 1 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|`);
  const mixRow = (title: string, share: string, one: Figures, all: Figures) =>
    console.log(`| ${title} | ${share} | ${one.count} | ${one.p50} / ${one.p99} | ${one.errors} | ${all.count} | ${all.p50} / ${all.p99} | ${all.errors} | ${(all.p99 / one.p99).toFixed(2)} |`);
  for (const kind of requestKinds) mixRow(kind, `${kindShares[kind]} %`, onOne.byKind.get(kind)!, onAll.byKind.get(kind)!);
  mixRow('all', '', onOne.overall, onAll.overall);
  const ratio = onAll.overall.p99 / onOne.overall.p99;
  const errors = [mostOfOne, onOne, mostOfAll, onAll].reduce((sum, result) => sum + result.overall.errors, 0);
  console.log(`p99 with ${instances} / with 1: ${ratio.toFixed(2)}: ${verdict(ratio <= 1.2)}; errors: ${errors}: ${verdict(errors === 0)}`);
  if (onOne.cpuPerAnswerMs !== undefined && onAll.cpuPerAnswerMs !== undefined) {
    console.log(`the instances' CPU time an answer: → 1 ${onOne.cpuPerAnswerMs.toFixed(2)} ms, → ${instances} ${onAll.cpuPerAnswerMs.toFixed(2)} ms`);
  }
  for (const [label, result] of [['most → 1', mostOfOne], ['→ 1', onOne], [`most → ${instances}`, mostOfAll], [`→ ${instances}`, onAll]] as [string, MixResult][]) {
    for (const problem of result.problems) console.log(`  ${label}: ${problem}`);
  }

  const p50AndMax = (ms: number[]) => {
    const sorted = Float64Array.from(ms).sort();
    return { p50: Math.round(percentile(sorted, 50)), max: Math.round(sorted.at(-1)!) };
  };
  const feed = p50AndMax(seen.feedMs);
  const history = p50AndMax(seen.historyMs);
  console.log(`\n3. An order placed on app1, then seen on app2, ${orders} orders (ms after the order's answer; wanted: within 1 s)`);
  console.log(`| seen in | p50 | max |\n|---|---:|---:|\n| the ERP event feed | ${feed.p50} | ${feed.max} |\n| the buyer's order history | ${history.p50} | ${history.max} |`);
  console.log(`slowest ${Math.max(feed.max, history.max)} ms: ${verdict(Math.max(feed.max, history.max) <= 1000)}`);
} finally {
  await processes.stopAll();
}
