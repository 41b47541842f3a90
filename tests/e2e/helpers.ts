import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import { waitUntilSettled } from './fixtures.ts';
import { recordScreen, viewports, type Width } from './screen-recording.ts';
import { workerShop } from './shops.ts';

export { viewports, waitUntilSettled };

export const accounts = {
  customer: { username: 'customer', password: 'Demo-Customer-1' },
  customer2: { username: 'customer2', password: 'Demo-Customer-2' },
  sales: { username: 'sales', password: 'Demo-Sales-1' },
  admin: { username: 'admin', password: 'Demo-Admin-1' },
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

/**
 * Records the screen the journey has reached, for the screens lane to screenshot and check with axe at
 * each width (screen-recording.ts). The journey itself takes no screenshot and runs no axe.
 */
export async function captureScreens(page: Page, name: string, widths: Width[] = ['desktop', 'phone']): Promise<void> {
  await recordScreen(page, name, widths, test.info().titlePath.join(' › '));
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
