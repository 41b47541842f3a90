import { expect, test } from './fixtures.ts';
import { captureScreens, changeSiteSettings, signIn } from './helpers.ts';

/** Turns maintenance mode on or off, and waits until the shop serves the change (it caches settings for up to two seconds). */
async function setMaintenance(active: boolean) {
  await changeSiteSettings({ maintenanceModeActive: active });
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
