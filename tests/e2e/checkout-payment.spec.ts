import fs from 'node:fs/promises';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findCartProducts, orderLine, shopApi, signInWithBasket, type CartProducts } from './cart-fixtures.ts';
import { captureScreens, withShopDatabase } from './helpers.ts';
import { workerShop } from './shops.ts';

// Paying online in the browser (ADR 0011), through the local Stripe stand-in's hosted page:
// paid → /thank-you and the confirmation mail; declined and cancelled → /order-failed, where the buyer
// pays again or chooses payment on account; not paid in time → cancelled, its goods released.

let products: CartProducts;
const outboxDir = path.join(workerShop().dataDir, 'outbox');

test.beforeAll(async () => {
  products = await findCartProducts();
});

const stockOf = (productId: number) =>
  withShopDatabase(async (db) => (await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock);

/**
 * Fills the cart with about 100 € and places it paid online from the checkout; ends on the provider's
 * page. Answers the product's stock before the order.
 */
async function placeOnline(page: Page, options: { english?: boolean } = {}): Promise<number> {
  const product = products.plain[2]!;
  const stockBefore = await stockOf(product.id);
  await signInWithBasket(page, [orderLine(product, Math.max(1, Math.ceil(10_000 / product.priceCents)))]);
  if (options.english) {
    await page.getByTestId('account-button').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  await page.goto('/checkout?type=order');
  await page.getByLabel(options.english ? 'Pay online (card)' : 'Online bezahlen (Karte)').check();
  await page.getByRole('checkbox', { name: options.english ? /terms and conditions/i : /Allgemeinen Geschäftsbedingungen/ }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await expect(page).toHaveTitle('Fake Stripe Checkout');
  return stockBefore;
}

async function mailFor(orderNumber: string): Promise<string | undefined> {
  const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
  for (const name of names) {
    const text = await fs.readFile(path.join(outboxDir, name), 'utf8');
    if (text.includes(orderNumber)) return text;
  }
  return undefined;
}

test('a customer pays online and lands on the thank-you page; the confirmation mail follows the payment', async ({ page }) => {
  test.setTimeout(60_000);
  await placeOnline(page);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/thank-you\?order=\d+&session_id=cs_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank für Ihre Bestellung');
  await expect(page.getByTestId('payment-state')).toHaveText('Zahlungsart: Bezahlt');
  await expect(page.getByTestId('order-payment')).toHaveText('Online bezahlen (Karte)');
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  await expect.poll(() => mailFor(orderNumber), { timeout: 15_000, intervals: [100] }).toBeDefined();
  // The order cart is empty: the order took its lines.
  expect((await shopApi(page).basket()).items.filter((line) => line.orderType === 'order')).toEqual([]);
});

test('a declined and cancelled payment leads to the failed-payment page; paying again, then on account, places the order', async ({ page }) => {
  test.setTimeout(90_000);
  await placeOnline(page, { english: true });
  await page.getByRole('button', { name: 'Decline card' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel and return' }).click();

  await expect(page).toHaveURL(/\/order-failed\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(page.getByTestId('order-failed-message')).toHaveText(/^Payment failed for order WEB-\d{6}\.$/);
  await expect(page.getByTestId('order-line')).toHaveCount(1);
  await captureScreens(page, 'order-failed-en');

  // Pay again: the same payment page, still open.
  await page.getByTestId('pay-again').click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await page.getByRole('button', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/order-failed\?order=\d+$/);

  // Pay on account instead: the order is placed as such, and confirmed.
  await page.getByLabel('Invoice').check();
  await page.getByTestId('pay-on-account').click();
  await expect(page).toHaveURL(/\/thank-you\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByTestId('order-payment')).toHaveText('Invoice');
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  await expect.poll(() => mailFor(orderNumber), { timeout: 15_000, intervals: [100] }).toBeDefined();
});

test('an order not paid in time is cancelled and its goods released', async ({ page }) => {
  test.setTimeout(60_000);
  const stockBefore = await placeOnline(page);
  await page.getByRole('button', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/order-failed\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByTestId('pay-again')).toBeVisible();

  expect(await stockOf(products.plain[2]!.id)).toBeLessThan(stockBefore);
  await withShopDatabase((db) => db.updateTable('orders').set({ payment_due_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', orderId).execute());
  // The shop looks for overdue orders twice a second here (PAYMENT_SWEEP_MS).
  await expect
    .poll(() => withShopDatabase(async (db) => (await db.selectFrom('orders').select('payment_status').where('id', '=', orderId).executeTakeFirstOrThrow()).payment_status))
    .toBe('cancelled');
  expect(await stockOf(products.plain[2]!.id)).toBe(stockBefore);

  await page.reload();
  await expect(page.getByText(/wurde storniert, weil sie nicht rechtzeitig bezahlt wurde/)).toBeVisible();
  await expect(page.getByTestId('pay-again')).toHaveCount(0);
  await captureScreens(page, 'order-failed-cancelled');
});
