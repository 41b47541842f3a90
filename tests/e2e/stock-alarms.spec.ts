import type { Page } from '@playwright/test';
import { systemClock } from '../../server/lib/clock.ts';
import { createApiClientRepository } from '../../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../../server/modules/erp/api-client.service.ts';
import { createCompany, createUser, removeCompany, type TestCompany } from './account-fixtures.ts';
import { shopApi, toast } from './cart-fixtures.ts';
import { expect, newContext, test } from './fixtures.ts';
import { accounts, captureScreens, changeSiteSettings, startSession, waitUntilSettled, withShopDatabase } from './helpers.ts';
import { workerShop } from './shops.ts';

// Stock alarms and notifications (docs/product.md, Stock alarms and notifications), in the browser: a
// customer sets an alarm with the bell of an out-of-stock product, the ERP loads stock, the firing
// worker turns it into a notification, the header's clock counts it, /alarm shows it (and marks it
// read) and puts it into the cart; guests get the login modal from the bell; a shop without
// notifications has no bell, clock or sidebar entry.

interface AlarmProduct {
  id: number;
  sku: string;
  name: string;
  stock: number;
}

/** A product of the demo catalogue that is the product's own (no variants, no customer prices), sold singly. */
function alarmProduct(): Promise<AlarmProduct> {
  return withShopDatabase(async (db) => {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const special = new Set(
      [
        ...(await db.selectFrom('product_variants').select('product_id').where('tenant_id', '=', tenant.id).execute()),
        ...(await db.selectFrom('customer_prices').select('product_id').where('tenant_id', '=', tenant.id).execute()),
        ...(await db.selectFrom('product_pre_stocks').select('product_id').where('tenant_id', '=', tenant.id).execute()),
      ].map((row) => row.product_id),
    );
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'stock'])
      .where('tenant_id', '=', tenant.id)
      .where('is_active', '=', 1)
      .where('price_cents', '>', 0)
      .where('sales_batch_size', '=', 1)
      .where('is_only_sellable_with_positive_stock', '=', 0)
      // From the end of the catalogue: the other journeys pick theirs from its start.
      .orderBy('id', 'desc')
      .execute();
    const row = rows.find((candidate) => !special.has(candidate.id));
    expect(row, 'the demo catalogue has a simple product').toBeDefined();
    return row!;
  });
}

/** A PUT /erp/v1/stock as the ERP sends it, with a key of its own. */
async function erpSetsStock(sku: string, quantity: number): Promise<void> {
  const secret = await withShopDatabase(async (db) => {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
    return (await clients.create({ tenantId: tenant.id, name: `E2E stock ${Math.random()}`, scopes: ['stock:write'], expiresAt: null })).secret;
  });
  const answer = await fetch(`${workerShop().url}/erp/v1/stock`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ sku, quantity }]),
  });
  expect(answer.status, await answer.text()).toBe(200);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitUntilSettled(page);
}

const productPage = (product: AlarmProduct) => `/product/${product.id}?sku=${encodeURIComponent(product.sku)}`;

/** The buyer's company with everything the journey left: alarms, notifications and their count go with it. */
async function removeBuyer(company: TestCompany) {
  await withShopDatabase(async (db) => {
    await db.deleteFrom('notifications').where('company_id', '=', company.id).execute();
    await db.deleteFrom('stock_alarms').where('company_id', '=', company.id).execute();
    await db.deleteFrom('notification_counts').where('company_id', '=', company.id).execute();
  });
  await removeCompany(company);
}

test.describe.configure({ mode: 'serial' });

test('a customer is told when the product is back, sees it on /alarm and orders it from there', async ({ page, browser }) => {
  // Two ERP loads, the firing worker and four recorded screens.
  test.setTimeout(150_000);
  const product = await alarmProduct();
  // A company and buyer of its own: no seeded alarms or notifications, and the demo accounts stay as they are.
  const company = await createCompany('Glockenhof Werkstatt GmbH');
  const buyer = await createUser(company, 'customer', { first: 'Greta', last: 'Glocke' });
  await erpSetsStock(product.sku, 0);
  try {
    await startSession(page, buyer);
    await open(page, productPage(product));
    await expect(page.getByTestId('header-notifications')).toBeVisible();
    await expect(page.getByTestId('header-notifications-count')).toHaveCount(0);

    // The bell of the out-of-stock product opens the dialog; 24 units are wished.
    const bell = page.getByTestId('buy-box').getByTestId('alarm-bell');
    await expect(bell).toHaveAttribute('aria-pressed', 'false');
    await bell.click();
    const dialog = page.getByTestId('alarm-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('alarm-quantity')).toHaveValue('1');
    await dialog.getByTestId('alarm-quantity').fill('24');
    await captureScreens(page, 'alarm-dialog');
    await dialog.getByTestId('alarm-save').click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Wir benachrichtigen Sie')).toBeVisible();
    expect(await withShopDatabase((db) => db.selectFrom('stock_alarms').select(['domain_reference', 'quantity']).where('company_id', '=', company.id).execute())).toEqual([{ domain_reference: product.sku, quantity: 24 }]);
    await expect(bell).toHaveAttribute('aria-pressed', 'true');

    // The ERP loads 30: the worker fires the alarm, and after the next navigation the clock counts 1.
    await erpSetsStock(product.sku, 30);
    await expect(async () => {
      await open(page, productPage(product));
      await expect(page.getByTestId('header-notifications-count')).toHaveText('1', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // A client navigation asks the count again: nothing changed, so the answer is a 304 without a body.
    const recount = page.waitForResponse((response) => response.url().endsWith('/api/notification/count'));
    await page.getByTestId('header').getByRole('link', { name: /Startseite/ }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await recount).status()).toBe(304);
    await expect(page.getByTestId('header-notifications-count')).toHaveText('1');

    // /alarm shows it as new, marks it read, and the clock's badge goes.
    await page.getByTestId('header-notifications').click();
    await expect(page).toHaveURL(/\/alarm$/);
    const notification = page.getByTestId('notification').filter({ hasText: product.name });
    await expect(notification).toHaveAttribute('data-new', 'true');
    await expect(notification.getByTestId('alarm-stock')).toHaveAttribute('data-state', 'available');
    await expect(page.getByTestId('header-notifications-count')).toHaveCount(0);
    const stored = await withShopDatabase((db) => db.selectFrom('notifications').select('viewed').where('company_id', '=', company.id).execute());
    expect(stored.map((row) => Number(row.viewed))).toEqual([1]);
    const alarm = page.getByTestId('alarm-row').filter({ hasText: product.name });
    await expect(alarm).toHaveAttribute('data-fired', 'true');
    await expect(alarm.getByTestId('alarm-row-quantity')).toHaveValue('24');
    await captureScreens(page, 'alarm-page');

    // Into the cart right there, with the wished quantity.
    await expect(notification.getByTestId('notification-quantity')).toHaveValue('24');
    await notification.getByTestId('notification-add-to-cart').click();
    await expect(toast(page, 'Der Artikel liegt im Warenkorb.')).toBeVisible();
    await expect(page.getByTestId('header-cart-order-count')).toHaveText('1');
    expect((await shopApi(page).basket()).items.map((line) => [line.sku, line.orderType, line.quantity])).toEqual([[product.sku, 'order', 24]]);

    // The page in English, as a card list on phones.
    await page.request.post('/locale', { form: { locale: 'en', redirectTo: '/alarm' } });
    await open(page, '/alarm');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock notifications');
    await captureScreens(page, 'alarm-page-en');

    // Re-armed: the page says so, and the alarm waits again.
    await page.getByTestId('alarm-row').filter({ hasText: product.name }).getByTestId('alarm-rearm').click();
    await expect(toast(page, 'We will notify you')).toBeVisible();
    await expect(page.getByTestId('alarm-row').filter({ hasText: product.name })).not.toHaveAttribute('data-fired', 'true');

    // Without JavaScript every change is a form post answered with the page again (post, redirect, get).
    const plain = await newContext(browser, { javaScriptEnabled: false });
    try {
      const plainPage = await plain.newPage();
      await startSession(plainPage, buyer);
      await plainPage.goto('/alarm');
      const plainAlarm = plainPage.getByTestId('alarm-row').filter({ hasText: product.name });
      await plainAlarm.getByTestId('alarm-row-quantity').fill('30');
      await plainAlarm.getByTestId('alarm-row-save').click();
      await expect(plainPage).toHaveURL(/\/alarm\?saved=saved$/);
      await expect(plainPage.getByTestId('saved-notice')).toContainText('Wir benachrichtigen Sie');
      await expect(plainAlarm.getByTestId('alarm-row-quantity')).toHaveValue('30');
      await plainPage.getByTestId('notification').filter({ hasText: product.name }).getByTestId('notification-delete').click();
      await expect(plainPage.getByTestId('saved-notice')).toHaveText('Gelöscht.');
      await expect(plainPage.getByTestId('notifications-empty')).toContainText('Geringer Lagerbestand');
    } finally {
      await plain.close();
    }
    expect(await withShopDatabase((db) => db.selectFrom('stock_alarms').select(['quantity', 'fired_at']).where('company_id', '=', company.id).execute())).toEqual([{ quantity: 30, fired_at: null }]);

    // The empty notification list says what it is for; deleting every alarm empties the other list.
    await open(page, '/alarm');
    await expect(page.getByTestId('notifications-empty')).toContainText('Low in stock');
    await captureScreens(page, 'alarm-page-empty-en');
    await page.getByTestId('alarms-delete-all').click();
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page.getByTestId('alarms-empty')).toBeVisible();

    // The stock mail on the profile: saved through the profile's service, as POST /api/user/currentUser's stockMail.
    await open(page, '/my-account');
    await expect(page.getByTestId('stock-mail-each')).toBeChecked();
    await page.getByTestId('stock-mail-digest').check();
    await page.getByTestId('save-profile').click();
    await expect(page.getByTestId('stock-mail-digest')).toBeChecked();
    await expect(page.getByTestId('stock-mail-each')).not.toBeChecked();
    expect(await withShopDatabase((db) => db.selectFrom('users').select('stock_mail').where('username', '=', buyer.username).executeTakeFirstOrThrow())).toEqual({ stock_mail: 'digest' });
  } finally {
    await removeBuyer(company);
    await erpSetsStock(product.sku, product.stock);
  }
});

test('a guest sees no clock and gets the login modal from the bell', async ({ page }) => {
  const product = await alarmProduct();
  await erpSetsStock(product.sku, 0);
  try {
    await page.goto('/landing');
    await page.getByRole('button', { name: 'Als Gast stöbern' }).click();
    await expect(page).toHaveURL(/\/$/);
    await open(page, productPage(product));
    await expect(page.getByTestId('header-notifications')).toHaveCount(0);
    await page.getByTestId('alarm-bell').first().click();
    await expect(page.getByTestId('guest-login-modal')).toBeVisible();
    await page.goto('/alarm');
    await expect(page).toHaveURL(/\/$/);
  } finally {
    await erpSetsStock(product.sku, product.stock);
  }
});

test('a shop without notifications has no bell, no clock and no sidebar entry, and /alarm says so', async ({ page }) => {
  const product = await alarmProduct();
  await erpSetsStock(product.sku, 0);
  await changeSiteSettings({ allowNotifications: false });
  try {
    await startSession(page, accounts.customer);
    await open(page, productPage(product));
    await expect(page.getByTestId('buy-box')).toBeVisible();
    await expect(page.getByTestId('alarm-bell')).toHaveCount(0);
    await expect(page.getByTestId('header-notifications')).toHaveCount(0);
    await page.getByTestId('account-button').click();
    await expect(page.getByRole('link', { name: 'Merkliste' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lagerbenachrichtigungen' })).toHaveCount(0);
    const answer = await page.goto('/alarm');
    expect(answer?.status()).toBe(403);
  } finally {
    await changeSiteSettings({ allowNotifications: true });
    await erpSetsStock(product.sku, product.stock);
  }
});
