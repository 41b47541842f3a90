import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { companyId, demoTenantId } from './checkout-fixtures.ts';
import { shopToday } from '../../core/shop-day.ts';
import { accounts, captureScreens, openHome, startSession, viewports, withShopDatabase } from './helpers.ts';

// The finance view in the browser: the summary of open items with its chart by age,
// the list searched and filtered (an overdue invoice marked by colour and words), a document's PDF and the
// statement as PDF, the export as XLSX, and the page a plain customer sees when the company keeps its
// finance documents to its admins. Three documents with their own number prefix are written straight
// into the e2e database, so the seeded history around them does not matter.

const prefix = 'E2E-FIN-';
const overdueNumber = `${prefix}RE-1`;
const paidNumber = `${prefix}RE-2`;
const creditNumber = `${prefix}GS-1`;

// Days counted from the shop's day (Berlin), as the finance view counts them: from the UTC day, an
// invoice due 45 days ago would be 46 days overdue in the hour after Berlin's midnight.
const day = (offsetDays: number) => new Date(Date.parse(`${shopToday()}T00:00:00Z`) + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function insertDocuments(): Promise<void> {
  await withShopDatabase(async (db) => {
    const tenantId = await demoTenantId(db);
    const company = await companyId(db, '10001');
    // Playwright runs beforeAll again in the worker that follows a failed test.
    const existing = await db.selectFrom('finance_documents').select('id').where('tenant_id', '=', tenantId).where('fin_doc_number', '=', overdueNumber).executeTakeFirst();
    if (existing) return;
    // The seller and buyer snapshots of a seeded document of the company: what its PDF prints.
    const template = await db
      .selectFrom('finance_documents')
      .select(['seller', 'buyer'])
      .where('tenant_id', '=', tenantId)
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    const lines = JSON.stringify([{ sku: 'MAT-E2E', name: 'Prüfartikel', quantity: 10, unitPriceCents: 10_000, vatRateBp: 1900, lineNetCents: 100_000 }]);
    const base = {
      tenant_id: tenantId,
      company_id: company,
      currency: 'EUR',
      net_cents: 100_000,
      vat_cents: 19_000,
      amount_cents: 119_000,
      postway: 'E-Mail',
      seller: template.seller,
      buyer: template.buyer,
      lines,
      vat_by_rate: JSON.stringify([{ rateBp: 1900, netCents: 100_000, vatCents: 19_000 }]),
    };
    await db
      .insertInto('finance_documents')
      .values([
        // Due 45 days ago and half of it still open: overdue (31–60 days).
        { ...base, type: 'invoice', fin_doc_number: overdueNumber, external_number: 'ERP-4711', doc_date: day(-75), doc_type_name: 'Rechnung', due_date: day(-45), open_amount_cents: 59_500, balance_cents: 59_500, payment_status: 'partiallyPaid' },
        { ...base, type: 'invoice', fin_doc_number: paidNumber, external_number: null, doc_date: day(-40), doc_type_name: 'Rechnung', due_date: day(-10), open_amount_cents: 0, balance_cents: 59_500, payment_status: 'paid' },
        { ...base, type: 'credit', fin_doc_number: creditNumber, external_number: null, doc_date: day(-5), doc_type_name: 'Gutschrift', due_date: null, amount_cents: 11_900, open_amount_cents: 11_900, balance_cents: 47_600, payment_status: 'open' },
      ])
      .execute();
  });
}

test.beforeAll(insertDocuments);

const customerAdmin = { username: 'customeradmin', password: 'Demo-CustomerAdmin-1' };

async function signInAsCustomerAdmin(page: Page) {
  await startSession(page, customerAdmin);
  await openHome(page);
}

const filters = (page: Page) => page.getByTestId('finance-filters');
/** The documents of the list shown at the current width (the table from 1024 px, cards below). */
const visibleRows = (page: Page) => page.locator('[data-testid="finance-row"], [data-testid="finance-card"]').filter({ visible: true });

test('a customer admin sees what the company owes, finds an overdue invoice and downloads PDFs and the export', async ({ page }) => {
  // Screenshots and axe at two widths on three screens, two PDFs and an export: minutes on a small, shared machine.
  test.setTimeout(240_000);
  await startSession(page, customerAdmin);
  await page.goto('/my-account');
  await page.getByTestId('account-nav').getByRole('link', { name: 'Rechnungen' }).click();
  await expect(page).toHaveURL(/\/my-account\/invoices$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechnungen und Gutschriften');

  // The summary: the company's figures with the overdue part marked, and the open invoices by age as bars with their amounts.
  const summary = page.getByTestId('finance-summary');
  await expect(summary.getByTestId('summary-open')).toHaveText(/\d,\d\d\s€$/);
  await expect(summary.getByTestId('summary-overdue')).toHaveText(/\d,\d\d\s€$/);
  await expect(summary.getByTestId('summary-oldest')).toHaveText(/^\d\d\.\d\d\.\d{4}$/);
  await expect(summary.getByTestId('aging-chart').getByRole('listitem')).toHaveCount(5);
  await expect(summary.getByTestId('aging-31-60')).toContainText('31–60 Tage überfällig');
  await expect(summary.getByTestId('aging-31-60')).toContainText(/\d,\d\d\s€/);
  await captureScreens(page, 'invoices-de');

  // The search finds the three documents; the overdue one is marked by colour and words.
  await filters(page).getByLabel('Belege durchsuchen').fill(prefix);
  await filters(page).getByTestId('apply-filters').click();
  await expect(page).toHaveURL(new RegExp(`search=${prefix}`));
  await expect(visibleRows(page)).toHaveCount(3);
  await expect(page.getByTestId('finance-count')).toHaveText('3 Belege');
  const overdue = visibleRows(page).filter({ hasText: overdueNumber });
  await expect(overdue).toHaveAttribute('data-overdue', 'true');
  await expect(overdue.getByTestId('finance-status')).toHaveText('Überfällig');
  await expect(overdue).toContainText('seit 45 Tagen überfällig');
  await expect(overdue).toContainText('595,00 €');
  await expect(visibleRows(page).filter({ hasText: paidNumber }).getByTestId('finance-status')).toHaveText('Bezahlt');
  await expect(visibleRows(page).filter({ hasText: paidNumber })).not.toHaveAttribute('data-overdue', 'true');

  // A status filter: overdue only.
  await filters(page).getByLabel('Zahlungsstatus').selectOption({ label: 'Überfällig' });
  await filters(page).getByTestId('apply-filters').click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(visibleRows(page)).toHaveCount(1);
  await expect(visibleRows(page)).toContainText(overdueNumber);
  await captureScreens(page, 'invoices-overdue-de');

  // The invoice's PDF (a new tab) and the statement of open items: PDFs for this session.
  const pdfLink = visibleRows(page).getByTestId('finance-pdf');
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  for (const href of [await pdfLink.getAttribute('href'), await page.getByTestId('statement-pdf').getAttribute('href')]) {
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }

  // The export of the list as filtered: an XLSX file with the header and the one overdue invoice.
  await filters(page).getByLabel('Zahlungsstatus').selectOption({ label: 'Alle' });
  await filters(page).getByTestId('apply-filters').click();
  await expect(visibleRows(page)).toHaveCount(3);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-xlsx').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(4);
  const numbers = [2, 3, 4].map((row) => sheet.getRow(row).getCell(1).value);
  expect(numbers.sort()).toEqual([creditNumber, overdueNumber, paidNumber].sort());
});

test('the finance view in English, as cards on a phone', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsCustomerAdmin(page);
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto(`/my-account/invoices?search=${prefix}&type=credit`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices and credit notes');
  await expect(page.getByTestId('finance-summary')).toContainText('of which overdue');
  await expect(visibleRows(page)).toHaveCount(1);
  await expect(visibleRows(page)).toContainText(creditNumber);
  await page.goto(`/my-account/invoices?search=${prefix}`);
  await captureScreens(page, 'invoices-en');
  await page.setViewportSize(viewports.phone);
  await expect(page.getByTestId('finance-table')).toBeHidden();
  const overdue = page.getByTestId('finance-card').filter({ hasText: overdueNumber });
  await expect(overdue).toBeVisible();
  await expect(overdue).toContainText('45 days overdue');
  await expect(overdue).toHaveAttribute('data-overdue', 'true');
});

test('a plain customer of a company that keeps its finance documents to its admins is told so', async ({ page }) => {
  test.setTimeout(90_000);
  await startSession(page, accounts.customer);
  const response = await page.goto('/my-account/invoices');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechnungen und Gutschriften');
  await expect(page.getByTestId('finance-not-shared')).toContainText('nur dessen Administratoren');
  await expect(page.getByTestId('finance-summary')).toHaveCount(0);
  await captureScreens(page, 'invoices-not-shared-de');
  // The downloads say the same (403), nothing is handed out.
  for (const path of ['/my-account/invoices/statement', '/my-account/invoices/export?format=xlsx']) {
    const download = await page.request.get(path);
    expect(download.status()).toBe(403);
    expect(((await download.json()) as { messageKey: string }).messageKey).toBe('finance.not_shared');
  }
});
