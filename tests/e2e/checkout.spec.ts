import { expect, test } from './fixtures.ts';
import { findCartProducts, orderLine, signInWithBasket, startSessionWithBasket, type CartProducts } from './cart-fixtures.ts';
import { captureScreens } from './helpers.ts';

// The checkout in the browser: cart → checkout → address, shipping, payment, terms →
// place the order → thank-you; the terms blocker before and after the click; the same in English.

let products: CartProducts;

test.beforeAll(async () => {
  products = await findCartProducts();
});

test('a customer orders the cart from the checkout and lands on the thank-you page', async ({ page }) => {
  // Screenshots and axe at two widths on three screens: more than the default 30 s on a small machine.
  test.setTimeout(90_000);
  const [a, b] = products.plain;
  // About 100 € net: above the 50 € minimum order amount.
  const quantity = Math.max(1, Math.ceil(10_000 / a!.priceCents));
  const api = await signInWithBasket(page, [orderLine(a!, quantity), orderLine(b!, 1)]);

  await page.goto('/detailed-cart?type=order');
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await expect(page).toHaveURL(/\/checkout\?type=order$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kasse');

  // Address, shipping and payment: the first address and the default method are preselected.
  const address = page.getByTestId('checkout-address').getByRole('radio').first();
  await address.check();
  await expect(address).toBeChecked();
  const shipping = page.getByTestId('checkout-shipping').getByRole('radio').first();
  await shipping.check();
  await expect(shipping).toBeChecked();
  await page.getByLabel('Vorkasse').check();
  await expect(page.getByTestId('invoice-address')).not.toBeEmpty();

  // The terms blocker: explained before the click, refused with an alert after it, nothing ordered.
  await expect(page.getByTestId('terms-hint')).toHaveText('Bitte stimmen Sie den Allgemeinen Geschäftsbedingungen zu.');
  await captureScreens(page, 'checkout');
  await page.getByLabel('Bestellnummer').fill('PO-4711');
  await page.getByTestId('place-order').click();
  await expect(page.getByRole('alert')).toContainText('Bitte stimmen Sie den Allgemeinen Geschäftsbedingungen zu.');
  await expect(page).toHaveURL(/\/checkout\?type=order$/);
  // Everything typed is still there.
  await expect(page.getByLabel('Bestellnummer')).toHaveValue('PO-4711');
  await expect(page.getByLabel('Vorkasse')).toBeChecked();
  expect((await api.basket()).items.filter((line) => line.orderType === 'order')).toHaveLength(2);
  await captureScreens(page, 'checkout-error-de');

  await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/thank-you\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank für Ihre Bestellung');
  await expect(page.getByTestId('order-number')).not.toBeEmpty();
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-payment')).toHaveText('Vorkasse');
  await expect(page.getByText('PO-4711')).toBeVisible();
  await captureScreens(page, 'thank-you');

  // The order cart is empty now: the checkout sends back to it.
  expect((await api.basket()).items.filter((line) => line.orderType === 'order')).toHaveLength(0);
  await page.goto('/checkout?type=order');
  await expect(page).toHaveURL(/\/detailed-cart\?type=order$/);
});

test('the same order journey in English', async ({ page }) => {
  // A whole journey with screenshots and axe at two widths: more than the default 30 s on a small machine.
  test.setTimeout(90_000);
  const [a, b] = products.plain;
  const api = await signInWithBasket(page, [orderLine(a!, Math.max(1, Math.ceil(10_000 / a!.priceCents))), orderLine(b!, 1)]);
  // The language switch of the account sidebar, as a buyer uses it.
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto('/detailed-cart?type=order');
  await page.getByRole('link', { name: 'To checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?type=order$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
  await expect(page.getByRole('group', { name: 'Addresses' })).toBeVisible();
  await expect(page.getByTestId('checkout-address').getByRole('radio', { checked: true })).toHaveCount(1);
  await page.getByLabel('Invoice').check();
  await expect(page.getByTestId('terms-hint')).toHaveText('Please agree to the terms and conditions.');
  await page.getByLabel('Your order number (PO)').fill('PO-EN-7');
  await page.getByLabel('Note on your order').fill('Please call before delivery.');

  await page.getByTestId('place-order').click();
  await expect(page.getByRole('alert')).toContainText('Please agree to the terms and conditions.');
  await expect(page.getByLabel('Your order number (PO)')).toHaveValue('PO-EN-7');
  await expect(page.getByLabel('Note on your order')).toHaveValue('Please call before delivery.');
  await captureScreens(page, 'checkout-error-en');

  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/thank-you\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByTestId('order-payment')).toHaveText('Invoice');
  await expect(page.getByText('PO-EN-7')).toBeVisible();
  await expect(page.getByText('Please call before delivery.')).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await captureScreens(page, 'thank-you-en');
  expect((await api.basket()).items.filter((line) => line.orderType === 'order')).toHaveLength(0);
});

test('another company cannot open the thank-you page of an order it did not place', async ({ page }) => {
  await startSessionWithBasket(page, []);
  const response = await page.goto('/thank-you?order=987654321');
  expect(response?.status()).toBe(404);
});
