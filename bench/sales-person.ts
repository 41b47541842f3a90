import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { hashPassword } from '../server/modules/auth/password.ts';
import { benchDataDir, databaseUrl, openBenchDatabase } from './catalog-bench-db.ts';

// `npm run bench:sales [-- --engine postgres] [--products 100000] [--companies 5000]` (issue 12 item 2): a
// sales person serving N companies (built once per database: `bench-sales` / `Bench-Sales-1`, companies
// `S-…`), against the production server, at 10 connections, in one run with a Fastify hello route and
// GET /api/material (the yardstick). Rows:
//   - GET /api/user/salesPersonCustomers with a mix of 1- to 4-character searches (customer-number
//     prefixes, starts and parts of names, letters no name has): target ≥ 50 % of the material list's
//     req/s with p99 ≤ 20 ms;
//   - POST /api/user/switchCustomerOfSalesPerson to 200 different companies: target p99 ≤ 50 ms.
// CATALOG_ANSWER_CACHE_MS=0 turns the catalogue's answer reuse off (the yardstick then computes every page).

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    companies: { type: 'string', default: '5000' },
  },
});
const engine = values.engine as DatabaseEngine;
const products = Number(values.products);
const companyCount = Number(values.companies);
const root = path.resolve(import.meta.dirname, '..');
const shopPort = 3330;
const helloPort = 3331;
const base = `http://127.0.0.1:${shopPort}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const login = { username: 'bench-sales', password: 'Bench-Sales-1' };

// Company names like a wholesaler's customer list: a trade, a family name, a place, a legal form.
const trades = ['Bau', 'Holz', 'Metall', 'Elektro', 'Sanitär', 'Dach', 'Garten', 'Fenster', 'Maler', 'Tischlerei', 'Schlosserei', 'Werkzeug', 'Haustechnik', 'Fliesen', 'Beschläge', 'Eisenwaren'];
const families = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger'];
const places = ['Nord', 'Süd', 'Hamburg', 'Kiel', 'Bremen', 'Lübeck', 'Hannover', 'Rostock', 'Flensburg', 'Oldenburg', 'Harburg', 'Altona'];
const forms = ['GmbH', 'KG', 'e.K.', 'GmbH & Co. KG', 'OHG', 'AG'];

/** A small deterministic generator, so every run builds and searches the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return state;
  };
}

function companyName(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[next() % list.length]!;
  return `${pick(families)} ${pick(trades)}${next() % 3 === 0 ? 'handel' : ''} ${pick(places)} ${pick(forms)}`;
}

/** The sales person and their companies, built when missing (or of another size). */
async function ensureSalesPerson(db: Database): Promise<void> {
  const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const existing = await db.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).where('username', '=', login.username).executeTakeFirst();
  if (existing) {
    const served = await db.selectFrom('sales_person_companies').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', existing.id).executeTakeFirstOrThrow();
    if (Number(served.n) === companyCount) return;
    await db.deleteFrom('sales_person_companies').where('user_id', '=', existing.id).execute();
    await db.deleteFrom('users').where('id', '=', existing.id).execute();
  }
  const started = performance.now();
  await db.deleteFrom('companies').where('tenant_id', '=', tenant.id).where('customer_no', 'like', 'S-%').execute();
  const next = random(20_261_124);
  const ids: number[] = [];
  for (let from = 0; from < companyCount; from += 500) {
    const rows = Array.from({ length: Math.min(500, companyCount - from) }, (_, i) => ({
      tenant_id: tenant.id,
      customer_no: `S-${String(50_000 + from + i)}`,
      name: companyName(next),
      vat_country_code: 'DE',
    }));
    ids.push(...(await db.insertInto('companies').values(rows).returning('id').execute()).map((row) => row.id));
  }
  const user = await db
    .insertInto('users')
    .values({ tenant_id: tenant.id, company_id: ids[0]!, current_company_id: null, username: login.username, email: 'bench-sales@example.com', first_name: 'Bench', last_name: 'Sales', phone: null, password_hash: await hashPassword(login.password), role: 'sales', locale: null, is_deal: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let from = 0; from < ids.length; from += 1000) {
    await db.insertInto('sales_person_companies').values(ids.slice(from, from + 1000).map((company_id) => ({ user_id: user.id, company_id }))).execute();
  }
  console.log(`built ${login.username} serving ${companyCount} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

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

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitUntilServing(url: string) {
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

const { handle } = await openBenchDatabase(engine, products);
await ensureSalesPerson(handle.db);
if (engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
await handle.close();

const hello = start('bench/hello-server.ts', { PORT: String(helloPort) });
const shop = start('server/index.ts', {
  PORT: String(shopPort),
  HOST: '127.0.0.1',
  DATABASE_URL: await databaseUrl(engine, products),
  MEDIA_DIR: path.join(benchDataDir, 'media'),
  MAIL_WORKER: 'off',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  CATALOG_ANSWER_CACHE_MS: process.env.CATALOG_ANSWER_CACHE_MS ?? '2000',
  LOGIN_MAX_ATTEMPTS: '1000',
});
process.on('exit', () => {
  for (const child of [hello, shop]) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Row {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

try {
  await Promise.all([waitUntilServing(`http://127.0.0.1:${helloPort}/hello`), waitUntilServing(`${base}/readyz`)]);
  const signIn = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...login, tenant: 'demo' }) });
  if (!signIn.ok) throw new Error(`login: ${signIn.status} ${await signIn.text()}`);
  const auth = `Basic ${((await signIn.json()) as { token: string }).token}`;
  const headers = { authorization: auth, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${base}${url}`, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  async function load(title: string, requests: autocannon.Request[]): Promise<Row> {
    const options = { url: base, connections: 10, headers, requests };
    // A short warm-up first, so the JIT has compiled the route before it is measured.
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration });
    return { title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
  }

  const categories = (await get<{ data: { _id: number; parent: number | null; isDeal: boolean }[] }>('/api/materialCategory')).data.filter((c) => c.parent === null && !c.isDeal);
  const materialPaths = categories.flatMap((c) => [1, 2, 3, 5, 8].map((page) => `/api/material?category=${c._id}&page=${page}&pageSize=16`));
  const terms = searchTerms();
  const answers = await Promise.all(terms.map((term) => get<{ data: { id: number }[] }>(`/api/user/salesPersonCustomers?search=${encodeURIComponent(term)}`)));
  const hits = answers.map((answer) => answer.data.length);
  const companyIds = [...new Set(answers.flatMap((answer) => answer.data.map((row) => row.id)))].slice(0, 200);

  const helloRun = await autocannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections: 10, duration: 5 });
  const rows: Row[] = [];
  rows.push(await load(`GET /api/material, ${materialPaths.length} category pages`, materialPaths.map((p) => ({ path: p }))));
  rows.push(await load(`GET /api/user/salesPersonCustomers, ${terms.length} searches of 1–4 characters`, terms.map((term) => ({ path: `/api/user/salesPersonCustomers?search=${encodeURIComponent(term)}` }))));
  rows.push(
    await load(
      `POST /api/user/switchCustomerOfSalesPerson, ${companyIds.length} companies`,
      companyIds.map((id) => ({ method: 'POST', path: '/api/user/switchCustomerOfSalesPerson', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ customerId: id }) })),
    ),
  );

  const material = rows[0]!;
  console.log(`\n${engine}, ${products} products, a sales person serving ${companyCount} companies, 10 connections, ${duration} s a row, answer reuse ${process.env.CATALOG_ANSWER_CACHE_MS ?? '2000'} ms`);
  console.log(`searches: ${terms.length} terms, ${hits.filter((n) => n === 50).length} with 50 answers, ${hits.filter((n) => n === 0).length} with none`);
  console.log(`hello: ${Math.round(helloRun.requests.average)} req/s, p99 ${helloRun.latency.p99} ms`);
  console.log('| route | req/s | % of material | p50 ms | p99 ms | non-2xx |\n|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.title} | ${row.rps} | ${Math.round((row.rps / material.rps) * 100)} % | ${row.p50} | ${row.p99} | ${row.non2xx} |`);
} finally {
  hello.kill('SIGTERM');
  shop.kill('SIGTERM');
}
