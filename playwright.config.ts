import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// A separate port and data folder let two suites run side by side (e.g. two developers on one machine).
const dataDir = process.env.E2E_DIR ?? 'test-results/e2e';
// The fake search engine listens next to the shop (tests/e2e/helpers.ts knows the same rule).
const enginePort = port + 1;
const engineKey = 'e2e-engine-key';
// The local Stripe stand-in (tests/support/fake-stripe.ts) listens two ports above the shop.
const stripePort = port + 2;
const stripeKeys = { secret: 'sk_test_e2e', webhook: 'whsec_e2e' };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `${dataDir}/playwright`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // A local stand-in for Meilisearch (tests/support/fake-search-engine.ts); the shop keeps its index
    // in step, and the header search asks it once a test turns the site setting useSearchEngine on.
    {
      command: 'node tests/support/fake-search-engine-cli.ts',
      url: `http://127.0.0.1:${enginePort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_SEARCH_ENGINE_PORT: String(enginePort), FAKE_SEARCH_ENGINE_KEY: engineKey },
    },
    // A local stand-in for Stripe Checkout: the API the shop's SDK calls, a hosted payment page with
    // Pay / Decline / Cancel, and webhooks signed like Stripe's sent to the shop.
    {
      command: 'node tests/support/fake-stripe-cli.ts',
      url: `http://127.0.0.1:${stripePort}/__control/sessions`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        FAKE_STRIPE_PORT: String(stripePort),
        FAKE_STRIPE_SECRET_KEY: stripeKeys.secret,
        FAKE_STRIPE_WEBHOOK_SECRET: stripeKeys.webhook,
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payment/webhook`,
      },
    },
    {
    command: 'node server/index.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `${dataDir}/shop.sqlite`,
      MEDIA_DIR: `${dataDir}/media`,
      MAIL_OUTBOX_DIR: `${dataDir}/outbox`,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '50',
      SEARCH_ENGINE_URL: `http://127.0.0.1:${enginePort}`,
      SEARCH_ENGINE_API_KEY: engineKey,
      SEARCH_ENV: 'e2e',
      SEARCH_ENGINE_SYNC_MS: '250',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: stripeKeys.secret,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhook,
      STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
      // Online orders not paid in time are looked for twice a second (the timeout test makes one overdue).
      PAYMENT_SWEEP_MS: '500',
    },
    },
  ],
});
