import fs from 'node:fs';
import { Readable } from 'node:stream';
import { guestCredentials } from '../../core/guest-login.ts';
import { maxProductFileBytes } from '../../core/product-files.ts';
import { createFileStore } from '../../server/modules/product-files/file-store.ts';
import { documentTypes } from '../../server/modules/product-files/file-type.ts';
import { expect, test } from './fixtures.ts';
import { captureScreens, openHome, signIn, startSession, waitUntilSettled, withShopDatabase } from './helpers.ts';
import { workerShop } from './shops.ts';

// Product documents on the product page (docs/product.md, Product documents and downloads), in the browser: a
// buyer finds the product's documents in a section of their own, each with its kind, its language where it
// is not the page's, its version, format and size, and downloads the data sheet under its real name with a
// click and the manual with the keyboard; the shared guest gets the document for everyone only. Screens at
// 1280 and 390 px.

test.describe.configure({ timeout: 120_000 });

const dataSheet = Buffer.from('%PDF-1.4\n% Technisches Datenblatt (Browsertest)\n%%EOF\n');
const manual = Buffer.from('%PDF-1.4\n% Operating manual (browser test)\n%%EOF\n');

interface DocumentedProduct {
  id: number;
  sku: string;
}

/**
 * A product of the catalogue that has no documents yet, given two as the ERP would load them: a German data
 * sheet for everyone and an English manual for signed-in customers, their files in the shop's file store.
 */
async function productWithDocuments(): Promise<DocumentedProduct> {
  const store = createFileStore(`${workerShop().dataDir}/files`);
  const [sheetFile, manualFile] = [await store.put(Readable.from([dataSheet]), { maxBytes: maxProductFileBytes, accepts: documentTypes }), await store.put(Readable.from([manual]), { maxBytes: maxProductFileBytes, accepts: documentTypes })];
  return withShopDatabase(async (db) => {
    const product = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.sku', 'p.tenant_id'])
      .where('p.is_active', '=', 1)
      .where('p.price_cents', '>', 0)
      .where('c.is_active', '=', 1)
      .where('c.is_deal', '=', 0)
      .where('p.id', 'not in', db.selectFrom('product_files').select('product_id'))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const common = { tenant_id: product.tenant_id, product_id: product.id, purpose: 'document' as const, version: '2.1', file_version: '2.1', file_at: now, created_at: now, updated_at: now };
    await db
      .insertInto('product_files')
      .values([
        { ...common, external_id: `E2E-DOC-${product.id}-sheet`, kind: 'data_sheet', visibility: 'everyone', language: 'de', title: 'Technisches Datenblatt', file_name: 'Datenblatt Größe.pdf', sort_order: 0, content_type: sheetFile.type.contentType, bytes: sheetFile.bytes, sha256: sheetFile.sha256 },
        { ...common, external_id: `E2E-DOC-${product.id}-manual`, kind: 'manual', visibility: 'signed_in', language: 'en', title: 'Operating manual', file_name: 'Operating manual.pdf', sort_order: 1, content_type: manualFile.type.contentType, bytes: manualFile.bytes, sha256: manualFile.sha256 },
      ])
      .execute();
    return { id: product.id, sku: product.sku };
  });
}

const productPath = (product: DocumentedProduct) => `/product/${product.id}?sku=${encodeURIComponent(product.sku)}`;

test('a buyer sees the product’s documents and downloads them by click and by keyboard (German)', async ({ page }) => {
  const product = await productWithDocuments();
  await signIn(page, 'customer');
  await page.goto(productPath(product));

  const section = page.getByTestId('product-documents');
  await expect(section.getByRole('heading', { level: 2, name: 'Dokumente' })).toBeVisible();
  const documents = section.getByTestId('product-document');
  await expect(documents).toHaveCount(2);
  await expect(documents.nth(0)).toContainText('Technisches Datenblatt');
  await expect(documents.nth(0)).toContainText('Datenblatt');
  await expect(documents.nth(0)).toContainText('Version 2.1');
  await expect(documents.nth(0).getByTestId('product-document-file')).toHaveText(`PDF · ${dataSheet.length} Byte`);
  await expect(documents.nth(0).getByTestId('product-document-language')).toHaveCount(0);
  // The manual exists in English only: listed, its language said.
  await expect(documents.nth(1)).toContainText('Operating manual');
  await expect(documents.nth(1)).toContainText('Bedienungsanleitung');
  await expect(documents.nth(1).getByTestId('product-document-language')).toHaveText('English');
  await waitUntilSettled(page);
  await section.scrollIntoViewIfNeeded();
  await captureScreens(page, 'product-documents-de');

  const clicked = page.waitForEvent('download');
  await documents.nth(0).click();
  const sheetDownload = await clicked;
  expect(sheetDownload.suggestedFilename()).toBe('Datenblatt Größe.pdf');
  expect(fs.readFileSync((await sheetDownload.path())!).equals(dataSheet)).toBe(true);

  const typed = page.waitForEvent('download');
  await documents.nth(1).focus();
  await page.keyboard.press('Enter');
  const manualDownload = await typed;
  expect(manualDownload.suggestedFilename()).toBe('Operating manual.pdf');
  expect(fs.readFileSync((await manualDownload.path())!).equals(manual)).toBe(true);
  // Downloading leaves the page where it was.
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?`));
});

test('the shared guest gets the document for everyone only, its language said in English', async ({ page }) => {
  const product = await productWithDocuments();
  await page.context().addCookies([{ name: 'locale', value: 'en', url: workerShop().url }]);
  await startSession(page, guestCredentials);
  await openHome(page);
  await page.goto(productPath(product));

  const section = page.getByTestId('product-documents');
  await expect(section.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  const documents = section.getByTestId('product-document');
  await expect(documents).toHaveCount(1);
  await expect(documents.first()).toContainText('Technisches Datenblatt');
  await expect(documents.first()).toContainText('Data sheet');
  await expect(documents.first().getByTestId('product-document-language')).toHaveText('Deutsch');
  await waitUntilSettled(page);
  await section.scrollIntoViewIfNeeded();
  await captureScreens(page, 'product-documents-guest-en');

  const download = page.waitForEvent('download');
  await documents.first().click();
  expect((await download).suggestedFilename()).toBe('Datenblatt Größe.pdf');
});
