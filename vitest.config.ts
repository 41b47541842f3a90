import { defineConfig } from 'vitest/config';

// Two suites: `unit` (pure rules and small server pieces, next to their code) and `api`
// (the JSON API through fastify.inject against a real database: SQLite, or PostgreSQL when
// TEST_DATABASE=postgres). Browser tests run with Playwright, not here.
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
    ],
  },
});
