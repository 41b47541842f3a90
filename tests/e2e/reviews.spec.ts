import { expect, test } from './fixtures.ts';
import { captureScreens, signIn, waitUntilSettled, withShopDatabase } from './helpers.ts';

// Reviews from verified buyers (docs/product.md, Reviews), in the browser: from an order's "review" link
// to the product's review form, the review shown with its stars, its author, the company's name the author
// chose to show and "verified purchase", the average near the price and in the category's list; a field's
// problem next to it; the author changes the review; a product the company never bought and a sales
// person get no form. Screenshots and axe at 1280 and 390 px in German and English.

test.describe.configure({ timeout: 150_000 });

interface BoughtLine {
  orderId: number;
  productId: number;
  sku: string;
  variantSku: string | null;
  name: string;
}

/** A line of a placed order of the customer's company whose product the customer has not reviewed yet. */
function unreviewedBoughtLine(): Promise<BoughtLine> {
  return withShopDatabase(async (db) => {
    const customer = await db.selectFrom('users').select(['id', 'company_id']).where('username', '=', 'customer').executeTakeFirstOrThrow();
    const reviewed = db.selectFrom('reviews').select('product_id').where('user_id', '=', customer.id);
    const line = await db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['o.id as orderId', 'p.id as productId', 'i.sku', 'i.variant_sku as variantSku', 'i.name'])
      .where('o.company_id', '=', customer.company_id!)
      .where('o.payment_status', 'in', ['open', 'paid'])
      .where('p.is_active', '=', 1)
      .where('p.id', 'not in', reviewed)
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow();
    return line as BoughtLine;
  });
}

/** A product of the catalogue that no order of the customer's company has. */
function neverBoughtProduct(): Promise<{ id: number; sku: string }> {
  return withShopDatabase(async (db) => {
    const customer = await db.selectFrom('users').select('company_id').where('username', '=', 'customer').executeTakeFirstOrThrow();
    const bought = db.selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id').select('i.product_id').where('o.company_id', '=', customer.company_id!).where('i.product_id', 'is not', null);
    return db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('is_active', '=', 1)
      .where('price_cents', '>', 0)
      .where('id', 'not in', bought.$narrowType<{ product_id: number }>())
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
}

const productPathOf = (line: { productId: number; sku: string; variantSku: string | null }) => `/product/${line.productId}?sku=${encodeURIComponent(line.variantSku ?? line.sku)}`;

test('a buyer reviews a product their company bought, from the order to the product page (German)', async ({ page }) => {
  const line = await unreviewedBoughtLine();
  await signIn(page, 'customer');
  await page.goto(`/my-account/order-history/${line.orderId}`);
  const reviewLink = page.getByTestId('order-lines').getByTestId('review-line').filter({ hasText: line.name }).first();
  await expect(reviewLink).toHaveAccessibleName(/^Bewerten\s?: /);
  await reviewLink.click();
  await expect(page).toHaveURL(new RegExp(`/product/${line.productId}\\?sku=.*#review-form$`));

  const reviews = page.getByTestId('product-reviews');
  await expect(reviews.getByTestId('review-disclosure')).toContainText('Bewerten können nur Einkäufer von Firmen, die diesen Artikel bei uns gekauft haben');
  const form = page.getByTestId('review-form');
  await expect(form.getByRole('heading', { name: 'Diesen Artikel bewerten' })).toBeVisible();
  await waitUntilSettled(page);

  // Without stars the form says so next to them, and keeps what was typed.
  await form.getByLabel('Überschrift').fill('Robust und gut verpackt');
  await form.getByLabel('Ihre Erfahrung').fill('Im Einsatz seit drei Wochen.\nKeine Ausfälle.');
  await form.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(page.getByTestId('review-invalid')).toBeVisible();
  await expect(form.getByTestId(/-rating-error$/)).toHaveText('Dieses Feld ist erforderlich.');
  await expect(form.getByLabel('Überschrift')).toHaveValue('Robust und gut verpackt');

  // The stars are the labels of a group of radio buttons: a click on the fourth star chooses 4.
  const star = (count: number) => form.locator('label').filter({ has: page.getByRole('radio', { name: count === 1 ? '1 Stern' : `${count} Sterne` }) });
  await star(4).click();
  await expect(form.getByRole('radio', { name: '4 Sterne' })).toBeChecked();
  await form.getByLabel(/^Angezeigter Name/).fill('Petra M.');
  await form.getByRole('checkbox', { name: /Den Namen meiner Firma/ }).check();
  await form.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(page.getByTestId('review-saved')).toHaveText('Vielen Dank! Ihre Bewertung ist veröffentlicht.');

  const mine = reviews.getByTestId('review').filter({ hasText: 'Robust und gut verpackt' });
  await expect(mine.getByTestId('review-verified')).toHaveText('Verifizierter Kauf');
  await expect(mine.getByTestId('review-author')).toHaveText(/^Petra M\., .+/);
  await expect(mine.getByTestId('review-author')).not.toContainText('Einkäufer bei einem Kunden');
  await expect(mine.getByTestId('review-text')).toHaveText('Im Einsatz seit drei Wochen.\nKeine Ausfälle.');
  await expect(mine.getByText('4,0 von 5 Sternen')).toBeAttached();
  await expect(page.getByTestId('review-badge').first()).toContainText('(1 Bewertung)');
  await expect(page.getByTestId('review-histogram-4')).toHaveText('1');
  await page.getByTestId('product-reviews').scrollIntoViewIfNeeded();
  await captureScreens(page, 'product-reviews-de');

  // The author changes it: the form holds the review; the company's name no longer shown.
  await expect(form.getByRole('heading', { name: 'Ihre Bewertung' })).toBeVisible();
  await expect(form.getByLabel('Überschrift')).toHaveValue('Robust und gut verpackt');
  await expect(form.getByRole('radio', { name: '4 Sterne' })).toBeChecked();
  await star(5).click();
  await form.getByRole('checkbox', { name: /Den Namen meiner Firma/ }).uncheck();
  await form.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByTestId('review-saved')).toBeVisible();
  await expect(mine.getByTestId('review-author')).toHaveText('Petra M., Einkäufer bei einem Kunden');
  await expect(mine.getByText('5,0 von 5 Sternen')).toBeAttached();

  // The order's line no longer offers a review: it has one.
  await page.goto(`/my-account/order-history/${line.orderId}`);
  await expect(page.getByTestId('order-lines').getByTestId('review-line').filter({ hasText: line.name })).toHaveCount(0);
});

test('a product the company never bought shows its reviews without a form; a sales person writes none (English)', async ({ page }) => {
  const product = await neverBoughtProduct();
  await signIn(page, 'customer');
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto(`/product/${product.id}?sku=${encodeURIComponent(product.sku)}`);
  const reviews = page.getByTestId('product-reviews');
  await expect(reviews.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await expect(reviews.getByTestId('review-disclosure')).toContainText('only buyers of companies that bought this product from us can review it');
  await expect(page.getByTestId('review-form')).toHaveCount(0);

  // A product with reviews: its average in the product list table and on the page, with the reviews in German marked.
  const reviewed = await withShopDatabase((db) =>
    db.selectFrom('reviews as r').innerJoin('products as p', 'p.id', 'r.product_id').select(['p.id', 'p.sku']).where('r.status', '=', 'published').orderBy('r.id').executeTakeFirstOrThrow(),
  );
  await page.goto(`/product/${reviewed.id}?sku=${encodeURIComponent(reviewed.sku)}`);
  await expect(page.getByTestId('review-average')).toBeVisible();
  await expect(reviews.getByTestId('review').first()).toContainText('Written in Deutsch');
  await expect(reviews.getByTestId('review-verified').first()).toHaveText('Verified purchase');
  await waitUntilSettled(page);
  await captureScreens(page, 'product-reviews-en');
  await page.goto(`/search?key=${encodeURIComponent(reviewed.sku)}`);
  await expect(page.getByTestId('product-row').filter({ has: page.getByTestId('review-badge') }).first()).toBeVisible();
});

test('a sales person reads reviews but gets no form', async ({ page }) => {
  const line = await unreviewedBoughtLine();
  await signIn(page, 'sales');
  await page.goto(productPathOf(line));
  await expect(page.getByTestId('product-reviews')).toBeVisible();
  await expect(page.getByTestId('review-form')).toHaveCount(0);
});
