import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/modules/auth/password.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The user's own account: POST /api/user/currentUser changes what the user may change
// (names, e-mail unique within the tenant, phone, language) and nothing else; POST
// /api/user/changeCurrentUserPassword needs the current password, follows the password policy, is
// throttled like a sign-in, and ends every other session of the user.

let shop: TestShop;
let tenantId: number;
let companyId: number;
const loginLimit = 4;

beforeAll(async () => {
  shop = await startTestShop({ LOGIN_MAX_ATTEMPTS: String(loginLimit) });
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  companyId = (await shop.db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', '10001').executeTakeFirstOrThrow()).id;
});
afterAll(() => shop.close());

let userSequence = 0;

/** A customer of company 10001 made for one test, signed in: answers the Authorization header and the user's names. */
async function newCustomer(password = 'Start-Kennwort-7') {
  userSequence += 1;
  const username = `profile-${userSequence}`;
  const email = `profile-${userSequence}@muster-baubedarf.example`;
  await shop.db
    .insertInto('users')
    .values({ tenant_id: tenantId, company_id: companyId, current_company_id: null, username, email, first_name: 'Paula', last_name: 'Probe', phone: null, password_hash: await hashPassword(password), role: 'customer', locale: null, is_deal: 0 })
    .execute();
  return { auth: await login(username, password), username, email, password };
}

async function login(username: string, password: string): Promise<string> {
  const response = await shop.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, tenant: 'demo' } });
  expect(response.statusCode, response.body).toBe(200);
  return `Basic ${response.json<{ token: string }>().token}`;
}

const loginStatus = async (username: string, password: string) =>
  (await shop.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, tenant: 'demo' } })).statusCode;

function post(url: string, auth: string | null, payload: unknown) {
  return shop.app.inject({ method: 'POST', url, headers: auth ? { authorization: auth } : {}, payload: payload as object });
}

const saveProfile = (auth: string | null, payload: unknown) => post('/api/user/currentUser', auth, payload);
const changePassword = (auth: string | null, payload: unknown) => post('/api/user/changeCurrentUserPassword', auth, payload);
const currentUser = (auth: string) => shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } });

const storedUser = (username: string) =>
  shop.db.selectFrom('users').select(['first_name', 'last_name', 'email', 'phone', 'locale', 'password_hash', 'role', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow();

describe('POST /api/user/currentUser', () => {
  it('changes names, e-mail, phone and language, and answers the session user as GET does', async () => {
    const { auth, username } = await newCustomer();
    const response = await saveProfile(auth, { firstName: ' Paulina ', lastName: 'Prüfer', email: 'paulina.pruefer@muster-baubedarf.example', phone: '+49 40 555-0199', locale: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ isAuthenticated: true, token: auth.slice('Basic '.length) });
    expect(answer.account).toMatchObject({
      username,
      firstName: 'Paulina',
      lastName: 'Prüfer',
      email: 'paulina.pruefer@muster-baubedarf.example',
      phone: '+49 40 555-0199',
      locale: 'en',
      role: 'customer',
      company: { customerNo: '10001' },
      showNetPrices: true,
    });
    expect((await currentUser(auth)).json()).toEqual(answer);
    expect(await storedUser(username)).toMatchObject({ first_name: 'Paulina', last_name: 'Prüfer', phone: '+49 40 555-0199', locale: 'en' });
  });

  it('changes only the fields sent; an empty phone removes it; an empty body changes nothing', async () => {
    const { auth, username, email } = await newCustomer();
    expect((await saveProfile(auth, { phone: '040 1234' })).statusCode).toBe(200);
    expect((await saveProfile(auth, { lastName: 'Neu' })).json().account).toMatchObject({ firstName: 'Paula', lastName: 'Neu', email, phone: '040 1234', locale: null });
    expect((await saveProfile(auth, { phone: '' })).json().account.phone).toBe('');
    expect((await storedUser(username)).phone).toBeNull();
    const before = await storedUser(username);
    const unchanged = await saveProfile(auth, {});
    expect(unchanged.statusCode).toBe(200);
    expect(await storedUser(username)).toEqual(before);
  });

  it('refuses an e-mail address another user of the tenant has, in any case, and changes nothing', async () => {
    const { auth, username, email } = await newCustomer();
    for (const taken of ['petra.muster@muster-baubedarf.example', 'Petra.Muster@MUSTER-baubedarf.example']) {
      const response = await saveProfile(auth, { firstName: 'Geändert', email: taken });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ messageKey: 'user.email.taken', field: 'email' });
    }
    expect(await storedUser(username)).toMatchObject({ first_name: 'Paula', email });
  });

  it('keeps the own address in another case, and takes an address only another tenant uses', async () => {
    const { auth, email } = await newCustomer();
    expect((await saveProfile(auth, { email: email.toUpperCase() })).json().account.email).toBe(email.toUpperCase());
    const [other] = await shop.db.insertInto('tenants').values({ slug: `profile-other-${userSequence}`, name: 'Other', created_at: new Date().toISOString() }).returning('id').execute();
    await shop.db
      .insertInto('users')
      .values({ tenant_id: other!.id, company_id: null, current_company_id: null, username: 'elsewhere', email: 'shared@elsewhere.example', first_name: 'E', last_name: 'W', phone: null, password_hash: 'x', role: 'customer', locale: null, is_deal: 0 })
      .execute();
    const response = await saveProfile(auth, { email: 'shared@elsewhere.example' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('gives a new address to one of two users who ask for it at the same time', async () => {
    const first = await newCustomer();
    const second = await newCustomer();
    const wanted = `both-want-${userSequence}@muster-baubedarf.example`;
    const answers = await Promise.all([saveProfile(first.auth, { email: wanted }), saveProfile(second.auth, { email: wanted })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const holders = await shop.db.selectFrom('users').select('username').where('email', '=', wanted).execute();
    expect(holders).toHaveLength(1);
  });

  it.each([
    ['an empty first name', { firstName: '  ' }, 'firstName', 'validation.required'],
    ['no first name', { firstName: null }, 'firstName', 'validation.invalid'],
    ['a last name on two lines', { lastName: 'Probe\nZwei' }, 'lastName', 'validation.invalid'],
    ['a name too long', { firstName: 'x'.repeat(101) }, 'firstName', 'validation.too_long'],
    ['no e-mail address', { email: 'paula(at)example' }, 'email', 'validation.email_invalid'],
    ['an e-mail address too long', { email: `${'x'.repeat(250)}@example.com` }, 'email', 'validation.too_long'],
    ['letters in the phone number', { phone: 'call me' }, 'phone', 'user.phone.invalid'],
    ['a language the shop does not speak', { locale: 'fr' }, 'locale', 'validation.invalid'],
    ['the username', { firstName: 'Paula', username: 'someone-else' }, 'username', 'user.field.not_changeable'],
    ['the role', { role: 'admin' }, 'role', 'user.field.not_changeable'],
    ['the company', { company: { _id: 1 } }, 'company', 'user.field.not_changeable'],
    ['the price display', { showNetPrices: false }, 'showNetPrices', 'user.field.not_changeable'],
  ])('refuses %s with 400 and a message key, and changes nothing', async (_name, payload, field, messageKey) => {
    const { auth, username } = await newCustomer();
    const before = await storedUser(username);
    const response = await saveProfile(auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, messageKey });
    expect(await storedUser(username)).toEqual(before);
  });

  it('refuses a JSON body that is no object', async () => {
    const { auth } = await newCustomer();
    for (const body of ['[{"firstName":"A"}]', '"firstName"', '42']) {
      const response = await shop.app.inject({ method: 'POST', url: '/api/user/currentUser', headers: { authorization: auth, 'content-type': 'application/json' }, payload: body });
      expect(response.statusCode, body).toBe(400);
    }
  });

  it('lets a sales person change their own profile, not the customer they act for', async () => {
    const auth = await shop.login('sales');
    const response = await saveProfile(auth, { phone: '+49 431 777' });
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ username: 'sales', phone: '+49 431 777', isSalesPerson: true });
  });

  it('is closed to the shared guest and to nobody', async () => {
    const guest = await saveProfile(await shop.login('guest'), { firstName: 'Gast' });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().messageKey).toBe('error.login_required');
    expect((await saveProfile(null, { firstName: 'Niemand' })).statusCode).toBe(401);
    expect((await storedUser('guest')).first_name).toBe('Gast');
  });
});

describe('POST /api/user/changeCurrentUserPassword', () => {
  it('needs the current password, and a new one that differs from it', async () => {
    const { auth, password } = await newCustomer();
    const missing = await changePassword(auth, { newPassword: 'Lagerhalle7Nord' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'currentPassword', messageKey: 'validation.required' });
    const same = await changePassword(auth, { currentPassword: password, newPassword: password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ field: 'newPassword', messageKey: 'validation.password_unchanged' });
  });

  it('refuses a wrong current password with 422, and the password stays', async () => {
    const { auth, username, password } = await newCustomer();
    const before = (await storedUser(username)).password_hash;
    const response = await changePassword(auth, { currentPassword: 'Not-The-Password-1', newPassword: 'Lagerhalle7Nord' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'currentPassword', messageKey: 'password.current.wrong' });
    expect((await storedUser(username)).password_hash).toBe(before);
    expect((await currentUser(auth)).statusCode).toBe(200);
    expect(await loginStatus(username, password)).toBe(200);
  });

  it.each([
    ['too short', () => 'Kran7', 'validation.password_too_short'],
    ['without a digit', () => 'Lagerhallenordkai', 'validation.password_too_weak'],
    ['with the username in it', (username: string) => `${username}-Lager7`, 'validation.password_personal'],
    ['a common one', () => 'Passwort2024!', 'validation.password_common'],
  ])('refuses a new password %s with the policy’s message key', async (_name, newPassword, messageKey) => {
    const { auth, username, password } = await newCustomer();
    const response = await changePassword(auth, { currentPassword: password, newPassword: newPassword(username) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'newPassword', messageKey });
  });

  it('answers a new session and ends every other one: a second sign-in’s token is refused afterwards', async () => {
    const { auth, username, password } = await newCustomer();
    const secondSignIn = await login(username, password);
    const response = await changePassword(auth, { currentPassword: password, newPassword: 'Lagerhalle7Nord' });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = response.json<{ token: string; userId: number }>();
    expect(Object.keys(fresh).sort()).toEqual(['token', 'userId']);
    for (const old of [auth, secondSignIn]) {
      const refused = await currentUser(old);
      expect(refused.statusCode).toBe(401);
    }
    const now = await currentUser(`Basic ${fresh.token}`);
    expect(now.statusCode).toBe(200);
    expect(now.json().account.username).toBe(username);
    expect(await loginStatus(username, password)).toBe(401);
    expect(await loginStatus(username, 'Lagerhalle7Nord')).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins: beyond the limit even the right one is refused', async () => {
    const { auth, username, password } = await newCustomer();
    for (let attempt = 0; attempt < loginLimit; attempt++) {
      expect((await changePassword(auth, { currentPassword: `Wrong-Guess-${attempt}`, newPassword: 'Lagerhalle7Nord' })).statusCode).toBe(422);
    }
    const throttled = await changePassword(auth, { currentPassword: password, newPassword: 'Lagerhalle7Nord' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().messageKey).toBe('error.too_many_login_attempts');
    expect(await loginStatus(username, password)).toBe(429);
  });

  it('is closed to the shared guest and to nobody', async () => {
    const guest = await changePassword(await shop.login('guest'), { currentPassword: 'guest', newPassword: 'Lagerhalle7Nord' });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().messageKey).toBe('error.login_required');
    expect((await changePassword(null, { currentPassword: 'x', newPassword: 'Lagerhalle7Nord' })).statusCode).toBe(401);
    expect(await loginStatus('guest', 'guest')).toBe(200);
  });
});
