import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findCartProducts, formatEuro, orderLine, shopApi, signInWithBasket, type CartProducts, type ShopProduct } from './cart-fixtures.ts';
import { agreeAndPlace, companyId, demoTenantId, productState, quantityFor, readOrder, whileChanged } from './checkout-fixtures.ts';
import { captureScreens, startSession, withShopDatabase } from './helpers.ts';

// Every blocker of the checkout (docs/product.md, Checkout), explained where it arises with
// the shop's message, and with the fix next to it where the buyer can fix it: the minimum
// order amount, delivery blocked for the company, an address without a country, lines short of stock
// (before the click, and after it with the one-click reduction), a price changed since the line was
// added, a blocked company (companies.is_active = 0: before the click, and a click on a page opened
// before the block) and a blocked account (the user locked after sign-in). The terms blocker is in
// checkout.spec.ts.

// Whole journeys, with screenshots and axe at two widths: more than the default 30 s on a small machine.
test.describe.configure({ timeout: 90_000 });

let products: CartProducts;

test.beforeAll(async () => {
  products = await findCartProducts();
});

const placeOrder = (page: Page) => page.getByTestId('place-order');
const blockers = (page: Page) => page.getByTestId('checkout-blockers');
const orderLines = async (page: Page) => (await shopApi(page).basket()).items.filter((line) => line.orderType === 'order');

/** The goods' net value after company 10001's 3 % customer discount, as the minimum order amount counts it. */
const afterDiscount = (netCents: number) => netCents - Math.round((netCents * 3) / 100);

/** Makes `product` one that is only sold with stock (the demo shop sells beyond stock otherwise), with this stock. */
function onlyFromStock(product: ShopProduct, stock: number) {
  return (db: Parameters<Parameters<typeof withShopDatabase>[0]>[0]) =>
    db.updateTable('products').set({ is_only_sellable_with_positive_stock: 1, stock }).where('id', '=', product.id).execute();
}

function restoreProducts(states: { product: ShopProduct; state: Awaited<ReturnType<typeof productState>> }[]) {
  return async (db: Parameters<Parameters<typeof withShopDatabase>[0]>[0]) => {
    for (const { product, state } of states) await db.updateTable('products').set(state).where('id', '=', product.id).execute();
  };
}

test('a cart under the minimum order amount says how much is missing, and the order waits for it', async ({ page }) => {
  const cheapest = [...products.plain].sort((x, y) => x.priceCents - y.priceCents)[0]!;
  expect(afterDiscount(cheapest.priceCents), 'one piece stays under the 50 € minimum').toBeLessThan(5_000);
  await signInWithBasket(page, [orderLine(cheapest, 1)]);

  await page.goto('/checkout?type=order');
  const missing = formatEuro(5_000 - afterDiscount(cheapest.priceCents));
  await expect(page.getByTestId('minimum-order-amount')).toHaveText(`Der Mindestbestellwert von 50,00 € ist noch nicht erreicht. Es fehlen noch ${missing}.`);
  await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
  await expect(placeOrder(page)).toBeDisabled();
  await expect(placeOrder(page)).toHaveAccessibleDescription(/^Der Mindestbestellwert von 50,00\s€ ist noch nicht erreicht\. Es fehlen noch/);
});

test('delivery blocked for the company is explained before the click', async ({ page }) => {
  const [a] = products.plain;
  await signInWithBasket(page, [orderLine(a!, quantityFor(a!, 10_000))]);
  await whileChanged(
    async (db) => db.updateTable('companies').set({ blocked_delivery: 1 }).where('id', '=', await companyId(db, '10001')).execute(),
    async (db) => db.updateTable('companies').set({ blocked_delivery: 0 }).where('id', '=', await companyId(db, '10001')).execute(),
    async () => {
      await page.goto('/checkout?type=order');
      const message = 'Die Belieferung Ihres Unternehmens ist gesperrt. Bitte wenden Sie sich an Ihren Ansprechpartner im Vertrieb.';
      await expect(blockers(page)).toContainText(message);
      await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
      await expect(placeOrder(page)).toBeDisabled();
      await expect(placeOrder(page)).toHaveAccessibleDescription(message);
    },
  );
});

test('an address without a country cannot be chosen and says why', async ({ page }) => {
  const [a] = products.plain;
  await signInWithBasket(page, [orderLine(a!, quantityFor(a!, 10_000))]);
  const id = await withShopDatabase(async (db) => {
    const row = await db
      .insertInto('addresses')
      .values({
        tenant_id: await demoTenantId(db),
        company_id: await companyId(db, '10001'),
        type: 1,
        first_name: 'Ohne',
        last_name: 'Land',
        street: 'Niemandsweg 1',
        street2: null,
        addressline2: null,
        apartment: null,
        zip_code: '20095',
        city: 'Hamburg',
        state: null,
        country_code: null,
        country_name: null,
        phone_number: null,
        company_name: null,
        created_at: new Date().toISOString(),
        updated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  try {
    await page.goto('/checkout?type=order');
    const radio = page.locator(`#address-${id}`);
    await expect(radio).toBeDisabled();
    await expect(radio).not.toBeChecked();
    const message = 'Für diese Adresse ist kein Land angegeben. Bitte ergänzen Sie das Land, um zu bestellen.';
    await expect(page.locator(`label[for="address-${id}"]`)).toContainText(message);
    await expect(radio).toHaveAccessibleDescription(message);
    // Another address with a country stays chosen, so the order can still go out.
    await expect(page.getByTestId('checkout-address').getByRole('radio', { checked: true })).toHaveCount(1);
  } finally {
    await withShopDatabase((db) => db.deleteFrom('addresses').where('id', '=', id).execute());
  }
});

test('lines short of stock are shown before the click and reduced with one click', async ({ page }) => {
  const [a, b, c] = products.plain;
  const states = [
    { product: a!, state: await productState(a!) },
    { product: b!, state: await productState(b!) },
  ];
  const quantityC = quantityFor(c!, 8_000);
  await signInWithBasket(page, [orderLine(a!, 8), orderLine(b!, 2), orderLine(c!, quantityC)]);
  await whileChanged(
    async (db) => {
      await onlyFromStock(a!, 5)(db);
      await onlyFromStock(b!, 0)(db);
    },
    restoreProducts(states),
    async () => {
      await page.goto('/checkout?type=order');
      const notice = page.getByTestId('stock-shortfall');
      await expect(notice.getByRole('heading')).toHaveText('Nicht genug auf Lager');
      await expect(notice.getByTestId('stock-shortfall-line')).toHaveText([
        `${a!.name} (${a!.sku}): Gewünscht: 8, Verfügbar: 5`,
        `${b!.name} (${b!.sku}): Gewünscht: 2, Verfügbar: 0`,
      ]);
      await expect(blockers(page)).toContainText('Einige Artikel sind nicht in der gewünschten Menge vorrätig.');
      await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
      await expect(placeOrder(page)).toBeDisabled();
      await captureScreens(page, 'checkout-stock-short-de');

      await notice.getByRole('button', { name: 'Auf verfügbare Menge reduzieren' }).click();
      const confirmation = page.getByTestId('stock-reduced');
      await expect(confirmation).toContainText('Die Mengen wurden auf den verfügbaren Bestand reduziert.');
      await expect(confirmation).toContainText(`${a!.name} (${a!.sku}): von 8 auf 5 reduziert`);
      await expect(confirmation).toContainText(`${b!.name} (${b!.sku}): nicht vorrätig, aus dem Warenkorb entfernt`);
      await expect(page.getByTestId('stock-shortfall')).toHaveCount(0);
      await expect(blockers(page)).toHaveCount(0);
      // The checkout's totals are the reduced cart's.
      await expect(page.getByTestId('summary-goods')).toHaveText(formatEuro(5 * a!.priceCents + quantityC * c!.priceCents));
      expect((await orderLines(page)).map((line) => [line.sku, line.quantity])).toEqual([
        [a!.sku, 5],
        [c!.sku, quantityC],
      ]);

      const orderId = await agreeAndPlace(page);
      expect((await readOrder(page, orderId)).items.map((item) => [item.sku, item.quantity])).toEqual([
        [a!.sku, 5],
        [c!.sku, quantityC],
      ]);
    },
  );
});

test('stock that runs short after the page was opened is refused with the one-click fix in the alert', async ({ page }) => {
  const [a, , c] = products.plain;
  const states = [{ product: a!, state: await productState(a!) }];
  const quantityC = quantityFor(c!, 8_000);
  await signInWithBasket(page, [orderLine(a!, 30), orderLine(c!, quantityC)]);
  await whileChanged(
    // Plenty at first (earlier orders may have taken some): the page opens without a shortfall.
    onlyFromStock(a!, Math.max(100, states[0]!.state.stock)),
    restoreProducts(states),
    async () => {
      await page.goto('/checkout?type=order');
      await expect(page.getByTestId('stock-shortfall')).toHaveCount(0);
      // Someone else orders meanwhile: 12 are left.
      await withShopDatabase((db) => db.updateTable('products').set({ stock: 12 }).where('id', '=', a!.id).execute());
      await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
      await placeOrder(page).click();

      const alert = page.getByTestId('checkout-error');
      await expect(alert).toContainText('Nicht genug auf Lager');
      await expect(alert).toContainText(`${a!.name} (${a!.sku}): Gewünscht: 30, Verfügbar: 12`);
      // The alert lists the lines already: the notice does not repeat them.
      await expect(page.getByTestId('stock-shortfall')).toHaveCount(0);
      await captureScreens(page, 'checkout-stock-error-de');

      await alert.getByRole('button', { name: 'Auf verfügbare Menge reduzieren' }).click();
      await expect(page.getByTestId('stock-reduced')).toContainText(`${a!.name} (${a!.sku}): von 30 auf 12 reduziert`);
      await expect(page.getByTestId('checkout-error')).toHaveCount(0);
      await expect(page.getByTestId('summary-goods')).toHaveText(formatEuro(12 * a!.priceCents + quantityC * c!.priceCents));

      const orderId = await agreeAndPlace(page);
      expect((await readOrder(page, orderId)).items.map((item) => [item.sku, item.quantity])).toEqual([
        [a!.sku, 12],
        [c!.sku, quantityC],
      ]);
    },
  );
});

test('a price changed since the line was added shows the old price struck through, before and after the click', async ({ page }) => {
  const [a, b] = products.plain;
  const state = await productState(a!);
  const price = state.price_cents;
  await signInWithBasket(page, [orderLine(a!, quantityFor(a!, 8_000)), orderLine(b!, 1)]);
  const setPrice = (cents: number) => withShopDatabase((db) => db.updateTable('products').set({ price_cents: cents }).where('id', '=', a!.id).execute());
  await whileChanged(
    () => setPrice(price + 250),
    restoreProducts([{ product: a!, state }]),
    async () => {
      // Before the click: the change since the line went into the cart, and the order still possible at today's price.
      await page.goto('/checkout?type=order');
      const notice = page.getByTestId('price-change');
      await expect(notice.getByRole('heading')).toHaveText('Die Preise einiger Artikel haben sich geändert. Bitte prüfen Sie Ihren Warenkorb.');
      await expect(notice.getByTestId('price-change-line')).toHaveText(
        `${a!.name} (${a!.sku}): Preis geändert Bisheriger Preis: ${formatEuro(price)} → ${formatEuro(price + 250)} zzgl. MwSt.`,
      );
      await expect(notice.getByTestId('old-price')).toHaveCSS('text-decoration-line', 'line-through');

      // A change after the page was opened: the click is refused with old and new price. (Once the
      // header's cart has read the basket, or any other read of it would record the new price first.)
      await expect(page.getByTestId('header-cart-order')).not.toHaveAttribute('aria-disabled', 'true');
      await setPrice(price + 500);
      await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
      await placeOrder(page).click();
      const alert = page.getByTestId('checkout-error');
      await expect(alert).toContainText('Die Preise einiger Artikel haben sich geändert.');
      await expect(alert.locator('del')).toHaveText(`Bisheriger Preis: ${formatEuro(price + 250)}`);
      await expect(alert).toContainText(`→ ${formatEuro(price + 500)}`);

      // The page now shows today's price; the next click orders at it.
      const orderId = await agreeAndPlace(page);
      const line = (await readOrder(page, orderId)).items.find((item) => item.sku === a!.sku);
      expect(line?.price.value).toBe((price + 500) / 100);
    },
  );
});

/** Signs the customer admin of company 10001 in, with a cart above the minimum order amount (the tests open the checkout next). */
async function signInCustomerAdmin(page: Page, product: ShopProduct) {
  await startSession(page, { username: 'customeradmin', password: 'Demo-CustomerAdmin-1' });
  await shopApi(page).saveBasket([orderLine(product, quantityFor(product, 10_000))]);
}

const ordersOfCustomerAdmin = () =>
  withShopDatabase(async (db) => {
    const user = await db.selectFrom('users').select('id').where('username', '=', 'customeradmin').executeTakeFirstOrThrow();
    return (await db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).length;
  });

test('a blocked company cannot order: the checkout says so before the click, and a click says so too', async ({ page }) => {
  const [a] = products.plain;
  await signInCustomerAdmin(page, a!);
  const before = await ordersOfCustomerAdmin();
  const message = 'Ihr Unternehmen ist für Bestellungen gesperrt. Bitte wenden Sie sich an Ihren Vertriebsmitarbeiter.';
  // The company is blocked (companies.is_active = 0) before the buyer opens the checkout: its users still
  // sign in and shop, but the checkout explains at once why no order can be placed.
  await whileChanged(
    async (db) => db.updateTable('companies').set({ is_active: 0 }).where('id', '=', await companyId(db, '10001')).execute(),
    async (db) => db.updateTable('companies').set({ is_active: 1 }).where('id', '=', await companyId(db, '10001')).execute(),
    async () => {
      await page.goto('/checkout?type=order');
      await expect(blockers(page)).toContainText(message);
      await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
      await expect(placeOrder(page)).toBeDisabled();
      await expect(placeOrder(page)).toHaveAccessibleDescription(message);
      await captureScreens(page, 'checkout-company-blocked-de');
    },
  );

  // Blocked while the buyer is on the checkout (the session stays valid): the click is refused with the same words.
  await page.goto('/checkout?type=order');
  await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
  await whileChanged(
    async (db) => db.updateTable('companies').set({ is_active: 0 }).where('id', '=', await companyId(db, '10001')).execute(),
    async (db) => db.updateTable('companies').set({ is_active: 1 }).where('id', '=', await companyId(db, '10001')).execute(),
    async () => {
      await placeOrder(page).click();
      await expect(page.getByTestId('checkout-error')).toContainText(message);
      expect(await ordersOfCustomerAdmin()).toBe(before);
    },
  );
});

test('an account locked after sign-in loses its session, cannot order and is told so at the next sign-in', async ({ page }) => {
  const [a] = products.plain;
  await signInCustomerAdmin(page, a!);
  const before = await ordersOfCustomerAdmin();
  await page.goto('/checkout?type=order');
  await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
  await whileChanged(
    (db) => db.updateTable('users').set({ is_locked: 1 }).where('username', '=', 'customeradmin').execute(),
    (db) => db.updateTable('users').set({ is_locked: 0 }).where('username', '=', 'customeradmin').execute(),
    async () => {
      // The shop remembers a session for up to 2 s; then the lock ends it.
      const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
      await expect.poll(async () => (await page.request.get('/api/basket', { headers: { authorization: `Basic ${token}` } })).status(), { timeout: 10_000 }).toBe(401);
      await placeOrder(page).click();
      await expect(page).toHaveURL(/\/landing$/);
      expect(await ordersOfCustomerAdmin()).toBe(before);

      await page.goto('/auth');
      await page.getByLabel('Benutzername').fill('customeradmin');
      await page.getByLabel('Passwort').fill('Demo-CustomerAdmin-1');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByTestId('login-error')).toHaveText('Ihr Konto ist gesperrt. Bitte wenden Sie sich an Ihren Vertriebsmitarbeiter.');
    },
  );
});
