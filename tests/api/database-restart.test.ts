import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrator.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { testDataRoot, testEngine } from '../setup/test-database.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { startAppProcess, stopAppProcess, type AppProcess } from './app-process-fixtures.ts';
import { errorCodeOf, httpRequest, pause, signInOver, type HttpAnswer, type HttpRequest } from './http-traffic.ts';

// PostgreSQL restarting under load, on a server of the test's own: two app processes on it serve catalogue
// reads, sign-ins and basket reads and writes; while the database is away each answers 503 (JSON with a
// message key, within 5 s, never a 500) and /readyz says 503 too; once it is back both serve again by
// themselves, and what was written before the stop is still there.

const answerLimitMs = 5_000;
const loadAccounts = ['customer2', 'customeradmin', 'sales', 'admin'] as const;

let postgres: PrivatePostgres | undefined;
let filesRoot: string | undefined;
const apps: AppProcess[] = [];
let product: { id: number; sku: string };

interface Outcome {
  operation: string;
  port: number;
  /** The answer's status, or 0 when none came (the error's code in `code`). */
  status: number;
  code?: string;
  body: string;
  retryAfter?: string;
  ms: number;
  startedAt: number;
  at: number;
}

const outcomes: Outcome[] = [];

async function timed(operation: string, port: number, request: HttpRequest): Promise<HttpAnswer | undefined> {
  const started = performance.now();
  try {
    const answer = await httpRequest(port, { ...request, timeoutMs: 2 * answerLimitMs });
    const retryAfter = answer.headers['retry-after'];
    outcomes.push({ operation, port, status: answer.status, body: answer.body, ms: performance.now() - started, startedAt: started, at: performance.now(), ...(typeof retryAfter === 'string' ? { retryAfter } : {}) });
    return answer;
  } catch (error) {
    outcomes.push({ operation, port, status: 0, code: errorCodeOf(error), body: '', ms: performance.now() - started, startedAt: started, at: performance.now() });
    return undefined;
  }
}

const basketLine = (quantity: number) => ({ items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity }] });

/** One buyer's requests until stopped: a catalogue read, a basket read and write, a sign-in; each round on the other instance. */
async function buyer(account: (typeof loadAccounts)[number], offset: number, running: () => boolean) {
  const ports = apps.map((app) => app.port);
  let authorization = await signInOver(ports[offset % ports.length]!, account);
  for (let i = 0; running(); i++) {
    const port = ports[(Math.floor(i / 4) + offset) % ports.length]!;
    switch ((i + offset) % 4) {
      case 0:
        await timed('catalogue', port, { path: `/api/material?page=${1 + (i % 3)}&pageSize=12`, authorization });
        break;
      case 1:
        await timed('basket read', port, { path: '/api/basket', authorization });
        break;
      case 2:
        await timed('basket write', port, { method: 'POST', path: '/api/basket', authorization, json: basketLine(1 + (i % 5)) });
        break;
      default: {
        const answer = await timed('sign-in', port, { method: 'POST', path: '/api/login', json: { username: account, password: passwordOf(account), tenant: 'demo' } });
        if (answer?.status === 200) authorization = `Basic ${(JSON.parse(answer.body) as { token: string }).token}`;
      }
    }
    await pause(20);
  }
}

const passwords: Record<(typeof loadAccounts)[number], string> = {
  customer2: 'Demo-Customer-2',
  customeradmin: 'Demo-CustomerAdmin-1',
  sales: 'Demo-Sales-1',
  admin: 'Demo-Admin-1',
};
const passwordOf = (account: (typeof loadAccounts)[number]) => passwords[account];

/** Asks until `answered` holds for an answer, each ask within the answer limit; resolves with the time it took. */
async function until(port: number, request: HttpRequest, answered: (answer: HttpAnswer) => boolean, withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await timed('until', port, request);
    if (answer && answered(answer)) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`${request.path} on ${port} did not answer as expected within ${withinMs} ms`);
    await pause(100);
  }
}

describe.skipIf(testEngine !== 'postgres')('PostgreSQL restarting under load', () => {
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    filesRoot = fs.mkdtempSync(path.join(testDataRoot, 'database-restart-'));
    const database = openDatabase(postgres.urlFor('postgres'), { poolSize: 2 });
    try {
      await migrateToLatest(database.db);
      await seedDemo(database.db, { products: 50, mediaDir: path.join(filesRoot, 'media'), filesDir: path.join(filesRoot, 'files') });
      product = await database.db
        .selectFrom('products')
        .select(['id', 'sku'])
        .where('is_active', '=', 1)
        .where('sales_batch_size', '=', 1)
        .where('is_only_sellable_with_positive_stock', '=', 0)
        .where('stock', '>=', 100)
        .where('id', 'not in', database.db.selectFrom('product_variants').select('product_id'))
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow();
    } finally {
      await database.close();
    }
    const env = { MEDIA_DIR: path.join(filesRoot, 'media'), FILES_DIR: path.join(filesRoot, 'files'), SHUTDOWN_DRAIN_MS: '0' };
    apps.push(...(await Promise.all([startAppProcess(postgres.urlFor('postgres'), env), startAppProcess(postgres.urlFor('postgres'), env)])));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => stopAppProcess(app)));
    await postgres?.remove();
    if (filesRoot) fs.rmSync(filesRoot, { recursive: true, force: true });
  });

  it('answers 503 while the database is away, never a 500 or a hang, and serves again by itself once it is back', { timeout: 60_000 }, async () => {
    const [first, second] = apps.map((app) => app.port) as [number, number];
    const customer = await signInOver(first, 'customer');
    expect((await httpRequest(first, { method: 'POST', path: '/api/basket', authorization: customer, json: basketLine(7) })).status).toBe(200);

    let loadRuns = true;
    const load = Promise.all(loadAccounts.map((account, index) => buyer(account, index, () => loadRuns)));
    await pause(1_500);

    const stopping = performance.now();
    await postgres!.stop();
    const stopped = performance.now();
    // The load balancer's check sees the instance is unable to serve.
    for (const port of [first, second]) await until(port, { path: '/readyz' }, (answer) => answer.status === 503, answerLimitMs);
    await pause(3_500);

    const restarting = performance.now();
    await postgres!.start();
    // Nobody restarts the app: each instance finds the database again on its own.
    for (const port of [first, second]) {
      expect(await until(port, { path: '/readyz' }, (answer) => answer.status === 200, 10_000)).toBeLessThan(10_000);
      await until(port, { path: '/api/basket', authorization: customer }, (answer) => answer.status === 200, 5_000);
    }
    const recovered = performance.now();
    await pause(2_000);
    loadRuns = false;
    await load;

    // Every request got an answer, within the limit, and only ever 200 or 503.
    expect(outcomes.filter((o) => o.status === 0).map((o) => `${o.operation}: ${o.code}`)).toEqual([]);
    expect(outcomes.filter((o) => o.ms >= answerLimitMs).map((o) => `${o.operation}: ${Math.round(o.ms)} ms`)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503).map((o) => `${o.operation}: ${o.status} ${o.body}`)).toEqual([]);
    expect(outcomes.filter((o) => o.at < stopping && o.operation !== 'until').every((o) => o.status === 200)).toBe(true);

    // While the database was away the API said so in its error format, for each instance and every kind of request.
    const outage = outcomes.filter((o) => o.startedAt > stopped && o.at < restarting && o.operation !== 'until' && o.status === 503);
    expect(new Set(outage.map((o) => o.port))).toEqual(new Set([first, second]));
    expect(new Set(outage.map((o) => o.operation))).toEqual(new Set(['catalogue', 'basket read', 'basket write', 'sign-in']));
    for (const answer of outage) {
      expect(JSON.parse(answer.body)).toEqual({ statusCode: 503, error: 'unavailable', messageKey: 'error.unavailable', message: expect.any(String) });
      expect(answer.retryAfter).toBe('5');
    }
    // And after it was back, every kind of request was served again by both.
    const afterwards = outcomes.filter((o) => o.startedAt > recovered && o.operation !== 'until');
    expect(afterwards.every((o) => o.status === 200)).toBe(true);
    expect(new Set(afterwards.map((o) => `${o.port} ${o.operation}`)).size).toBe(8);

    const basket = await httpRequest(second, { path: '/api/basket', authorization: customer });
    expect(JSON.parse(basket.body).items).toEqual([expect.objectContaining({ sku: product.sku, orderType: 'order', quantity: 7 })]);
  });
});
