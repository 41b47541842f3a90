import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import { waitUntilSettled } from './fixtures.ts';
import { workerShop } from './shops.ts';

export { waitUntilSettled };

export const accounts = {
  customer: { username: 'customer', password: 'Demo-Customer-1' },
  customer2: { username: 'customer2', password: 'Demo-Customer-2' },
  sales: { username: 'sales', password: 'Demo-Sales-1' },
  admin: { username: 'admin', password: 'Demo-Admin-1' },
} as const;

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Starts a session as the login form does, without the form: the form's own POST to /auth, whose
 * answer sets the session's cookies in this browser. For tests that are not about signing in; the
 * form itself is used by account-fixtures.ts' signInThroughForm.
 */
export async function startSession(page: Page, credentials: { username: string; password: string }): Promise<void> {
  const answer = await page.request.post('/auth', { form: { username: credentials.username, password: credentials.password }, maxRedirects: 0 });
  expect(answer.status(), `signing in ${credentials.username}: ${answer.status() === 302 ? '' : await answer.text()}`).toBe(302);
  expect(answer.headers().location).toBe('/');
}

/** Opens the home page, as the login form leads there, and waits until it runs. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await waitUntilSettled(page);
}

/** Signs a demo account in (startSession) and ends on the home page, ready for input. */
export async function signIn(page: Page, account: keyof typeof accounts) {
  await startSession(page, accounts[account]);
  await openHome(page);
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page) {
  // axe's default mode collects the results of all frames in a blank page it opens for each run (most
  // of a run's time); the shop's pages have no frames from another origin, which only that mode tests.
  // Should a page ever have one, it is checked the default way.
  const origin = new URL(page.url()).origin;
  const foreignFrame = page.frames().some((frame) => {
    if (frame === page.mainFrame()) return false;
    try {
      return new URL(frame.url()).origin !== origin;
    } catch {
      return true;
    }
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(!foreignFrame)
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Screenshots at desktop and phone width into test-results/screens, each of the settled page, each checked with axe. */
export async function captureScreens(page: Page, name: string) {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await waitUntilSettled(page);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

/** Direct access to the worker's shop's database, to set up states such as maintenance mode. */
export async function withShopDatabase<T>(work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const handle = openDatabase(`${workerShop().dataDir}/shop.sqlite`);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

type SiteSettings = Record<string, unknown>;

/**
 * Changes the site settings in the database and waits until the shop serves them: it keeps them for up
 * to two seconds per language (server/modules/settings/settings.service.ts), so the configuration is asked
 * in both languages until it shows the change.
 */
export async function changeSiteSettings(change: SiteSettings): Promise<void> {
  await withShopDatabase(async (db) => {
    const row = await db.selectFrom('site_settings').select(['tenant_id', 'settings']).executeTakeFirstOrThrow();
    await db
      .updateTable('site_settings')
      .set({ settings: JSON.stringify({ ...JSON.parse(row.settings), ...change }) })
      .where('tenant_id', '=', row.tenant_id)
      .execute();
  });
  for (const locale of ['de', 'en']) {
    await expect
      .poll(
        async () => {
          const served = (await (await fetch(`${workerShop().url}/api/configuration`, { headers: { cookie: `locale=${locale}` } })).json()) as SiteSettings;
          return Object.fromEntries(Object.keys(change).map((key) => [key, served[key]]));
        },
        { timeout: 10_000, intervals: [100], message: `the shop serves the changed site settings (${locale})` },
      )
      .toEqual(change);
  }
}
