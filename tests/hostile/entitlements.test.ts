import { afterAll, describe, expect, it } from 'vitest';
import { describeAnswer, describeRequest } from './assertions.ts';
import { entitlementTable, plainRequests, tableRoles, type Expected, type TableRow } from './entitlement-table.ts';
import { createFixtures } from './fixtures.ts';
import { fillPath, pageMethods, pageRoutes, serverRoutes } from './routes.ts';
import type { RouteEntry } from '../../server/app.ts';
import type { Role as AccountRole } from '../../server/context.ts';
import { refusalOf } from '../../server/modules/access/access-policy.ts';
import { apiRequirementOf } from '../../server/modules/access/api-access.ts';
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
    if (route.kind === 'api-fallback' || route.kind === 'erp-fallback') endpoints.push(`ANY ${route.url}`);
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

// The table is generated against the access policy: each API route declares its requirement
// (server/modules/access/api-access.ts), and every role's entry of its row says what that requirement
// implies: the policy's refusal, or an answer past it (a status of the route itself).
const accountRoleOf: Record<(typeof tableRoles)[number], AccountRole | null> = {
  none: null,
  guest: 'guest',
  customer: 'customer',
  customeradmin: 'customer_admin',
  customer2: 'customer',
  sales: 'sales',
  admin: 'admin',
};
const policyRefusals = new Set(['401', '401 error.unauthorized', '403', '403 error.login_required', '403 error.forbidden']);

/** The API rows' entries that contradict what their route's declared requirement implies, as `endpoint role: …`. */
function disagreementsWithPolicy(table: readonly TableRow[]): string[] {
  const found: string[] = [];
  for (const [endpoint, ...expected] of table) {
    const [method = 'GET', url = ''] = endpoint.split(' ');
    if (!url.startsWith('/api/')) continue;
    const requirement = apiRequirementOf(method === 'ANY' ? 'GET' : method, url);
    if (!requirement) {
      found.push(`${endpoint}: no requirement declared`);
      continue;
    }
    for (const [index, tableRole] of tableRoles.entries()) {
      const role = accountRoleOf[tableRole];
      // The demo accounts of the table all act for a company (the sales person has chosen one).
      const refusal = refusalOf(role ? { sessionId: 1, userId: 1, role, companyId: 1 } : null, requirement);
      const entry = String(expected[index]);
      const implied = refusal ? `${refusal.statusCode} ${refusal.messageKey}` : 'past the policy';
      const agrees = refusal ? entry === implied || (refusal.statusCode === 401 && entry === '401') : !policyRefusals.has(entry);
      if (!agrees) found.push(`${endpoint} ${tableRole}: the table says ${entry}, '${requirement}' implies ${implied}`);
    }
  }
  return found;
}

describe('the table agrees with the access policy', () => {
  it('has a declared requirement for every API route the app has', () => {
    const undeclared = endpointsOfApp().filter((endpoint) => {
      const [method = 'GET', url = ''] = endpoint.split(' ');
      return url.startsWith('/api/') && !apiRequirementOf(method === 'ANY' ? 'GET' : method, url);
    });
    expect(undeclared).toEqual([]);
  });

  it('gives each role of an API row what the route’s requirement implies', () => {
    expect(disagreementsWithPolicy(entitlementTable)).toEqual([]);
  });

  it('would notice a row that contradicts its route’s requirement', () => {
    const basket = entitlementTable.find(([endpoint]) => endpoint === 'GET /api/basket')!;
    const [endpoint, none, , ...others] = basket;
    expect(disagreementsWithPolicy([[endpoint, none, '403 error.forbidden', ...others] as TableRow])).toEqual([
      "GET /api/basket guest: the table says 403 error.forbidden, 'buyer' implies 403 error.login_required",
    ]);
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
