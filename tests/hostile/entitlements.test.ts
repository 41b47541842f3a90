import { afterAll, describe, expect, it } from 'vitest';
import { describeAnswer, describeRequest } from './assertions.ts';
import { entitlementTable, plainRequests, tableRoles, type Expected } from './entitlement-table.ts';
import { createFixtures } from './fixtures.ts';
import { fillPath, pageMethods, pageRoutes, serverRoutes } from './routes.ts';
import type { RouteEntry } from '../../server/app.ts';
import { startHostileShop, surfaceOf, type Answer, type Role, type SentRequest } from './shop.ts';

// The entitlement matrix: every endpoint the app has (read from its own route tables) × every role,
// with the status of a plain request as entitlement-table.ts says.

const shop = await startHostileShop();
const fixtures = await createFixtures(shop);
let requests = 0;
afterAll(async () => {
  console.log(`entitlements: ${requests} requests`);
  await shop.close();
});

/** Every endpoint the app has, in the table's notation (`GET /api/material/:id`, `ANY /api/*`, `POST /locale`). */
function endpointsOfApp(routeTable: readonly RouteEntry[] = shop.routes): string[] {
  const endpoints: string[] = [];
  for (const route of serverRoutes(routeTable)) {
    // Fastify's `/*` hands everything to React Router: its pages are listed from the manifest below.
    if (route.kind === 'pages') continue;
    if (route.kind === 'api-fallback') endpoints.push(`ANY ${route.url}`);
    else for (const method of route.methods) endpoints.push(`${method} ${route.url}`);
  }
  for (const page of pageRoutes(shop.build)) for (const method of pageMethods(page)) endpoints.push(`${method} ${page.path}`);
  return endpoints;
}

const rows = new Map(entitlementTable.map(([endpoint, ...expected]) => [endpoint, expected]));

describe('the table covers the app', () => {
  it('has a row for every route the app has', () => {
    expect(endpointsOfApp().filter((endpoint) => !rows.has(endpoint))).toEqual([]);
  });

  it('has no row for a route the app does not have', () => {
    const endpoints = new Set(endpointsOfApp());
    expect([...rows.keys()].filter((endpoint) => !endpoints.has(endpoint))).toEqual([]);
  });

  it('would notice a route added without a row', () => {
    const added = [...shop.routes, { method: 'GET', url: '/api/added-tomorrow' }, { method: 'HEAD', url: '/api/added-tomorrow' }];
    expect(endpointsOfApp(added).filter((endpoint) => !rows.has(endpoint))).toEqual(['GET /api/added-tomorrow']);
  });

  it('names each endpoint once and gives every role an answer', () => {
    expect(rows.size).toBe(entitlementTable.length);
    for (const [endpoint, ...expected] of entitlementTable) expect(expected, endpoint).toHaveLength(tableRoles.length);
  });
});

const asset = shop.routes.find((route) => route.url.startsWith('/assets/') && route.method === 'GET')?.url ?? '/assets/none.js';
const placeholders: Record<string, string> = {
  product: String(fixtures.samples.product.id),
  sku: encodeURIComponent(fixtures.samples.product.sku),
  category: String(fixtures.samples.category.id),
  categoryPath: fixtures.samples.category.verbose,
  content: fixtures.samples.contentSlug ?? 'impressum',
};
const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => placeholders[name] ?? `{${name}}`);

/** The plain request of a row for one method. */
function plainRequest(endpoint: string, method: string): SentRequest {
  const [, pattern = '/'] = endpoint.split(' ');
  const plain = plainRequests[endpoint] ?? {};
  const defaultPath = pattern === '/assets/*' ? asset : fillPath(pattern, { id: placeholders.product!, '*': 'x' });
  const path = fill(plain.path ?? defaultPath);
  const url = plain.query ? `${path}?${fill(plain.query)}` : path;
  if (plain.form) return { method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(plain.form).toString() };
  if (plain.json !== undefined || (method !== 'GET' && method !== 'HEAD' && surfaceOf(url) === 'api')) {
    return { method, url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(plain.json ?? {}) };
  }
  if (method !== 'GET' && method !== 'HEAD') return { method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' };
  return { method, url };
}

/** What an answer shows in the table's notation. */
function observed(answer: Answer, expected: Expected): string {
  if (answer.failure) return answer.failure;
  const location = answer.headers.location;
  if (answer.status >= 300 && answer.status < 400) return `${answer.status} → ${String(location)}`;
  const key = typeof expected === 'string' && !expected.includes('→') ? expected.split(' ')[1] : undefined;
  if (key) {
    try {
      return `${answer.status} ${(JSON.parse(answer.body) as { messageKey?: string }).messageKey}`;
    } catch {
      return `${answer.status} (no JSON)`;
    }
  }
  return String(answer.status);
}

describe.each(entitlementTable.map(([endpoint, ...expected]) => ({ endpoint, expected })))('$endpoint', ({ endpoint, expected }) => {
  it('answers each role as the table says', async () => {
    const [method = 'GET'] = endpoint.split(' ');
    const methods = method === 'ANY' ? ['GET', 'POST', 'DELETE', 'PUT'] : [method];
    const mismatches: string[] = [];
    for (const [index, role] of tableRoles.entries()) {
      const want = expected[index]!;
      for (const m of methods) {
        const plain = plainRequest(endpoint, m);
        const surface = surfaceOf(plain.url);
        const auth = await shop.authHeaders(role as Role, surface);
        const request = { ...plain, headers: { ...auth, ...plain.headers } };
        const answer = await shop.send(request);
        requests++;
        const got = observed(answer, want);
        if (got !== String(want)) mismatches.push(`${role}: expected ${want}, got ${got} ⟵ ${describeRequest(request)} → ${describeAnswer(answer)}`);
        // Unauthenticated API calls say so in the shop's words.
        if (surface === 'api' && answer.status === 401 && !answer.body.includes('"messageKey":"error.unauthorized"')) {
          mismatches.push(`${role}: 401 without error.unauthorized ⟵ ${describeRequest(request)} → ${describeAnswer(answer)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
