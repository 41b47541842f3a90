import { expect, test } from './fixtures.ts';
import { grossCents } from '../../core/vat.ts';
import { cartLine, findCartProducts, formatEuro, orderLine, preOrderLine, shopApi, signInWithBasket, startSessionWithBasket, toast, type CartProducts } from './cart-fixtures.ts';
import { captureScreens, signIn, viewports, waitUntilSettled, withShopDatabase } from './helpers.ts';

// The order cart, the pre-order cart and the wishlist in the browser (docs/product.md, Cart): header
// counts, the cart page with its summary and modals, the store's syncing, and the wishlist page.

let products: CartProducts;

test.beforeAll(async () => {
  products = await findCartProducts();
});

test('a customer sees both carts with counts, lines and the order summary', async ({ page }) => {
  const [a] = products.plain;
  const { batched, preOrderable } = products;
  await signInWithBasket(page, [orderLine(a!, 2), orderLine(batched, batched.batchSize * 2), preOrderLine(preOrderable, [2, 0, 3])]);
  // A personal minimum far above the cart shows the minimum-order message with its amount.
  await withShopDatabase((db) => db.updateTable('users').set({ min_cart_amount_cents: 1_000_000 }).where('username', '=', 'customer').execute());
  try {
    await page.goto('/');
    await expect(page.getByTestId('header-cart-order-count')).toHaveText('2');
    await expect(page.getByTestId('header-cart-preOrder-count')).toHaveText('1');
    await page.getByTestId('header-cart-order').click();
    await expect(page).toHaveURL(/\/detailed-cart\?type=order$/);

    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(cartLine(page, a!.sku)).toContainText(a!.name);
    await expect(cartLine(page, a!.sku).getByTestId('line-total')).toHaveText(formatEuro(a!.priceCents * 2));
    const net = a!.priceCents * 2 + batched.priceCents * batched.batchSize * 2;
    await expect(page.getByTestId('summary-goods')).toHaveText(formatEuro(net));
    // Company 10001 has a 3 % customer discount, deducted: a row, and the totals contain it.
    const discount = Math.round((net * 3) / 100);
    await expect(page.getByTestId('summary-discount')).toHaveText(`− ${formatEuro(discount)}`);
    // Its default address is in Germany: Standardversand, 6,95 €, free above 250 € after the discount.
    const shipping = net - discount > 25_000 ? 0 : 695;
    await expect(page.getByTestId('summary-shipping')).toHaveText(formatEuro(shipping));
    await expect(page.getByTestId('summary-total-net')).toHaveText(formatEuro(net - discount + shipping));
    await expect(page.getByTestId('order-summary')).toContainText('Versand (Standardversand)');
    await expect(page.getByTestId('order-summary')).toContainText('Versand nach Deutschland.');
    await expect(page.getByTestId('order-summary')).toContainText('MwSt.');
    await expect(page.getByTestId('minimum-order-amount')).toHaveText(
      `Der Mindestbestellwert von 10.000,00 € ist noch nicht erreicht. Es fehlen noch ${formatEuro(1_000_000 - (net - discount))}.`,
    );
    await expect(page.getByRole('link', { name: /Kasse|Checkout/ })).toHaveCount(0);
    await captureScreens(page, 'cart-order');

    await page.getByTestId('cart-tab-preOrder').click();
    await expect(page).toHaveURL(/type=preOrder$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vorbestellung');
    await expect(cartLine(page, preOrderable.sku).getByTestId('season-quantity-0')).toHaveValue('2');
    await expect(cartLine(page, preOrderable.sku).getByTestId('season-quantity-2')).toHaveValue('3');
    await captureScreens(page, 'cart-preorder');
  } finally {
    await withShopDatabase((db) => db.updateTable('users').set({ min_cart_amount_cents: 0 }).where('username', '=', 'customer').execute());
  }
});

test('a buyer with gross prices sees gross rows, the freight surcharge and an included discount as a note', async ({ page }) => {
  const [a] = products.plain;
  // Company 10002: AT, gross prices, freight 15 € up to 300 €; here with a discount already in its prices.
  await withShopDatabase((db) => db.updateTable('companies').set({ discount_type: 'price', discount_percent_bp: 200 }).where('customer_no', '=', '10002').execute());
  try {
    await signIn(page, 'customer2');
    const api = shopApi(page);
    // About 100 € net: above the 50 € minimum, below the freight's 300 €.
    const quantity = Math.ceil(10_000 / a!.priceCents);
    expect(a!.priceCents * quantity).toBeLessThan(30_000);
    await api.saveBasket([orderLine(a!, quantity)]);
    const [item] = (await api.basket()).items as unknown as { vatRate: number }[];
    const rateBp = Math.round(item!.vatRate * 100);
    await page.goto('/detailed-cart?type=order');

    const goods = grossCents(a!.priceCents * quantity, rateBp);
    const method = grossCents(1295, rateBp);
    const shipping = grossCents(1295 + 1500, rateBp);
    await expect(page.getByTestId('summary-goods')).toHaveText(formatEuro(goods));
    await expect(page.getByTestId('summary-discount')).toHaveCount(0);
    await expect(page.getByTestId('summary-discount-included')).toHaveText('Ihr Kundenrabatt von 2 % ist in Ihren Preisen bereits enthalten');
    await expect(page.getByTestId('summary-shipping')).toHaveText(formatEuro(method));
    await expect(page.getByTestId('summary-freight')).toHaveText(formatEuro(shipping - method));
    await expect(page.getByTestId('summary-total-gross')).toHaveText(formatEuro(goods + shipping));
    await expect(page.getByTestId('summary-shipping-hint')).toHaveText(`${formatEuro(method)} Versand über ${formatEuro(30_000)} netto`);
    const summary = page.getByTestId('order-summary');
    await expect(summary).toContainText('Frachtkostenzuschlag');
    await expect(summary).toContainText('darin MwSt.');
    await expect(summary).toContainText('Versand nach Österreich.');
    await expect(page.getByTestId('minimum-order-amount')).toHaveCount(0);
    await captureScreens(page, 'cart-order-gross');
  } finally {
    await withShopDatabase((db) => db.updateTable('companies').set({ discount_type: null, discount_percent_bp: 0 }).where('customer_no', '=', '10002').execute());
  }
});

test('from the product page into both carts and onto the wishlist', async ({ page }) => {
  const [a] = products.plain;
  const { preOrderable } = products;
  const api = await startSessionWithBasket(page, []);
  await page.goto(`/product/${a!.id}?sku=${a!.sku}`);
  const buyBox = page.getByTestId('buy-box');
  await buyBox.getByTestId('quantity-input').fill('3');
  await buyBox.getByTestId('add-to-cart').click();
  const added = toast(page, 'Der Artikel liegt im Warenkorb.');
  await expect(added).toHaveAttribute('data-type', 'success');
  await expect(added.getByRole('link', { name: 'Warenkorb öffnen' })).toHaveAttribute('href', '/detailed-cart?type=order');
  await expect(page.getByTestId('header-cart-order-count')).toHaveText('1');

  await buyBox.getByTestId('add-to-wishlist').click();
  const kept = toast(page, 'Der Artikel steht auf Ihrer Merkliste.');
  await expect(kept).toHaveAttribute('data-type', 'success');
  await kept.getByRole('link', { name: 'Merkliste öffnen' }).click();
  await expect(page).toHaveURL(/\/wishlist\/?$/);
  await expect(page.locator(`[data-testid="wishlist-item"][data-sku="${a!.sku}"]`)).toBeVisible();

  await page.goto(`/product/${preOrderable.id}?sku=${preOrderable.sku}`);
  await page.getByTestId('toggle-preorder').click();
  await expect(page).toHaveURL(/preOrder=1/);
  await page.getByTestId('buy-box').getByTestId('season-quantity-input').first().fill('2');
  await page.getByTestId('buy-box').getByTestId('add-to-cart').click();
  await expect(toast(page, 'Der Artikel liegt im Warenkorb.').getByRole('link', { name: 'Warenkorb öffnen' }).last()).toHaveAttribute('href', '/detailed-cart?type=preOrder');
  await expect(page.getByTestId('header-cart-preOrder-count')).toHaveText('1');

  const basket = await api.basket();
  expect(basket.items.map((item) => [item.sku, item.orderType, item.quantity, item.quantities[0]])).toEqual([
    [a!.sku, 'order', 3, undefined],
    [preOrderable.sku, 'preOrder', 2, 2],
  ]);
});

test('quantities step by the batch size, refuse while saving, and lines can be removed', async ({ page }) => {
  const [a] = products.plain;
  const { batched, preOrderable } = products;
  const api = await startSessionWithBasket(page, [orderLine(a!, 1), orderLine(batched, batched.batchSize), preOrderLine(preOrderable, [1, 0, 0])]);
  // Clicks before the page is hydrated would go nowhere.
  await page.goto('/detailed-cart?type=order');
  await waitUntilSettled(page);
  // The cart refuses a change while the one before is being saved (the test below checks the warning), and a
  // save ends with reading the basket back: each step waits until the page has it.
  const saved = () => expect(page.locator('section[aria-busy]')).toHaveAttribute('aria-busy', 'false');
  const line = cartLine(page, batched.sku);
  const quantity = line.getByTestId('line-quantity');
  await expect(quantity).toHaveValue(String(batched.batchSize));
  await expect(line.getByRole('button', { name: /^Weniger/ })).toBeDisabled();

  await line.getByRole('button', { name: /^Mehr/ }).click();
  await expect(quantity).toHaveValue(String(batched.batchSize * 2));
  await expect(line.getByTestId('line-total')).toHaveText(formatEuro(batched.priceCents * batched.batchSize * 2));
  await expect.poll(async () => (await api.basket()).items.find((item) => item.sku === batched.sku)?.quantity).toBe(batched.batchSize * 2);
  await saved();

  await line.getByRole('button', { name: /^Weniger/ }).click();
  await expect(quantity).toHaveValue(String(batched.batchSize));
  await saved();

  // A typed quantity that is not a multiple of the batch size is explained and not sent.
  await quantity.fill(String(batched.batchSize + 1));
  await quantity.press('Enter');
  await expect(line).toContainText('Ungültige Menge. Die Menge muss ein Vielfaches der Verpackungseinheit sein.');
  await expect.poll(async () => (await api.basket()).items.find((item) => item.sku === batched.sku)?.quantity).toBe(batched.batchSize);

  // While a change is being saved, the next one is refused with a warning: the save is
  // held until the warning has shown.
  let releaseSave!: () => void;
  const saveHeld = new Promise<void>((resolve) => {
    releaseSave = resolve;
  });
  await page.route('**/api/basket', async (route) => {
    await saveHeld;
    await route.continue();
  });
  await line.getByRole('button', { name: /^Mehr/ }).click();
  await expect(page.locator('section[aria-busy]')).toHaveAttribute('aria-busy', 'true');
  await cartLine(page, a!.sku).getByRole('button', { name: /^Mehr/ }).click();
  await expect(toast(page, 'Bitte warten Sie, bis der Warenkorb aktualisiert ist.')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Bitte warten' })).toHaveAttribute('data-type', 'warning');
  releaseSave();
  await page.unrouteAll({ behavior: 'wait' });
  await saved();

  await cartLine(page, a!.sku).getByTestId('line-remove').click();
  await expect(toast(page, 'Der Artikel wurde aus dem Warenkorb entfernt.')).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('header-cart-order-count')).toHaveText('1');

  await page.getByTestId('cart-tab-preOrder').click();
  const season = cartLine(page, preOrderable.sku);
  await season.getByRole('button', { name: /^Mehr/ }).nth(1).click();
  await expect(season.getByTestId('season-quantity-1')).toHaveValue('1');
  await expect.poll(async () => (await api.basket()).items.find((item) => item.orderType === 'preOrder')?.quantities).toEqual([1, 1, 0]);
  await saved();

  await page.getByTestId('empty-cart').click();
  await page.getByTestId('empty-cart-confirm').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('header-cart-preOrder-count')).toHaveCount(0);
  await captureScreens(page, 'cart-empty');
});

test('a changed price shows the old price struck through', async ({ page }) => {
  const [, , c] = products.plain;
  await signInWithBasket(page, [orderLine(c!, 3)]);
  const raised = c!.priceCents + 250;
  await withShopDatabase((db) => db.updateTable('products').set({ price_cents: raised }).where('id', '=', c!.id).execute());
  try {
    await page.goto('/detailed-cart?type=order');
    const line = cartLine(page, c!.sku);
    await expect(line.getByTestId('old-price')).toHaveText(`Bisheriger Preis: ${formatEuro(c!.priceCents)}`);
    await expect(line.getByTestId('unit-price')).toHaveText(formatEuro(raised));
    await expect(line.getByTestId('price-changed')).toHaveText('Preis geändert');
    await expect(line.getByTestId('line-total')).toHaveText(formatEuro(raised * 3));
    await captureScreens(page, 'cart-price-changed');
  } finally {
    await withShopDatabase((db) => db.updateTable('products').set({ price_cents: c!.priceCents }).where('id', '=', c!.id).execute());
  }
});

test('a tier price shows on the product page, and a cart line’s price changes when its quantity crosses it', async ({ page }) => {
  const [, b] = products.plain;
  const tierCents = b!.priceCents - 100;
  await withShopDatabase(async (db) => {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    await db.insertInto('tier_prices').values({ tenant_id: tenant.id, product_id: b!.id, company_id: null, min_quantity: 10, price_cents: tierCents, valid_from: null, valid_to: null }).execute();
  });
  try {
    await signInWithBasket(page, [orderLine(b!, 9)]);
    // The catalogue keeps its answers a few seconds: the page is asked again until it shows the new tier.
    await expect(async () => {
      await page.goto(`/product/${b!.id}?sku=${b!.sku}`);
      await expect(page.getByTestId('tier-prices')).toHaveText(`ab 10: ${formatEuro(tierCents)}`, { timeout: 1000 });
    }).toPass();

    await page.goto('/detailed-cart?type=order');
    const line = cartLine(page, b!.sku);
    await expect(line.getByTestId('unit-price')).toHaveText(formatEuro(b!.priceCents));
    await line.getByRole('button', { name: /^Mehr/ }).click();
    await expect(line.getByTestId('line-quantity')).toHaveValue('10');
    await expect(line.getByTestId('unit-price')).toHaveText(formatEuro(tierCents));
    await expect(line.getByTestId('line-total')).toHaveText(formatEuro(tierCents * 10));
    await expect(line.getByTestId('price-changed')).toHaveCount(0);
    await line.getByRole('button', { name: /^Weniger/ }).click();
    await expect(line.getByTestId('unit-price')).toHaveText(formatEuro(b!.priceCents));
  } finally {
    await withShopDatabase((db) => db.deleteFrom('tier_prices').where('product_id', '=', b!.id).execute());
  }
});

test('asking for more than the stock opens the not-enough-stock modal', async ({ page }) => {
  const { lowStock } = products;
  await startSessionWithBasket(page, [orderLine(lowStock, lowStock.stock)]);
  await page.goto('/detailed-cart?type=order');
  const line = cartLine(page, lowStock.sku);
  await line.getByRole('button', { name: /^Mehr/ }).click();

  const modal = page.getByTestId('not-enough-stock-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Nicht genug auf Lager' })).toBeVisible();
  await expect(modal).toContainText(`Gewünscht: ${lowStock.stock + 1}`);
  await expect(line.getByTestId('not-enough-stock')).toBeVisible();
  await captureScreens(page, 'cart-not-enough-stock');

  await modal.getByTestId('fit-to-stock').click();
  await expect(modal).toHaveCount(0);
  await expect(line.getByTestId('line-quantity')).toHaveValue(String(lowStock.stock));
  await expect(line.getByTestId('not-enough-stock')).toHaveCount(0);
  await expect(page.getByTestId('not-enough-stock-notice')).toHaveCount(0);
});

test('the wishlist lists kept products, puts them into the cart and lets them go', async ({ page }) => {
  const [a, b] = products.plain;
  const api = await signInWithBasket(page, [], [a!.id, b!.id]);
  await page.getByTestId('account-button').click();
  await page.getByTestId('account-sidebar').getByRole('link', { name: 'Merkliste' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByTestId('wishlist-item')).toHaveCount(2);
  await expect(page.getByTestId('wishlist-item').first()).toContainText(a!.sku);
  await captureScreens(page, 'wishlist');

  const first = page.locator(`[data-testid="wishlist-item"][data-sku="${a!.sku}"]`);
  await first.getByTestId('wishlist-add-to-cart').click();
  const added = toast(page, 'Der Artikel liegt im Warenkorb.');
  await expect(added).toHaveAttribute('data-type', 'success');
  await expect(page.getByTestId('header-cart-order-count')).toHaveText('1');
  await added.getByRole('link', { name: 'Warenkorb öffnen' }).click();
  await expect(page).toHaveURL(/\/detailed-cart\?type=order$/);
  await expect(cartLine(page, a!.sku)).toBeVisible();

  await page.goto('/wishlist');
  await first.getByTestId('wishlist-remove').click();
  await expect(toast(page, 'Der Artikel wurde von der Merkliste entfernt.')).toBeVisible();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
  await page.getByTestId('wishlist-remove').click();
  await expect(page.getByTestId('wishlist-empty')).toBeVisible();
  await expect.poll(async () => (await api.wishlist()).items).toEqual([]);
  await captureScreens(page, 'wishlist-empty');
});

test('on a phone the bottom navigation leads to the order cart', async ({ page }) => {
  const [a] = products.plain;
  await signInWithBasket(page, [orderLine(a!, 1)]);
  await page.setViewportSize(viewports.phone);
  await page.goto('/');
  await page.getByTestId('bottom-nav-cart').click();
  await expect(page).toHaveURL(/\/detailed-cart\?type=order$/);
  await expect(cartLine(page, a!.sku)).toBeVisible();
});

test('a guest has no cart icons', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Als Gast stöbern' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-cart-order')).toHaveCount(0);
  await expect(page.getByTestId('header-cart-preOrder')).toHaveCount(0);
  await expect(page.getByTestId('bottom-nav-cart')).toHaveCount(0);
});
