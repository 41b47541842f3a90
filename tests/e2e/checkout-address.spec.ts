import { type Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { findCartProducts, orderLine, shopApi, signInWithBasket, type CartProducts } from './cart-fixtures.ts';
import { agreeAndPlace, quantityFor, readOrder, whileChanged } from './checkout-fixtures.ts';
import { accounts, captureScreens, openHome, startSession, withShopDatabase } from './helpers.ts';

// A new shipping address added at the checkout: the disclosure's form, the shop's
// validation messages next to each field with what was typed kept, the saved address chosen and ordered
// to; the same without JavaScript; and no such form (and a refused post) for a user who may not add
// addresses.

// Whole journeys, with screenshots and axe at two widths: more than the default 30 s on a small machine.
test.describe.configure({ timeout: 90_000 });

let products: CartProducts;

test.beforeAll(async () => {
  products = await findCartProducts();
});

/** A cart of about 100 € net, comfortably above the 50 € minimum order amount. */
function cartAboveMinimum() {
  const [a, b] = products.plain;
  return [orderLine(a!, quantityFor(a!, 10_000)), orderLine(b!, 1)];
}

/** A field of the new-address form by its label (exact: "Ort" must not find "Sortiment"). */
const field = (page: Page, label: string) => page.getByTestId('new-address').getByLabel(label, { exact: true });

/** The company's addresses through the API (GET /api/address). */
async function addressIds(page: Page): Promise<number[]> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const response = await page.request.get('/api/address', { headers: { authorization: `Basic ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { _id: number }[] }).data.map((address) => address._id);
}

/** Takes the addresses a test added out of the company's address book again. */
async function removeAddressesExcept(keep: readonly number[]) {
  await withShopDatabase(async (db) => {
    await db.deleteFrom('addresses').where('id', 'not in', [...keep]).where('company_id', 'in', db.selectFrom('companies').select('id').where('customer_no', '=', '10001')).execute();
  });
}

test('a customer adds a new shipping address at checkout, sees each problem next to its field, and orders to it', async ({ page }) => {
  await signInWithBasket(page, cartAboveMinimum());
  const before = await addressIds(page);
  try {
    await page.goto('/checkout?type=order');
    await page.getByLabel('Ihre Bestellnummer').fill('PO-NEU-1');

    await page.getByTestId('new-address').getByText('Neue Lieferadresse').click();
    await field(page, 'Straße und Hausnummer').fill('Hafenkante 1');
    await field(page, 'PLZ').fill('20457!');
    await page.getByTestId('save-new-address').click();

    // Every problem at once, in the shop's words, next to its field; what was typed stays.
    await expect(page.getByTestId('new-address-firstName-error')).toHaveText('Bitte geben Sie einen Vornamen oder einen Firmennamen an.');
    await expect(page.getByTestId('new-address-zipCode-error')).toHaveText('Die Postleitzahl darf nur Buchstaben, Ziffern, Leerzeichen und Bindestriche enthalten.');
    await expect(page.getByTestId('new-address-city-error')).toHaveText('Dieses Feld ist erforderlich.');
    await expect(page.getByTestId('new-address-street-error')).toHaveCount(0);
    await expect(field(page, 'Straße und Hausnummer')).toHaveValue('Hafenkante 1');
    await expect(field(page, 'PLZ')).toHaveValue('20457!');
    await expect(field(page, 'PLZ')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Ihre Bestellnummer')).toHaveValue('PO-NEU-1');
    expect(await addressIds(page)).toEqual(before);
    await captureScreens(page, 'checkout-new-address-de');

    await field(page, 'Firma').fill('Baustelle Nord GmbH');
    await field(page, 'Vorname').fill('Jana');
    await field(page, 'Nachname (optional)').fill('Schulz');
    await field(page, 'PLZ').fill('6020');
    await field(page, 'Ort').fill('Innsbruck');
    await field(page, 'Land').selectOption({ label: 'Österreich' });
    await field(page, 'Telefon (optional)').fill('+43 512 123456');
    await page.getByTestId('save-new-address').click();

    // Back on the checkout with the new address chosen, shipping for its country, the form closed and empty.
    await expect(page).toHaveURL(/\/checkout\?type=order&address=\d+$/);
    const newId = Number(new URL(page.url()).searchParams.get('address'));
    expect(await addressIds(page)).toEqual([...before, newId].sort((x, y) => x - y));
    const chosen = page.getByTestId('checkout-address').getByRole('radio', { checked: true });
    await expect(chosen).toHaveAttribute('value', String(newId));
    await expect(page.locator(`label[for="address-${newId}"]`)).toContainText('Baustelle Nord GmbH');
    await expect(page.locator(`label[for="address-${newId}"]`)).toContainText('Österreich');
    await expect(page.getByTestId('checkout-shipping')).toContainText('12,95 €');
    await expect(page.getByTestId('new-address')).not.toHaveAttribute('open');
    await expect(field(page, 'Straße und Hausnummer')).toHaveValue('');
    // With JavaScript the rest of the checkout is as it was typed.
    await expect(page.getByLabel('Ihre Bestellnummer')).toHaveValue('PO-NEU-1');

    const orderId = await agreeAndPlace(page);
    const delivery = page.getByRole('region', { name: 'Lieferung und Zahlung' });
    await expect(delivery).toContainText('Baustelle Nord GmbH');
    await expect(delivery).toContainText('Jana Schulz');
    await expect(delivery).toContainText('Hafenkante 1');
    await expect(delivery).toContainText('6020 Innsbruck');
    await expect(delivery).toContainText('Österreich');
    const order = await readOrder(page, orderId);
    expect(order.receiverAddress).toMatchObject({ companyName: 'Baustelle Nord GmbH', firstName: 'Jana', street: 'Hafenkante 1', zipCode: '6020', city: 'Innsbruck', country: { code: 'AT' } });
  } finally {
    await removeAddressesExcept(before);
  }
});

test('the new address form works without JavaScript', async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await startSession(page, accounts.customer);
    await openHome(page);
    await shopApi(page).saveBasket(cartAboveMinimum());
    const before = await addressIds(page);
    try {
      await page.goto('/checkout?type=order');
      await page.getByTestId('new-address').getByText('Neue Lieferadresse').click();
      await field(page, 'Vorname').fill('Ole');
      await field(page, 'Straße und Hausnummer').fill('Am Kai 9');
      await field(page, 'PLZ').fill('24103');
      await page.getByTestId('save-new-address').click();
      // A plain form post: the server answers the page with the problem and what was typed.
      await expect(page.getByTestId('new-address-city-error')).toHaveText('Dieses Feld ist erforderlich.');
      await expect(field(page, 'Straße und Hausnummer')).toHaveValue('Am Kai 9');

      await field(page, 'Ort').fill('Kiel');
      await page.getByTestId('save-new-address').click();
      await expect(page).toHaveURL(/\/checkout\?type=order&address=\d+$/);
      const newId = new URL(page.url()).searchParams.get('address');
      await expect(page.getByTestId('checkout-address').getByRole('radio', { checked: true })).toHaveAttribute('value', newId!);
      await expect(page.locator(`label[for="address-${newId}"]`)).toContainText('Am Kai 9');
    } finally {
      await removeAddressesExcept(before);
    }
  } finally {
    await context.close();
  }
});

test('a user who may not add addresses gets no form, and the page refuses a forged post', async ({ page }) => {
  await signInWithBasket(page, cartAboveMinimum());
  const before = await addressIds(page);
  await whileChanged(
    (db) => db.updateTable('users').set({ block_users_to_add_new_address: 1 }).where('username', '=', 'customer').execute(),
    (db) => db.updateTable('users').set({ block_users_to_add_new_address: 0 }).where('username', '=', 'customer').execute(),
    async () => {
      await page.goto('/checkout?type=order');
      await expect(page.getByTestId('checkout-address').getByRole('radio').first()).toBeVisible();
      await expect(page.getByTestId('new-address')).toHaveCount(0);
      await expect(page.getByText('Neue Lieferadresse')).toHaveCount(0);

      const answer = await page.request.post('/checkout?type=order', {
        form: { intent: 'addAddress', firstName: 'Eva', street: 'Umweg 1', zipCode: '20095', city: 'Hamburg', country: 'DE' },
      });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain('Sie dürfen keine neuen Adressen anlegen.');
      expect(await addressIds(page)).toEqual(before);
    },
  );
});
