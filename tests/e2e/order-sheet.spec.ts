import ExcelJS from 'exceljs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { cartLine, findCartProducts, signInWithBasket, startSessionWithBasket, toast, type CartProducts } from './cart-fixtures.ts';
import { captureScreens, viewports, waitUntilSettled, withShopDatabase } from './helpers.ts';

// Quick order (docs/product.md, Cart: Quick order): a pasted list becomes an order-sheet import whose preview
// judges every line; the buyer corrects the lines, confirms, and finds them in the cart. With and without
// JavaScript, in German and English, on desktop and phone (the screens lane checks them with axe).

let products: CartProducts;

test.beforeAll(async () => {
  products = await findCartProducts();
});

const row = (page: Page, line: number) => page.locator(`[data-testid="sheet-row"][data-line="${line}"]`);
const unknownSku = 'KEIN-SOLCHER-ARTIKEL-77';

/** Five lines: three plain products, one quantity that is no multiple of its batch size, one unknown article. */
function fiveLines() {
  const [a, b, c] = products.plain;
  const { batched } = products;
  return {
    text: [`${a!.sku}\t2`, `${b!.sku};3`, `${batched.sku} ${batched.batchSize + 1}`, `${unknownSku} 4`, `${c!.sku} 1`].join('\n'),
    batchedLine: 3,
    unknownLine: 4,
  };
}

async function pasteList(page: Page, text: string) {
  await page.getByTestId('paste-text').fill(text);
  await page.getByTestId('paste-submit').click();
  await expect(page).toHaveURL(/\/order-sheet\?import=[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('sheet-preview')).toBeVisible();
}

async function expectFirstVerdicts(page: Page, batchedLine: number, unknownLine: number) {
  const { batched } = products;
  await expect(page.getByTestId('sheet-row')).toHaveCount(5);
  for (const line of [1, 2, 5]) await expect(row(page, line)).toHaveAttribute('data-status', 'ready');
  await expect(row(page, batchedLine)).toHaveAttribute('data-status', 'adjusted');
  // Rounded up to the next full pack, and said so with both numbers.
  await expect(row(page, batchedLine).getByTestId('row-message')).toContainText(String(batched.batchSize + 1));
  await expect(row(page, batchedLine).getByTestId('row-message')).toContainText(String(batched.batchSize * 2));
  await expect(row(page, batchedLine).getByTestId('row-quantity')).toHaveValue(String(batched.batchSize * 2));
  await expect(row(page, unknownLine)).toHaveAttribute('data-status', 'refused');
  await expect(row(page, unknownLine).getByTestId('row-message')).not.toBeEmpty();
  await expect(row(page, unknownLine).getByTestId('row-product')).toHaveCount(0);
  await expect(page.getByTestId('count-lines')).toHaveText('5');
  await expect(page.getByTestId('count-ready')).toHaveText('3');
  await expect(page.getByTestId('count-adjusted')).toHaveText('1');
  await expect(page.getByTestId('count-refused')).toHaveText('1');
}

test('a pasted list is judged line by line, corrected in the preview and put into the cart', async ({ page }) => {
  test.setTimeout(90_000);
  const [a, b, c] = products.plain;
  const { batched } = products;
  const { text, batchedLine, unknownLine } = fiveLines();
  await signInWithBasket(page, []);
  await page.getByTestId('header-quick-order').click();
  await expect(page).toHaveURL(/\/order-sheet$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schnellbestellung');
  await expect(page.getByTestId('paste-limits')).toContainText('1.000');
  await expect(page.getByTestId('paste-limits')).toContainText('100.000');
  await captureScreens(page, 'quick-order-start');

  await pasteList(page, text);
  await expectFirstVerdicts(page, batchedLine, unknownLine);
  await expect(page.getByTestId('confirm-submit')).toBeEnabled();
  await captureScreens(page, 'quick-order-preview');

  // The preview is the import on the server: a reload shows the same verdicts.
  await page.reload();
  await waitUntilSettled(page);
  await expectFirstVerdicts(page, batchedLine, unknownLine);

  // The chips filter by status, as toggle buttons.
  await page.getByTestId('filter-refused').click();
  await expect(page.getByTestId('filter-refused')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('sheet-row')).toHaveCount(1);
  await page.getByTestId('filter-all').click();
  await expect(page.getByTestId('sheet-row')).toHaveCount(5);

  // Fixing: the batched line to two full packs, typed; the unknown article removed. No reload: the URL stays.
  const url = page.url();
  await row(page, batchedLine).getByTestId('row-quantity').fill(String(batched.batchSize * 2));
  await row(page, batchedLine).getByTestId('row-save').click();
  await expect(row(page, batchedLine)).toHaveAttribute('data-status', 'ready');
  await row(page, unknownLine).getByTestId('row-remove').click();
  await expect(page.getByTestId('count-refused')).not.toHaveText('1');
  await expect(page.getByTestId('count-ready')).toHaveText('4');
  expect(page.url()).toBe(url);

  await page.getByTestId('confirm-submit').click();
  await expect(toast(page, '4 Artikel liegen im Warenkorb.')).toBeVisible();
  await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
  await expect(page.getByTestId('confirm-form')).toHaveCount(0);
  await expect(page.getByTestId('confirmed-lines').locator('li')).toHaveCount(4);

  // Confirmed once: a reload shows what went in, with no second confirmation.
  await page.reload();
  await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
  await expect(page.getByTestId('confirm-form')).toHaveCount(0);

  await page.getByTestId('confirmed-cart').click();
  await expect(page).toHaveURL(/\/detailed-cart\?type=order$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(4);
  await expect(cartLine(page, a!.sku).getByTestId('line-quantity')).toHaveValue('2');
  await expect(cartLine(page, b!.sku).getByTestId('line-quantity')).toHaveValue('3');
  await expect(cartLine(page, c!.sku).getByTestId('line-quantity')).toHaveValue('1');
  await expect(cartLine(page, batched.sku).getByTestId('line-quantity')).toHaveValue(String(batched.batchSize * 2));
});

test('the cart page leads to quick order for its cart; an import that is gone says so above the start form', async ({ page }) => {
  await signInWithBasket(page, []);
  await page.goto('/detailed-cart?type=order');
  await page.getByTestId('cart-quick-order').click();
  await expect(page).toHaveURL(/\/order-sheet\?target=order$/);
  await expect(page.getByTestId('paste-form')).toBeVisible();

  const response = await page.goto('/order-sheet?import=AAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('sheet-unavailable')).toBeVisible();
  await expect(page.getByTestId('paste-form')).toBeVisible();
});

test('a list for the pre-order cart orders for the first season, spread over the seasons in the preview', async ({ page }) => {
  const { preOrderable } = products;
  await signInWithBasket(page, []);
  await page.goto('/detailed-cart?type=preOrder');
  await page.getByTestId('cart-quick-order').click();
  await expect(page).toHaveURL(/\/order-sheet\?target=preOrder$/);
  await expect(page.getByTestId('target-preOrder')).toBeChecked();
  await expect(page.getByTestId('target-seasons')).toContainText('Frühjahr 2027');
  await pasteList(page, `${preOrderable.sku} 2`);
  await expect(row(page, 1)).toHaveAttribute('data-status', 'ready');
  await expect(row(page, 1).getByTestId('row-quantity-0')).toHaveValue('2');
  await row(page, 1).getByTestId('row-quantity-2').fill('1');
  await row(page, 1).getByTestId('row-save').click();
  await expect(row(page, 1).getByTestId('row-quantity-2')).toHaveValue('1');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
  await page.getByTestId('confirmed-cart').click();
  await expect(page).toHaveURL(/\/detailed-cart\?type=preOrder$/);
  await expect(cartLine(page, preOrderable.sku).getByTestId('season-quantity-0')).toHaveValue('2');
  await expect(cartLine(page, preOrderable.sku).getByTestId('season-quantity-2')).toHaveValue('1');
});

/** An order sheet as a spreadsheet program saves it: a header row, then article numbers (as text) and quantities. */
async function orderSheetFile(lines: [string, number][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bestellung');
  sheet.addRow(['Artikelnummer', 'Menge']);
  for (const [sku, quantity] of lines) sheet.addRow([sku, quantity]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('an uploaded XLSX sheet is previewed like a paste; a file of another kind is refused with how to save it', async ({ page }) => {
  const [a] = products.plain;
  const { batched } = products;
  await signInWithBasket(page, []);
  await page.goto('/order-sheet');
  await expect(page.getByTestId('upload-limits')).toContainText('10 MB');
  await expect(page.getByTestId('upload-limits')).toContainText('XLSX');

  // An old Excel file: refused, nothing made.
  await page.getByTestId('upload-file').setInputFiles(path.resolve(import.meta.dirname, '../fixtures/order-sheets/lo.xls'));
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('upload-error')).toContainText('.xlsx');
  await expect(page).toHaveURL(/\/order-sheet$/);

  await page.getByTestId('upload-file').setInputFiles({
    name: 'bestellung.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await orderSheetFile([[a!.sku, 2], [batched.sku, batched.batchSize + 1]]),
  });
  await page.getByTestId('upload-submit').click();
  await expect(page).toHaveURL(/\/order-sheet\?import=[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('sheet-row')).toHaveCount(2);
  await expect(page.getByTestId('sheet-row').first()).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('sheet-row').last()).toHaveAttribute('data-status', 'adjusted');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
  await expect(page.getByTestId('confirmed-lines').locator('li')).toHaveCount(2);
});

test('the personalised sheet of a category is downloaded, filled in, uploaded and confirmed into the cart', async ({ page }) => {
  const [a] = products.plain;
  const categoryId = await withShopDatabase(async (db) => (await db.selectFrom('products').select('category_id').where('id', '=', a!.id).executeTakeFirstOrThrow()).category_id);
  await signInWithBasket(page, []);
  await page.goto('/order-sheet');
  await page.getByTestId('template-category-order').selectOption(String(categoryId));
  const downloading = page.waitForEvent('download');
  await page.getByTestId('template-category-submit-order').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bestellliste-\d{4}-\d\d-\d\d\.xlsx$/);

  // Filled in as a buyer would: a quantity in the row of the article, nothing else changed.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = Array.from(sheet.getRow(1).values as unknown[], String);
  let filled = 0;
  sheet.eachRow((row, line) => {
    if (line > 1 && row.getCell(1).value === a!.sku) {
      row.getCell(headers.indexOf('Menge')).value = 4;
      filled += 1;
    }
  });
  expect(filled).toBe(1);

  await page.getByTestId('upload-file').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await page.getByTestId('upload-submit').click();
  await expect(page).toHaveURL(/\/order-sheet\?import=[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('sheet-origin')).toContainText('persönliche Bestellliste');
  await expect(page.getByTestId('sheet-row')).toHaveCount(1);
  await expect(page.getByTestId('sheet-row').first()).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
  await page.getByTestId('confirmed-cart').click();
  await expect(page).toHaveURL(/\/detailed-cart\?type=order$/);
  await expect(cartLine(page, a!.sku).getByTestId('line-quantity')).toHaveValue('4');
});

test('without JavaScript a pasted list is previewed, corrected and confirmed with plain forms', async ({ browser }) => {
  test.setTimeout(90_000);
  const { batched } = products;
  const { text, batchedLine, unknownLine } = fiveLines();
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const api = await startSessionWithBasket(page, []);
    await page.goto('/order-sheet');
    await pasteList(page, text);
    await expectFirstVerdicts(page, batchedLine, unknownLine);

    await row(page, batchedLine).getByTestId('row-quantity').fill(String(batched.batchSize * 2));
    await row(page, batchedLine).getByTestId('row-save').click();
    await expect(row(page, batchedLine)).toHaveAttribute('data-status', 'ready');
    await row(page, unknownLine).getByTestId('row-remove').click();
    await expect(page.getByTestId('count-ready')).toHaveText('4');

    await page.getByTestId('mode-set').check();
    await page.getByTestId('confirm-submit').click();
    await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
    const basket = await api.basket();
    expect(basket.items.filter((item) => item.orderType === 'order')).toHaveLength(4);
    expect(basket.items.find((item) => item.sku === batched.sku)?.quantity).toBe(batched.batchSize * 2);
  } finally {
    await context.close();
  }
});

/** An item number the catalogue does not have, but whose normalised form is `product`'s: answered with "did you mean" it. */
const typoOf = (product: { sku: string }) => product.sku.toLowerCase().replaceAll('-', ' ');

test('an unknown sku takes its "did you mean" with one click, or a typed sku; the rows download as an XLSX to correct', async ({ page }) => {
  test.setTimeout(90_000);
  const [a, b] = products.plain;
  await signInWithBasket(page, []);
  await page.goto('/order-sheet');
  await pasteList(page, [`${typoOf(a!)};2`, `${unknownSku};3`].join('\n'));
  await expect(row(page, 1)).toHaveAttribute('data-status', 'refused');

  // The corrections file: the rows as the page shows them, with the suggestion, ready to upload again.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('sheet-corrections').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bestellliste-korrekturen.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Artikelnummer', 'Variante', 'Menge', 'Status', 'Hinweis', 'Meinten Sie']);
  expect(sheet.getRow(2).values).toEqual([undefined, typoOf(a!), undefined, 2, 'Abgelehnt', `Die Artikelnummer „${typoOf(a!)}“ kennen wir nicht.`, `${a!.sku} (${a!.name})`]);
  expect(sheet.getCell('A3').value).toBe(unknownSku);
  expect(sheet.getCell('C3').value).toBe(3);

  // One click on the suggestion: the row names that article and is judged again, without a reload.
  const url = page.url();
  await row(page, 1).getByTestId('row-suggestion').filter({ hasText: a!.sku }).click();
  await expect(row(page, 1)).toHaveAttribute('data-status', 'ready');
  await expect(row(page, 1).getByTestId('row-sku')).toContainText(a!.sku);
  await expect(row(page, 1).getByTestId('row-product')).toHaveText(a!.name);
  // A sku typed into the row.
  await row(page, 2).getByTestId('row-sku-input').fill(b!.sku);
  await row(page, 2).getByTestId('row-save').click();
  await expect(row(page, 2)).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('count-ready')).toHaveText('2');
  expect(page.url()).toBe(url);
});

test('without JavaScript a row edit and the confirmation post, redirect and end on the preview’s GET', async ({ browser }) => {
  test.setTimeout(90_000);
  const [a, b] = products.plain;
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const api = await startSessionWithBasket(page, []);
    await page.goto('/order-sheet');
    await pasteList(page, [`${typoOf(a!)};2`, `${b!.sku};3`, `${unknownSku};4`].join('\n'));
    const preview = page.url();

    // Each form: a POST answered by a redirect to the preview, so the page shown is a GET a reload repeats safely.
    const endsOnGet = async (submit: () => Promise<void>) => {
      const navigated = page.waitForNavigation();
      await submit();
      const response = (await navigated)!;
      expect(response.request().method()).toBe('GET');
      expect(response.request().redirectedFrom()?.method()).toBe('POST');
      expect(page.url()).toBe(preview);
    };
    await endsOnGet(() => row(page, 1).getByTestId('row-suggestion').filter({ hasText: a!.sku }).click());
    await expect(row(page, 1)).toHaveAttribute('data-status', 'ready');
    await endsOnGet(async () => {
      await row(page, 2).getByTestId('row-quantity').fill('5');
      await row(page, 2).getByTestId('row-save').click();
    });
    await expect(row(page, 2).getByTestId('row-quantity')).toHaveValue('5');

    // A refused edit re-renders the page with its message, nothing changed.
    await row(page, 3).getByTestId('row-sku-input').fill('1E+05');
    await row(page, 3).getByTestId('row-save').click();
    await expect(page.getByTestId('sheet-problem')).toContainText('wissenschaftlicher Schreibweise');
    await page.goto(preview);
    await expect(row(page, 3).getByTestId('row-sku')).toContainText(unknownSku);

    await endsOnGet(() => page.getByTestId('confirm-submit').click());
    await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
    await expect(page.getByTestId('confirmed-lines').locator('li')).toHaveCount(2);
    // A reload is the GET again: still confirmed once, the cart as the confirmation left it.
    const reloaded = await page.reload();
    expect(reloaded?.request().method()).toBe('GET');
    await expect(page.getByTestId('sheet-confirmed')).toBeVisible();
    const basket = await api.basket();
    expect(basket.items.filter((item) => item.orderType === 'order').map((item) => [item.sku, item.quantity])).toEqual(
      expect.arrayContaining([[a!.sku, 2], [b!.sku, 5]]),
    );
    expect(basket.items.filter((item) => item.orderType === 'order')).toHaveLength(2);
  } finally {
    await context.close();
  }
});

test('quick order in English, as cards on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const { text, batchedLine, unknownLine } = fiveLines();
  await signInWithBasket(page, []);
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The language is this browser's cookie: the other tests' contexts stay German.
  await page.goto('/order-sheet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quick order');
  await captureScreens(page, 'quick-order-start-en');
  await pasteList(page, text);
  await expectFirstVerdicts(page, batchedLine, unknownLine);
  await captureScreens(page, 'quick-order-preview-en');

  // On a phone the header link gives way to the account sidebar's entry; the rows are cards.
  await page.setViewportSize(viewports.phone);
  await expect(page.getByTestId('header-quick-order')).toBeHidden();
  await expect(row(page, 1).getByTestId('row-quantity')).toBeVisible();
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-sidebar').getByRole('link', { name: 'Quick order' })).toBeVisible();
});
