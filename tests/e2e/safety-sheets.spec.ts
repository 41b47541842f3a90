import { Readable } from 'node:stream';
import { maxProductFileBytes } from '../../core/product-files.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { createApiClientRepository } from '../../server/modules/erp/api-client.repository.ts';
import { createApiClientService } from '../../server/modules/erp/api-client.service.ts';
import { createFileStore } from '../../server/modules/product-files/file-store.ts';
import { documentTypes } from '../../server/modules/product-files/file-type.ts';
import { createCompany, createUser, signInAs, type TestAccount, type TestCompany } from './account-fixtures.ts';
import { expect, test } from './fixtures.ts';
import { captureScreens, waitUntilSettled, withShopDatabase } from './helpers.ts';
import { insertPlacedOrder } from './placed-order-fixtures.ts';
import { workerShop } from './shops.ts';

// A revised safety data sheet in the browser (docs/product.md, Product documents and downloads): the ERP loads
// version 2.0 of the sheet of a product the buyer's company ordered two months ago; the buyer is told by
// the header's bell, reads the notification on /alarm, follows it to the product, and finds under Downloads
// which versions the company received, the older one marked as replaced, the current file to download.

test.describe.configure({ timeout: 120_000 });

const sheetKey = `E2E-SDS-${Date.now()}`;
const firstVersion = Buffer.from('%PDF-1.4\n% Sicherheitsdatenblatt Version 1.0 (Browsertest)\n%%EOF\n');
const secondVersion = '%PDF-1.4\n% Sicherheitsdatenblatt Version 2.0 (Browsertest)\n%%EOF\n';

let company: TestCompany;
let buyer: TestAccount;
let product: { id: number; sku: string; name: string };

/** A PUT of the ERP API with a key of its own (scope catalog:write). */
async function erpPut(path: string, body: string, contentType: string): Promise<void> {
  const secret = await withShopDatabase(async (db) => {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const clients = createApiClientService({ clients: createApiClientRepository(db), clock: systemClock });
    return (await clients.create({ tenantId: tenant.id, name: `E2E sheets ${Math.random()}`, scopes: ['catalog:write'], expiresAt: null })).secret;
  });
  const answer = await fetch(`${workerShop().url}/erp/v1${path}`, { method: 'PUT', headers: { authorization: `Bearer ${secret}`, 'content-type': contentType }, body });
  expect(answer.status, await answer.text()).toBeLessThan(300);
}

test.beforeAll(async () => {
  company = await createCompany('Chemiebau Nord GmbH');
  buyer = await createUser(company, 'customer', { first: 'Sina', last: 'Schutz' });
  // The company ordered the product two months ago; the sheet's first version was on the product page then.
  const stored = await createFileStore(`${workerShop().dataDir}/files`).put(Readable.from([firstVersion]), { maxBytes: maxProductFileBytes, accepts: documentTypes });
  product = await withShopDatabase(async (db) => {
    const tenantId = (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
    const chosen = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.sku', 'p.name'])
      .where('p.tenant_id', '=', tenantId)
      .where('p.is_active', '=', 1)
      .where('c.is_active', '=', 1)
      .where('c.slug', 'not in', ['angebote', 'auslaufartikel'])
      .where('p.id', 'not in', db.selectFrom('product_files').select('product_id'))
      .orderBy('p.id', 'desc')
      .limit(1)
      .offset(5)
      .executeTakeFirstOrThrow();
    await insertPlacedOrder(db, { tenantId, company, product: chosen, daysAgo: 60, prefix: 'E2E-SDS' });
    const earlier = new Date(Date.now() - 90 * 86_400_000).toISOString();
    await db
      .insertInto('product_files')
      .values({
        tenant_id: tenantId,
        product_id: chosen.id,
        purpose: 'document',
        external_id: sheetKey,
        kind: 'safety_data_sheet',
        visibility: 'everyone',
        language: 'de',
        title: 'Sicherheitsdatenblatt',
        version: '1.0',
        file_name: 'SDB Reiniger.pdf',
        content_type: stored.type.contentType,
        bytes: stored.bytes,
        sha256: stored.sha256,
        file_version: '1.0',
        file_at: earlier,
        created_at: earlier,
        updated_at: earlier,
      })
      .execute();
    return chosen;
  });
});

test('a buyer learns of the new version of a safety data sheet and finds the version the company received (German)', async ({ page }) => {
  await signInAs(page, buyer);
  await expect(page.getByTestId('header-notifications-count')).toHaveCount(0);

  // The ERP revises the sheet: metadata with the new version, then its file.
  const metadata = { kind: 'safety_data_sheet', title: 'Sicherheitsdatenblatt', language: 'de', version: '2.0', visibility: 'everyone', fileName: 'SDB Reiniger.pdf' };
  await erpPut(`/products/${encodeURIComponent(product.sku)}/documents/${sheetKey}`, JSON.stringify(metadata), 'application/json');
  await erpPut(`/products/${encodeURIComponent(product.sku)}/documents/${sheetKey}/file`, secondVersion, 'application/pdf');

  await page.reload();
  await expect(page.getByTestId('header-notifications-count')).toHaveText('1');
  await page.getByTestId('header-notifications').click();
  const notification = page.getByTestId('notification').filter({ hasText: product.name });
  await expect(notification).toHaveAttribute('data-type', 'safetyDataSheet');
  await expect(notification).toContainText(`Neue Version des Sicherheitsdatenblatts: ${product.name} (Version 2.0)`);
  await notification.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}`));
  await expect(page.getByTestId('product-document').filter({ hasText: 'Sicherheitsdatenblatt' })).toContainText('2.0');

  await page.goto('/my-account/downloads');
  await waitUntilSettled(page);
  const received = page.getByTestId('received-safety-sheet');
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(product.name);
  await expect(received).toContainText('Version 2.0 erhalten am');
  const current = received.getByTestId('received-safety-sheet-file');
  await expect(current).toHaveAccessibleName(`Aktuelle Version 2.0 herunterladen: ${product.name}`);
  await captureScreens(page, 'account-safety-sheets-de');
  const saved = page.waitForEvent('download');
  await current.click();
  expect((await saved).suggestedFilename()).toBe('SDB Reiniger.pdf');
});
