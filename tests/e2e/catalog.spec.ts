import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accounts, captureScreens, signIn, startSession, viewports, waitUntilSettled, withShopDatabase } from './helpers.ts';

// The catalogue screens: category menus and mega menu, the category page with its product list
// table, and the product page (docs/product.md, Catalogue and Cart).

/** Opens a page and waits until its scripts have run, so keys and clicks reach React's handlers. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitUntilSettled(page);
  return response;
}

async function signInAsGuest(page: Page) {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Als Gast stöbern' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The first active product with at least two active variants, from the seeded catalogue. */
function productWithVariants() {
  return withShopDatabase((db) =>
    db
      .selectFrom('products')
      .innerJoin('product_variants', 'product_variants.product_id', 'products.id')
      .select(['products.id', 'products.name'])
      .select((eb) => eb.fn.countAll<number>().as('variants'))
      .where('products.is_active', '=', 1)
      .where('product_variants.is_active', '=', 1)
      .groupBy(['products.id', 'products.name'])
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('products.id')
      .executeTakeFirstOrThrow(),
  );
}

test.describe('a customer browsing a category', () => {
  test('pages through the list, switches to the grid and shows only products in stock', async ({ page }) => {
    // Two sets of screens (two widths, two languages, axe each) on top of the walk: more than the default 30 s on a slow machine.
    test.setTimeout(90_000);
    await signIn(page, 'customer');
    await page.getByTestId('category-menu').getByRole('link', { name: 'Werkzeug', exact: true }).click();
    await expect(page).toHaveURL(/\/category\/werkzeug-1$/);
    // Off the menu again, so its mega menu does not cover the page.
    await page.mouse.move(640, 780);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Werkzeug');
    const rows = page.getByTestId('product-row');
    // 16 products a page; a product with variants brings one row per variant.
    expect(await rows.count()).toBeGreaterThanOrEqual(16);
    await expect(page.getByRole('columnheader', { name: 'Preis netto' })).toBeVisible();
    await expect(page.getByTestId('product-list-footer')).toContainText('zzgl. MwSt.');
    await captureScreens(page, 'category-list');
    await page.mouse.move(640, 780);

    const firstOnPageOne = await rows.first().getAttribute('data-sku');
    await page.getByTestId('pagination').getByRole('link', { name: 'Seite 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId('pagination').getByRole('link', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
    await expect(rows.first()).not.toHaveAttribute('data-sku', firstOnPageOne!);

    const totalBefore = Number((await page.getByTestId('result-count').textContent())!.replace(/\D/g, ''));
    await page.getByTestId('toggle-stock').click();
    await expect(page).toHaveURL(/stockAvail=1/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByTestId('toggle-stock')).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => Number((await page.getByTestId('result-count').textContent())!.replace(/\D/g, ''))).toBeLessThan(totalBefore);
    // The toggle is in the URL: the server renders the filtered list for whoever opens the link.
    const response = await page.request.get(page.url());
    expect(await response.text()).toContain('aria-checked="true"');

    await page.getByTestId('view-grid').click();
    await expect(page).toHaveURL(/view=grid/);
    await expect(page.getByTestId('product-grid')).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(16);
    await captureScreens(page, 'category-grid');
    await page.mouse.move(640, 780);
    await page.getByTestId('view-list').click();
    await expect(page.getByTestId('product-list-table')).toBeVisible();
  });

  test('finds all main categories as tiles, and an unknown category is a 404', async ({ page }) => {
    await startSession(page, accounts.customer);
    await page.goto('/category');
    await expect(page.getByTestId('category-tiles').getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(8);
    await captureScreens(page, 'category-index');
    expect((await page.goto('/category/gibt-es-nicht-99999'))?.status()).toBe(404);
    // An outdated name of a known category leads to its current address.
    await page.goto('/category/alter-name-1');
    await expect(page).toHaveURL(/\/category\/werkzeug-1$/);
  });

  test('shows the header categories with deals and the more item', async ({ page }) => {
    await signIn(page, 'customer');
    const header = page.getByTestId('header-categories');
    await expect(header.getByRole('link')).toHaveText(['Werkzeug', 'Befestigungstechnik', 'Elektro', 'Angebote', 'Mehr']);
    await expect(header.getByRole('link', { name: 'Mehr' })).toHaveAttribute('href', '/category/sanitaer-4');
    await expect(page.getByTestId('category-menu').getByRole('link')).toHaveCount(7);
  });
});

test.describe('the mega menu', () => {
  test('opens on hover and closes 400 ms after the pointer leaves', async ({ page }) => {
    await signIn(page, 'customer');
    const menu = page.getByTestId('category-menu');
    await menu.getByRole('link', { name: 'Elektro', exact: true }).hover();
    const panel = page.getByTestId('mega-menu');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Kabel & Leitungen' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Elektro', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await captureScreens(page, 'mega-menu', ['desktop']);

    await page.mouse.move(640, 700);
    const leftAt = Date.now();
    await expect(panel).toBeVisible();
    await expect(panel).toBeHidden();
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(350);
  });

  test('opens on keyboard focus, lets Tab into the panel and closes with Escape', async ({ page }) => {
    await signIn(page, 'customer');
    const link = page.getByTestId('category-menu').getByRole('link', { name: 'Werkzeug', exact: true });
    await link.focus();
    const panel = page.getByTestId('mega-menu');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Alles in Werkzeug' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(link).toBeFocused();
    // Tab now goes on to the next main category, whose panel opens in turn.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('category-menu').getByRole('link', { name: 'Befestigungstechnik', exact: true })).toBeFocused();
    await expect(panel.getByRole('link', { name: 'Alles in Befestigungstechnik' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/category\/befestigungstechnik-2$/);
  });

  test('on a phone the categories open from the header as a list', async ({ page }) => {
    await signIn(page, 'customer');
    await page.setViewportSize(viewports.phone);
    await expect(page.getByTestId('category-menu')).toBeHidden();
    await page.getByTestId('mobile-category-button').click();
    const list = page.getByRole('navigation', { name: 'Kategorien' });
    await list.getByText('Werkzeug', { exact: true }).click();
    await list.getByRole('link', { name: 'Handwerkzeug' }).click();
    await expect(page).toHaveURL(/\/category\/handwerkzeug-\d+$/);
    await expect(page.getByTestId('mobile-category-button')).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('quantities in the product list', () => {
  test('step by the batch size, refuse other multiples and add the line with Enter', async ({ page }) => {
    await startSession(page, accounts.customer);
    await open(page, '/category/werkzeug-1');
    const row = page.locator('[data-testid="product-row"]:not([data-batch="1"])').first();
    const batch = Number(await row.getAttribute('data-batch'));
    expect(batch).toBeGreaterThan(1);
    const quantity = row.getByTestId('quantity-input');

    await quantity.focus();
    await page.keyboard.press('ArrowUp');
    await expect(quantity).toHaveValue(String(batch));
    await page.keyboard.press('ArrowUp');
    await expect(quantity).toHaveValue(String(2 * batch));
    await row.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(quantity).toHaveValue(String(3 * batch));
    await row.getByRole('button', { name: 'Menge verringern' }).click();
    await expect(quantity).toHaveValue(String(2 * batch));
    await expect(page.getByTestId('footer-quantity')).toHaveText(String(2 * batch));

    // Typed quantities off the batch size are marked and cannot be added, in the row or all at once.
    await quantity.fill(String(batch + 1));
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(row.getByTestId('add-to-cart')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('add-all-to-cart')).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(quantity).toHaveValue(String(batch));
    await expect(quantity).not.toHaveAttribute('aria-invalid');

    const saved = page.waitForRequest((request) => request.url().endsWith('/api/basket') && request.method() === 'POST');
    await quantity.press('Enter');
    const body = (await saved).postDataJSON() as { items: { sku: string; variantSku?: string; quantity: number; orderType: string }[] };
    const rowSku = await row.getAttribute('data-sku');
    expect(body.items.find((item) => (item.variantSku ?? item.sku) === rowSku)).toMatchObject({ quantity: batch, orderType: 'order' });
    await expect(page.getByTestId('toast').filter({ hasText: 'Warenkorb' })).toBeVisible();
    await expect(quantity).toHaveValue('0');
  });

  test('in pre-order mode each season has its own quantity with its max', async ({ page }) => {
    await startSession(page, accounts.customer);
    await open(page, '/category/gartenbedarf-7?preOrder=1');
    await expect(page.getByTestId('toggle-preorder')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('columnheader', { name: /Frühjahr 2027/ })).toBeVisible();
    const frozen = page.getByTestId('product-row').filter({ has: page.getByTestId('season-max') }).first();
    const seasons = frozen.getByTestId('season-quantity-input');
    await expect(seasons).toHaveCount(3);
    const max = Number((await frozen.getByTestId('season-max').first().textContent())!.replace(/\D/g, ''));
    await seasons.first().fill(String(max + 1000));
    await expect(seasons.first()).toHaveValue(String(max));
    await captureScreens(page, 'category-preorder');
  });
});

test.describe('prices for different buyers', () => {
  test('a guest sees placeholder dots, no quantities and no cart actions, and no price is in the page', async ({ page }) => {
    await signInAsGuest(page);
    await open(page, '/category/werkzeug-1');
    const dots = page.getByTestId('price-hidden').filter({ visible: true });
    await expect(dots.first()).toBeVisible();
    await expect(page.getByTestId('quantity-input')).toHaveCount(0);
    await expect(page.getByTestId('add-to-cart')).toHaveCount(0);
    await expect(page.getByTestId('product-list-footer')).toHaveCount(0);
    await dots.first().focus();
    await expect(page.getByRole('tooltip', { name: 'Preise sehen Sie nach der Anmeldung mit Ihrem Kundenkonto.' })).toBeVisible();
    await captureScreens(page, 'category-guest');

    const html = await (await page.request.get('/category/werkzeug-1')).text();
    expect(html).not.toMatch(/\d,\d\d\s€/);
    expect(html).not.toContain('"rrp"');

    await page.mouse.move(640, 780);
    await page.getByTestId('add-to-wishlist').first().click();
    await expect(page.getByRole('dialog', { name: 'Anmeldung erforderlich' })).toBeVisible();
  });

  test('a customer with gross prices sees them with VAT, a sales person sees stock numbers', async ({ page }) => {
    await startSession(page, accounts.customer2);
    await page.goto('/category/werkzeug-1');
    await expect(page.getByRole('columnheader', { name: 'Preis brutto' })).toBeVisible();
    await expect(page.getByTestId('product-list-footer')).toContainText('inkl. MwSt.');

    await page.context().clearCookies();
    await startSession(page, accounts.sales);
    await page.goto('/category/werkzeug-1');
    await expect(page.getByTestId('product-row').first().getByTestId('stock-number').last()).toHaveText(/^\(-?[\d.]+\)$/);
  });
});

test.describe('the product page', () => {
  test('shows a product with its variants, each with quantity and add button', async ({ page }) => {
    const product = await productWithVariants();
    await startSession(page, accounts.customer);
    await open(page, `/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const variantRows = page.getByTestId('variant-table').getByTestId('product-row');
    await expect(variantRows).toHaveCount(Number(product.variants));
    await expect(variantRows.first().getByTestId('quantity-input')).toBeVisible();
    await expect(variantRows.first().getByTestId('add-to-cart')).toBeVisible();
    const mainImage = page.getByTestId('product-gallery').getByRole('img', { name: product.name });
    await expect(mainImage).toHaveAttribute('width', '400');
    await expect(mainImage).toHaveAttribute('loading', 'eager');
    await expect(page.getByTestId('product-attributes')).toBeVisible();
    await expect(page.getByTestId('similar-products').getByTestId('product-card').first()).toBeVisible();
    await captureScreens(page, 'product-variants');
    await page.mouse.move(640, 780);

    // A variant's own link makes the page stand for that variant.
    const variantSku = (await variantRows.first().getAttribute('data-sku'))!;
    await variantRows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?sku=${variantSku}$`));
    await expect(page.getByTestId('product-sku')).toHaveText(variantSku);
  });

  test('a product without variants is bought from its buy box, also as a pre-order', async ({ page }) => {
    const product = await withShopDatabase((db) =>
      db
        .selectFrom('products')
        .select(['id', 'sales_batch_size'])
        .where('is_active', '=', 1)
        .where('is_stock_freeze', '=', 1)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('product_variants').select('id').whereRef('product_variants.product_id', '=', 'products.id'))))
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    );
    await startSession(page, accounts.customer);
    await open(page, `/product/${product.id}-any-name`);
    const box = page.getByTestId('buy-box');
    await box.getByTestId('quantity-input').press('ArrowUp');
    await expect(box.getByTestId('quantity-input')).toHaveValue(String(product.sales_batch_size));
    await page.getByTestId('toggle-preorder').click();
    await expect(page).toHaveURL(/preOrder=1/);
    await expect(box.getByTestId('season-quantity-input')).toHaveCount(3);
    await expect(box.getByRole('button', { name: 'Vorbestellen' })).toHaveAttribute('aria-disabled', 'true');
    await captureScreens(page, 'product-preorder');
  });

  test('an unknown product is a 404 with the way back home', async ({ page }) => {
    await startSession(page, accounts.customer);
    expect((await page.goto('/product/99999999'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' })).toBeVisible();
    expect((await page.goto('/product/kein-produkt'))?.status()).toBe(404);
    expect((await page.goto('/product'))?.status()).toBe(404);
  });

  test('the home page shows featured products and best sellers that lead to their pages', async ({ page }) => {
    await signIn(page, 'customer');
    const featured = page.getByTestId('home-featured').getByTestId('product-card');
    await expect(featured).toHaveCount(6);
    await expect(page.getByTestId('home-bestsellers').getByTestId('product-card').first()).toBeVisible();
    const name = (await featured.first().getByRole('heading').textContent())!;
    await featured.first().getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/product\/\d+\?sku=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});
