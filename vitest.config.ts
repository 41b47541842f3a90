import { defineConfig } from 'vitest/config';

// Four suites: `unit` (pure rules and small server pieces, next to their code), `support` (the test
// doubles' own tests: the fake search engine and the fake Stripe; no database, so they run once, not once
// per database with the API suite), `api` (the JSON API through fastify.inject against a real database:
// SQLite, or PostgreSQL when TEST_DATABASE=postgres) and `hostile` (malformed input and the entitlement
// table against API and pages, on SQLite; needs the production build). Browser tests run with Playwright,
// not here.
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
