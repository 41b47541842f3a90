import type { Page } from '@playwright/test';
import { mailTo } from './company-users-fixtures.ts';
import { expect, newContext, test } from './fixtures.ts';
import { accounts, captureScreens, startSession, waitUntilSettled, withShopDatabase } from './helpers.ts';
import { workerShop } from './shops.ts';

// The contact form of /static/contact-us: the seller's contact data beside it, a visitor's message sent and
// both mails written (the shop runs without SMTP, so its mail worker writes them as files: see mailTo), the
// problems next to their fields with what was typed kept, the same without JavaScript, a signed-in
// customer writing as their account, and the refusals shown instead of the form or above it (too many
// messages, a seller without an address). Screenshots and axe at 1280 and 390 px in German and English.

test.describe.configure({ timeout: 120_000 });

const run = Date.now().toString(36);
let sequence = 0;
const newEmail = (name: string) => `${name}-${run}-${++sequence}@firma.example`;
const newSubject = (text: string) => `${text} ${run}-${++sequence}`;

const seller = () => withShopDatabase((db) => db.selectFrom('seller_companies').select(['tenant_id', 'email']).executeTakeFirstOrThrow());

// Every browser of the suite writes from the same client address: each test starts with the contact
// form's throttle counters empty, so the messages of one test do not count against another's.
test.beforeEach(async () => {
  await withShopDatabase((db) => db.deleteFrom('login_throttle').where('subject', 'like', 'contact-%').execute());
});

/** Fills the visitor's form in German (the browser's language in these tests). */
async function fillGerman(page: Page, message: { email: string; subject: string }) {
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Jana Ørsted');
  await form.getByLabel('E-Mail').fill(message.email);
  await form.getByLabel('Betreff').fill(message.subject);
  await form.getByLabel('Nachricht', { exact: true }).fill('Guten Tag,\nwann ist die Serie 4711 wieder lieferbar?');
  await form.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
}

test('a visitor writes to the seller: the confirmation, the copy and the seller’s mail (German)', async ({ page }) => {
  await page.goto('/static/contact-us');
  await expect(page).toHaveTitle('Kontakt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  const contact = page.getByTestId('contact-seller');
  await expect(contact).toContainText('Nordlicht Großhandel GmbH');
  await expect(contact).toContainText('20457 Hamburg');
  await expect(contact).toContainText('Deutschland');
  await expect(contact.getByRole('link', { name: '+49 40 1234567-0' })).toHaveAttribute('href', 'tel:+494012345670');
  await expect(contact.getByRole('link', { name: 'info@nordlicht-grosshandel.example' })).toHaveAttribute('href', 'mailto:info@nordlicht-grosshandel.example');
  // The seller's own text of the site settings.
  await expect(contact).toContainText('Montag bis Freitag, 7:00–17:00 Uhr');
  await waitUntilSettled(page);
  await captureScreens(page, 'contact-form-de');

  // The consent's link opens the privacy policy on the page.
  await expect(page.getByTestId('privacy-policy').getByText('Wir verarbeiten personenbezogene Daten')).toBeHidden();
  await page.getByRole('link', { name: 'Datenschutzerklärung' }).click();
  await expect(page.getByTestId('privacy-policy').getByText('Wir verarbeiten personenbezogene Daten')).toBeVisible();

  const startedAt = Date.now();
  const email = newEmail('jana');
  const subject = newSubject('Lieferzeit Serie 4711');
  await fillGerman(page, { email, subject });
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  const sent = page.getByTestId('contact-sent');
  await expect(sent.getByRole('heading', { level: 2 })).toHaveText('Vielen Dank für Ihre Nachricht');
  await expect(sent.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(sent).toContainText(`Eine Kopie haben wir an ${email} geschickt.`);
  await expect(sent).toContainText('Unser Team liest sie und antwortet Ihnen so bald wie möglich per E-Mail.');
  await expect(page.getByTestId('contact-form')).toHaveCount(0);
  await captureScreens(page, 'contact-sent-de');

  const copy = await mailTo(email, { after: startedAt - 1_000 });
  expect(copy).toContain('Guten Tag Jana Ørsted,');
  expect(copy).toContain('vielen Dank für Ihre Nachricht.');
  expect(copy).toContain(`Betreff: ${subject}`);
  const toSeller = await mailTo((await seller()).email, { after: startedAt - 1_000, containing: subject });
  expect(toSeller).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi'));
  expect(toSeller).toContain('Name: Jana Ørsted');
  expect(toSeller).toContain('wann ist die Serie 4711 wieder lieferbar?');

  // Another message starts with an empty form.
  await sent.getByRole('link', { name: 'Weitere Nachricht schreiben' }).click();
  await expect(page.getByTestId('contact-form').getByLabel('Betreff')).toHaveValue('');
});

test('every problem next to its field, what was typed kept, then sent (English)', async ({ page }) => {
  // A visitor chooses the language under the landing page; the choice stays with the browser.
  await page.goto('/landing');
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/static/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  await waitUntilSettled(page);
  await captureScreens(page, 'contact-form-en');

  const form = page.getByTestId('contact-form');
  await form.getByLabel('Subject').fill('Delivery time');
  await form.getByLabel('E-mail').fill('jana@');
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByTestId('contact-invalid')).toHaveText('Please check the marked fields.');
  await expect(page.getByTestId('contact-name-error')).toHaveText('This field is required.');
  await expect(page.getByTestId('contact-email-error')).toHaveText('Please enter a valid e-mail address.');
  await expect(page.getByTestId('contact-message-error')).toHaveText('This field is required.');
  await expect(page.getByTestId('contact-privacyAccepted-error')).toHaveText('Please agree to the privacy policy.');
  await expect(page.getByTestId('contact-subject-error')).toHaveCount(0);
  // What was typed stays; each field says its problem to a screen reader, and the focus is on the first.
  await expect(form.getByLabel('Subject')).toHaveValue('Delivery time');
  await expect(form.getByLabel('E-mail')).toHaveValue('jana@');
  await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-describedby', /contact-email-error/);
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, 'contact-errors-en');

  const email = newEmail('harbour');
  await form.getByLabel('Name').fill('Jana Ørsted');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Message', { exact: true }).fill('When will series 4711 be back in stock?');
  await form.getByRole('checkbox', { name: /privacy policy/ }).check();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText(`We have sent a copy to ${email}.`);
  await captureScreens(page, 'contact-sent-en');
  expect(await mailTo(email)).toContain('Hello Jana Ørsted,');
});

test('works without JavaScript: problems next to their fields, then the message sent', async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/static/contact-us');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByTestId('contact-subject-error')).toHaveText('Dieses Feld ist erforderlich.');
    await expect(page.getByTestId('contact-privacyAccepted-error')).toHaveText('Bitte stimmen Sie der Datenschutzerklärung zu.');

    const email = newEmail('ohne-js');
    await fillGerman(page, { email, subject: newSubject('Ohne JavaScript') });
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByTestId('contact-sent')).toContainText(`Eine Kopie haben wir an ${email} geschickt.`);
    expect(await mailTo(email)).toContain('vielen Dank für Ihre Nachricht.');
  } finally {
    await context.close();
  }
});

test('a signed-in customer writes as their account: name and e-mail address shown, the copy to the account', async ({ page }) => {
  await startSession(page, accounts.customer);
  await page.goto('/static/contact-us');
  const form = page.getByTestId('contact-form');
  await expect(form.getByLabel('Name')).toHaveValue('Petra Muster');
  await expect(form.getByLabel('E-Mail')).toHaveValue('petra.muster@muster-baubedarf.example');
  await expect(form.getByLabel('E-Mail')).toHaveAttribute('readonly', '');
  await expect(form).toContainText('Aus Ihrem Kundenkonto');
  await expect(form.getByRole('link', { name: 'Im Profil ändern' })).toHaveAttribute('href', '/my-account');
  await waitUntilSettled(page);
  await captureScreens(page, 'contact-form-customer-de');

  const startedAt = Date.now();
  const subject = newSubject('Rechnung');
  await form.getByLabel('Betreff').fill(subject);
  await form.getByLabel('Nachricht', { exact: true }).fill('Bitte schicken Sie mir die Rechnung noch einmal.');
  await form.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText('Eine Kopie haben wir an petra.muster@muster-baubedarf.example geschickt.');
  const toSeller = await mailTo((await seller()).email, { after: startedAt - 1_000, containing: subject });
  expect(toSeller).toContain('Kundenkonto: Muster Baubedarf GmbH (Kundennr. 10001)');
  expect(toSeller).toMatch(/^Reply-To: petra\.muster@muster-baubedarf\.example/im);
});

test('too many messages: the refusal above the form, what was typed kept', async ({ page }) => {
  const email = newEmail('oft');
  const { tenant_id } = await seller();
  // This address has written as often as a window allows.
  await withShopDatabase((db) => db.insertInto('login_throttle').values({ tenant_id, subject: `contact-email:${email}`, window_started_at: new Date().toISOString(), attempts: 3 }).execute());
  await page.goto('/static/contact-us');
  await fillGerman(page, { email, subject: newSubject('Noch einmal') });
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByTestId('contact-failure')).toHaveText('Zu viele Nachrichten. Bitte warten Sie 15 Minuten und versuchen Sie es erneut.');
  await expect(page.getByTestId('contact-form').getByLabel('E-Mail')).toHaveValue(email);
});

test('a seller without an e-mail address: the page says the form is not available and keeps the other contact data', async ({ page }) => {
  const { tenant_id, email } = await seller();
  await withShopDatabase((db) => db.updateTable('seller_companies').set({ email: '' }).where('tenant_id', '=', tenant_id).execute());
  try {
    await page.goto('/static/contact-us');
    await expect(page.getByTestId('contact-unavailable')).toHaveText('Das Kontaktformular ist zurzeit nicht verfügbar. Bitte erreichen Sie uns telefonisch oder per Post.');
    await expect(page.getByTestId('contact-form')).toHaveCount(0);
    await expect(page.getByTestId('contact-seller').getByRole('link', { name: '+49 40 1234567-0' })).toBeVisible();
    await waitUntilSettled(page);
    await captureScreens(page, 'contact-unavailable-de');
  } finally {
    await withShopDatabase((db) => db.updateTable('seller_companies').set({ email }).where('tenant_id', '=', tenant_id).execute());
    // The shop keeps its configuration, the seller's address in it, for up to two seconds per language.
    for (const locale of ['de', 'en']) {
      await expect
        .poll(async () => ((await (await fetch(`${workerShop().url}/api/configuration`, { headers: { cookie: `locale=${locale}` } })).json()) as { company: { email: string } }).company.email, {
          timeout: 10_000,
          intervals: [100],
          message: `the shop serves the seller's address again (${locale})`,
        })
        .toBe(email);
    }
  }
});
