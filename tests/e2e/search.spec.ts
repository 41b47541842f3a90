import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accounts, captureScreens, signIn, startSession, viewports, waitUntilSettled } from './helpers.ts';

// The header's search panel and the /search page (docs/product.md, Catalogue): the three-character
// rule, highlights, keyboard use, answers arriving out of order, the search page with paging and the
// catalogue toggles, guests and phones.

/** Opens a page and waits until its scripts have run, so keys and clicks reach React's handlers. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitUntilSettled(page);
  return response;
}

const field = (page: Page) => page.getByRole('combobox', { name: 'Artikelsuche' });
const panel = (page: Page) => page.getByTestId('search-panel');
const options = (page: Page) => page.getByRole('listbox', { name: 'Suchergebnisse' }).getByRole('option');

/** Counts the browser's calls of the search API. */
function countSearchCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/material/search')) calls.push(new URL(request.url()).searchParams.get('searchKey') ?? '');
  });
  return calls;
}

test.describe('the search panel in the header', () => {
  test('asks for three characters, says when nothing is found and marks what matched', async ({ page }) => {
    // The page's timers run on Playwright's clock, so the test can let the search's pause pass at once.
    await page.clock.install();
    await signIn(page, 'customer');
    await waitUntilSettled(page);
    // The pointer rests away from the field: the panel closes when the mouse leaves it, which a
    // screenshot at another width would otherwise bring about.
    await page.mouse.move(1, 600);
    const calls = countSearchCalls(page);
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false');

    // Two characters never reach the server, not even after the 300 ms pause: time stands still while
    // they are typed, then twice the pause passes at once (a request would be in `calls` before the next one).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await field(page).fill('Ak');
    await page.clock.runFor(600);
    await expect(panel(page)).toBeVisible();
    await expect(field(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('search-status')).toHaveText('Bitte geben Sie mindestens 3 Zeichen ein.');
    expect(calls).toEqual([]);
    await page.clock.resume();

    await field(page).fill('xyzqq');
    await expect(page.getByTestId('search-status')).toHaveText('Keine Ergebnisse gefunden.');
    expect(calls).toEqual(['xyzqq']);

    await field(page).fill('Akku');
    await expect(options(page)).toHaveCount(5);
    const first = page.getByTestId('search-product').first();
    await expect(first.locator('mark').first()).toHaveText('Akku');
    await expect(first.getByTestId('search-price')).toHaveText(/\d+,\d{2}\s€/);
    await expect(first).toContainText('zzgl. MwSt.');
    await expect(first.getByTestId('search-stock')).toHaveText(/Auf Lager|Nicht auf Lager/);
    await expect(page.getByTestId('search-show-all')).toHaveText('Alle 26 Treffer anzeigen');
    await captureScreens(page, 'search-panel');

    // Load more appends the next page below the first.
    const firstSku = await first.getAttribute('data-sku');
    await page.getByTestId('search-load-more').click();
    await expect(page.getByTestId('search-product')).toHaveCount(10);
    await expect(page.getByTestId('search-product').first()).toHaveAttribute('data-sku', firstSku!);
    await expect(panel(page)).toBeVisible();

    // A sku is marked in the material number.
    await field(page).fill('MAT-000012');
    await expect(page.getByTestId('search-product')).toHaveCount(1);
    await expect(page.getByTestId('search-product-sku').locator('mark')).toHaveText('MAT-000012');

    // Categories whose names match come first, as links.
    await field(page).fill('Werkzeug');
    await expect(page.getByTestId('search-category').first()).toContainText('Werkzeug');
    await page.getByTestId('search-category').filter({ hasText: 'Handwerkzeug' }).click();
    await expect(page).toHaveURL(/\/category\/handwerkzeug-\d+$/);
    await expect(panel(page)).toBeHidden();
  });

  test('is used with the keyboard: arrows through the results, Enter opens one, Escape closes', async ({ page }) => {
    await signIn(page, 'customer');
    await waitUntilSettled(page);
    await field(page).focus();
    await page.keyboard.type('Bohrschrauber');
    await expect(options(page)).toHaveCount(5);
    // The answer for the whole word, not a stale one for its beginning still shown while it loads: a new
    // answer starts with no option active.
    await expect(page.getByRole('listbox', { name: 'Suchergebnisse' })).not.toHaveAttribute('aria-busy');
    await expect(field(page)).not.toHaveAttribute('aria-activedescendant');

    await page.keyboard.press('ArrowDown');
    const firstId = await options(page).nth(0).getAttribute('id');
    await expect(field(page)).toHaveAttribute('aria-activedescendant', firstId!);
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    // The focus stays in the field the whole time.
    await expect(field(page)).toBeFocused();
    await captureScreens(page, 'search-panel-keyboard', ['desktop']);

    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(field(page)).toHaveAttribute('aria-expanded', 'false');
    // ArrowDown opens it again, with no option active yet.
    await page.keyboard.press('ArrowDown');
    await expect(panel(page)).toBeVisible();
    await expect(field(page)).not.toHaveAttribute('aria-activedescendant');

    await page.keyboard.press('ArrowDown');
    const sku = await options(page).nth(0).getAttribute('data-sku');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/\\d+\\?sku=${sku}$`));
    await expect(page.getByTestId('product-page')).toBeVisible();
    await expect(panel(page)).toBeHidden();
  });

  test('never lets an older answer replace a newer one', async ({ page }) => {
    await signIn(page, 'customer');
    await waitUntilSettled(page);
    // The answer for "Hammer" is held back until after the one for "Akku" has arrived.
    let releaseHammer!: () => void;
    const hammerHeld = new Promise<void>((resolve) => {
      releaseHammer = resolve;
    });
    // Settles once the held answer has reached the page, or the page has refused it (it may have
    // given up the request when the newer one started).
    let hammerDelivered!: () => void;
    const hammerDone = new Promise<void>((resolve) => {
      hammerDelivered = resolve;
    });
    await page.route('**/api/material/search?*', async (route) => {
      const key = new URL(route.request().url()).searchParams.get('searchKey');
      if (key === 'Hammer') {
        const response = await route.fetch();
        await hammerHeld;
        await route.fulfill({ response }).catch(() => undefined);
        hammerDelivered();
      } else {
        await route.continue();
      }
    });
    await field(page).fill('Hammer');
    await page.waitForRequest((request) => request.url().includes('searchKey=Hammer'));
    await field(page).fill('Akku');
    await expect(page.getByTestId('search-show-all')).toHaveText('Alle 26 Treffer anzeigen');
    releaseHammer();
    await hammerDone;
    // The page has read the late answer (if it took it) once it is at rest again.
    await waitUntilSettled(page);
    await expect(page.getByTestId('search-show-all')).toHaveText('Alle 26 Treffer anzeigen');
    await expect(page.getByTestId('search-product-name').first().locator('mark')).toHaveText('Akku');
  });

  test('closes when the mouse leaves it or the focus moves away', async ({ page }) => {
    await signIn(page, 'customer');
    await waitUntilSettled(page);
    await field(page).fill('Akku');
    await expect(options(page)).toHaveCount(5);
    await options(page).first().hover();
    await page.mouse.move(200, 700);
    await expect(panel(page)).toBeHidden();

    await field(page).click();
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(panel(page)).toBeHidden();
  });
});

test.describe('the search page', () => {
  test('is reached with Enter, which empties the field; it pages and switches like the category page', async ({ page }) => {
    await signIn(page, 'customer');
    await waitUntilSettled(page);
    await field(page).fill('Akku');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?key=Akku$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('26 Treffer für „Akku“');
    // The header's field is hidden on /search; the page has a form of its own with the key.
    await expect(field(page)).toHaveCount(0);
    await expect(page.getByTestId('search-page-form').getByRole('textbox')).toHaveValue('Akku');

    const rows = page.getByTestId('product-row');
    expect(await rows.count()).toBeGreaterThanOrEqual(16);
    await expect(page.getByTestId('result-count')).toHaveText('26 Artikel');
    await expect(page.getByRole('columnheader', { name: 'Preis netto' })).toBeVisible();
    await captureScreens(page, 'search-page');

    await page.getByTestId('page-next').click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId('page-position')).toHaveText('Seite 2 von 2');
    await expect(rows).not.toHaveCount(0);
    await page.getByTestId('page-previous').click();
    await expect(page).not.toHaveURL(/page=/);

    await page.getByTestId('toggle-stock').click();
    await expect(page).toHaveURL(/stockAvail=1/);
    await expect(page.getByTestId('toggle-stock')).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => Number((await page.getByTestId('result-count').textContent())!.replace(/\D/g, ''))).toBeLessThan(26);
    // The toggle is in the URL: the server renders the filtered list for whoever opens the link.
    expect(await (await page.request.get(page.url())).text()).toContain('aria-checked="true"');

    await page.getByTestId('toggle-preorder').click();
    await expect(page).toHaveURL(/preOrder=1/);
    await expect(page.getByRole('columnheader', { name: 'Vorbestellpreis netto' })).toBeVisible();

    await page.getByTestId('view-grid').click();
    await expect(page.getByTestId('product-grid')).toBeVisible();
    // The grid buys as on the category page: pre-orders on the product page, orders with a quantity on the card.
    await expect(page.getByTestId('product-card').first().getByRole('link', { name: 'Vorbestellen' })).toBeVisible();
    await page.getByTestId('toggle-preorder').click();
    await expect(page).not.toHaveURL(/preOrder=1/);
    await expect(page.getByTestId('product-card').first().getByTestId('quantity-input')).toBeVisible();
    await page.getByTestId('toggle-preorder').click();
    await expect(page).toHaveURL(/preOrder=1/);

    // A new key from the page's own form keeps the toggles that are on.
    await page.getByTestId('search-page-form').getByRole('textbox').fill('Bohrschrauber');
    await page.getByTestId('search-page-form').getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/key=Bohrschrauber/);
    await expect(page).toHaveURL(/stockAvail=1/);

    // Back on another page the header's field is there again, and empty.
    await page.getByRole('link', { name: /Startseite/ }).first().click();
    await expect(field(page)).toHaveValue('');
  });

  test('lists the categories whose names match, says when nothing is found, and explains a too short key', async ({ page }) => {
    await startSession(page, accounts.customer);
    await open(page, '/search?key=Werkzeug');
    const categories = page.getByTestId('search-page-categories');
    await expect(categories.getByRole('link', { name: 'Werkzeug', exact: true })).toBeVisible();
    await categories.getByRole('link', { name: 'Handwerkzeug' }).click();
    await expect(page).toHaveURL(/\/category\/handwerkzeug-\d+$/);

    await open(page, '/search?key=xyzqq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('0 Treffer für „xyzqq“');
    await expect(page.getByTestId('empty-list')).toContainText('Keine Ergebnisse gefunden.');
    await captureScreens(page, 'search-page-empty', ['desktop']);

    const response = await open(page, '/search?key=ak');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('search-message')).toHaveText('Der Suchbegriff muss mindestens 3 Zeichen lang sein.');
    await open(page, '/search');
    await expect(page.getByTestId('search-message')).toHaveText('Bitte geben Sie einen Suchbegriff ein.');
  });
});

test.describe('a guest', () => {
  test('searches too, and sees no prices where the shop hides them', async ({ page }) => {
    await page.goto('/landing');
    await page.getByRole('button', { name: 'Als Gast stöbern' }).click();
    await expect(page).toHaveURL(/\/$/);
    await waitUntilSettled(page);
    await field(page).fill('Akku');
    await expect(page.getByTestId('search-product')).toHaveCount(5);
    await expect(page.getByTestId('search-price-hidden').first()).toHaveText('Preis verborgen');
    await expect(page.getByTestId('search-price')).toHaveCount(0);
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?key=Akku$/);
    await expect(page.getByTestId('price-hidden').filter({ visible: true }).first()).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: viewports.phone, hasTouch: true });

  test('the field has a row of its own, and the panel fits the screen and answers to taps', async ({ page }) => {
    await signIn(page, 'customer');
    await waitUntilSettled(page);
    const box = (await field(page).boundingBox())!;
    const header = (await page.getByTestId('header').boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(box.y).toBeGreaterThan(header.y + 40);

    await field(page).tap();
    await page.keyboard.type('Akku');
    await expect(options(page)).toHaveCount(5);
    const shown = (await panel(page).boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(viewports.phone.width);
    await captureScreens(page, 'search-panel-open', ['phone']);

    const sku = await options(page).first().getAttribute('data-sku');
    await options(page).first().tap();
    await expect(page).toHaveURL(new RegExp(`sku=${sku}$`));
    await expect(panel(page)).toBeHidden();
  });
});
