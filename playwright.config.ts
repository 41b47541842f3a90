import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { shopCount, shops, type Shop } from './tests/e2e/shops.ts';

// A separate port and data folder let two suites run side by side (e.g. two developers on one machine).
const dataDir = process.env.E2E_DIR ?? 'test-results/e2e';
// Two lanes (scripts/e2e.ts sets E2E_LANE): `journeys` walks the shop, a shop per worker, and records the
// screens it reaches; `screens` (screens.spec.ts) screenshots and checks with axe what the journeys
// recorded, without a shop (tests/e2e/screen-recording.ts).
const lane = process.env.E2E_LANE === 'screens' ? 'screens' : 'journeys';
const engineKey = 'e2e-engine-key';
const stripeKeys = { secret: 'sk_test_e2e', webhook: 'whsec_e2e' };

// Each worker has a shop of its own (tests/e2e/shops.ts): shop i on E2E_PORT + 3i, its fake search
// engine one port above, its fake Stripe two above, its files in E2E_DIR or E2E_DIR/shop-i.
type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

function servers(shop: Shop): WebServer[] {
  return [
    // A local stand-in for Meilisearch (tests/support/fake-search-engine.ts); the shop keeps its index
    // in step, and the header search asks it once a test turns the site setting useSearchEngine on.
    {
      command: 'node tests/support/fake-search-engine-cli.ts',
      url: `${shop.engineUrl}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_SEARCH_ENGINE_PORT: String(shop.enginePort), FAKE_SEARCH_ENGINE_KEY: engineKey },
    },
    // A local stand-in for Stripe Checkout: the API the shop's SDK calls, a hosted payment page with
    // Pay / Decline / Cancel, and webhooks signed like Stripe's sent to the shop.
    {
      command: 'node tests/support/fake-stripe-cli.ts',
      url: `http://127.0.0.1:${shop.stripePort}/__control/sessions`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        FAKE_STRIPE_PORT: String(shop.stripePort),
        FAKE_STRIPE_SECRET_KEY: stripeKeys.secret,
        FAKE_STRIPE_WEBHOOK_SECRET: stripeKeys.webhook,
        FAKE_STRIPE_WEBHOOK_URL: `${shop.url}/api/payment/webhook`,
      },
    },
    {
      command: 'node server/index.ts',
      url: `${shop.url}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(shop.port),
        HOST: '127.0.0.1',
        DATABASE_URL: `${shop.dataDir}/shop.sqlite`,
        MEDIA_DIR: `${shop.dataDir}/media`,
        FILES_DIR: `${shop.dataDir}/files`,
        MAIL_OUTBOX_DIR: `${shop.dataDir}/outbox`,
        // The mail worker looks for new mails ten times a second: the tests wait for the mails they read.
        MAIL_POLL_MS: '100',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_ATTEMPTS: '50',
        SEARCH_ENGINE_URL: shop.engineUrl,
        SEARCH_ENGINE_API_KEY: engineKey,
        SEARCH_ENV: 'e2e',
        SEARCH_ENGINE_SYNC_MS: '250',
        PUBLIC_URL: shop.url,
        STRIPE_SECRET_KEY: stripeKeys.secret,
        STRIPE_WEBHOOK_SECRET: stripeKeys.webhook,
        STRIPE_API_BASE: `http://127.0.0.1:${shop.stripePort}`,
        // Online orders not paid in time are looked for twice a second (the timeout test makes one overdue).
        PAYMENT_SWEEP_MS: '500',
      },
    },
  ];
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: lane === 'screens' ? 'screens.spec.ts' : '*.spec.ts',
  testIgnore: lane === 'screens' ? [] : ['screens.spec.ts'],
  // Playwright empties its output folder at the start: a lane of its own each, so the screens lane keeps
  // the journeys' failure traces.
  outputDir: `${dataDir}/playwright-${lane}`,
  // A spec file's tests run in order in one worker; files are spread over the workers, one shop each.
  fullyParallel: false,
  workers: shopCount,
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    // The worker's own shop: tests/e2e/fixtures.ts sets baseURL per worker.
    locale: 'de-DE',
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  webServer: lane === 'journeys' ? shops.flatMap(servers) : [],
});
