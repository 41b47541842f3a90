import { expect, test } from './fixtures.ts';
import { findCartProducts, preOrderLine, signInWithBasket, type CartProducts } from './cart-fixtures.ts';
import { agreeAndPlace, quantityFor, readOrder } from './checkout-fixtures.ts';
import { captureScreens } from './helpers.ts';

// The pre-order cart's checkout: one note per season's delivery date, placed as one order
// whose lines and notes carry the seasons' dates. The demo tenant has three seasons: Frühjahr 2027
// (2027-03-01), Sommer 2027 (2027-06-01) and Herbst 2027 (2027-09-01).

// Whole journeys, with screenshots and axe at two widths: more than the default 30 s on a small machine.
test.describe.configure({ timeout: 90_000 });

let products: CartProducts;

test.beforeAll(async () => {
  products = await findCartProducts();
});

test('a customer checks out the pre-order cart with a note for each season it delivers in', async ({ page }) => {
  const product = products.preOrderable;
  const perSeason = quantityFor(product, 8_000);
  await signInWithBasket(page, [preOrderLine(product, [perSeason, perSeason, 0])]);

  await page.goto('/detailed-cart?type=preOrder');
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await expect(page).toHaveURL(/\/checkout\?type=preOrder$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kasse: Vorbestellung');
  // A pre-order has no requested delivery date: the seasons are the delivery dates.
  await expect(page.getByLabel('Wunschliefertermin')).toHaveCount(0);
  await expect(page.getByLabel('Anmerkung zu Herbst 2027')).toBeVisible();

  await page.getByLabel('Anmerkung zu Frühjahr 2027').fill('Bitte vor Saisonstart liefern.');
  await page.getByLabel('Anmerkung zu Sommer 2027').fill('Anlieferung nur vormittags.');
  await captureScreens(page, 'checkout-pre-order-de');
  const orderId = await agreeAndPlace(page);

  // The thank-you page lists a line per season with its date, and each note with its date.
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-line').nth(0)).toContainText('01.03.2027');
  await expect(page.getByTestId('order-line').nth(1)).toContainText('01.06.2027');
  const delivery = page.getByRole('region', { name: 'Lieferung und Zahlung' });
  await expect(delivery).toContainText('01.03.2027: Bitte vor Saisonstart liefern.');
  await expect(delivery).toContainText('01.06.2027: Anlieferung nur vormittags.');
  await captureScreens(page, 'thank-you-pre-order-de');

  const order = await readOrder(page, orderId);
  expect(order.orderType).toBe('preOrder');
  expect(order.items.map((item) => [item.sku, item.quantity, item.deliveryDate])).toEqual([
    [product.sku, perSeason, '2027-03-01'],
    [product.sku, perSeason, '2027-06-01'],
  ]);
  expect([...order.notes].sort((a, b) => (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? ''))).toEqual([
    { deliveryDate: '2027-03-01', text: 'Bitte vor Saisonstart liefern.' },
    { deliveryDate: '2027-06-01', text: 'Anlieferung nur vormittags.' },
  ]);
});
