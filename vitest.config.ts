import { defineConfig } from 'vitest/config';

// Three suites: `unit` (pure rules and small server pieces, next to their code), `api`
// (the JSON API through fastify.inject against a real database: SQLite, or PostgreSQL when
// TEST_DATABASE=postgres) and `hostile` (malformed input and the entitlement table against API and
// pages, on SQLite; needs the production build). Browser tests run with Playwright, not here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
          environment: 'node',
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
