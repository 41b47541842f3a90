import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { testDataRoot } from '../setup/test-database.ts';
import { demoAccounts, startTestShop, type TestShop } from './helper.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ LOGIN_MAX_ATTEMPTS: '3' });
});
afterAll(() => shop.close());

function login(payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  return shop.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });
}

describe('POST /api/login', () => {
  it.each(Object.keys(demoAccounts).filter((a) => a !== 'locked'))('signs in the demo account %s', async (account) => {
    const response = await login({ ...demoAccounts[account as keyof typeof demoAccounts], tenant: 'demo' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof body.userId).toBe('number');
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await login({ ...demoAccounts.customer, tenant: 'demo' })).json();
    const rows = await shop.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('gives every login a new random token', async () => {
    const first = (await login({ ...demoAccounts.customer, tenant: 'demo' })).json().token;
    const second = (await login({ ...demoAccounts.customer, tenant: 'demo' })).json().token;
    expect(first).not.toBe(second);
  });

  it('refuses a wrong password with the spec message', async () => {
    const response = await login({ username: 'customer2', password: 'wrong', tenant: 'demo' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      messageKey: 'login.invalid',
      message: 'Username or password is not valid. Please try again.',
    });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const response = await login({ username: 'nobody', password: 'x', tenant: 'demo' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(401);
    expect(response.json().messageKey).toBe('login.invalid');
  });

  it('translates the message into German by default', async () => {
    const response = await login({ username: 'customeradmin', password: 'wrong', tenant: 'demo' });
    expect(response.json().message).toBe('Benutzername oder Passwort ist ungültig. Bitte versuchen Sie es erneut.');
  });

  it('refuses a blocked account with the spec message', async () => {
    const response = await login({ ...demoAccounts.locked, tenant: 'demo' }, { cookie: 'locale=en' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your account is blocked. Please contact your Sales Manager');
  });

  it('does not tell a blocked account apart when the password is wrong', async () => {
    const response = await login({ username: 'locked', password: 'wrong', tenant: 'demo' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['no body', undefined, 'username', 'validation.required'],
    ['missing username', { password: 'x', tenant: 'demo' }, 'username', 'validation.required'],
    ['empty username', { username: '', password: 'x' }, 'username', 'validation.required'],
    ['missing password', { username: 'customer' }, 'password', 'validation.required'],
    ['a number as username', { username: 5, password: 'x' }, 'username', 'validation.invalid'],
    ['an overlong password', { username: 'customer', password: 'x'.repeat(501) }, 'password', 'validation.too_long'],
  ])('answers %s with 400 and a message key', async (_name, payload, field, key) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, messageKey: key });
  });

  it('answers broken JSON with 400', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().messageKey).toBe('error.invalid_json');
  });

  it('refuses an unknown tenant', async () => {
    const response = await login({ ...demoAccounts.customer, tenant: 'other' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ messageKey: 'login.unknown_tenant', field: 'tenant' });
  });

  it('throttles repeated failures per username with a translated 429', async () => {
    for (let i = 0; i < 3; i++) await login({ username: 'admin', password: `wrong-${i}`, tenant: 'demo' });
    const response = await login({ ...demoAccounts.admin, tenant: 'demo' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/Too many sign-in attempts/);
    // Another user is not affected.
    const other = await login({ ...demoAccounts.sales, tenant: 'demo' });
    expect(other.statusCode).toBe(200);
  });

  it('counts afresh once the window has passed on the shop’s clock', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 3; i++) await login({ username: 'window-user', password: `wrong-${i}`, tenant: 'demo' }, {}, ip);
    expect((await login({ username: 'window-user', password: 'still-wrong', tenant: 'demo' }, {}, ip)).statusCode).toBe(429);
    shop.clock.advance(15 * 60_000 + 1_000);
    expect((await login({ username: 'window-user', password: 'checked-again', tenant: 'demo' }, {}, ip)).statusCode).toBe(401);
  });

  it('checks no more passwords than the limit when wrong logins arrive in parallel', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ username: 'parallel-user', password: `parallel-${i}`, tenant: 'demo' }, {}, '198.51.100.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    const checks = statuses.filter((status) => status === 401).length;
    expect(statuses.filter((status) => status !== 401 && status !== 429), answers.map((a) => a.body).join('\n')).toEqual([]);
    // At least the first attempt is checked, never more than the limit (3 here); the per-address limit may refuse some earlier.
    expect(checks).toBeGreaterThanOrEqual(1);
    expect(checks).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checks);
    // Only attempts whose password was checked are recorded.
    const checked = await shop.db.selectFrom('login_attempts').select('id').where('username', '=', 'parallel-user').execute();
    expect(checked).toHaveLength(checks);
    // Once they are done, the count is of failures only: the next attempt is refused exactly when the limit is reached.
    const next = await login({ username: 'parallel-user', password: 'after', tenant: 'demo' }, {}, '198.51.100.9');
    expect(next.statusCode).toBe(checks === 3 ? 429 : 401);
  });

  it('holds the limit across two app processes on one database', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: shop.databaseUrl, LOG_LEVEL: 'silent', LOGIN_MAX_ATTEMPTS: '3', MEDIA_DIR: path.join(testDataRoot, 'media') });
    const handle = openDatabase(shop.databaseUrl, { poolSize: 4 });
    const second = await buildApp({ config, db: handle.db, pages: false });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? shop.app : second.app).inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'nobody-here', password: `twice-${i}`, tenant: 'demo' },
            remoteAddress: '198.51.100.2',
          }),
        ),
      );
      const checks = answers.filter((answer) => answer.statusCode === 401).length;
      expect(checks).toBeGreaterThanOrEqual(1);
      expect(checks).toBeLessThanOrEqual(3);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20 - checks);
    } finally {
      await second.app.close();
      await handle.close();
    }
  });

  it('does not count a successful login as a failure', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 2; i++) expect((await login({ username: 'guest', password: `almost-${i}`, tenant: 'demo' }, {}, ip)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login({ ...demoAccounts.guest, tenant: 'demo' }, {}, ip)).statusCode).toBe(200);
    expect((await login({ username: 'guest', password: 'last-wrong', tenant: 'demo' }, {}, ip)).statusCode).toBe(401);
    expect((await login({ username: 'guest', password: 'one-too-many', tenant: 'demo' }, {}, ip)).statusCode).toBe(429);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token on the server', async () => {
    const auth = await shop.login('customer');
    expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } })).statusCode).toBe(200);
    const logout = await shop.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: auth } });
    expect(logout.statusCode).toBe(204);
    expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } })).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().messageKey).toBe('error.unauthorized');
  });
});

describe('sessions', () => {
  it('expire', async () => {
    const auth = await shop.login('customer2');
    await shop.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const response = await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } });
    expect(response.statusCode).toBe(401);
  });

  it('die when the password changes, and the new token works', async () => {
    const auth = await shop.login('customeradmin');
    const other = await shop.login('customeradmin');
    const change = await shop.app.inject({
      method: 'POST',
      url: '/api/user/changeCurrentUserPassword',
      headers: { authorization: auth },
      payload: { currentPassword: 'Demo-CustomerAdmin-1', newPassword: 'Brand-New-Secret-42' },
    });
    expect(change.statusCode).toBe(200);
    const fresh = change.json();
    for (const old of [auth, other]) {
      expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: old } })).statusCode).toBe(401);
    }
    const now = await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: `Basic ${fresh.token}` } });
    expect(now.statusCode).toBe(200);
    const relogin = await login({ username: 'customeradmin', password: 'Brand-New-Secret-42', tenant: 'demo' });
    expect(relogin.statusCode).toBe(200);
  });

  it('refuses a weak new password with a message key', async () => {
    const auth = await shop.login('customer');
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/user/changeCurrentUserPassword',
      headers: { authorization: auth },
      payload: { currentPassword: 'Demo-Customer-1', newPassword: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'newPassword', messageKey: 'validation.password_too_short' });
  });

  it('end for a user who gets locked', async () => {
    const auth = await shop.login('sales');
    await shop.db.updateTable('users').set({ is_locked: 1 }).where('username', '=', 'sales').execute();
    const response = await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } });
    expect(response.statusCode).toBe(401);
    await shop.db.updateTable('users').set({ is_locked: 0 }).where('username', '=', 'sales').execute();
  });

  it('are remembered two seconds at most: a user locked by another process is refused after that', async () => {
    const auth = await shop.login('sales');
    const currentUser = () => shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } });
    expect((await currentUser()).statusCode).toBe(200);
    await shop.db.updateTable('users').set({ is_locked: 1 }).where('username', '=', 'sales').execute();
    try {
      shop.clock.advance(2_001);
      expect((await currentUser()).statusCode).toBe(401);
    } finally {
      await shop.db.updateTable('users').set({ is_locked: 0 }).where('username', '=', 'sales').execute();
    }
  });

  it('expire while remembered', async () => {
    const auth = await shop.login('customer2');
    const currentUser = () => shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } });
    const expiresAt = shop.clock.now().getTime() + 1_000;
    const latest = await shop.db.selectFrom('sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await shop.db.updateTable('sessions').set({ expires_at: new Date(expiresAt).toISOString() }).where('id', '=', latest.id).execute();
    expect((await currentUser()).statusCode).toBe(200);
    // Still within the two seconds of the cache, so only the remembered expiry can refuse it.
    shop.clock.advance(1_500);
    expect((await currentUser()).statusCode).toBe(401);
  });

  it('reject malformed Authorization headers', async () => {
    for (const authorization of ['Basic', 'Basic !!!', 'Token abc', `Basic ${'a'.repeat(43)}`]) {
      const response = await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('housekeeping', () => {
  it('deletes sessions past their end and login attempts and counters past the throttling window once the clock passes them, and keeps the rest', async () => {
    const live = await shop.login('customer2');
    const row = await shop.db.selectFrom('users').select(['id', 'tenant_id']).where('username', '=', 'customer2').executeTakeFirstOrThrow();
    const now = shop.clock.now().toISOString();
    const inAnHour = new Date(shop.clock.now().getTime() + 3_600_000).toISOString();
    await shop.db
      .insertInto('sessions')
      .values({ tenant_id: row.tenant_id, user_id: row.id, token_hash: 'f'.repeat(64), created_at: now, last_seen_at: now, expires_at: inAnHour })
      .execute();
    await shop.db.insertInto('login_attempts').values({ tenant_id: row.tenant_id, username: 'old', ip: '127.0.0.1', succeeded: 0, attempted_at: now }).execute();
    await shop.db.insertInto('login_throttle').values({ tenant_id: row.tenant_id, subject: 'user:old', window_started_at: now, attempts: 9 }).execute();
    const left = async () => ({
      sessions: (await shop.db.selectFrom('sessions').select('id').where('token_hash', '=', 'f'.repeat(64)).execute()).length,
      attempts: (await shop.db.selectFrom('login_attempts').select('id').where('username', '=', 'old').execute()).length,
      counters: (await shop.db.selectFrom('login_throttle').select('subject').where('subject', '=', 'user:old').execute()).length,
    });

    await shop.services.housekeeping.runNow();
    expect(await left()).toEqual({ sessions: 1, attempts: 1, counters: 1 });

    shop.clock.advance(2 * 3_600_000);
    await shop.services.housekeeping.runNow();
    expect(await left()).toEqual({ sessions: 0, attempts: 0, counters: 0 });
    expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: live } })).statusCode).toBe(200);
  });
});
