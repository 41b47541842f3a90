import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

async function currentUser(account: Parameters<TestShop['login']>[0]) {
  const auth = await shop.login(account);
  const response = await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } });
  expect(response.statusCode).toBe(200);
  return { auth, user: response.json() };
}

describe('GET /api/user/currentUser', () => {
  it('returns the session user of a customer with company, flags, addresses and transient data', async () => {
    const { auth, user } = await currentUser('customer');
    expect(user).toMatchObject({ isAuthenticated: true, token: auth.slice('Basic '.length) });
    expect(user.account).toMatchObject({
      username: 'customer',
      vatCountryCode: 'DE',
      showNetPrices: true,
      isGuest: false,
      isSalesPerson: false,
      isAdmin: false,
      company: { name: 'Muster Baubedarf GmbH', customerNo: '10001' },
      transientObject: { tenant: 'demo', company: { blockedDelivery: false } },
    });
    expect(user.account.addresses.length).toBeGreaterThan(0);
    expect(user.account.addresses.some((a: { isDefault: boolean }) => a.isDefault)).toBe(true);
    // The same addresses, in the same shape, as the address book answers them (a missing country is null in both).
    const book = await shop.app.inject({ url: '/api/address', headers: { authorization: auth } });
    expect([...user.account.addresses].sort((a, b) => a._id - b._id)).toEqual([...book.json().data].sort((a: { _id: number }, b: { _id: number }) => a._id - b._id));
    expect(user.account).not.toHaveProperty('password_hash');
    expect(JSON.stringify(user)).not.toMatch(/argon2/);
  });

  it('shows customer2 with gross prices in Austria', async () => {
    const { user } = await currentUser('customer2');
    expect(user.account).toMatchObject({
      vatCountryCode: 'AT',
      showNetPrices: false,
      company: { name: 'Alpen Handel AG', customerNo: '10002' },
    });
  });

  it('marks the sales person, the admin, the customer admin and the guest', async () => {
    expect((await currentUser('sales')).user.account).toMatchObject({ isSalesPerson: true, company: { customerNo: '10001' } });
    expect((await currentUser('admin')).user.account.isAdmin).toBe(true);
    expect((await currentUser('customeradmin')).user.account.isCustomerAdmin).toBe(true);
    expect((await currentUser('guest')).user.account).toMatchObject({ isGuest: true, company: null });
  });

  it('never shows another company’s addresses', async () => {
    const { user: one } = await currentUser('customer');
    const { user: two } = await currentUser('customer2');
    const ids = (u: { account: { addresses: { _id: number }[] } }) => u.account.addresses.map((a) => a._id);
    expect(ids(one).filter((id: number) => ids(two).includes(id))).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await shop.app.inject({ url: '/api/user/currentUser' })).statusCode).toBe(401);
  });

  it('ignores the token cookie on the API (only the header authenticates)', async () => {
    const auth = await shop.login('customer');
    const response = await shop.app.inject({ url: '/api/user/currentUser', cookies: { token: auth.slice(6) } });
    expect(response.statusCode).toBe(401);
  });

  it('does not accept a token of another tenant', async () => {
    const auth = await shop.login('customer');
    const [tenant] = await shop.db.insertInto('tenants').values({ slug: 'other', name: 'Other', created_at: new Date().toISOString() }).returning('id').execute();
    await shop.db.insertInto('tenant_hosts').values({ host: 'other.example', tenant_id: tenant!.id }).execute();
    const response = await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth, host: 'other.example' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/login/welcome', () => {
  it('returns the seller’s company data', async () => {
    const response = await shop.app.inject({ url: '/api/login/welcome?tenant=demo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Nordlicht Großhandel GmbH', country: { code: 'DE' } });
  });

  it('uses the host’s tenant without a parameter', async () => {
    expect((await shop.app.inject({ url: '/api/login/welcome' })).json().country.code).toBe('DE');
  });

  it('answers an unknown tenant with 404', async () => {
    const response = await shop.app.inject({ url: '/api/login/welcome?tenant=nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().messageKey).toBe('login.unknown_tenant');
  });
});
