import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSiteSetting } from './basket-fixtures.ts';
import { createTestCompany, expectRefusal, snapshot, userBody } from './company-users-fixtures.ts';
import { demoAccounts, startTestShop, type DemoAccount, type TestShop } from './helper.ts';
import { companyId as companyIdOf, demoTenantId, sessionClient } from './order-history-fixtures.ts';

// The customer admin's users of the company (docs/product.md, Company users): GET /api/user/companyUsers lists the own
// company's customers and customer admins only; POST /api/user/saveCompanyUser creates and changes them
// under the server's rules (username and e-mail unique in the tenant, no self-lock, -deactivation or
// -demotion, an active admin always left), ends a locked user's sessions at once, and answers every user it
// may not manage exactly like an unknown id. The invitation mail and links: company-users-invitation.test.ts.

let shop: TestShop;
let tenantId: number;

beforeAll(async () => {
  shop = await startTestShop({ LOGIN_MAX_ATTEMPTS: '50' });
  tenantId = await demoTenantId(shop.db);
});
afterAll(() => shop?.close());

const demoClient = async (account: DemoAccount) => sessionClient(shop, await shop.login(account));
const userIdOf = async (username: string) => (await shop.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('GET /api/user/companyUsers', () => {
  it('lists the customers and customer admins of the admin’s own company, by name, and nobody else', async () => {
    const admin = await demoClient('customeradmin');
    await shop.login('customer');
    const response = await admin.get('/api/user/companyUsers');
    expect(response.statusCode).toBe(200);
    const users = (response.body as { data: { username: string }[] }).data;
    const usernames = users.map((user) => user.username);
    expect(usernames).toEqual(expect.arrayContaining(['customer', 'customeradmin']));
    // Company 10001 also carries the demo sales person and admin: they are not its users.
    for (const other of ['sales', 'admin', 'guest', 'customer2', 'locked']) expect(usernames).not.toContain(other);
    const company = await companyIdOf(shop.db, '10001');
    const members = await shop.db.selectFrom('users').select('username').where('company_id', '=', company).where('role', 'in', ['customer', 'customer_admin']).execute();
    expect(usernames.toSorted()).toEqual(members.map((member) => member.username).toSorted());
    const petra = (response.body as { data: unknown[] }).data.find((user) => (user as { username: string }).username === 'customer');
    expect(petra).toEqual({
      _id: await userIdOf('customer'),
      fullName: 'Petra Muster',
      firstName: 'Petra',
      lastName: 'Muster',
      email: 'petra.muster@muster-baubedarf.example',
      username: 'customer',
      phone: '+49 40 1234567-99',
      active: true,
      locked: false,
      customerAdmin: false,
      lastLoginAt: expect.any(String),
      invitationPending: false,
    });
  });

  it('shows the last sign-in, which stays after the user signs out', async () => {
    const company = await createTestCompany(shop, tenantId);
    const user = await company.addUser('customer');
    // Test users carry the demo customer's password (order-history-fixtures.ts).
    const listed = async () => ((await company.admin.client.get('/api/user/companyUsers')).body as { data: { _id: number; lastLoginAt: string | null }[] }).data.find((entry) => entry._id === user.userId);
    expect((await listed())?.lastLoginAt).toBeNull();
    const before = new Date().toISOString();
    const login = await shop.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: demoAccounts.customer.password, tenant: 'demo' } });
    expect(login.statusCode).toBe(200);
    const signedIn = (await listed())?.lastLoginAt;
    expect(signedIn! >= before).toBe(true);
    await shop.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Basic ${login.json<{ token: string }>().token}` } });
    expect((await listed())?.lastLoginAt).toBe(signedIn);
  });
});

describe('who may manage users', () => {
  it('refuses everyone but customer admins (403; the shared guest is asked to sign in), and changes nothing', async () => {
    const customerId = await userIdOf('customer');
    for (const account of ['customer', 'customer2', 'sales', 'admin', 'guest'] as const) {
      const refusal = account === 'guest' ? 'error.login_required' : 'error.forbidden';
      const client = await demoClient(account);
      expectRefusal(await client.get('/api/user/companyUsers'), 403, refusal);
      const before = await snapshot(shop);
      expectRefusal(await client.post('/api/user/saveCompanyUser', userBody()), 403, refusal);
      expectRefusal(await client.post('/api/user/saveCompanyUser', userBody({ _id: customerId, locked: true })), 403, refusal);
      expectRefusal(await client.post('/api/user/inviteCompanyUser', { _id: customerId }), 403, refusal);
      expectRefusal(await client.post('/api/user/sendCompanyUserPasswordReset', { _id: customerId }), 403, refusal);
      // Entitlement before validation: an empty body is refused the same way.
      expectRefusal(await client.post('/api/user/saveCompanyUser', {}), 403, refusal);
      expect(await snapshot(shop)).toEqual(before);
    }
    expectRefusal(await sessionClient(shop, null).get('/api/user/companyUsers'), 401, 'error.unauthorized');
  });

  it('answers 403 company_users.disabled while the shop has the user list turned off', async () => {
    const company = await createTestCompany(shop, tenantId);
    await setSiteSetting(shop, tenantId, 'isUserListActive', false);
    try {
      const before = await snapshot(shop);
      expectRefusal(await company.admin.client.get('/api/user/companyUsers'), 403, 'company_users.disabled');
      expectRefusal(await company.admin.client.post('/api/user/saveCompanyUser', userBody()), 403, 'company_users.disabled');
      expect(await snapshot(shop)).toEqual(before);
      // Whoever is no admin learns nothing about the setting.
      expectRefusal(await (await demoClient('customer')).get('/api/user/companyUsers'), 403, 'error.forbidden');
    } finally {
      await setSiteSetting(shop, tenantId, 'isUserListActive', true);
    }
    expect((await company.admin.client.get('/api/user/companyUsers')).statusCode).toBe(200);
  });
});

describe('POST /api/user/saveCompanyUser', () => {
  it('creates a customer or an admin of the admin’s company with a password nobody knows, and changes one', async () => {
    const company = await createTestCompany(shop, tenantId);
    const body = userBody({ firstName: ' Nora ', customerAdmin: true, phone: '' });
    const created = await company.admin.client.post('/api/user/saveCompanyUser', body);
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const user = (created.body as { data: { _id: number } }).data;
    expect(user).toMatchObject({ fullName: 'Nora Neu', firstName: 'Nora', username: body.username, email: body.email, phone: null, active: true, locked: false, customerAdmin: true, lastLoginAt: null, invitationPending: true });
    const stored = await shop.db.selectFrom('users').selectAll().where('id', '=', user._id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ tenant_id: tenantId, company_id: company.companyId, role: 'customer_admin', current_company_id: null });
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    // No password the admin could know lets the new user in.
    for (const password of ['', body.username, 'guest', demoAccounts.customer.password]) {
      expect((await shop.app.inject({ method: 'POST', url: '/api/login', payload: { username: body.username, password: password || 'x', tenant: 'demo' } })).statusCode).toBe(401);
    }

    const changed = await company.admin.client.post('/api/user/saveCompanyUser', { ...body, _id: user._id, lastName: 'Neumann', customerAdmin: false, phone: '040 1234' });
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    expect((changed.body as { data: unknown }).data).toMatchObject({ _id: user._id, fullName: 'Nora Neumann', customerAdmin: false, phone: '040 1234' });
    expect(await shop.db.selectFrom('users').select(['role', 'last_name']).where('id', '=', user._id).executeTakeFirstOrThrow()).toEqual({ role: 'customer', last_name: 'Neumann' });
    // A phone left out stays as it is.
    const { phone: _phone, ...withoutPhone } = body;
    expect((await company.admin.client.post('/api/user/saveCompanyUser', { ...withoutPhone, _id: user._id })).statusCode).toBe(200);
    expect((await shop.db.selectFrom('users').select('phone').where('id', '=', user._id).executeTakeFirstOrThrow()).phone).toBe('040 1234');
    const listed = (await company.admin.client.get('/api/user/companyUsers')).body as { data: { _id: number }[] };
    expect(listed.data.map((entry) => entry._id)).toEqual(expect.arrayContaining([user._id, company.admin.userId]));
  });

  it('refuses a username another user of the tenant has, in any letters (409), and changes nothing', async () => {
    const company = await createTestCompany(shop, tenantId);
    const mine = await company.addUser('customer');
    for (const username of ['customer2', 'CUSTOMER2', 'Sales', mine.username, company.admin.username.toUpperCase()]) {
      const before = await snapshot(shop);
      expectRefusal(await company.admin.client.post('/api/user/saveCompanyUser', userBody({ username })), 409, 'company_user.username.taken', 'username');
      expect(await snapshot(shop)).toEqual(before);
    }
    // Changing a user to another's name too; keeping one's own name is no conflict.
    expectRefusal(await company.admin.client.post('/api/user/saveCompanyUser', userBody({ _id: mine.userId, username: 'customeradmin' })), 409, 'company_user.username.taken', 'username');
    expect((await company.admin.client.post('/api/user/saveCompanyUser', userBody({ _id: mine.userId, username: mine.username.toUpperCase() }))).statusCode).toBe(200);
  });

  it('needs a username and an e-mail address, valid, the address not used by another user of the tenant', async () => {
    const company = await createTestCompany(shop, tenantId);
    const post = (body: Record<string, unknown>) => company.admin.client.post('/api/user/saveCompanyUser', body);
    const { email: _email, ...withoutEmail } = userBody();
    const { username: _username, ...withoutUsername } = userBody();
    const before = await snapshot(shop);
    expectRefusal(await post(withoutEmail), 400, 'validation.required', 'email');
    expectRefusal(await post(userBody({ email: '  ' })), 400, 'validation.required', 'email');
    expectRefusal(await post(userBody({ email: 'nora.example.com' })), 400, 'validation.email_invalid', 'email');
    expectRefusal(await post(withoutUsername), 400, 'validation.required', 'username');
    expectRefusal(await post(userBody({ username: 'ab' })), 400, 'company_user.username.too_short', 'username');
    expectRefusal(await post(userBody({ username: 'nora neu' })), 400, 'company_user.username.invalid', 'username');
    expectRefusal(await post(userBody({ role: 'admin' })), 400, 'user.field.not_changeable', 'role');
    expectRefusal(await post(userBody({ locked: 'yes' })), 400, 'validation.invalid', 'locked');
    // Another company's user's address, in other letters, and a sales person's.
    expectRefusal(await post(userBody({ email: 'A.Hofer@Alpenhandel.example' })), 409, 'user.email.taken', 'email');
    expectRefusal(await post(userBody({ email: 'sven.carstensen@nordlicht-grosshandel.example' })), 409, 'user.email.taken', 'email');
    expect(await snapshot(shop)).toEqual(before);
  });

  it('lets an admin lock a user whose address an imported account shares (only an address taken is checked)', async () => {
    const company = await createTestCompany(shop, tenantId);
    const user = await company.addUser('customer');
    await shop.db.updateTable('users').set({ email: 'a.hofer@alpenhandel.example' }).where('id', '=', user.userId).execute();
    const body = userBody({ _id: user.userId, username: user.username, email: 'a.hofer@alpenhandel.example', locked: true });
    expect((await company.admin.client.post('/api/user/saveCompanyUser', body)).statusCode).toBe(200);
  });
});

describe('the rules of the admin’s own account and the last admin', () => {
  it('refuses an admin locking, deactivating or demoting themself (422), nothing changed', async () => {
    const company = await createTestCompany(shop, tenantId);
    await company.addUser('customer_admin');
    const self = { _id: company.admin.userId, username: company.admin.username, email: `${company.admin.username}@example.com` };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ locked: true }, 'company_user.self_lock', 'locked'],
      [{ active: false }, 'company_user.self_deactivate', 'active'],
      [{ customerAdmin: false }, 'company_user.self_demote', 'customerAdmin'],
    ];
    for (const [change, messageKey, field] of cases) {
      const before = await snapshot(shop);
      expectRefusal(await company.admin.client.post('/api/user/saveCompanyUser', userBody({ ...self, customerAdmin: true, ...change })), 422, messageKey, field);
      expect(await snapshot(shop)).toEqual(before);
    }
    // The admin still changes their own name.
    const renamed = await company.admin.client.post('/api/user/saveCompanyUser', userBody({ ...self, customerAdmin: true, firstName: 'Selbst' }));
    expect((renamed.body as { data: unknown }).data).toMatchObject({ firstName: 'Selbst', customerAdmin: true, active: true, locked: false });
  });

  it('keeps an active admin when two admins lock each other at the same moment', async () => {
    const company = await createTestCompany(shop, tenantId);
    const second = await company.addUser('customer_admin');
    const lock = (client: typeof second.client, target: { userId: number; username: string }) =>
      client.post('/api/user/saveCompanyUser', userBody({ _id: target.userId, username: target.username, email: `${target.username}@example.com`, customerAdmin: true, locked: true }));
    const answers = await Promise.all([lock(company.admin.client, second), lock(second.client, company.admin)]);
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    // The second save runs after the first one committed: its admin is locked by then (403, or 401 when the
    // lock had already ended that admin's session before the request was authenticated), or it would lock
    // the last one (422).
    expect([[200, 401], [200, 403], [200, 422]]).toContainEqual(statuses);
    const admins = await shop.db.selectFrom('users').select(['is_locked']).where('company_id', '=', company.companyId).where('role', '=', 'customer_admin').execute();
    expect(admins.filter((admin) => admin.is_locked === 0)).toHaveLength(1);
  });

  it('lets an admin demote, lock or deactivate another admin while one stays', async () => {
    const company = await createTestCompany(shop, tenantId);
    const second = await company.addUser('customer_admin');
    const body = { _id: second.userId, username: second.username, email: `${second.username}@example.com` };
    expect((await company.admin.client.post('/api/user/saveCompanyUser', userBody({ ...body, customerAdmin: false }))).statusCode).toBe(200);
    expect((await company.admin.client.post('/api/user/saveCompanyUser', userBody({ ...body, customerAdmin: true, active: false }))).statusCode).toBe(200);
  });
});

describe('locking and deactivating end the user’s sessions at once', () => {
  for (const [change, label] of [[{ locked: true }, 'locked'], [{ active: false }, 'deactivated']] as const) {
    it(`a ${label} user’s next request is 401, their sessions and password links are gone`, async () => {
      const company = await createTestCompany(shop, tenantId);
      const user = await company.addUser('customer');
      // The session is remembered by the process now (auth.service.ts): the lock must end that too.
      expect((await user.client.get('/api/user/currentUser')).statusCode).toBe(200);
      await shop.db.insertInto('password_tokens').values({ tenant_id: tenantId, user_id: user.userId, purpose: 'reset', token_hash: `hash-${user.userId}`, expires_at: new Date(Date.now() + 3600_000).toISOString() }).execute();
      const saved = await company.admin.client.post('/api/user/saveCompanyUser', userBody({ _id: user.userId, username: user.username, email: `${user.username}@example.com`, ...change }));
      expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
      expectRefusal(await user.client.get('/api/user/currentUser'), 401, 'error.unauthorized');
      expect(await shop.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
      expect(await shop.db.selectFrom('password_tokens').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
      // The admin's own session goes on.
      expect((await company.admin.client.get('/api/user/companyUsers')).statusCode).toBe(200);
    });
  }
});

describe('users the admin may not manage answer like unknown ids', () => {
  it('another company’s users, sales persons, admins and the guest: 404 as for an id nobody has, nothing changed', async () => {
    const company = await createTestCompany(shop, tenantId);
    const other = await createTestCompany(shop, tenantId);
    const otherUser = await other.addUser('customer');
    const hidden = [
      other.admin.userId,
      otherUser.userId,
      await userIdOf('customer2'),
      await userIdOf('sales'),
      await userIdOf('admin'),
      await userIdOf('guest'),
      await userIdOf('customeradmin'),
    ];
    const unknown = 2_000_000_000;
    const requests = [
      (id: number) => company.admin.client.post('/api/user/saveCompanyUser', userBody({ _id: id, locked: true })),
      (id: number) => company.admin.client.post('/api/user/saveCompanyUser', userBody({ _id: id, active: false, customerAdmin: true })),
      (id: number) => company.admin.client.post('/api/user/inviteCompanyUser', { _id: id }),
      (id: number) => company.admin.client.post('/api/user/sendCompanyUserPasswordReset', { _id: id }),
    ];
    for (const request of requests) {
      const reference = await request(unknown);
      expectRefusal(reference, 404, 'company_user.not_found');
      for (const id of hidden) {
        const before = await snapshot(shop);
        const answer = await request(id);
        expect({ status: answer.statusCode, body: answer.body }, `user ${id}`).toEqual({ status: reference.statusCode, body: reference.body });
        expect(await snapshot(shop)).toEqual(before);
      }
    }
    // The guest's account and the others' sessions are untouched: they still work.
    expect((await (await demoClient('guest')).get('/api/user/currentUser')).statusCode).toBe(200);
    expect((await otherUser.client.get('/api/user/currentUser')).statusCode).toBe(200);
  });
});
