import { defineConfig } from 'vitest/config';

// Five suites: `unit` (pure rules and small server pieces, next to their code), `support` (the test
// doubles' own tests: the fake search engine and the fake Stripe; no database, so they run once, not once
// per database with the API suite), `api` (the JSON API through fastify.inject against a real database:
// SQLite, or PostgreSQL when TEST_DATABASE=postgres), `load-balanced` (a named part of the API suite through
// HAProxy in front of three instances, on PostgreSQL) and `hostile` (malformed input and the entitlement
// table against API and pages, on SQLite; needs the production build). Browser tests run with Playwright,
// not here.
const loadBalancedSuite = [
  ...['login', 'current-user', 'blocked-accounts', 'account-mail', 'address', 'documents'],
  ...['basket', 'basket-concurrency', 'wishlist'],
  ...['order-create', 'order-race', 'order-mail', 'order-history', 'payment'],
  ...['company-users-invitation', 'sales-person'],
  ...['erp-jobs', 'erp-events', 'erp-webhooks', 'erp-orders', 'erp-races'],
  ...['stock-alarm-firing'],
  ...['order-sheet-confirm', 'order-sheet-paste', 'order-sheet-corrections', 'order-sheet-import'],
  ...['catalog-list', 'catalog-detail', 'catalog-isolation', 'search', 'configuration', 'api-round-trips'],
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'support',
          include: ['tests/support/**/*.test.ts'],
          environment: 'node',
          // The fakes start HTTP servers (one a process of its own): more than unit tests' 5 s on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The acceptance suite through the load balancer: these API files, with every request sent over HTTP to
        // three instances behind HAProxy on PostgreSQL (TEST_THROUGH=load-balancer, tests/api/helper.ts), so a
        // test's consecutive requests reach different instances. They cover sign-in, carts, checkout with its
        // race, the account, people, ERP loads, events and webhooks, stock alarms, order sheets and the
        // catalogue. Files left out write to the database behind the shop's back and expect the next answer to
        // show it, which several instances show within their caches' bounds instead (docs/operations.md,
        // tests/api/instances-caches.test.ts), or test one process's own behaviour.
        test: {
          name: 'load-balanced',
          include: loadBalancedSuite.map((name) => `tests/api/${name}.test.ts`),
          environment: 'node',
          globalSetup: ['tests/setup/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'hostile',
          include: ['tests/hostile/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
