import { randomBytes } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hashPassword } from '../../server/modules/auth/password.ts';
import { captureAccountScreens, createCompany, createUser, openPage, signInAs, type TestAccount, type TestCompany } from './account-fixtures.ts';
import { findCartProducts, formatEuro, orderLine, shopApi, type ShopProduct } from './cart-fixtures.ts';
import { agreeAndPlace, quantityFor } from './checkout-fixtures.ts';
import { startSession, withShopDatabase } from './helpers.ts';

// A sales person in the browser: switches the customer with the account sidebar's
// selector (typing, keyboard), sees that customer's prices and orders for it through the checkout; the
// customer admin then reads "placed by … for …" on the order and the company's activity on the users page; the customer
// accounts page switches without JavaScript. A sales person, two companies and a customer price of their
// own keep the demo accounts as they are.

let coast: TestCompany;
let inland: TestCompany;
let sales: TestAccount & { id: number };
let admin: TestAccount;
let product: ShopProduct;
let customerCents: number;

test.beforeAll(async () => {
  coast = await createCompany('Küstenwerk Testbau GmbH');
  inland = await createCompany('Binnenland Handel KG');
  admin = await createUser(coast, 'customer_admin', { first: 'Clara', last: 'Chef' });
  product = (await findCartProducts()).plain[0]!;
  customerCents = Math.round(product.priceCents * 0.8);
  const suffix = randomBytes(3).toString('hex');
  const account = { username: `e2e-sales-${suffix}`, password: `Kunden-Besuch-${suffix}-7`, email: `svenja.${suffix}@sales-e2e.example` };
  const passwordHash = await hashPassword(account.password);
  sales = await withShopDatabase(async (db) => {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({ tenant_id: tenant.id, company_id: inland.id, current_company_id: null, username: account.username, email: account.email, first_name: 'Svenja', last_name: 'Außendienst', phone: null, password_hash: passwordHash, role: 'sales', locale: null, is_deal: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('sales_person_companies').values([coast, inland].map((company) => ({ user_id: user.id, company_id: company.id }))).execute();
    // The coast company buys this product cheaper: its own customer price.
    await db.insertInto('customer_prices').values({ tenant_id: tenant.id, company_id: coast.id, product_id: product.id, price_cents: customerCents }).execute();
    return { ...account, id: user.id };
  });
});

test.afterAll(async () => {
  await withShopDatabase(async (db) => {
    await db.deleteFrom('customer_prices').where('company_id', '=', coast.id).execute();
    await db.deleteFrom('users').where('id', '=', sales.id).execute();
  });
});

const topBar = (page: Page) => page.getByTestId('top-bar-company');
const shownPrice = (page: Page) => page.getByTestId('product-price');

async function openSelector(page: Page) {
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-sidebar')).toBeVisible();
  return page.getByRole('combobox', { name: /Kunde suchen|Search customers/ });
}

test('a sales person switches to a customer with the selector, sees its prices and orders for it', async ({ page }) => {
  // Two switches, a checkout and screenshots with axe at two widths: more than 30 s on a small machine.
  test.setTimeout(120_000);
  await signInAs(page, sales);
  await expect(topBar(page)).toContainText('Binnenland Handel KG');
  await openPage(page, `/product/${product.id}`);
  await expect(shownPrice(page)).toContainText(formatEuro(product.priceCents));

  // Typing searches (after a pause); the keyboard picks; the page reloads for the chosen customer.
  const combobox = await openSelector(page);
  await combobox.fill('küstenw');
  const option = page.getByRole('option', { name: new RegExp(`Küstenwerk Testbau GmbH.*${coast.customerNo}`) });
  await expect(option).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option')).toHaveCount(1);
  await captureAccountScreens(page, 'sales-selector-de');
  await combobox.press('Escape');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('account-sidebar')).toBeVisible();
  await combobox.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await Promise.all([page.waitForEvent('load'), combobox.press('Enter')]);

  await expect(topBar(page)).toContainText('Küstenwerk Testbau GmbH');
  await expect(shownPrice(page)).toContainText(formatEuro(customerCents));
  await captureAccountScreens(page, 'sales-acting-product-de');

  // The cart is the customer's, priced for it; the checkout places the order for the customer.
  const api = shopApi(page);
  await api.saveBasket([orderLine(product, quantityFor({ ...product, priceCents: customerCents }, 10_000))]);
  await openPage(page, '/checkout?type=order');
  await page.getByTestId('checkout-address').getByRole('radio').first().check();
  await page.getByTestId('checkout-shipping').getByRole('radio').first().check();
  await page.getByLabel('Vorkasse').check();
  const orderId = await agreeAndPlace(page);
  const stored = await withShopDatabase((db) => db.selectFrom('orders').select(['company_id', 'user_id', 'placed_by_user_id']).where('id', '=', orderId).executeTakeFirstOrThrow());
  expect(stored).toEqual({ company_id: coast.id, user_id: sales.id, placed_by_user_id: sales.id });

  // Back to the other customer: its own (empty) cart and its list price.
  const again = await openSelector(page);
  await again.fill('Binnen');
  await expect(page.getByRole('option', { name: /Binnenland Handel KG/ })).toBeVisible();
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: /Binnenland Handel KG/ }).click()]);
  await expect(topBar(page)).toContainText('Binnenland Handel KG');
  expect((await api.basket()).items).toEqual([]);
  await openPage(page, `/product/${product.id}`);
  await expect(shownPrice(page)).toContainText(formatEuro(product.priceCents));

  // The customer list as a page: the current customer marked, the others with a switch button.
  await openPage(page, '/my-account/customer-accounts?search=e');
  await expect(page.getByTestId('customer-account-rows').getByRole('listitem')).toHaveCount(2);
  await captureAccountScreens(page, 'sales-customer-accounts-de');
});

test('the customer admin sees who placed the order for the company, in German and English', async ({ page }) => {
  test.setTimeout(90_000);
  const order = await withShopDatabase((db) =>
    db.selectFrom('orders').select(['id', 'order_number']).where('company_id', '=', coast.id).where('placed_by_user_id', '=', sales.id).orderBy('id', 'desc').executeTakeFirstOrThrow(),
  );
  await startSession(page, admin);
  await openPage(page, `/my-account/order-history/${order.id}`);
  await expect(page.getByTestId('order-placed-by')).toHaveText(`Aufgegeben von Svenja Außendienst für Küstenwerk Testbau GmbH (${coast.customerNo})`);
  await captureAccountScreens(page, 'sales-placed-by-de');

  // The users page shows what the sales person did for the company, newest first; the order links to its page.
  await openPage(page, '/my-account/users');
  const entries = page.getByTestId('sales-activity-entry');
  await expect(entries.first()).toContainText(`Svenja Außendienst hat die Bestellung ${order.order_number} aufgegeben.`);
  await expect(entries.filter({ hasText: 'hat den Warenkorb geändert (1 Bestell-, 0 Vorbestellpositionen).' })).toHaveCount(1);
  await expect(entries.last()).toContainText('Svenja Außendienst hat zu Ihrem Kundenkonto gewechselt.');
  await page.getByTestId('sales-activity').scrollIntoViewIfNeeded();
  await captureAccountScreens(page, 'sales-activity-de');
  await entries.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/my-account/order-history/${order.id}$`));

  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('order-placed-by')).toHaveText(`Placed by Svenja Außendienst for Küstenwerk Testbau GmbH (${coast.customerNo})`);
  await captureAccountScreens(page, 'sales-placed-by-en');
  await openPage(page, '/my-account/users');
  await expect(page.getByTestId('sales-activity-entry').first()).toContainText(`Svenja Außendienst placed order ${order.order_number}.`);
  await captureAccountScreens(page, 'sales-activity-en');
});

test('the sales person’s selector and customer list in English', async ({ page }) => {
  test.setTimeout(90_000);
  await startSession(page, sales);
  await openPage(page, '/my-account/customer-accounts');
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer accounts');
  await captureAccountScreens(page, 'sales-customer-accounts-en');
  const combobox = await openSelector(page);
  await combobox.fill(coast.customerNo);
  await expect(page.getByRole('option', { name: new RegExp(coast.customerNo) })).toBeVisible();
  await captureAccountScreens(page, 'sales-selector-en');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the customer accounts page searches and switches with plain forms', async ({ page }) => {
    test.setTimeout(90_000);
    await startSession(page, sales);
    await page.goto('/my-account/customer-accounts?search=Binnen');
    const rows = page.getByTestId('customer-account-rows').getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Binnenland Handel KG');
    await page.getByRole('searchbox', { name: /Kunde suchen/ }).fill('Küsten');
    await page.getByTestId('customer-accounts').getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/search=K%C3%BCsten/);
    // (axe needs JavaScript: the page's screenshots and checks are taken in the test with JavaScript.)
    await page.getByRole('button', { name: new RegExp(`Zu ${coast.customerNo} · Küstenwerk Testbau GmbH wechseln`) }).click();
    await expect(page.getByTestId('acting-for-page')).toContainText('Küstenwerk Testbau GmbH');
    await expect(topBar(page)).toContainText('Küstenwerk Testbau GmbH');
    await expect(page.getByText('Kundenkonto gewechselt.')).toBeVisible();
  });
});
