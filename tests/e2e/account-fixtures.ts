import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { hashPassword } from '../../server/modules/auth/password.ts';
import { captureScreens, openHome, startSession, waitUntilSettled, withShopDatabase } from './helpers.ts';

// Accounts of the account area's browser tests: a company and users of their own, written straight into
// the e2e database, so changing a profile, a password or the address book never touches the demo
// accounts the other specs sign in with.

export interface TestAccount {
  username: string;
  password: string;
  email: string;
}

export interface TestCompany {
  id: number;
  customerNo: string;
  name: string;
}

type Role = 'customer' | 'customer_admin';

async function demoTenant(db: Parameters<Parameters<typeof withShopDatabase>[0]>[0]) {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
}

/** A customer company with its main address (the default of type 0) in Hamburg, net prices, VAT country DE. */
export async function createCompany(name: string): Promise<TestCompany> {
  const customerNo = `E2E-${randomBytes(3).toString('hex')}`;
  return withShopDatabase(async (db) => {
    const tenantId = await demoTenant(db);
    const { id } = await db.insertInto('companies').values({ tenant_id: tenantId, customer_no: customerNo, name, vat_country_code: 'DE' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('addresses')
      .values({ tenant_id: tenantId, company_id: id, type: 0, is_default: 1, company_name: name, first_name: 'Zentrale', last_name: null, street: 'Speicherstadt 1', street2: null, addressline2: null, apartment: null, zip_code: '20457', city: 'Hamburg', state: null, country_code: 'DE', country_name: 'Deutschland', phone_number: '+49 40 300100' })
      .execute();
    return { id, customerNo, name };
  });
}

/** A user of the company who signs in with the answered password. */
export async function createUser(company: TestCompany, role: Role, names: { first: string; last: string }): Promise<TestAccount> {
  const suffix = randomBytes(3).toString('hex');
  const account = { username: `e2e-${role.replace('_', '-')}-${suffix}`, password: `Hafen-Start-${suffix}-7`, email: `${names.first.toLowerCase()}.${suffix}@account-e2e.example` };
  const passwordHash = await hashPassword(account.password);
  await withShopDatabase(async (db) => {
    await db
      .insertInto('users')
      .values({ tenant_id: await demoTenant(db), company_id: company.id, current_company_id: null, username: account.username, email: account.email, first_name: names.first, last_name: names.last, phone: null, password_hash: passwordHash, role, locale: null, is_deal: 0 })
      .execute();
  });
  return account;
}

/** Takes a test company, its users (with their sessions) and its addresses out of the database again. */
export async function removeCompany(company: TestCompany): Promise<void> {
  await withShopDatabase(async (db) => {
    await db.deleteFrom('addresses').where('company_id', '=', company.id).execute();
    await db.deleteFrom('users').where('company_id', '=', company.id).execute();
    await db.deleteFrom('companies').where('id', '=', company.id).execute();
  });
}

export async function setUserFlag(account: TestAccount, blockUsersToAddNewAddress: boolean): Promise<void> {
  await withShopDatabase((db) => db.updateTable('users').set({ block_users_to_add_new_address: blockUsersToAddNewAddress ? 1 : 0 }).where('username', '=', account.username).execute());
}

/** Signs in (helpers.ts' startSession: the login form's POST without the form) and ends on the home page, ready for input. */
export async function signInAs(page: Page, account: Pick<TestAccount, 'username' | 'password'>): Promise<void> {
  await startSession(page, account);
  await openHome(page);
}

/** Signs in through the login page (German, the browser's language in these tests), where signing in is part of the journey. */
export async function signInThroughForm(page: Page, account: Pick<TestAccount, 'username' | 'password'>): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Benutzername').fill(account.username);
  await page.getByLabel('Passwort').fill(account.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // Hashing the password takes its time on a busy machine.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
}

/** Opens a page and waits until it runs (its scripts loaded and hydrated), for steps that need JavaScript. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitUntilSettled(page);
}

/**
 * Screenshots and axe at both widths (helpers.ts) from the top of the page, with no toast open: a toast
 * or the phone's bottom navigation lying over a field for a moment is not what the screen looks like.
 */
export async function captureAccountScreens(page: Page, name: string): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) await toasts.first().getByRole('button', { name: /^(Benachrichtigung schließen|Dismiss notification)$/ }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}
