import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type RouteEntry } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import type { Services } from '../../server/services.ts';
import { copyTemplateDatabase, testDataRoot, testEngine } from '../setup/test-database.ts';
import { injectOverHttp } from '../support/inject-over-http.ts';
import { startLoadBalancedShop, type LoadBalancedShop } from '../support/load-balanced-shop.ts';
import { createTestClock, type TestClock } from '../support/test-clock.ts';

/**
 * TEST_THROUGH=load-balancer: every request a test sends goes over HTTP to several instances of the shop behind
 * HAProxy on the test's database (the `load-balanced` project, docs/operations.md), consecutive requests to
 * different instances; the test's own app still gives the services a test drives (a worker's round) and reads.
 */
export const throughLoadBalancer = process.env.TEST_THROUGH === 'load-balancer';

export const demoAccounts = {
  guest: { username: 'guest', password: 'guest' },
  customer: { username: 'customer', password: 'Demo-Customer-1' },
  customeradmin: { username: 'customeradmin', password: 'Demo-CustomerAdmin-1' },
  customer2: { username: 'customer2', password: 'Demo-Customer-2' },
  sales: { username: 'sales', password: 'Demo-Sales-1' },
  admin: { username: 'admin', password: 'Demo-Admin-1' },
  locked: { username: 'locked', password: 'Demo-Locked-1' },
} as const;

export type DemoAccount = keyof typeof demoAccounts;

export interface TestShop {
  app: FastifyInstance;
  services: Services;
  db: Database;
  engine: typeof testEngine;
  /** The shop's clock: a test moves it on (a cache runs out, a link expires) instead of waiting. */
  clock: TestClock;
  /** Every route the app registered (see buildApp). */
  routes: readonly RouteEntry[];
  /** The private database's URL, for a second app process on the same data. */
  databaseUrl: string;
  /** The file store of product documents and downloads (FILES_DIR), shared by the test files of a run. */
  filesDir: string;
  /** Signs a demo account in through the API and returns its Authorization header value. */
  login(account: DemoAccount): Promise<string>;
  close(): Promise<void>;
}

export interface TestShopOptions {
  /** Serve the pages too, from the production build in build/ (`npm run build` first); API only by default. */
  pages?: boolean;
  /** Keep the clock in a file, so app processes a test starts itself read the same time (clock.offsetFile). */
  sharedClock?: boolean;
}

/** The shop's API (and, on request, its pages) on a private copy of the seeded test database. */
export async function startTestShop(env: Record<string, string> = {}, options: TestShopOptions = {}): Promise<TestShop> {
  const database = await copyTemplateDatabase(inject('databaseTemplate'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    MEDIA_DIR: path.join(testDataRoot, 'media'),
    FILES_DIR: path.join(testDataRoot, 'files'),
    ...env,
  });
  const handle = openDatabase(database.url, { poolSize: 4 });
  // Behind the load balancer the instances read the test's clock from a file (tests/support/test-clock.ts).
  const clockFile = throughLoadBalancer || options.sharedClock ? path.join(testDataRoot, `clock-${randomBytes(6).toString('hex')}`) : undefined;
  const clock = createTestClock(clockFile);
  const { app, services, routes } = await buildApp({ config, db: handle.db, pages: options.pages ? { dev: false } : false, clock });
  await app.ready();
  let cluster: LoadBalancedShop | undefined;
  if (throughLoadBalancer) {
    cluster = await startLoadBalancedShop(database.url, { env: { ...env, TEST_CLOCK_FILE: clockFile! } });
    Object.defineProperty(app, 'inject', { value: injectOverHttp(cluster.url) });
  }
  return {
    app,
    services,
    routes,
    db: handle.db,
    engine: testEngine,
    clock,
    databaseUrl: database.url,
    filesDir: config.filesDir,
    async login(account) {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { ...demoAccounts[account], tenant: 'demo' } });
      if (response.statusCode !== 200) throw new Error(`login of ${account} failed: ${response.statusCode} ${response.body}`);
      return `Basic ${response.json<{ token: string }>().token}`;
    },
    async close() {
      await cluster?.close();
      if (clockFile) fs.rmSync(clockFile, { force: true });
      await app.close();
      await handle.close();
      await database.drop();
    },
  };
}

/** An API request: method, URL, body (none when undefined) and further headers. */
export type ApiRequest = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>];

/**
 * One API request with the given Authorization header value (none for null or undefined): answers the
 * status, the parsed JSON body (null when empty; untyped, each test reads the fields it expects) and the raw body.
 */
export async function callApi(shop: Pick<TestShop, 'app'>, authorization: string | null | undefined, ...[method, url, payload, headers = {}]: ApiRequest) {
  const response = await shop.app.inject({
    method,
    url,
    headers: { ...(authorization ? { authorization } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { statusCode: response.statusCode, body: response.body ? response.json() : null, raw: response.body };
}
