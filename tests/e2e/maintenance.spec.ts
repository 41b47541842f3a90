import { expect, test } from '@playwright/test';
import { captureScreens, signIn, withShopDatabase } from './helpers.ts';

async function setMaintenance(active: boolean) {
  await withShopDatabase(async (db) => {
    const row = await db.selectFrom('site_settings').select(['tenant_id', 'settings']).executeTakeFirstOrThrow();
    const settings = { ...JSON.parse(row.settings), maintenanceModeActive: active };
    await db.updateTable('site_settings').set({ settings: JSON.stringify(settings) }).where('tenant_id', '=', row.tenant_id).execute();
  });
  // The shop caches settings for two seconds.
  await new Promise((resolve) => setTimeout(resolve, 2200));
}

test.afterEach(async () => {
  await setMaintenance(false);
});

test('maintenance mode sends every page to /maintenance and back when it ends', async ({ page }) => {
  await signIn(page, 'customer');
  await setMaintenance(true);
  await page.goto('/');
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByTestId('maintenance')).toContainText(/Wartung/);
  // The notice comes from the settings but no script survives sanitising.
  expect(await page.locator('[data-testid="maintenance"] script').count()).toBe(0);
  await captureScreens(page, 'maintenance');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/maintenance$/);

  await setMaintenance(false);
  await page.goto('/maintenance');
  await expect(page).toHaveURL(/\/$/);
});
