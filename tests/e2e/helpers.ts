import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';

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

export async function signIn(page: Page, account: keyof typeof accounts) {
  await page.goto('/auth');
  await page.getByLabel(/Benutzername|Username/).fill(accounts[account].username);
  await page.getByLabel(/Passwort|Password/).fill(accounts[account].password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Screenshots at desktop and phone width into test-results/screens, each checked with axe. */
export async function captureScreens(page: Page, name: string) {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

/** Direct access to the shop's database, to set up states such as maintenance mode. */
export async function withShopDatabase<T>(work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const handle = openDatabase(`${process.env.E2E_DIR ?? 'test-results/e2e'}/shop.sqlite`);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}
