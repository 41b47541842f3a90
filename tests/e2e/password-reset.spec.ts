import { type Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { createCompany, createUser, openPage, removeCompany, signInAs, signInThroughForm, type TestAccount, type TestCompany } from './account-fixtures.ts';
import { mailTo, resetLinkOf } from './company-users-fixtures.ts';
import { captureScreens, startSession, waitUntilSettled } from './helpers.ts';

// Forgot and reset password as a person does it: from the login form to /forgot-password,
// the clear answer for an unknown address, the mail (the shop runs without SMTP, so the worker writes it to
// MAIL_OUTBOX_DIR), its link to /reset with the policy's live hint, the login page saying the password is
// set, signing in with it, the other sessions gone, and the used link refused with the way to a new one.
// German by mouse, English by keyboard; screenshots and axe at 1280 and 390 px in both languages. The
// users are made for these tests (account-fixtures.ts), so the demo accounts stay as they are.

test.describe.configure({ timeout: 180_000 });

let company: TestCompany;

test.beforeAll(async () => {
  company = await createCompany('Kennwort Prüfbau GmbH');
});

test.afterAll(async () => {
  await removeCompany(company);
});

async function requestLink(page: Page, email: string, labels: { email: string; submit: string }): Promise<string> {
  const startedAt = Date.now();
  await page.getByLabel(labels.email).fill(email);
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page.getByTestId('forgot-password-sent')).toContainText(email);
  return resetLinkOf(await mailTo(email, { after: startedAt - 1_000 }));
}

test('forgot → mail → new password → signed in; the other sessions end and the link works once (German)', async ({ page, browser }) => {
  const account: TestAccount = await createUser(company, 'customer', { first: 'Rita', last: 'Rücksetz' });
  // A second browser where the account is signed in: resetting the password ends that session too.
  const other = await newContext(browser);
  const otherPage = await other.newPage();
  await signInAs(otherPage, account);

  await openPage(page, '/auth');
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort vergessen?');
  await waitUntilSettled(page);
  await captureScreens(page, 'password-forgot-de');

  // An address nobody has: the spec's words, the address kept to correct it.
  await page.getByLabel('E-Mail-Adresse').fill('niemand@account-e2e.example');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByTestId('forgot-password-failure')).toHaveText('Diese E-Mail-Adresse ist nicht in unserem System. Bitte prüfen Sie Ihre E-Mail-Adresse.');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('niemand@account-e2e.example');
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
  await captureScreens(page, 'password-forgot-unknown-de');

  const link = await requestLink(page, account.email.toUpperCase(), { email: 'E-Mail-Adresse', submit: 'Link anfordern' });
  await captureScreens(page, 'password-forgot-sent-de');

  const opened = await page.goto(link);
  // The token is in the address: no referrer leaves the page, no cache keeps it.
  expect(opened?.headers()).toMatchObject({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
  await waitUntilSettled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Passwort festlegen');
  await expect(page.getByTestId('reset-password')).toContainText(account.username);
  const newPassword = page.getByLabel('Neues Passwort', { exact: true });
  // The live hint checks the policy for this account: its username is refused.
  await newPassword.fill(`${account.username}-1`);
  await expect(page.getByTestId('password-rule').filter({ hasText: /Benutzernamen/ })).toHaveAttribute('data-met', 'false');
  await newPassword.fill('Kai-Speicher-2031');
  await expect(page.getByTestId('password-rule').first()).toHaveAttribute('data-met', 'true');
  await page.getByLabel('Neues Passwort wiederholen').fill('Kai-Speicher-2032');
  await page.getByRole('button', { name: 'Passwort festlegen' }).click();
  await expect(page.getByTestId('reset-newPasswordRepeat-error')).toHaveText('Die beiden neuen Passwörter stimmen nicht überein.');
  await captureScreens(page, 'password-reset-de');

  await page.getByLabel('Neues Passwort', { exact: true }).fill('Kai-Speicher-2031');
  await page.getByLabel('Neues Passwort wiederholen').fill('Kai-Speicher-2031');
  await page.getByRole('button', { name: 'Passwort festlegen' }).click();
  await expect(page).toHaveURL(/\/auth\?password=set$/, { timeout: 20_000 });
  await expect(page.getByTestId('password-set')).toContainText('Ihr Passwort ist gesetzt. Alle bisherigen Sitzungen Ihres Kontos wurden beendet.');
  await captureScreens(page, 'password-set-de');

  await signInThroughForm(page, { username: account.username, password: 'Kai-Speicher-2031' });
  await otherPage.goto('/my-account');
  await expect(otherPage).toHaveURL(/\/landing$/);
  await other.close();

  // The link is spent: one message, and the way to a new one.
  await page.context().clearCookies();
  await openPage(page, link);
  const invalid = page.getByTestId('reset-invalid');
  await expect(invalid).toContainText('Dieser Link ist ungültig, abgelaufen oder wurde schon verwendet.');
  await captureScreens(page, 'password-reset-invalid-de');
  await invalid.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the same in English, by keyboard', async ({ page }) => {
  const account: TestAccount = await createUser(company, 'customer', { first: 'Kim', last: 'Keyboard' });
  await page.goto('/forgot-password');
  await page.getByTestId('language-option-en').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await waitUntilSettled(page);
  await captureScreens(page, 'password-forgot-en');

  const startedAt = Date.now();
  const email = page.getByLabel('E-mail address');
  await email.focus();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('forgot-password-sent')).toContainText(`We sent a link to ${account.email}.`);
  await captureScreens(page, 'password-forgot-sent-en');
  const mail = await mailTo(account.email, { after: startedAt - 1_000 });
  expect(mail).toContain('Set a new password');
  const link = resetLinkOf(mail);

  await openPage(page, link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a new password');
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.keyboard.type('short1');
  await expect(page.getByTestId('password-strength')).toBeVisible();
  await captureScreens(page, 'password-reset-en');
  await page.getByLabel('New password', { exact: true }).fill('');
  await page.getByLabel('New password', { exact: true }).focus();
  await page.keyboard.type('Harbour-Lights-2031');
  await page.keyboard.press('Tab');
  // The hint's rules lie between the two fields; the focus moves on to the repetition.
  await page.getByLabel('Repeat new password').focus();
  await page.keyboard.type('Harbour-Lights-2031');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\?password=set$/, { timeout: 20_000 });
  await expect(page.getByTestId('password-set')).toContainText('Your password is set.');
  await captureScreens(page, 'password-set-en');

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('Harbour-Lights-2031');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });

  await page.context().clearCookies({ name: 'token' });
  await openPage(page, link);
  await expect(page.getByTestId('reset-invalid')).toContainText('This link is invalid, has expired or was already used.');
  await captureScreens(page, 'password-reset-invalid-en');
});

test('a signed-in user is sent home from /forgot-password, but a mail’s link opens for them', async ({ page }) => {
  const account: TestAccount = await createUser(company, 'customer', { first: 'Sina', last: 'Sitzung' });
  await startSession(page, account);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/reset?token=nothing-valid');
  await expect(page.getByTestId('reset-invalid')).toBeVisible();
});
