import { afterAll, describe, expect, it } from 'vitest';
import { isErpScope } from '../../server/modules/access/erp-access.ts';
import { pollutionProblems, ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { bearer, createErpKeys } from './erp-keys.ts';
import { mutationClasses, mutationsFor, sampleMutations } from './inputs.ts';
import { fillPath, serverRoutes } from './routes.ts';
import { sendChecked, type RunContext } from './runner.ts';
import type { AttackTarget, BaseInput } from './samples.ts';
import { startHostileShop, type SentRequest } from './shop.ts';

// The ERP API (/erp/v1) against malformed input and the wrong keys. Every ERP route of Fastify's route
// table, with the scope it declares:
//   - the key matrix: no key, a malformed, a revoked key: 401 api.key.invalid; a key without the route's
//     scope: 403 api.scope.missing; a key with it: past both (whatever the route then answers, never 5xx);
//   - every class of malformed input, without a key and with a key of every scope: never a 5xx, never a
//     hang or an internal detail, errors in the shop's JSON, and a refused write changes nothing.

const perClass = (method: string) => (method === 'GET' ? 4 : 10);

const shop = await startHostileShop();
const keys = await createErpKeys(shop);
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hostile ERP input: ${context.log.requests} requests`);
  await shop.close();
});

const routes = serverRoutes(shop.routes).filter((route) => route.kind === 'erp' || route.kind === 'erp-fallback');
const scopeOf = (url: string, method: string) => shop.routes.find((route) => route.url === url && route.method === method)?.erpScope;

/**
 * A plain request: an upsert gets one empty row (it fails alone and writes nothing), a change (PATCH) an
 * empty object, a read no body.
 */
function baseOf(method: string, params: string[]): BaseInput {
  const values = Object.fromEntries(params.map((name) => [name, name === '*' ? 'no-such-route' : 'X-1']));
  if (method === 'PATCH') return { params: values, query: [], body: { kind: 'json', value: {} } };
  return method === 'PUT' || method === 'POST' ? { params: values, query: [], body: { kind: 'json', value: [{}] } } : { params: values, query: [] };
}

it('finds the ERP routes in the app’s own route table, each with its scope', () => {
  expect(routes.map((route) => route.url)).toContain('/erp/v1/client');
  for (const route of shop.routes.filter((entry) => entry.url.startsWith('/erp/v1'))) expect(route.erpScope, `${route.method} ${route.url}`).toBeDefined();
});

describe('the key matrix', () => {
  for (const route of routes) {
    const methods = route.kind === 'erp-fallback' ? ['GET', 'PUT'] : route.methods;
    for (const method of methods) {
      const scope = scopeOf(route.url, method);
      if (scope === 'public') continue;
      it(`${method} ${route.url} (${scope})`, async () => {
        const base = baseOf(method, route.params);
        const request = (headers: Record<string, string>): SentRequest => ({
          method,
          url: fillPath(route.url, base.params),
          headers: { ...headers, ...(base.body ? { 'content-type': 'application/json' } : {}) },
          ...(base.body ? { body: JSON.stringify(base.body.value) } : {}),
        });
        for (const headers of [{}, { authorization: 'Bearer not-a-key' }, bearer(keys.revoked), { authorization: `Basic ${keys.all}` }]) {
          const answer = await sendChecked(context, `${method} ${route.url} with ${JSON.stringify(headers)}`, request(headers), 'api');
          expect(answer.status).toBe(401);
          expect(JSON.parse(answer.body).messageKey).toBe('api.key.invalid');
        }
        for (const [own, secret] of Object.entries(keys.only)) {
          const answer = await sendChecked(context, `${method} ${route.url} with a ${own} key`, request(bearer(secret)), 'api');
          if (scope && isErpScope(scope) && own !== scope) {
            expect(answer.status, own).toBe(403);
            expect(JSON.parse(answer.body)).toMatchObject({ messageKey: 'api.scope.missing', details: { scope } });
          } else {
            expect([401, 403], own).not.toContain(answer.status);
          }
        }
        expect(context.log.lines).toEqual([]);
      });
    }
  }
});

for (const route of routes) {
  const methods = route.kind === 'erp-fallback' ? ['GET', 'PUT'] : route.methods;
  for (const method of methods) {
    describe(`${method} ${route.url}`, () => {
      const target: AttackTarget = { surface: 'api', method, pattern: route.url, base: baseOf(method, route.params) };
      for (const cls of mutationClasses) {
        it(cls, async () => {
          const before = context.log.lines.length;
          const mutations = sampleMutations(mutationsFor(cls, target, { registered: route.methods, token: keys.all }), perClass(method), `${method} ${route.url} ${cls}`);
          for (const mutation of mutations) {
            for (const headers of mutation.ownAuth ? [{}] : [{}, bearer(keys.all)]) {
              const request = { ...mutation.request, headers: { ...headers, ...mutation.request.headers } };
              await sendChecked(context, `${mutation.cls} ${mutation.label}${'authorization' in headers ? ' with a key' : ''}`, request, 'api');
            }
          }
          expect(context.log.lines.slice(before)).toEqual([]);
        });
      }
      it('broken NDJSON and too many rows', async () => {
        if (method !== 'PUT') return;
        const before = context.log.lines.length;
        const url = fillPath(route.url, baseOf(method, route.params).params);
        const bodies: [string, string][] = [
          ['application/x-ndjson', '{"a":1}\n{"a":\n'],
          ['application/x-ndjson', '\n\n'],
          ['application/x-ndjson', '{}\n'.repeat(1001)],
          ['application/json', JSON.stringify(Array.from({ length: 1001 }, () => ({})))],
          ['application/json', '{}'],
          ['application/json', '[]'],
        ];
        for (const [type, body] of bodies) {
          const answer = await sendChecked(context, `${type} ${body.slice(0, 20)}`, { method, url, headers: { ...bearer(keys.all), 'content-type': type }, body }, 'api');
          if (route.kind === 'erp') expect(answer.status, `${type} ${body.slice(0, 30)}`).toBe(400);
        }
        expect(context.log.lines.slice(before)).toEqual([]);
      });
    });
  }
}

it('left no prototype polluted', () => {
  expect(pollutionProblems()).toEqual([]);
});
