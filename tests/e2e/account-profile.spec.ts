import { type Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { captureAccountScreens, createCompany, openPage, createUser, removeCompany, signInAs, signInThroughForm, type TestAccount, type TestCompany } from './account-fixtures.ts';
import { startSession, viewports } from './helpers.ts';

// The account area's shell and /my-account: the account navigation (a column on
// desktop, tabs on phones, the bottom navigation's "Profil"), the profile with what the user may change
// and what they may not, the problems next to their fields, the language that becomes the shop's; the
// password change with its live strength hint, the toast 'password.updated', the old password and the
// other sessions refused afterwards; both forms without JavaScript; guests kept out. The users are made
// for these tests (account-fixtures.ts): the demo accounts stay as they are for the other specs.

// Journeys with screenshots and axe at two widths: minutes, not seconds, on a small, busy machine.
test.describe.configure({ timeout: 180_000 });

let company: TestCompany;

test.beforeAll(async () => {
  company = await createCompany('Profil Prüfbau GmbH');
});

test.afterAll(async () => {
  await removeCompany(company);
});

const field = (page: Page, label: string) => page.getByTestId('profile-form').getByLabel(label, { exact: true });
const passwordField = (page: Page, label: string) => page.getByTestId('password-form').getByLabel(label, { exact: true });

test('the account area: navigation on the left on desktop, tabs on phones, the bottom navigation leads there', async ({ page }) => {
  const account = await createUser(company, 'customer', { first: 'Nora', last: 'Navi' });
  await startSession(page, account);
  await openPage(page, '/my-account');
  const nav = page.getByRole('navigation', { name: 'Mein Konto' });
  await expect(nav.getByRole('link', { name: 'Mein Profil' })).toHaveAttribute('aria-current', 'page');
  // The account sidebar's entries, in its order (other pages of the area join between them).
  await expect(nav.getByRole('link').first()).toHaveText('Mein Profil');
  await expect(nav.getByRole('link').nth(1)).toHaveText('Adressen');
  await expect(nav.getByRole('link').last()).toHaveText('Schnellbestellung');
  await expect(nav.getByRole('link', { name: 'Merkliste' })).toBeVisible();
  await expect(page.getByTestId('account-nav')).toContainText('Profil Prüfbau GmbH');

  await nav.getByRole('link', { name: 'Adressen' }).click();
  await expect(page).toHaveURL(/\/my-account\/addresses$/);
  await expect(nav.getByRole('link', { name: 'Adressen' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Mein Profil' })).not.toHaveAttribute('aria-current', 'page');

  // On a phone: the same entries as a row of tabs above the page, and "Profil" in the bottom navigation.
  await page.setViewportSize(viewports.phone);
  await openPage(page, '/');
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mein Profil');
  const tabs = page.getByRole('navigation', { name: 'Mein Konto' });
  await expect(tabs.getByRole('link', { name: 'Adressen' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Adressen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adressen');
});

test('a customer sees the profile, is told each problem next to its field, and changes name, e-mail, phone and language', async ({ page }) => {
  const account = await createUser(company, 'customer', { first: 'Paula', last: 'Probe' });
  await startSession(page, account);
  await openPage(page, '/my-account');

  // What the user does not change here is shown, not offered as a field.
  const details = page.getByTestId('account-details');
  for (const text of [account.username, 'Kunde', 'Profil Prüfbau GmbH', company.customerNo, 'Deutschland (DE)', 'Netto (zzgl. MwSt.)']) await expect(details).toContainText(text);
  await expect(page.getByLabel('Benutzername', { exact: true })).toHaveCount(0);
  await expect(field(page, 'Vorname')).toHaveValue('Paula');
  await expect(field(page, 'E-Mail-Adresse')).toHaveValue(account.email);
  await expect(field(page, 'Sprache')).toHaveValue('de');
  await captureAccountScreens(page, 'account-profile-de');

  // Every problem at once, in the shop's words, next to its field; what was typed stays.
  await field(page, 'Vorname').fill('  ');
  await field(page, 'E-Mail-Adresse').fill('paula(at)example');
  await field(page, 'Telefon (optional)').fill('ruf an');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('profile-firstName-error')).toHaveText('Dieses Feld ist erforderlich.');
  await expect(page.getByTestId('profile-email-error')).toHaveText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  await expect(page.getByTestId('profile-phone-error')).toContainText('Die Telefonnummer darf nur Ziffern');
  await expect(field(page, 'Vorname')).toBeFocused();
  await expect(field(page, 'E-Mail-Adresse')).toHaveValue('paula(at)example');
  await expect(field(page, 'E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
  await captureAccountScreens(page, 'account-profile-errors-de');

  // An e-mail address another user of the shop has.
  await field(page, 'Vorname').fill('Paulina');
  await field(page, 'E-Mail-Adresse').fill('Petra.Muster@muster-baubedarf.example');
  await field(page, 'Telefon (optional)').fill('+49 40 555-0199');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('profile-email-error')).toHaveText('Diese E-Mail-Adresse wird bereits von einem anderen Benutzer verwendet.');
  await expect(page.getByTestId('profile-firstName-error')).toHaveCount(0);

  await field(page, 'E-Mail-Adresse').fill(`paulina.${account.email}`);
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Ihr Profil wurde gespeichert.' })).toBeVisible();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByTestId('account-button')).toContainText('Paulina Probe');
  await page.reload();
  await expect(field(page, 'Vorname')).toHaveValue('Paulina');
  await expect(field(page, 'E-Mail-Adresse')).toHaveValue(`paulina.${account.email}`);
  await expect(field(page, 'Telefon (optional)')).toHaveValue('+49 40 555-0199');

  // The language chosen in the profile becomes the shop's language at once.
  await field(page, 'Sprache').selectOption('en');
  await page.getByTestId('save-profile').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
  await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByTestId('account-details')).toContainText('Net (plus VAT)');
  await captureAccountScreens(page, 'account-profile-en');
});

test('a password change: live strength hint, the current password required, the toast, the old password and other sessions refused', async ({ page, browser }) => {
  const account: TestAccount = await createUser(company, 'customer', { first: 'Karl', last: 'Kennwort' });
  await signInAs(page, account);
  // A second sign-in elsewhere: it must end with the change.
  const elsewhere = await newContext(browser);
  const otherPage = await elsewhere.newPage();
  await signInAs(otherPage, account);

  await openPage(page, '/my-account');
  const hint = page.getByTestId('password-hint');
  await expect(hint.getByTestId('password-rule')).toHaveCount(4);
  await passwordField(page, 'Neues Passwort').fill('kurz7');
  await expect(page.getByTestId('password-strength')).toHaveText('Stärke: schwach');
  await expect(hint.getByTestId('password-rule').first()).toHaveAttribute('data-met', 'false');
  await passwordField(page, 'Neues Passwort').fill('Passwort2024!');
  await expect(page.getByTestId('password-strength')).toHaveText('Stärke: sehr schwach');
  await expect(hint.getByTestId('password-rule').last()).toHaveAttribute('data-met', 'false');
  const newPassword = 'Elbbrücken-Lager-2031';
  await passwordField(page, 'Neues Passwort').fill(newPassword);
  await expect(page.getByTestId('password-strength')).toHaveText('Stärke: stark');
  await expect(hint.locator('[data-testid="password-rule"][data-met="true"]')).toHaveCount(4);
  await captureAccountScreens(page, 'account-password-hint-de');

  // A wrong current password is refused next to its field, and nothing changes.
  await passwordField(page, 'Aktuelles Passwort').fill('Nicht-das-Passwort-1');
  await passwordField(page, 'Neues Passwort wiederholen').fill(newPassword);
  await page.getByTestId('change-password').click();
  await expect(page.getByTestId('password-currentPassword-error')).toHaveText('Das aktuelle Passwort ist nicht richtig.');
  await expect(passwordField(page, 'Aktuelles Passwort')).toBeFocused();

  // The repetition must match.
  await passwordField(page, 'Aktuelles Passwort').fill(account.password);
  await passwordField(page, 'Neues Passwort wiederholen').fill(`${newPassword}x`);
  await page.getByTestId('change-password').click();
  await expect(page.getByTestId('password-newPasswordRepeat-error')).toHaveText('Die beiden neuen Passwörter stimmen nicht überein.');

  await passwordField(page, 'Neues Passwort wiederholen').fill(newPassword);
  await page.getByTestId('change-password').click();
  // Checking and hashing passwords takes its time on a busy machine.
  await expect(page.getByTestId('toast').filter({ hasText: 'Ihr Passwort wurde geändert.' })).toBeVisible({ timeout: 20_000 });
  // This browser carries the new session: the shop and the API go on working.
  await expect(passwordField(page, 'Aktuelles Passwort')).toHaveValue('');
  await openPage(page, '/my-account/addresses');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adressen');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  expect((await page.request.get('/api/user/currentUser', { headers: { authorization: `Basic ${token}` } })).status()).toBe(200);

  // The other session has ended.
  await otherPage.goto('/my-account');
  await expect(otherPage).toHaveURL(/\/landing$/);
  await elsewhere.close();

  // The old password no longer signs in; the new one does.
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Benutzername').fill(account.username);
  await page.getByLabel('Passwort').fill(account.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signInThroughForm(page, { username: account.username, password: newPassword });
});

test('both forms work without JavaScript', async ({ browser }) => {
  const account = await createUser(company, 'customer', { first: 'Otto', last: 'Ohnescript' });
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await startSession(page, account);
    await openPage(page, '/my-account');
    await field(page, 'Nachname').fill('Ohne-Skript');
    await page.getByTestId('save-profile').click();
    await expect(page.getByTestId('saved-notice')).toHaveText('Ihr Profil wurde gespeichert.');
    await expect(field(page, 'Nachname')).toHaveValue('Ohne-Skript');

    await passwordField(page, 'Aktuelles Passwort').fill(account.password);
    await passwordField(page, 'Neues Passwort').fill('Speicherstadt-Kai-88');
    await passwordField(page, 'Neues Passwort wiederholen').fill('Speicherstadt-Kai-77');
    await page.getByTestId('change-password').click();
    await expect(page.getByTestId('password-newPasswordRepeat-error')).toHaveText('Die beiden neuen Passwörter stimmen nicht überein.');
    // Passwords never come back from the server.
    await expect(passwordField(page, 'Neues Passwort')).toHaveValue('');

    await passwordField(page, 'Aktuelles Passwort').fill(account.password);
    await passwordField(page, 'Neues Passwort').fill('Speicherstadt-Kai-88');
    await passwordField(page, 'Neues Passwort wiederholen').fill('Speicherstadt-Kai-88');
    await page.getByTestId('change-password').click();
    await expect(page.getByTestId('saved-notice')).toHaveText('Ihr Passwort wurde geändert.');
    // Still signed in, with the new session's cookie.
    await openPage(page, '/my-account/addresses');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adressen');
  } finally {
    await context.close();
  }
});

test('the shared guest is sent home from every page of the account area', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Als Gast stöbern' }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/my-account', '/my-account/addresses', '/my-account/order-history/1']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
