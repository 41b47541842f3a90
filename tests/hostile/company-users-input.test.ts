import { afterAll, describe, expect, it } from 'vitest';
import { pollutionProblems, ProblemLog } from './assertions.ts';
import { createDataGuard } from './data-guard.ts';
import { createFixtures } from './fixtures.ts';
import { mutationClasses, mutationsFor, sampleMutations } from './inputs.ts';
import { pageMethods, pageRoutes, serverRoutes } from './routes.ts';
import { runMutations, type RunContext } from './runner.ts';
import { apiBase, pageBase, type AttackTarget } from './samples.ts';
import { startHostileShop } from './shop.ts';

// The customer admin's user list answers anyone else 403 before it reads a thing, so the
// general suites (as visitor and customer) never get past its door. Here the same classes of malformed
// input hit its API routes and its page as the customer admin: never a 5xx, never an internal detail, and a
// refused write changes nothing. The plain requests name user id 1, the shared guest, which no admin may
// change: every mutation that keeps the id must be refused, and the guest stays as it was.

const shop = await startHostileShop();
const fixtures = await createFixtures(shop);
const context: RunContext = { shop, guard: await createDataGuard(shop.db), log: new ProblemLog() };
const guestBefore = await shop.db.selectFrom('users').selectAll().where('username', '=', 'guest').executeTakeFirstOrThrow();
afterAll(async () => {
  console.log(`hostile company users input: ${context.log.requests} requests, ${context.guard.snapshots} data fingerprints`);
  await shop.close();
});

const apiUrls = ['/api/user/companyUsers', '/api/user/saveCompanyUser', '/api/user/inviteCompanyUser', '/api/user/sendCompanyUserPasswordReset'];
const apiRoutes = serverRoutes(shop.routes).filter((route) => apiUrls.includes(route.url));
const pages = pageRoutes(shop.build).filter((page) => page.path === '/my-account/users');

it('finds the user list’s routes and page', () => {
  expect(apiRoutes.map((route) => route.url).toSorted()).toEqual(apiUrls.toSorted());
  expect(pages).toHaveLength(1);
});

it('the shared guest is user 1, so the plain requests name a user nobody may change', () => {
  expect(guestBefore.id).toBe(1);
});

const targets: { target: AttackTarget; registered: string[] }[] = [
  ...apiRoutes.flatMap((route) => route.methods.map((method) => ({ target: { surface: 'api' as const, method, pattern: route.url, base: apiBase(route, method, fixtures) }, registered: route.methods }))),
  ...pages.flatMap((page) => pageMethods(page).map((method) => ({ target: { surface: 'page' as const, method, pattern: page.path, base: pageBase(page, method, fixtures) }, registered: pageMethods(page) }))),
];

for (const { target, registered } of targets) {
  describe(`${target.method} ${target.pattern}`, () => {
    for (const cls of mutationClasses) {
      it(cls, async () => {
        const before = context.log.lines.length;
        const token = (await shop.identity('customeradmin')).token;
        const mutations = sampleMutations(mutationsFor(cls, { ...target }, { registered, token }), target.method === 'GET' ? 4 : 12, `${target.method} ${target.pattern} ${cls} admin`);
        await runMutations(context, mutations, ['customeradmin'], target.surface);
        expect(context.log.lines.slice(before)).toEqual([]);
      });
    }
  });
}

it('left the shared guest as it was, and no prototype polluted', async () => {
  expect(await shop.db.selectFrom('users').selectAll().where('username', '=', 'guest').executeTakeFirstOrThrow()).toEqual(guestBefore);
  expect(pollutionProblems()).toEqual([]);
});
