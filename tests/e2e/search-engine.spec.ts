import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { captureScreens, changeSiteSettings, signIn, waitUntilSettled } from './helpers.ts';
import { workerShop } from './shops.ts';

// The header search with the external engine (ADR 0009), against the fake engine the
// Playwright config starts next to the shop: with the site setting on, the browser asks the engine
// directly with a tenant token and shows the shop's prices for the hits; a failing health check or a
// throwing search sends it to the shop's own search for the rest of the session.

const engineUrl = workerShop().engineUrl;
const field = (page: Page) => page.getByRole('combobox', { name: 'Artikelsuche' });
const products = (page: Page) => page.getByTestId('search-product');

/** Turns the site setting on or off, and waits until the shop serves the change (it caches settings for up to two seconds). */
async function useSearchEngine(on: boolean) {
  await changeSiteSettings({ useSearchEngine: on });
}

async function engine(path: string, body?: object) {
  const response = await fetch(`${engineUrl}${path}`, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  return response.json() as Promise<unknown>;
}

/** The engine searches the browser made since the last reset. */
async function engineSearches(): Promise<{ body: { q: string; limit: number; matchingStrategy: string } }[]> {
  const requests = (await engine('/_fake/requests')) as { method: string; path: string; body: { q: string; limit: number; matchingStrategy: string } }[];
  return requests.filter((request) => request.method === 'POST' && request.path.endsWith('/search'));
}

/** Counts the browser's calls of the shop's own search. */
function countBuiltInSearches(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/material/search') calls.push(request.url());
  });
  return calls;
}

async function typeKey(page: Page, key: string) {
  await waitUntilSettled(page);
  await field(page).fill(key);
}

test.beforeAll(() => useSearchEngine(true));
test.afterAll(() => useSearchEngine(false));
test.beforeEach(async () => {
  await engine('/_fake/health', { ok: true });
  await engine('/_fake/search', { fail: false });
  await fetch(`${engineUrl}/_fake/requests`, { method: 'DELETE' });
});

test('the panel asks the engine and shows the hits with the shop’s prices and the engine’s marks', async ({ page }) => {
  await signIn(page, 'customer');
  // The pointer rests away from the field: the panel closes when the mouse leaves it.
  await page.mouse.move(1, 600);
  const builtIn = countBuiltInSearches(page);
  await typeKey(page, 'Akku');
  await expect(products(page).first()).toBeVisible();
  const first = products(page).first();
  await expect(first.locator('mark').first()).toHaveText('Akku');
  await expect(first.getByTestId('search-price')).toHaveText(/\d+,\d{2}\s€/);
  // The engine's page is 20 products, asked with match-all.
  await expect(products(page)).toHaveCount(20);
  const searches = await engineSearches();
  expect(searches.at(-1)!.body).toMatchObject({ q: 'Akku', limit: 20, matchingStrategy: 'all' });
  expect(builtIn).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('search.engine.off'))).toBeNull();
  await captureScreens(page, 'search-panel-engine');

  // Enter still goes to the search page, which the shop renders itself.
  await field(page).press('Enter');
  await expect(page).toHaveURL(/\/search\?key=Akku$/);
});

test('a failing health check sends the browser to the shop’s own search for the session', async ({ page }) => {
  await engine('/_fake/health', { ok: false });
  await signIn(page, 'customer');
  const builtIn = countBuiltInSearches(page);
  await typeKey(page, 'Akku');
  await expect(products(page)).toHaveCount(5);
  expect(builtIn).toHaveLength(1);
  expect(await engineSearches()).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('search.engine.off'))).toBe('1');

  // Healthy again, but this session stays with the shop's search, across page loads.
  await engine('/_fake/health', { ok: true });
  await page.reload();
  await typeKey(page, 'Bohrhammer');
  await expect(products(page).first()).toBeVisible();
  expect(await engineSearches()).toEqual([]);
});

test('a throwing engine search is answered by the shop’s own search, and the engine stays off', async ({ page }) => {
  await engine('/_fake/search', { fail: true });
  await signIn(page, 'customer');
  const builtIn = countBuiltInSearches(page);
  await typeKey(page, 'Akku');
  await expect(products(page)).toHaveCount(5);
  expect(builtIn).toHaveLength(1);
  expect(await engineSearches()).toHaveLength(1);
  await typeKey(page, 'Bohrhammer');
  await expect(products(page).first()).toContainText(/Bohrhammer/i);
  expect(await engineSearches()).toHaveLength(1);
});
