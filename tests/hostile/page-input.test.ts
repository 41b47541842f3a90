import { afterAll, describe, expect, it } from 'vitest';
import { pollutionProblems, ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { createFixtures } from './fixtures.ts';
import { mutationClasses, mutationsFor, sampleMutations } from './inputs.ts';
import { pageMethods, pageRoutes } from './routes.ts';
import { runMutations, type RunContext } from './runner.ts';
import { pageBase, type AttackTarget } from './samples.ts';
import { startHostileShop } from './shop.ts';

// Every page of React Router's manifest (loaders with GET, actions with POST form bodies) × every class
// of malformed input, anonymous and signed in as a customer (cookies): never a 5xx, never a hang,
// never an internal detail, and a refused action changes nothing.

/**
 * Mutations per route and class (each sent as both roles) for page renders, the expensive requests:
 * keeps the suite to a few thousand requests. Actions (POST) are cheap and get every mutation.
 */
const perClass = (method: string) => (method === 'GET' ? 3 : Infinity);

const shop = await startHostileShop();
const fixtures = await createFixtures(shop);
// The invoice pages answer a plain customer only where the company shares its invoices (no demo company
// does by default): here they all do, so the hostile input reaches the pages' own checks, not the 403.
await shop.db.updateTable('companies').set({ users_see_finance: 1 }).execute();
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
afterAll(async () => {
  console.log(`hostile page input: ${context.log.requests} requests, ${context.guard.snapshots} data fingerprints`);
  await shop.close();
});

const pages = pageRoutes(shop.build);

it('finds the pages in React Router’s manifest', () => {
  expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['/', '/landing', '/auth', '/locale', '/category/:verboseCategory?', '/*']));
});

for (const page of pages) {
  for (const method of pageMethods(page)) {
    describe(`${method} ${page.path}`, () => {
      const target: AttackTarget = { surface: 'page', method, pattern: page.path, base: pageBase(page, method, fixtures) };
      for (const cls of mutationClasses) {
        it(cls, async () => {
          const before = context.log.lines.length;
          const token = (await shop.identity('customer')).token;
          // React Router takes every method at every path: "registered" are the ones the page handles.
          const mutations = sampleMutations(mutationsFor(cls, target, { registered: pageMethods(page), token }), perClass(method), `${method} ${page.path} ${cls}`);
          await runMutations(context, mutations, ['none', 'customer'], 'page');
          expect(context.log.lines.slice(before)).toEqual([]);
        });
      }
    });
  }
}

it('left no prototype polluted', () => {
  expect(pollutionProblems()).toEqual([]);
});
