import { afterAll, describe, expect, it } from 'vitest';
import { pollutionProblems, ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { createFixtures } from './fixtures.ts';
import { mutationClasses, mutationsFor, sampleMutations } from './inputs.ts';
import { serverRoutes } from './routes.ts';
import { runMutations, type RunContext } from './runner.ts';
import { apiBase, type AttackTarget } from './samples.ts';
import { startHostileShop } from './shop.ts';

// Every API route of Fastify's route table × every class of malformed input, anonymous and signed in
// as a customer: never a 5xx, never a hang, never an internal detail, errors as the shop's JSON, and
// a refused write changes nothing.

/**
 * Mutations per route and class (each sent as both roles): keeps the suite to a few thousand requests.
 * Writes get more: that is where refused input must leave the data alone.
 */
const perClass = (method: string) => (method === 'GET' ? 4 : 10);

const shop = await startHostileShop();
const fixtures = await createFixtures(shop);
// The finance view answers a plain customer only where the company shares its invoices (no demo company
// does by default): here they all do, so the hostile input reaches the finance view's own checks.
await shop.db.updateTable('companies').set({ users_see_finance: 1 }).execute();
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hostile API input: ${context.log.requests} requests, ${context.guard.snapshots} data fingerprints`);
  await shop.close();
});

const routes = serverRoutes(shop.routes).filter((route) => route.kind === 'api' || route.kind === 'api-fallback');

it('finds the API routes in the app’s own route table', () => {
  expect(routes.length).toBeGreaterThan(10);
  expect(routes.map((route) => route.url)).toContain('/api/material/:id');
});

it('notices when a refused write changes data (the data guard works)', async () => {
  const company = await shop.db.selectFrom('companies').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const refused = await context.guard.around('POST', async () => {
    await shop.db.updateTable('companies').set({ name: 'changed by a refused write' }).where('id', '=', company.id).execute();
    return { status: 400 };
  });
  // A rename also moves the customer search's counters (migration 0030): derived data counts as a change too.
  expect(refused.changed).toEqual([expect.stringMatching(/^companies /), expect.stringMatching(/^customer_directory_versions /)]);
  const accepted = await context.guard.around('POST', async () => {
    await shop.db.updateTable('companies').set({ name: company.name }).where('id', '=', company.id).execute();
    return { status: 200 };
  });
  expect(accepted.changed).toEqual([]);
  const untouched = await context.guard.around('POST', async () => ({ status: 400 }));
  expect(untouched.changed).toEqual([]);
});

for (const route of routes) {
  // The catch-all answers every method alike: two are enough.
  const methods = route.kind === 'api-fallback' ? ['GET', 'POST'] : route.methods;
  for (const method of methods) {
    describe(`${method} ${route.url}`, () => {
      const target: AttackTarget = { surface: 'api', method, pattern: route.url, base: apiBase(route, method, fixtures) };
      for (const cls of mutationClasses) {
        it(cls, async () => {
          const before = context.log.lines.length;
          const token = (await shop.identity('customer')).token;
          const mutations = sampleMutations(mutationsFor(cls, target, { registered: route.methods, token }), perClass(method), `${method} ${route.url} ${cls}`);
          await runMutations(context, mutations, ['none', 'customer'], 'api');
          expect(context.log.lines.slice(before)).toEqual([]);
        });
      }
    });
  }
}

it('left no prototype polluted', () => {
  expect(pollutionProblems()).toEqual([]);
});
