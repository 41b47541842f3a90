import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import type { DatabaseEngine } from '../server/config.ts';
import { answerReuseMs, benchSeconds, createSession, materialPaths, measure, measureHello, paths, prepareBenchDatabase, printRows, signIn, startServers, type Row } from './bench-harness.ts';
import { ensurePool, ensureSalesPerson, families, places, random, salesLogin, trades } from './sales-person-data.ts';

// `npm run bench:sales [-- --engine postgres] [--products 100000] [--companies 5000] [--sales-persons 100]
// [--pool 20000]` (issue 12 item 2): sales persons serving N companies each (bench/sales-person-data.ts),
// against the production server, at 10 connections, in one run with a Fastify hello route and
// GET /api/material (the yardstick). Rows:
//   - GET /api/user/salesPersonCustomers, a mix of 1- to 4-character searches (customer-number prefixes,
//     starts and parts of names, letters no name has), by
//       · one sales person: their served list is read once and then remembered (2 s), so nearly every
//         request is a pass over it in memory;
//       · 100 sales persons at random (each serving N of a shared pool), and
//       · the same 100 in turn, so the server (which keeps at most 64 lists) never still has the list:
//         every request reads its sales person's companies from the database, as the first search after
//         a pause of more than two seconds does;
//     target ≥ 50 % of the material list's req/s with p99 ≤ 20 ms;
//   - POST /api/user/switchCustomerOfSalesPerson to 200 different companies: target p99 ≤ 50 ms.
// The share of requests that read their list from the database is modelled from the requests as sent
// (the server's rule: a list kept 2 s, at most 64, all forgotten when full), and printed under the table.
// CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer reuse off; BENCH_SHOP_PROFILE=1 profiles the shop.

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    companies: { type: 'string', default: '5000' },
    'sales-persons': { type: 'string', default: '100' },
    pool: { type: 'string', default: '20000' },
  },
});
const engine = values.engine as DatabaseEngine;
const products = Number(values.products);
const companyCount = Number(values.companies);
const pool = { salesPersons: Number(values['sales-persons']), companiesEach: companyCount, poolSize: Number(values.pool) };
if (pool.poolSize < companyCount) throw new Error('--pool must hold at least --companies companies');

// The server's served-list memo (server/modules/sales-persons/sales-person.service.ts), for the model.
const servedListTtlMs = 2_000;
const servedListMaxEntries = 64;

/** What sales persons type: 1 to 4 characters of customer numbers and names, and some nobody matches. */
function searchTerms(): string[] {
  const next = random(4_711);
  const terms = new Set<string>(['5', '50', '51', '52', '54', '501', '523', '549', '5012', '5234', '5499', 'S-5', 'a', 'e', 'm', 'k', 'ü', 'x', 'q']);
  const words = [...trades, ...families, ...places].map((word) => word.toLowerCase());
  while (terms.size < 200) {
    const word = words[next() % words.length]!;
    const length = 1 + (next() % 4);
    const at = next() % 3 === 0 ? next() % Math.max(1, word.length - length) : 0;
    terms.add(word.slice(at, at + length));
    if (next() % 10 === 0) terms.add(String.fromCharCode(97 + (next() % 26), 97 + (next() % 26), 97 + (next() % 26)));
  }
  return [...terms];
}

const searchPath = (term: string) => `/api/user/salesPersonCustomers?search=${encodeURIComponent(term)}`;

interface Sent {
  at: number;
  salesPerson: number;
  measured: boolean;
}

/**
 * How many of the measured requests found no remembered list and read it from the database: the requests
 * as sent, replayed through the server's rule (createTtlCache in server/cache.ts: an entry lives 2 s; a
 * new one when 64 are kept, expired or not, forgets them all first). Requests under way for the same
 * sales person share one read, as they do in the server.
 */
function servedListReads(sent: readonly Sent[]): { requests: number; reads: number } {
  const lists = new Map<number, number>();
  let requests = 0;
  let reads = 0;
  for (const request of sent) {
    const remembered = (lists.get(request.salesPerson) ?? 0) > request.at;
    if (!remembered) {
      if (lists.size >= servedListMaxEntries) lists.clear();
      lists.set(request.salesPerson, request.at + servedListTtlMs);
    }
    if (request.measured) {
      requests += 1;
      if (!remembered) reads += 1;
    }
  }
  return { requests, reads };
}

/**
 * A search row over the pool's sales persons: each request is made up as it is sent (autocannon's
 * setupRequest), so the 10 connections never walk one list in step: a random search term, and the next
 * sales person in turn or one at random. Answers the requests and the log of who was asked for when.
 */
function poolRequests(tokens: readonly string[], terms: readonly string[], order: 'random' | 'in turn') {
  const next = random(order === 'random' ? 31_337 : 27_182);
  const sent: Sent[] = [];
  let phase: 'warm-up' | 'measured' = 'warm-up';
  let turn = 0;
  const requests: autocannon.Request[] = [
    {
      method: 'GET',
      path: searchPath(terms[0]!),
      setupRequest: (request) => {
        const salesPerson = order === 'random' ? next() % tokens.length : turn++ % tokens.length;
        sent.push({ at: performance.now(), salesPerson, measured: phase === 'measured' });
        return { ...request, path: searchPath(terms[next() % terms.length]!), headers: { ...request.headers, authorization: `Basic ${tokens[salesPerson]}` } };
      },
    },
  ];
  return { requests, sent, onPhase: (now: typeof phase) => void (phase = now) };
}

const terms = searchTerms();
let poolTokens: string[] = [];
await prepareBenchDatabase(engine, products, async (db) => {
  await ensureSalesPerson(db, companyCount);
  const { tenantId, userIds } = await ensurePool(db, pool);
  // A fresh session per pool sales person and run (a token cannot be read back from its hash).
  await db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
  poolTokens = await Promise.all(userIds.map((id) => createSession(db, tenantId, id)));
});

const servers = await startServers({ engine, products, shopPort: 3330, helloPort: 3331 });
try {
  const { base } = servers;
  const session = await signIn(base, salesLogin);
  const { headers } = session;

  /** How many of the terms answer the full 50 companies and how many none, for one sales person. */
  async function answerCounts(authorization: string) {
    const counts = await Promise.all(
      terms.map(async (term) => {
        const response = await fetch(`${base}${searchPath(term)}`, { headers: { ...headers, authorization } });
        if (!response.ok) throw new Error(`${searchPath(term)}: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { data: unknown[] }).data.length;
      }),
    );
    return `${counts.filter((n) => n === 50).length} with 50 answers, ${counts.filter((n) => n === 0).length} with none`;
  }

  const material = await materialPaths(session);
  const answers = await Promise.all(terms.map((term) => session.get<{ data: { id: number }[] }>(searchPath(term))));
  const companyIds = [...new Set(answers.flatMap((answer) => answer.data.map((row) => row.id)))].slice(0, 200);
  const answerPicture = { one: await answerCounts(headers.authorization!), pool: await answerCounts(`Basic ${poolTokens[0]}`) };

  const helloRun = await measureHello(servers);
  const rows: Row[] = [];
  rows.push(await measure(`GET /api/material, ${material.length} category pages`, { base, headers, requests: paths(material) }));
  rows.push(await measure(`GET /api/user/salesPersonCustomers, ${terms.length} searches of 1–4 characters`, { base, headers, requests: paths(terms.map(searchPath)) }));
  const oneReads = Math.ceil(benchSeconds / (servedListTtlMs / 1000));
  const oneRequests = rows[1]!.rps * benchSeconds;
  const poolRows = [];
  for (const order of ['random', 'in turn'] as const) {
    const mix = poolRequests(poolTokens, terms, order);
    const title = `GET /api/user/salesPersonCustomers, ${poolTokens.length} sales persons ${order === 'random' ? 'at random' : 'in turn (list never remembered)'}, ${terms.length} searches`;
    rows.push(await measure(title, { base, headers, requests: mix.requests, onPhase: mix.onPhase }));
    poolRows.push({ order, ...servedListReads(mix.sent) });
  }
  rows.push(
    await measure(`POST /api/user/switchCustomerOfSalesPerson, ${companyIds.length} companies`, {
      base,
      headers,
      requests: companyIds.map((id) => ({ method: 'POST', path: '/api/user/switchCustomerOfSalesPerson', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ customerId: id }) })),
    }),
  );

  console.log(
    `\n${engine}, ${products} products, a sales person serving ${companyCount} companies and ${pool.salesPersons} serving ${companyCount} of ${pool.poolSize} each, 10 connections, ${benchSeconds} s a row, answer reuse ${answerReuseMs} ms`,
  );
  console.log(`searches: ${terms.length} terms; ${salesLogin.username}: ${answerPicture.one}; the pool's first: ${answerPicture.pool}`);
  console.log(`hello: ${helloRun.rps} req/s, p99 ${helloRun.p99} ms`);
  printRows(rows);
  const share = (reads: number, requests: number) => `${reads} of ${requests} requests (${requests ? ((reads / requests) * 100).toFixed(1) : '0'} %)`;
  console.log(`served lists read from the database (modelled on the requests as sent; lists kept ${servedListTtlMs / 1000} s, at most ${servedListMaxEntries}):`);
  console.log(`  one sales person: about ${share(oneReads, oneRequests)}`);
  for (const row of poolRows) console.log(`  ${pool.salesPersons} sales persons ${row.order === 'random' ? 'at random' : 'in turn'}: ${share(row.reads, row.requests)}`);
} finally {
  await servers.stop();
}
