import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOverHttp, startLoadBalancedShop, type LoadBalancedShop } from '../support/load-balanced-shop.ts';
import { testEngine } from '../setup/test-database.ts';
import { startTestShop, throughLoadBalancer, type TestShop } from './helper.ts';

// The shop on three instances behind HAProxy, configured as `npm run cluster` configures it: requests are
// spread one by one, a client cannot choose the address the shop sees, a request id follows a request
// through, the login throttle counts across instances, and an instance that stops gracefully is drained
// without a failed request. Several instances share PostgreSQL only.

let shop: TestShop;
let cluster: LoadBalancedShop;

const json = (body: unknown) => Buffer.from(JSON.stringify(body));

function login(username: string, password: string, headers: Record<string, string> = {}) {
  return requestOverHttp(`${cluster.url}/api/login`, 'POST', { host: 'localhost', 'content-type': 'application/json', ...headers }, json({ username, password, tenant: 'demo' }));
}

describe.runIf(testEngine === 'postgres' && !throughLoadBalancer)('behind the load balancer', () => {
  beforeAll(async () => {
    shop = await startTestShop();
    cluster = await startLoadBalancedShop(shop.databaseUrl, { env: { SHUTDOWN_DRAIN_MS: '1500' } });
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await shop?.close();
  });

  it('sends consecutive requests of one connection to different instances', async () => {
    const servedBy: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await requestOverHttp(`${cluster.url}/api/configuration`, 'GET', { host: 'localhost' });
      expect(answer.statusCode).toBe(200);
      servedBy.push(String(answer.headers['x-served-by']));
    }
    expect(new Set(servedBy)).toEqual(new Set(['app1', 'app2', 'app3']));
    for (let i = 1; i < servedBy.length; i++) expect(servedBy[i]).not.toBe(servedBy[i - 1]);
  });

  it('sees the address the proxy saw, never one a client wrote into X-Forwarded-For', async () => {
    const answer = await login('customer', 'wrong password', { 'x-forwarded-for': '203.0.113.9' });
    expect(answer.statusCode).toBe(401);
    const attempt = await shop.db.selectFrom('login_attempts').select('ip').where('username', '=', 'customer').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(attempt.ip).toBe('127.0.0.1');
  });

  it('keeps a request id the client sent and gives one to a request without', async () => {
    const kept = await requestOverHttp(`${cluster.url}/healthz`, 'GET', { host: 'localhost', 'x-request-id': 'order-form-1234' });
    expect(kept.headers['x-request-id']).toBe('order-form-1234');
    const given = await requestOverHttp(`${cluster.url}/healthz`, 'GET', { host: 'localhost' });
    expect(given.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('throttles failed sign-ins of one user across all instances', async () => {
    const servedBy = new Set<string>();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await login('customer2', `wrong-${i}`);
      statuses.push(answer.statusCode);
      servedBy.add(String(answer.headers['x-served-by']));
    }
    expect(servedBy.size).toBe(3);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Still refused on every instance, with the right password too.
    for (let i = 0; i < 3; i++) expect((await login('customer2', 'Demo-Customer-2')).statusCode).toBe(429);
  });

  it('drains an instance that stops gracefully: it gets no new requests and no request fails', async () => {
    const statuses: number[] = [];
    const servedBy: { at: number; by: string }[] = [];
    let running = true;
    const traffic = (async () => {
      while (running) {
        const answer = await requestOverHttp(`${cluster.url}/api/configuration`, 'GET', { host: 'localhost' }).catch(() => undefined);
        statuses.push(answer?.statusCode ?? 0);
        servedBy.push({ at: performance.now(), by: String(answer?.headers['x-served-by']) });
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = performance.now();
    const exitCode = await cluster.stopInstance('app3', 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await traffic;
    expect(exitCode).toBe(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Health checks every 500 ms, two failed ones take it out: within the 1.5 s it drains.
    expect(servedBy.filter((request) => request.by === 'app3' && request.at > stoppedAt + 1_500)).toEqual([]);
    await cluster.startInstance('app3');
  }, 30_000);
});
