import { type Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { accounts, captureScreens, changeSiteSettings, startSession, waitUntilSettled, withShopDatabase } from './helpers.ts';

// The signup request: from the landing page to /signup, the form with the privacy
// policy of the site settings, the problems next to their fields, the request sent and what happens next,
// with and without JavaScript; an address the shop knows; a shop that takes no requests; signed-in users
// sent home. Screenshots and axe at 1280 and 390 px in German and English.

test.describe.configure({ timeout: 120_000 });

const run = Date.now().toString(36);
let sequence = 0;
const newEmail = (name: string) => `${name}-${run}-${++sequence}@firma.example`;

/** Changes the site setting, and waits until the shop serves the change (it caches settings for up to two seconds). */
async function setAcceptingRequests(value: boolean) {
  await changeSiteSettings({ acceptSignupRequests: value });
}

const requestOf = (email: string) => withShopDatabase((db) => db.selectFrom('signup_requests').selectAll().where('email', '=', email).execute());
const mailsOf = (email: string) => withShopDatabase((db) => db.selectFrom('mail_outbox').select(['kind', 'recipient', 'locale']).where('kind', 'like', 'signup_%').where('payload', 'like', `%${email}%`).orderBy('id').execute());

/** Fills the whole form in German (the browser's language in these tests). */
async function fillGerman(page: Page, email: string) {
  const form = page.getByTestId('signup-form');
  await form.getByLabel('Firmenname').fill('Küstenbau GmbH');
  await form.getByLabel(/^USt-IdNr\./).fill('DE 123 456 789');
  await form.getByLabel('Straße und Hausnummer').fill('Deichstraße 7');
  await form.getByLabel('PLZ').fill('25746');
  await form.getByLabel('Ort').fill('Heide');
  await form.getByLabel('Land').selectOption('DE');
  await form.getByLabel('Vorname').fill('Jana');
  await form.getByLabel('Nachname').fill('Ørsted');
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel(/^Telefon/).fill('+49 481 123456');
  await form.getByLabel(/^Nachricht/).fill('Wir suchen einen Lieferanten für Befestigungstechnik.');
  await form.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
}

test('from the landing page to a sent request, with the privacy policy to read (German)', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('link', { name: 'Kundenkonto anfragen' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kundenkonto anfragen');
  await waitUntilSettled(page);
  await captureScreens(page, 'signup-form-de');

  // The consent's link opens the site settings' privacy policy on the page.
  const policy = page.getByTestId('privacy-policy');
  await expect(policy.getByText('Wir verarbeiten personenbezogene Daten')).toBeHidden();
  await page.getByRole('link', { name: 'Datenschutzerklärung' }).click();
  await expect(policy.getByText('Wir verarbeiten personenbezogene Daten ausschließlich zur Führung Ihres Kundenkontos')).toBeVisible();

  // The example of the VAT id follows the chosen country.
  await page.getByTestId('signup-form').getByLabel('Land').selectOption('AT');
  await expect(page.getByText('Mit Länderkennung, zum Beispiel ATU12345678.')).toBeVisible();

  const email = newEmail('jana');
  await fillGerman(page, email);
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  const success = page.getByTestId('signup-success');
  await expect(success.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank für Ihre Anfrage');
  await expect(success.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(success).toContainText(`Wir haben Ihre Anfrage für Küstenbau GmbH erhalten und eine Bestätigung an ${email} geschickt.`);
  await expect(success).toContainText('Sobald Ihr Kundenkonto eingerichtet ist, erhalten Sie Ihre Zugangsdaten per E-Mail.');
  await captureScreens(page, 'signup-success-de');

  const [row] = await requestOf(email);
  expect(row).toMatchObject({ company_name: 'Küstenbau GmbH', vat_id: 'DE123456789', country_code: 'DE', locale: 'de', status: 'new' });
  const seller = await withShopDatabase((db) => db.selectFrom('seller_companies').select('email').executeTakeFirstOrThrow());
  expect(await mailsOf(email)).toEqual([
    { kind: 'signup_confirmation', recipient: email, locale: 'de' },
    { kind: 'signup_notification', recipient: seller.email, locale: 'de' },
  ]);

  await success.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

test('every problem next to its field, what was typed kept, then sent (English)', async ({ page }) => {
  await page.goto('/signup');
  await page.getByTestId('language-option-en').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a customer account');
  await waitUntilSettled(page);
  await captureScreens(page, 'signup-form-en');

  const form = page.getByTestId('signup-form');
  await form.getByLabel('Company name').fill('Harbour Tools Ltd');
  await form.getByLabel(/^VAT ID/).fill('DE123');
  await form.getByLabel('E-mail').fill('jana@');
  await form.getByRole('button', { name: 'Send request' }).click();

  await expect(page.getByTestId('signup-invalid')).toHaveText('Please check the marked fields.');
  await expect(page.getByTestId('signup-vatId-error')).toHaveText("This VAT ID does not have its country's format. Please check it (with the country prefix, e.g. DE123456789).");
  await expect(page.getByTestId('signup-street-error')).toHaveText('This field is required.');
  await expect(page.getByTestId('signup-email-error')).toHaveText('Please enter a valid e-mail address.');
  await expect(page.getByTestId('signup-privacyAccepted-error')).toHaveText('Please agree to the privacy policy.');
  await expect(page.getByTestId('signup-companyName-error')).toHaveCount(0);
  await expect(form.getByLabel('Company name')).toHaveValue('Harbour Tools Ltd');
  await expect(form.getByLabel(/^VAT ID/)).toHaveAttribute('aria-invalid', 'true');
  // The focus is on the first field to fix.
  await expect(form.getByLabel(/^VAT ID/)).toBeFocused();
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, 'signup-errors-en');

  const email = newEmail('harbour');
  await form.getByLabel(/^VAT ID/).fill('');
  await form.getByLabel('Street and number').fill('1 Quay Street');
  await form.getByLabel('Postcode').fill('20457');
  await form.getByLabel('City').fill('Hamburg');
  await form.getByLabel('First name').fill('Jana');
  await form.getByLabel('Last name').fill('Ørsted');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('checkbox', { name: /privacy policy/ }).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  const success = page.getByTestId('signup-success');
  await expect(success).toContainText(`We have received your request for Harbour Tools Ltd and sent a confirmation to ${email}.`);
  await captureScreens(page, 'signup-success-en');
  expect((await requestOf(email))[0]).toMatchObject({ locale: 'en', vat_id: null });
  expect((await mailsOf(email))[0]).toMatchObject({ kind: 'signup_confirmation', locale: 'en' });

  // An address with an open request: told next to the e-mail field.
  await page.goto('/signup');
  await form.getByLabel('Company name').fill('Harbour Tools Ltd');
  await form.getByLabel('Street and number').fill('1 Quay Street');
  await form.getByLabel('Postcode').fill('20457');
  await form.getByLabel('City').fill('Hamburg');
  await form.getByLabel('First name').fill('Jana');
  await form.getByLabel('Last name').fill('Ørsted');
  await form.getByLabel('E-mail').fill(email.toUpperCase());
  await form.getByRole('checkbox', { name: /privacy policy/ }).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('signup-email-error')).toHaveText(
    'We already have a request for this e-mail address and are dealing with it. If you have any questions, please contact your Sales Manager.',
  );
  expect(await requestOf(email)).toHaveLength(1);
});

test('works without JavaScript: problems next to their fields, then the request sent', async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.getByTestId('signup-companyName-error')).toHaveText('Dieses Feld ist erforderlich.');
    await expect(page.getByTestId('signup-privacyAccepted-error')).toHaveText('Bitte stimmen Sie der Datenschutzerklärung zu.');

    const email = newEmail('ohne-js');
    await fillGerman(page, email);
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.getByTestId('signup-success')).toContainText(`eine Bestätigung an ${email} geschickt`);
    expect(await requestOf(email)).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test('a shop that takes no requests says so instead of showing the form', async ({ page }) => {
  await setAcceptingRequests(false);
  try {
    await page.goto('/landing');
    await expect(page.getByTestId('landing')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kundenkonto anfragen' })).toHaveCount(0);
    await page.goto('/signup');
    await expect(page.getByTestId('signup-blocked')).toContainText('Zurzeit nehmen wir keine Anfragen für neue Kundenkonten an.');
    await expect(page.getByTestId('signup-form')).toHaveCount(0);
    await captureScreens(page, 'signup-blocked-de');
  } finally {
    await setAcceptingRequests(true);
  }
});

test('signed-in users are sent home from /signup, like from /auth', async ({ page }) => {
  await startSession(page, accounts.customer);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/$/);
});
