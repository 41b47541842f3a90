import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import type { DatabaseEngine } from '../server/config.ts';
import { answerReuseMs, benchSeconds, createSession, materialPaths, measure, measureHello, paths, prepareBenchDatabase, printRows, signIn, startServers, type Row } from './bench-harness.ts';
import { hashSessionToken } from '../server/modules/auth/session-token.ts';
import { readySalesPersons } from '../server/modules/sales-persons/sales-person.service.ts';
import { openBenchDatabase } from './catalog-bench-db.ts';
import { ensurePool, ensureSalesPerson, families, places, random, salesLogin, trades } from './sales-person-data.ts';

// `npm run bench:sales [-- --engine postgres] [--products 100000] [--companies 5000] [--sales-persons 300]
// [--pool 20000]`: sales persons serving N companies each (bench/sales-person-data.ts),
// against the production server, at 10 connections, in one run with a Fastify hello route and
// GET /api/material (the yardstick). Rows:
//   - GET /api/user/salesPersonCustomers, a mix of 1- to 4-character searches (customer-number prefixes,
//     starts and parts of names, letters no name has), by
//       · one sales person (their companies kept ready between searches, customer-directory.ts);
//       · the first 100 of the pool at random (a field team searching at once: all kept ready);
//       · all of the pool in turn: more sales persons than the server keeps ready
//         (readySalesPersons), so every search reads its sales person's companies again;
//     target ≥ 50 % of the material list's req/s with p99 ≤ 20 ms;
//   - POST /api/user/switchCustomerOfSalesPerson to 200 different companies: target p99 ≤ 50 ms.
// Then one request at a time, the first search after a change: after a company was renamed (the tenant's
// directory is built again) and after an assignment changed (the sales person's companies are read again).
// CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer reuse off; BENCH_SHOP_PROFILE=1 profiles the shop.

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    companies: { type: 'string', default: '5000' },
    'sales-persons': { type: 'string', default: '300' },
    pool: { type: 'string', default: '20000' },
  },
});
const engine = values.engine as DatabaseEngine;
const products = Number(values.products);
const companyCount = Number(values.companies);
const pool = { salesPersons: Number(values['sales-persons']), companiesEach: companyCount, poolSize: Number(values.pool) };
if (pool.poolSize < companyCount) throw new Error('--pool must hold at least --companies companies');

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

/**
 * A search row over the pool's sales persons: each request is made up as it is sent (autocannon's
 * setupRequest), so the 10 connections never walk one list in step: a random search term, and the next
 * sales person in turn or one at random.
 */
function poolRequests(tokens: readonly string[], terms: readonly string[], order: 'random' | 'in turn'): autocannon.Request[] {
  const next = random(order === 'random' ? 31_337 : 27_182);
  let turn = 0;
  return [
    {
      method: 'GET',
      path: searchPath(terms[0]!),
      setupRequest: (request) => {
        const salesPerson = order === 'random' ? next() % tokens.length : turn++ % tokens.length;
        return { ...request, path: searchPath(terms[next() % terms.length]!), headers: { ...request.headers, authorization: `Basic ${tokens[salesPerson]}` } };
      },
    },
  ];
}

/** Median and 99th percentile of a list of milliseconds. */
function spread(ms: number[]): { p50: number; p99: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
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
if (poolTokens.length <= readySalesPersons) console.warn(`--sales-persons ${poolTokens.length}: the server keeps ${readySalesPersons} ready, so the 'in turn' row finds them ready too`);

const servers = await startServers({ engine, products, shopPort: 3330, helloPort: 3331 });
// The bench's own connection, to change companies and assignments while the shop runs.
const { handle: changes } = await openBenchDatabase(engine, products);
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
  const poolAuthorization = `Basic ${poolTokens[0]}`;
  const answerPicture = { one: await answerCounts(headers.authorization!), pool: await answerCounts(poolAuthorization) };
  const poolCompanyIds = (await fetch(`${base}${searchPath('')}`, { headers: { ...headers, authorization: poolAuthorization } }).then((r) => r.json() as Promise<{ data: { id: number }[] }>)).data.map((row) => row.id);

  const helloRun = await measureHello(servers);
  const rows: Row[] = [];
  rows.push(await measure(`GET /api/material, ${material.length} category pages`, { base, headers, requests: paths(material) }));
  rows.push(await measure(`GET /api/user/salesPersonCustomers, one sales person, ${terms.length} searches of 1–4 characters`, { base, headers, requests: paths(terms.map(searchPath)) }));
  const team = poolTokens.slice(0, 100);
  rows.push(await measure(`GET /api/user/salesPersonCustomers, ${team.length} sales persons at random, ${terms.length} searches`, { base, headers, requests: poolRequests(team, terms, 'random') }));
  rows.push(
    await measure(`GET /api/user/salesPersonCustomers, ${poolTokens.length} sales persons in turn (companies read again on every search), ${terms.length} searches`, {
      base,
      headers,
      requests: poolRequests(poolTokens, terms, 'in turn'),
    }),
  );
  rows.push(
    await measure(`POST /api/user/switchCustomerOfSalesPerson, ${companyIds.length} companies`, {
      base,
      headers,
      requests: companyIds.map((id) => ({ method: 'POST', path: '/api/user/switchCustomerOfSalesPerson', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ customerId: id }) })),
    }),
  );

  /** One search at a time by the pool's first sales person, each right after `change`; its latencies. */
  async function firstSearchAfter(change: (round: number) => Promise<unknown>, rounds = 60): Promise<{ p50: number; p99: number }> {
    const took: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await change(round);
      const started = performance.now();
      const response = await fetch(`${base}${searchPath(terms[round % terms.length]!)}`, { headers: { ...headers, authorization: poolAuthorization } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`search after a change: ${response.status}`);
      took.push(performance.now() - started);
    }
    return spread(took);
  }
  const renamed = poolCompanyIds[0]!;
  const originalName = (await changes.db.selectFrom('companies').select('name').where('id', '=', renamed).executeTakeFirstOrThrow()).name;
  const afterRename = await firstSearchAfter((round) => changes.db.updateTable('companies').set({ name: `${originalName} ${round % 2 === 0 ? '(neu)' : ''}`.trim() }).where('id', '=', renamed).execute());
  await changes.db.updateTable('companies').set({ name: originalName }).where('id', '=', renamed).execute();
  const salesPersonId = (await changes.db.selectFrom('sessions').select('user_id').where('token_hash', '=', hashSessionToken(poolTokens[0]!)).executeTakeFirstOrThrow()).user_id;
  const moved = poolCompanyIds[1]!;
  const afterAssignment = await firstSearchAfter((round) =>
    round % 2 === 0
      ? changes.db.deleteFrom('sales_person_companies').where('user_id', '=', salesPersonId).where('company_id', '=', moved).execute()
      : changes.db.insertInto('sales_person_companies').values({ user_id: salesPersonId, company_id: moved }).execute(),
  );
  await changes.db.insertInto('sales_person_companies').values({ user_id: salesPersonId, company_id: moved }).onConflict((oc) => oc.doNothing()).execute();

  console.log(
    `\n${engine}, ${products} products, a sales person serving ${companyCount} companies and ${pool.salesPersons} serving ${companyCount} of ${pool.poolSize} each, 10 connections, ${benchSeconds} s a row, answer reuse ${answerReuseMs} ms`,
  );
  console.log(`searches: ${terms.length} terms; ${salesLogin.username}: ${answerPicture.one}; the pool's first: ${answerPicture.pool}`);
  console.log(`hello: ${helloRun.rps} req/s, p99 ${helloRun.p99} ms`);
  printRows(rows);
  console.log('first search after a change, one request at a time (60 each):');
  console.log(`  after a company was renamed (the tenant's directory built again): p50 ${afterRename.p50} ms, p99 ${afterRename.p99} ms`);
  console.log(`  after an assignment changed (the sales person's companies read again): p50 ${afterAssignment.p50} ms, p99 ${afterAssignment.p99} ms`);
} finally {
  await changes.close();
  await servers.stop();
}
