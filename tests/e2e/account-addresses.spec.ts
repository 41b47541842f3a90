import { type Locator, type Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { captureAccountScreens, createCompany, openPage, createUser, removeCompany, setUserFlag, signInAs, type TestAccount, type TestCompany } from './account-fixtures.ts';
import { startSession, withShopDatabase } from './helpers.ts';

// /my-account/addresses: the company's addresses by kind, each kind's default marked;
// adding with the problems next to their fields, changing, making one the default, deleting after a
// confirmation, the last main address kept; what a plain customer and a user who may not add addresses
// see (and a forged post refused); all of it without JavaScript too. A company of its own for these
// tests (account-fixtures.ts), so the demo companies' address books stay as the other specs expect.

// Journeys with screenshots and axe at two widths: minutes, not seconds, on a small, busy machine.
test.describe.configure({ timeout: 180_000 });

let company: TestCompany;
let admin: TestAccount;
let customer: TestAccount;

test.beforeAll(async () => {
  company = await createCompany('Adressbuch Prüfhandel KG');
  admin = await createUser(company, 'customer_admin', { first: 'Ada', last: 'Admin' });
  customer = await createUser(company, 'customer', { first: 'Kai', last: 'Kunde' });
});

test.afterAll(async () => {
  await removeCompany(company);
});

/** Back to the company's main address alone after each test. */
test.afterEach(async () => {
  await withShopDatabase((db) => db.deleteFrom('addresses').where('company_id', '=', company.id).where('type', '!=', 0).execute());
});

const form = (page: Page) => page.getByTestId('address-form');
const formField = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const group = (page: Page, type: number) => page.getByTestId(`address-group-${type}`);
const card = (page: Page, text: string): Locator => page.getByTestId('address-card').filter({ hasText: text });

async function storedAddresses() {
  return withShopDatabase((db) => db.selectFrom('addresses').select(['id', 'type', 'is_default', 'street', 'city']).where('company_id', '=', company.id).orderBy('id').execute());
}

/** A shipping address of the test company, written straight into the database. */
async function insertShippingAddress(street: string, companyName = 'Lager Nord') {
  await withShopDatabase(async (db) => {
    const { tenant_id: tenantId } = await db.selectFrom('companies').select('tenant_id').where('id', '=', company.id).executeTakeFirstOrThrow();
    await db
      .insertInto('addresses')
      .values({ tenant_id: tenantId, company_id: company.id, type: 1, is_default: 0, company_name: companyName, first_name: null, last_name: null, street, street2: null, addressline2: null, apartment: null, zip_code: '20457', city: 'Hamburg', state: null, country_code: 'DE', country_name: 'Deutschland', phone_number: null })
      .execute();
  });
}

async function addShippingAddress(page: Page, values: { company: string; street: string; zip: string; city: string }, makeDefault = false) {
  await page.getByTestId('add-address').click();
  await formField(page, 'Firma').fill(values.company);
  await formField(page, 'Straße und Hausnummer').fill(values.street);
  await formField(page, 'PLZ').fill(values.zip);
  await formField(page, 'Ort').fill(values.city);
  if (makeDefault) await formField(page, 'Als Standard dieser Art verwenden').check();
  await page.getByTestId('save-address').click();
  // The toast of an address added just before may still be open: the newest one is this address's.
  await expect(page.getByTestId('toast').filter({ hasText: 'Die Adresse wurde hinzugefügt.' }).last()).toBeVisible();
  await expect(card(page, values.street)).toBeVisible();
}

test('a customer admin adds, changes, makes default and deletes addresses, and keeps the last main address', async ({ page }) => {
  // Many steps, each with a round trip, and screenshots with axe at two widths.
  test.setTimeout(300_000);
  await startSession(page, admin);
  await openPage(page, '/my-account/addresses');
  await expect(group(page, 0)).toContainText('Hauptadresse (1)');
  await expect(card(page, 'Speicherstadt 1').getByTestId('default-badge')).toHaveText('Standard');
  await expect(group(page, 1)).toContainText('Ihre Firma hat noch keine Lieferadresse.');
  await captureAccountScreens(page, 'account-addresses-empty-de');

  // Every problem at once, next to its field; what was typed stays.
  await page.getByTestId('add-address').click();
  await expect(form(page).getByRole('heading', { name: 'Neue Adresse' })).toBeFocused();
  await formField(page, 'Art der Adresse').selectOption({ label: 'Lieferadresse' });
  await formField(page, 'Straße und Hausnummer').fill('Kehrwieder 4');
  await formField(page, 'PLZ').fill('20457!');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('address-new-firstName-error')).toHaveText('Bitte geben Sie einen Vornamen oder einen Firmennamen an.');
  await expect(page.getByTestId('address-new-zipCode-error')).toHaveText('Die Postleitzahl darf nur Buchstaben, Ziffern, Leerzeichen und Bindestriche enthalten.');
  await expect(page.getByTestId('address-new-city-error')).toHaveText('Dieses Feld ist erforderlich.');
  await expect(formField(page, 'Straße und Hausnummer')).toHaveValue('Kehrwieder 4');
  await expect(formField(page, 'Vorname')).toBeFocused();
  expect(await storedAddresses()).toHaveLength(1);
  await captureAccountScreens(page, 'account-addresses-form-de');
  await form(page).getByRole('link', { name: 'Abbrechen' }).click();
  await expect(form(page)).toHaveCount(0);

  await addShippingAddress(page, { company: 'Lager Nord', street: 'Kehrwieder 4', zip: '20457', city: 'Hamburg' });
  await addShippingAddress(page, { company: 'Lager Süd', street: 'Am Moldauhafen 9', zip: '21107', city: 'Hamburg' }, true);
  await expect(group(page, 1)).toContainText('Lieferadressen (2)');
  await expect(card(page, 'Lager Süd').getByTestId('default-badge')).toBeVisible();
  await expect(card(page, 'Lager Nord').getByTestId('default-badge')).toHaveCount(0);

  // The default moves to another address of the same kind.
  await card(page, 'Lager Nord').getByRole('button', { name: /Als Standard festlegen/ }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Die Standardadresse wurde geändert.' })).toBeVisible();
  await expect(card(page, 'Lager Nord').getByTestId('default-badge')).toBeVisible();
  await expect(card(page, 'Lager Süd').getByTestId('default-badge')).toHaveCount(0);
  await expect(card(page, 'Speicherstadt 1').getByTestId('default-badge')).toBeVisible();

  // Changing an address.
  await card(page, 'Lager Süd').getByRole('link', { name: /Bearbeiten/ }).click();
  await expect(formField(page, 'Firma')).toHaveValue('Lager Süd');
  await formField(page, 'Ort').fill('Hamburg-Wilhelmsburg');
  await page.getByTestId('save-address').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Die Adresse wurde gespeichert.' })).toBeVisible();
  await expect(card(page, 'Lager Süd')).toContainText('21107 Hamburg-Wilhelmsburg');
  await captureAccountScreens(page, 'account-addresses-de');

  // Deleting asks first; cancelling keeps the address.
  await card(page, 'Lager Süd').getByRole('link', { name: /Löschen/ }).click();
  await expect(page.getByTestId('delete-confirmation')).toContainText('Diese Adresse wirklich löschen?');
  await page.getByTestId('delete-confirmation').getByRole('link', { name: 'Abbrechen' }).click();
  await expect(page.getByTestId('delete-confirmation')).toHaveCount(0);
  await card(page, 'Lager Süd').getByRole('link', { name: /Löschen/ }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Die Adresse wurde gelöscht.' })).toBeVisible();
  await expect(card(page, 'Lager Süd')).toHaveCount(0);
  expect((await storedAddresses()).map((row) => row.street)).toEqual(['Speicherstadt 1', 'Kehrwieder 4']);

  // The company's only main (invoice) address cannot go.
  await card(page, 'Speicherstadt 1').getByRole('link', { name: /Löschen/ }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('delete-failure')).toHaveText('Die letzte Rechnungs- bzw. Standardadresse kann nicht gelöscht werden.');
  expect(await storedAddresses()).toHaveLength(2);
});

test('the address book in English', async ({ page }) => {
  await insertShippingAddress('Kehrwieder 4');
  await signInAs(page, admin);
  // The language switch of the account sidebar, as a buyer uses it.
  await openPage(page, '/my-account/addresses');
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Addresses');
  await expect(group(page, 1)).toContainText('Shipping addresses (1)');
  await captureAccountScreens(page, 'account-addresses-en');
  await page.getByRole('link', { name: /Add address/ }).click();
  await captureAccountScreens(page, 'account-addresses-form-en');
});

test('a plain customer manages shipping addresses, not the master data', async ({ page }) => {
  await startSession(page, customer);
  await openPage(page, '/my-account/addresses');
  await expect(page.getByText('Haupt-, Rechnungs- und Postanschrift pflegen Ihr Kundenadministrator oder Ihr Ansprechpartner.')).toBeVisible();
  await expect(card(page, 'Speicherstadt 1').getByRole('link')).toHaveCount(0);
  await expect(card(page, 'Speicherstadt 1').getByRole('button')).toHaveCount(0);

  await page.getByTestId('add-address').click();
  // No choice of kind: a customer adds shipping addresses.
  await expect(formField(page, 'Art der Adresse')).toHaveCount(0);
  await formField(page, 'Vorname').fill('Kai');
  await formField(page, 'Straße und Hausnummer').fill('Dradenaustraße 2');
  await formField(page, 'PLZ').fill('21129');
  await formField(page, 'Ort').fill('Hamburg');
  await page.getByTestId('save-address').click();
  await expect(group(page, 1)).toContainText('Dradenaustraße 2');
  expect((await storedAddresses()).filter((row) => row.street === 'Dradenaustraße 2').map((row) => row.type)).toEqual([1]);
  await expect(card(page, 'Dradenaustraße 2').getByRole('link', { name: /Bearbeiten/ })).toBeVisible();
});

test('a user who may not add addresses gets no form and may still delete; a forged post is refused', async ({ page }) => {
  await insertShippingAddress('Veddeler Damm 1', 'Altes Lager');
  await setUserFlag(customer, true);
  try {
    await startSession(page, customer);
    await openPage(page, '/my-account/addresses');
    await expect(page.getByTestId('address-book-blocked')).toHaveText('Sie können keine Adressen hinzufügen oder ändern. Bitte wenden Sie sich an Ihren Ansprechpartner.');
    await expect(page.getByTestId('add-address')).toHaveCount(0);
    await expect(card(page, 'Altes Lager').getByRole('link', { name: /Bearbeiten/ })).toHaveCount(0);
    await expect(card(page, 'Altes Lager').getByRole('button', { name: /Als Standard/ })).toHaveCount(0);
    await captureAccountScreens(page, 'account-addresses-blocked-de');

    // A post made by hand is refused by the service, whatever the page offered.
    const forged = await page.request.post('/my-account/addresses', {
      form: { intent: 'add', type: '1', firstName: 'Fälscher', street: 'Hintertür 1', zipCode: '20457', city: 'Hamburg', country: 'DE' },
    });
    expect(forged.status()).toBe(403);
    expect((await storedAddresses()).map((row) => row.street)).toEqual(['Speicherstadt 1', 'Veddeler Damm 1']);

    await card(page, 'Altes Lager').getByRole('link', { name: /Löschen/ }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(card(page, 'Altes Lager')).toHaveCount(0);
  } finally {
    await setUserFlag(customer, false);
  }
});

test('adding and deleting work without JavaScript', async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await startSession(page, admin);
    await openPage(page, '/my-account/addresses');
    await page.getByTestId('add-address').click();
    await formField(page, 'Vorname').fill('Ole');
    await formField(page, 'Straße und Hausnummer').fill('Am Kai 9');
    await formField(page, 'PLZ').fill('24103');
    await page.getByTestId('save-address').click();
    // A plain form post: the server answers the page with the problem and what was typed.
    await expect(page.getByTestId('address-new-city-error')).toHaveText('Dieses Feld ist erforderlich.');
    await expect(formField(page, 'Straße und Hausnummer')).toHaveValue('Am Kai 9');
    await formField(page, 'Ort').fill('Kiel');
    await page.getByTestId('save-address').click();
    await expect(page.getByTestId('saved-notice')).toHaveText('Die Adresse wurde hinzugefügt.');
    await expect(card(page, 'Am Kai 9')).toContainText('24103 Kiel');

    await card(page, 'Am Kai 9').getByRole('link', { name: /Löschen/ }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('saved-notice')).toHaveText('Die Adresse wurde gelöscht.');
    await expect(card(page, 'Am Kai 9')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
