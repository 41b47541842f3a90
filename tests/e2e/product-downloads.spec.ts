import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, test } from './fixtures.ts';
import { maxProductFileBytes } from '../../core/product-files.ts';
import { createFileStore } from '../../server/modules/product-files/file-store.ts';
import { downloadTypes } from '../../server/modules/product-files/file-type.ts';
import { createCompany, createUser, signInAs, type TestAccount, type TestCompany } from './account-fixtures.ts';
import { orderLine, signInWithBasket } from './cart-fixtures.ts';
import { agreeAndPlace, quantityFor } from './checkout-fixtures.ts';
import { captureScreens, viewports, waitUntilSettled, withShopDatabase } from './helpers.ts';
import { insertPlacedOrder } from './placed-order-fixtures.ts';
import { workerShop } from './shops.ts';

// Downloadable products in the browser (docs/product.md, Product documents and downloads): a buyer whose
// company ordered one finds its file under "Downloads" in the account, downloads it with a plain link (the
// browser saves it under its real name) and sees the count go up; the order's detail offers the file on its
// line, and the product page says it is a digital product. A company that ordered none sees what to expect
// instead. The company, its order and the file are written straight into the e2e shop's database and file
// store.

test.describe.configure({ timeout: 120_000 });

const fileName = 'Planungshandbuch Größe 2.pdf';
const fileTitle = 'Planungshandbuch';

interface DownloadSetup {
  company: TestCompany;
  buyer: TestAccount;
  orderId: number;
  orderNumber: string;
  product: { id: number; sku: string; name: string };
}

let setup: DownloadSetup;

/** An order placed on account of one line of a product, and that product's downloadable file in the shop's file store. */
async function orderedDownload(company: TestCompany): Promise<Omit<DownloadSetup, 'company' | 'buyer'>> {
  const bytes = Buffer.from(`%PDF-1.4\n% ${fileTitle} ${randomBytes(8).toString('hex')}\n`);
  const stored = await createFileStore(`${workerShop().dataDir}/files`).put(Readable.from([bytes]), { maxBytes: maxProductFileBytes, accepts: downloadTypes });
  return withShopDatabase(async (db) => {
    const tenantId = (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
    const product = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.sku', 'p.name'])
      .where('p.tenant_id', '=', tenantId)
      .where('p.is_active', '=', 1)
      .where('p.is_downloadable', '=', 0)
      .where('c.is_active', '=', 1)
      .where('c.slug', 'not in', ['angebote', 'auslaufartikel'])
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow();
    const { orderId, orderNumber } = await insertPlacedOrder(db, { tenantId, company, product, daysAgo: 2, prefix: 'E2E-DL' });
    await db
      .insertInto('product_files')
      .values({
        tenant_id: tenantId,
        product_id: product.id,
        purpose: 'download',
        external_id: `E2E-${orderNumber}`,
        title: fileTitle,
        version: '2.0',
        file_name: fileName,
        content_type: stored.type.contentType,
        bytes: stored.bytes,
        sha256: stored.sha256,
        file_version: '2.0',
        file_at: new Date().toISOString(),
      })
      .execute();
    await db.updateTable('products').set({ is_downloadable: 1 }).where('id', '=', product.id).execute();
    return { orderId, orderNumber, product };
  });
}

test.beforeAll(async () => {
  const company = await createCompany('Digitalbau GmbH');
  const buyer = await createUser(company, 'customer', { first: 'Dana', last: 'Digital' });
  setup = { company, buyer, ...(await orderedDownload(company)) };
});

test('a buyer downloads the file of a digital product the company ordered, from the account and from the order (German)', async ({ page }) => {
  await signInAs(page, setup.buyer);
  await page.goto('/my-account');
  await page.getByTestId('account-nav').getByRole('link', { name: 'Downloads' }).click();
  await expect(page).toHaveURL(/\/my-account\/downloads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  await expect(page).toHaveTitle(/Downloads/);

  const row = page.getByTestId('download-row').filter({ hasText: fileTitle });
  await expect(row.getByTestId('download-product')).toHaveText(setup.product.name);
  await expect(row).toContainText('2.0');
  await expect(row).toContainText(fileName);
  await expect(row.getByTestId('download-order')).toHaveText(setup.orderNumber);
  await expect(row.getByTestId('download-count')).toHaveText('Heruntergeladen: 0×');
  const link = row.getByTestId('download-link');
  await expect(link).toHaveAccessibleName(`PDF herunterladen: ${fileTitle}`);
  await waitUntilSettled(page);
  await captureScreens(page, 'account-downloads-de');

  // A plain link: the browser saves the file under its real name, and the page counts it on its next load.
  const saved = page.waitForEvent('download');
  await link.click();
  expect((await saved).suggestedFilename()).toBe(fileName);
  await page.reload();
  await expect(page.getByTestId('download-row').filter({ hasText: fileTitle }).getByTestId('download-count')).toHaveText('Heruntergeladen: 1×');

  // The order that gave it offers the file on its line.
  await page.getByTestId('download-row').filter({ hasText: fileTitle }).getByTestId('download-order').click();
  await expect(page).toHaveURL(new RegExp(`/my-account/order-history/${setup.orderId}$`));
  const lineDownload = page.getByTestId('order-lines').locator('table').getByTestId('line-download');
  await expect(lineDownload).toContainText(fileTitle);
  await expect(lineDownload).toContainText(fileName);
  const again = page.waitForEvent('download');
  await lineDownload.click();
  expect((await again).suggestedFilename()).toBe(fileName);

  // The product page says what the buyer gets.
  await page.goto(`/product/${setup.product.id}?sku=${encodeURIComponent(setup.product.sku)}`);
  await expect(page.getByTestId('digital-product-note')).toHaveText('Digitales Produkt: nach der Bestellung unter Downloads verfügbar');
});

test('on a phone each file is a card with its download link', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await signInAs(page, setup.buyer);
  await page.goto('/my-account/downloads');
  await expect(page.getByTestId('download-table')).toBeHidden();
  const card = page.getByTestId('download-card').filter({ hasText: fileTitle });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('download-link')).toBeVisible();
  const saved = page.waitForEvent('download');
  await card.getByTestId('download-link').click();
  expect((await saved).suggestedFilename()).toBe(fileName);
});

test('a company that ordered no digital product learns where they will appear (English)', async ({ page }) => {
  const company = await createCompany('Ohne Downloads KG');
  const buyer = await createUser(company, 'customer', { first: 'Nils', last: 'Leer' });
  await signInAs(page, buyer);
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/my-account/downloads');
  const empty = page.getByTestId('downloads-empty');
  await expect(empty).toContainText('No downloads yet');
  await expect(empty).toContainText('Digital products appear here once your company has ordered them');
  await waitUntilSettled(page);
  await captureScreens(page, 'account-downloads-empty-en');
  // Another company's file is not there.
  await expect(page.getByTestId('download-row')).toHaveCount(0);
});

/**
 * A product the demo customer's company never bought, simple to order (its own price and stock, sold by the
 * piece, no variants or pre-stock), made downloadable with a file as the ERP would load it.
 */
async function digitalProductToOrder(title: string, name: string) {
  const bytes = Buffer.from(`%PDF-1.4\n% ${title} ${randomBytes(8).toString('hex')}\n`);
  const stored = await createFileStore(`${workerShop().dataDir}/files`).put(Readable.from([bytes]), { maxBytes: maxProductFileBytes, accepts: downloadTypes });
  return withShopDatabase(async (db) => {
    const tenantId = (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
    const company = await db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', '10001').executeTakeFirstOrThrow();
    const product = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.sku', 'p.name', 'p.price_cents', 'p.stock'])
      .where('p.tenant_id', '=', tenantId)
      .where('p.is_active', '=', 1)
      .where('p.is_downloadable', '=', 0)
      .where('p.price_cents', '>', 0)
      .where('p.stock', '>=', 100)
      .where('p.sales_batch_size', '=', 1)
      .where('p.is_only_sellable_with_positive_stock', '=', 0)
      .where('c.is_active', '=', 1)
      .where('c.slug', 'not in', ['angebote', 'auslaufartikel'])
      .where('p.id', 'not in', db.selectFrom('product_variants').select('product_id'))
      .where('p.id', 'not in', db.selectFrom('customer_prices').select('product_id'))
      .where('p.id', 'not in', db.selectFrom('product_pre_stocks').select('product_id'))
      .where('p.id', 'not in', db.selectFrom('product_files').select('product_id'))
      .where('p.id', 'not in', db.selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id').select('i.product_id').where('o.company_id', '=', company.id))
      .orderBy('p.id', 'desc')
      .limit(1)
      .offset(20)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto('product_files')
      .values({ tenant_id: tenantId, product_id: product.id, purpose: 'download', external_id: `E2E-ORDERED-${product.id}`, title, version: '1.0', file_name: name, content_type: stored.type.contentType, bytes: stored.bytes, sha256: stored.sha256, file_version: '1.0', file_at: now })
      .execute();
    await db.updateTable('products').set({ is_downloadable: 1 }).where('id', '=', product.id).execute();
    return { id: product.id, sku: product.sku, name: product.name, priceCents: product.price_cents, stock: product.stock, batchSize: 1 };
  });
}

test('the demo customer orders a digital product at the checkout and downloads its file right after (German)', async ({ page }) => {
  const title = 'Software-Handbuch';
  const name = 'Software-Handbuch 2027.pdf';
  const digital = await digitalProductToOrder(title, name);
  // About 100 € net: above the minimum order amount.
  await signInWithBasket(page, [orderLine(digital, quantityFor(digital, 10_000))]);
  await page.goto(`/product/${digital.id}?sku=${encodeURIComponent(digital.sku)}`);
  await expect(page.getByTestId('digital-product-note')).toBeVisible();
  await page.goto('/my-account/downloads');
  await expect(page.getByTestId('download-row').filter({ hasText: title })).toHaveCount(0);

  await page.goto('/checkout?type=order');
  const orderId = await agreeAndPlace(page);

  await page.goto('/my-account/downloads');
  const row = page.getByTestId('download-row').filter({ hasText: title });
  await expect(row.getByTestId('download-product')).toHaveText(digital.name);
  await expect(row.getByTestId('download-order')).toHaveAttribute('href', `/my-account/order-history/${orderId}`);
  const saved = page.waitForEvent('download');
  await row.getByTestId('download-link').click();
  expect((await saved).suggestedFilename()).toBe(name);
});
