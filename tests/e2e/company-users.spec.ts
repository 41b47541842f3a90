import { randomBytes } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { captureAccountScreens, openPage, signInThroughForm } from './account-fixtures.ts';
import { mailTo, removeUsers, resetLinkOf } from './company-users-fixtures.ts';
import { startSession, viewports } from './helpers.ts';

// /my-account/users as the demo customer admin of company 10001 uses it: the company's
// users as a table (cards on a phone), a new user invited by mail who sets a password from the mail's link
// and signs in, then is locked and is out at once; the server's refusals where they arose; the page without
// JavaScript; plain customers told who manages users. The users these tests make are taken out afterwards,
// so the demo company stays as the other specs know it.

test.describe.configure({ timeout: 180_000 });

const admin = { username: 'customeradmin', password: 'Demo-CustomerAdmin-1' };
const made: string[] = [];

test.afterAll(async () => {
  await removeUsers(made);
});

function newPerson(first: string, last: string) {
  const suffix = randomBytes(3).toString('hex');
  const username = `e2e-${first.toLowerCase()}-${suffix}`;
  made.push(username);
  return { first, last, username, email: `${first.toLowerCase()}.${suffix}@users-e2e.example` };
}

const form = (page: Page) => page.getByTestId('user-form');
const formField = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
/** The user's row in the table (desktop) or card (phone), whichever the width shows. */
const userEntry = (page: Page, username: string) => page.locator('[data-testid="user-row"]:visible, [data-testid="user-card"]:visible').filter({ hasText: username });

async function addUser(page: Page, person: ReturnType<typeof newPerson>) {
  await page.getByTestId('add-user').click();
  await formField(page, 'Vorname').fill(person.first);
  await formField(page, 'Nachname').fill(person.last);
  await formField(page, 'Benutzername').fill(person.username);
  await formField(page, 'E-Mail').fill(person.email);
  await page.getByTestId('save-user').click();
  await expect(userEntry(page, person.username)).toContainText('Eingeladen, noch kein Passwort');
}

test('an admin invites a user who sets a password from the mail and signs in; locked, they are out at once', async ({ page, browser }) => {
  await startSession(page, admin);
  await openPage(page, '/');
  // The account sidebar leads there.
  await page.getByTestId('account-button').click();
  await page.getByTestId('account-sidebar').getByRole('link', { name: 'Benutzer' }).click();
  await expect(page).toHaveURL(/\/my-account\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benutzer');
  await expect(userEntry(page, 'customeradmin')).toContainText('Sie');
  await expect(userEntry(page, 'Petra Muster')).toContainText('petra.muster@muster-baubedarf.example');
  // Sales persons and admins of the shop carry the company too, but are not its users.
  await expect(userEntry(page, 'Sven Carstensen')).toHaveCount(0);
  await captureAccountScreens(page, 'company-users-de');

  // The form, and the server's refusals next to their fields.
  const person = newPerson('Ida', 'Imhof');
  await page.getByTestId('add-user').click();
  await expect(form(page).getByRole('heading')).toBeFocused();
  await formField(page, 'Vorname').fill(person.first);
  await formField(page, 'Nachname').fill(person.last);
  await formField(page, 'Benutzername').fill('Customer2');
  await formField(page, 'E-Mail').fill('ida(at)example');
  await page.getByTestId('save-user').click();
  await expect(page.getByTestId('user-new-email-error')).toHaveText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  await formField(page, 'E-Mail').fill(person.email);
  await page.getByTestId('save-user').click();
  await expect(page.getByTestId('user-new-username-error')).toHaveText('Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.');
  await expect(formField(page, 'Benutzername')).toBeFocused();
  await expect(formField(page, 'E-Mail')).toHaveValue(person.email);
  await captureAccountScreens(page, 'company-users-form-de');
  const sentAfter = Date.now();
  await formField(page, 'Benutzername').fill(person.username);
  await page.getByTestId('save-user').click();
  await expect(page.getByText('Der Benutzer wurde angelegt und erhält die Einladung per E-Mail.')).toBeVisible();
  await expect(userEntry(page, person.username)).toContainText('Eingeladen, noch kein Passwort');

  // The invited user's own browser: the link from the mail, a password, and in.
  const invited = await newContext(browser);
  const theirs = await invited.newPage();
  try {
    const mail = await mailTo(person.email, { after: sentAfter });
    expect(mail).toContain('Thomas Muster');
    expect(mail).toContain(person.username);
    await theirs.goto(resetLinkOf(mail));
    const password = `Hafen-Neu-${randomBytes(3).toString('hex')}-9`;
    await theirs.getByLabel('Neues Passwort', { exact: true }).fill(password);
    await theirs.getByLabel('Neues Passwort wiederholen', { exact: true }).fill(password);
    await theirs.getByTestId('reset-submit').click();
    await expect(theirs).toHaveURL(/\/auth/);
    await signInThroughForm(theirs, { username: person.username, password });
    await openPage(theirs, '/my-account');
    await expect(theirs.getByRole('heading', { level: 1 })).toHaveText('Mein Profil');

    // The admin sees the sign-in, and locks the user: their very next page is the landing page.
    await page.reload();
    await expect(userEntry(page, person.username)).not.toContainText('Eingeladen');
    await userEntry(page, person.username).getByRole('switch', { name: /^Gesperrt/ }).click();
    await expect(userEntry(page, person.username).getByRole('switch', { name: /^Gesperrt/ })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Die Änderungen wurden gespeichert.')).toBeVisible();
    await theirs.goto('/my-account');
    await expect(theirs).toHaveURL(/\/landing$/);
    // And cannot come back in.
    await theirs.goto('/auth');
    await theirs.getByLabel('Benutzername').fill(person.username);
    await theirs.getByLabel('Passwort').fill(password);
    await theirs.getByRole('button', { name: 'Anmelden' }).click();
    await expect(theirs.getByText('Your account is blocked. Please contact your Sales Manager').or(theirs.getByText(/Ihr Konto ist gesperrt/))).toBeVisible();
  } finally {
    await invited.close();
  }
});

test('the admin’s own account: no toggles, and the form refuses locking oneself where it was asked', async ({ page }) => {
  await startSession(page, admin);
  await openPage(page, '/my-account/users');
  const own = userEntry(page, 'customeradmin');
  await expect(own.getByRole('switch')).toHaveCount(0);
  await expect(own).toContainText('Sie können sich nicht selbst sperren');
  await own.getByRole('link', { name: /Bearbeiten/ }).click();
  await expect(form(page)).toContainText('Das ist Ihr eigenes Konto');
  await form(page).getByLabel(/^Gesperrt/).check();
  await page.getByTestId('save-user').click();
  await expect(form(page).getByTestId(/-locked-error$/)).toHaveText('Sie können Ihr eigenes Konto nicht sperren.');
  await expect(form(page).getByLabel(/^Gesperrt/)).toBeChecked();
});

test('the users in English, as cards on a phone, with a reset mail sent from there', async ({ page }) => {
  const person = newPerson('Ole', 'Olsen');
  await startSession(page, admin);
  await openPage(page, '/my-account/users');
  await addUser(page, person);
  await page.getByTestId('account-button').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  await captureAccountScreens(page, 'company-users-en');
  await page.setViewportSize(viewports.phone);
  const card = userEntry(page, person.username);
  await expect(card).toHaveAttribute('data-testid', 'user-card');
  await expect(card).toContainText('Invited, no password yet');
  const sentAfter = Date.now();
  await card.getByRole('button', { name: /Send invitation again/ }).click();
  await expect(page.getByText('The invitation was sent again. Earlier links no longer work.')).toBeVisible();
  expect(resetLinkOf(await mailTo(person.email, { after: sentAfter }))).toMatch(/^\/reset\?token=/);
  await page.getByRole('link', { name: /Add user/ }).click();
  await captureAccountScreens(page, 'company-users-form-en');
});

test('adding a user and locking one work without JavaScript', async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  const person = newPerson('Nils', 'Nojs');
  try {
    await startSession(page, admin);
    await page.goto('/my-account/users');
    await page.getByTestId('add-user').click();
    await formField(page, 'Vorname').fill(person.first);
    await formField(page, 'Benutzername').fill(person.username);
    await formField(page, 'E-Mail').fill(person.email);
    await page.getByTestId('save-user').click();
    // A plain form post: the server answers the page with the problem and what was typed.
    await expect(page.getByTestId('user-new-lastName-error')).toHaveText('Dieses Feld ist erforderlich.');
    await expect(formField(page, 'Benutzername')).toHaveValue(person.username);
    await formField(page, 'Nachname').fill(person.last);
    await page.getByTestId('save-user').click();
    await expect(page.getByTestId('saved-notice')).toHaveText('Der Benutzer wurde angelegt und erhält die Einladung per E-Mail.');
    await userEntry(page, person.username).getByRole('switch', { name: /^Gesperrt/ }).click();
    await expect(page.getByTestId('saved-notice')).toHaveText('Die Änderungen wurden gespeichert.');
    await expect(userEntry(page, person.username).getByRole('switch', { name: /^Gesperrt/ })).toHaveAttribute('aria-checked', 'true');
  } finally {
    await context.close();
  }
});

test('a plain customer has no users entry and is told who manages the users', async ({ page }) => {
  await startSession(page, { username: 'customer', password: 'Demo-Customer-1' });
  await openPage(page, '/my-account');
  await expect(page.getByRole('navigation', { name: 'Mein Konto' }).getByRole('link', { name: 'Benutzer' })).toHaveCount(0);
  const response = await page.goto('/my-account/users');
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId('company-users-forbidden')).toContainText('Die Benutzer Ihrer Firma verwalten deren Administratoren.');
  await captureAccountScreens(page, 'company-users-forbidden-de');
});
