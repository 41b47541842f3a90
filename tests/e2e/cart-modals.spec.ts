import { expect, test } from './fixtures.ts';
import { cartLine, findCartProducts, orderLine, startSessionWithBasket, type CartProducts } from './cart-fixtures.ts';
import { captureScreens } from './helpers.ts';

// The cart page's on-demand modals: move to the other cart, packs, custom attributes.

let products: CartProducts;

test.beforeAll(async () => {
  products = await findCartProducts();
});

test('a line moves to the pre-order cart for a chosen season and back', async ({ page }) => {
  const { preOrderable } = products;
  const api = await startSessionWithBasket(page, [orderLine(preOrderable, 2)]);
  await page.goto('/detailed-cart?type=order');
  await cartLine(page, preOrderable.sku).getByTestId('line-move').click();
  const modal = page.getByTestId('move-to-other-cart-modal');
  await expect(modal.getByRole('heading', { name: 'In die Vorbestellung' })).toBeVisible();
  await modal.getByRole('radio').nth(1).check();
  await captureScreens(page, 'cart-move-modal');
  await modal.getByTestId('move-confirm').click();

  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('header-cart-preOrder-count')).toHaveText('1');
  await expect.poll(async () => (await api.basket()).items.map((item) => [item.orderType, item.quantities])).toEqual([['preOrder', [0, 2, 0]]]);

  await page.getByTestId('cart-tab-preOrder').click();
  await cartLine(page, preOrderable.sku).getByTestId('line-move').click();
  await expect(page.getByTestId('move-to-other-cart-modal')).toContainText('die Mengen aller Saisons werden zusammengezählt');
  await page.getByTestId('move-confirm').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect.poll(async () => (await api.basket()).items.map((item) => [item.orderType, item.quantity])).toEqual([['order', 2]]);
});

test('packs set the quantity and custom attributes keep a blank value as a space', async ({ page }) => {
  const [a] = products.plain;
  const api = await startSessionWithBasket(page, [orderLine(a!, 1)]);
  await page.goto('/detailed-cart?type=order');
  const line = cartLine(page, a!.sku);

  await line.getByTestId('line-packs').click();
  const packs = page.getByTestId('packs-modal');
  await packs.getByLabel('Anzahl Verpackungen, Zeile 1').fill('2');
  await packs.getByLabel('Stück je Verpackung, Zeile 1').fill('6');
  await packs.getByRole('button', { name: 'Verpackung hinzufügen' }).click();
  await packs.getByLabel('Anzahl Verpackungen, Zeile 2').fill('1');
  await packs.getByLabel('Stück je Verpackung, Zeile 2').fill('10');
  await expect(packs).toContainText('Menge: 22 Stück');
  await captureScreens(page, 'cart-packs-modal');
  await packs.getByTestId('packs-save').click();
  await expect(packs).toHaveCount(0);
  await expect(line.getByTestId('line-quantity')).toHaveValue('22');
  await expect(line.getByTestId('line-packs')).toContainText('2 Verpackungsarten');

  await line.getByTestId('line-attributes').click();
  const attributes = page.getByTestId('custom-attributes-modal');
  await attributes.getByLabel('Bezeichnung, Zeile 1').fill('Kommission');
  await attributes.getByLabel('Wert, Zeile 1').fill('Baustelle Nord');
  await attributes.getByRole('button', { name: 'Angabe hinzufügen' }).click();
  await attributes.getByLabel('Bezeichnung, Zeile 2').fill('Hinweis');
  await attributes.getByTestId('attributes-save').click();
  await expect(attributes).toHaveCount(0);
  await expect(line.getByTestId('line-attributes')).toContainText('2 Zusatzangaben');

  const saved = (await api.basket()).items[0]!;
  expect(saved.quantity).toBe(22);
  expect(saved.packs).toEqual([
    { quantity: 2, size: 6 },
    { quantity: 1, size: 10 },
  ]);
  expect(saved.customAttributes).toEqual({ Kommission: 'Baustelle Nord', Hinweis: ' ' });
});
