import { beforeAll, describe, expect, it } from 'vitest';
import { createTestCompany, expectRefusal, snapshot, userBody, type TestCompany } from './company-users-fixtures.ts';
import type { TestShop } from './helper.ts';
import { resetTokenOf, mailShopForFile } from './smtp-fixture.ts';

// The mails of the customer admin's user list, through the outbox and a real SMTP server:
// a new user's invitation with a single-use link to /reset?token=… (valid 7 days) that sets the password
// through POST /api/user/resetPassword, after which the user signs in; a new invitation voids the old link;
// the password reset mail to a chosen user; a corrected address gets the invitation anew. The shop runs with
// MAIL_WORKER off, so each test drives the worker with drainOnce().

let shop: TestShop;
let tenantId: number;
const mailShop = mailShopForFile({ LOGIN_MAX_ATTEMPTS: '50' });

beforeAll(() => {
  ({ shop, tenantId } = mailShop);
});

const resetPassword = (token: string | undefined, newPassword: string) => shop.app.inject({ method: 'POST', url: '/api/user/resetPassword', payload: { token, newPassword } });
const login = (username: string, password: string) => shop.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, tenant: 'demo' } });

async function create(company: TestCompany, overrides: Record<string, unknown> = {}) {
  const body = userBody(overrides);
  const response = await company.admin.client.post('/api/user/saveCompanyUser', body);
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return { ...body, _id: (response.body as { data: { _id: number } }).data._id };
}

describe('the invitation of a new user', () => {
  it('comes by mail with a single-use link to /reset that sets the password; then the user signs in', async () => {
    const company = await createTestCompany(shop, tenantId);
    const user = await create(company, { firstName: 'Nora', lastName: 'Neu' });
    const [mail, ...more] = await mailShop.takeMailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail!.raw).toMatch(/^Subject: .*(Zugang|=\?UTF-8\?)/im);
    expect(mail!.body).toContain('Nora Neu');
    expect(mail!.body).toContain(user.username);
    expect(mail!.body).toContain(`Firma CU-`);
    expect(mail!.body).toContain('Test User 1');
    expect(mail!.body).toMatch(/https:\/\/shop\.example\/reset\?token=[A-Za-z0-9_-]{43}/);
    const stored = await shop.db.selectFrom('password_tokens').selectAll().where('user_id', '=', user._id).executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('invitation');
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(7 * 24 * 3600_000);

    // The link, followed: the same POST the /reset page sends.
    const token = resetTokenOf(mail!.body);
    const set = await resetPassword(token, 'Neues-Kennwort-2026');
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(user.username, 'Neues-Kennwort-2026')).statusCode).toBe(200);
    const reused = await resetPassword(token, 'Anderes-Kennwort-2027');
    expectRefusal({ statusCode: reused.statusCode, body: reused.json() }, 422, 'password_reset.token_invalid');
    const listed = ((await company.admin.client.get('/api/user/companyUsers')).body as { data: { _id: number; invitationPending: boolean; lastLoginAt: string | null }[] }).data.find((entry) => entry._id === user._id);
    expect(listed).toMatchObject({ invitationPending: false, lastLoginAt: expect.any(String) });
    // Set, the password stays the user's: there is nothing to invite to any more.
    expectRefusal(await company.admin.client.post('/api/user/inviteCompanyUser', { _id: user._id }), 409, 'company_user.invitation.not_pending');
  });

  it('speaks the admin’s page language to a new user who has chosen none', async () => {
    const company = await createTestCompany(shop, tenantId);
    const body = userBody();
    const response = await shop.app.inject({ method: 'POST', url: '/api/user/saveCompanyUser', headers: { authorization: company.admin.auth, 'accept-language': 'en' }, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailShop.takeMailsTo(body.email);
    expect(mail!.body).toContain('Use the link below to set your password');
  });

  it('is sent again on request with a new link that voids the old one', async () => {
    const company = await createTestCompany(shop, tenantId);
    const user = await create(company);
    const first = resetTokenOf((await mailShop.takeMailsTo(user.email))[0]!.body);
    const again = await company.admin.client.post('/api/user/inviteCompanyUser', { _id: user._id });
    expect(again.statusCode, JSON.stringify(again.body)).toBe(204);
    const second = resetTokenOf((await mailShop.takeMailsTo(user.email))[0]!.body);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const voided = await resetPassword(first, 'Neues-Kennwort-2026');
    expectRefusal({ statusCode: voided.statusCode, body: voided.json() }, 422, 'password_reset.token_invalid');
    expect((await resetPassword(second, 'Neues-Kennwort-2026')).statusCode).toBe(200);
  });

  it('waits for a user created locked or inactive: no mail, and no invitation until they may sign in', async () => {
    const company = await createTestCompany(shop, tenantId);
    const user = await create(company, { locked: true });
    expect(await mailShop.takeMailsTo(user.email)).toEqual([]);
    expect(await shop.db.selectFrom('password_tokens').select('id').where('user_id', '=', user._id).execute()).toEqual([]);
    const before = await snapshot(shop);
    expectRefusal(await company.admin.client.post('/api/user/inviteCompanyUser', { _id: user._id }), 422, 'company_user.mail.shut_out');
    expectRefusal(await company.admin.client.post('/api/user/sendCompanyUserPasswordReset', { _id: user._id }), 422, 'company_user.mail.shut_out');
    expect(await snapshot(shop)).toEqual(before);
    expect((await company.admin.client.post('/api/user/saveCompanyUser', { ...user, locked: false })).statusCode).toBe(200);
    expect((await company.admin.client.post('/api/user/inviteCompanyUser', { _id: user._id })).statusCode).toBe(204);
    expect(resetTokenOf((await mailShop.takeMailsTo(user.email))[0]!.body)).toBeDefined();
  });

  it('goes anew to a corrected address; the old address hears of the change and its link dies', async () => {
    const company = await createTestCompany(shop, tenantId);
    const user = await create(company);
    const oldToken = resetTokenOf((await mailShop.takeMailsTo(user.email))[0]!.body);
    const corrected = `korrigiert-${user.username}@example.com`;
    expect((await company.admin.client.post('/api/user/saveCompanyUser', { ...user, email: corrected })).statusCode).toBe(200);
    const [notice] = await mailShop.takeMailsTo(user.email);
    expect(notice!.body).toContain(corrected);
    const newToken = resetTokenOf((await mailShop.takeMailsTo(corrected))[0]?.body ?? '');
    expect(newToken).toBeDefined();
    expect((await resetPassword(oldToken, 'Neues-Kennwort-2026')).statusCode).toBe(422);
    expect((await resetPassword(newToken, 'Neues-Kennwort-2026')).statusCode).toBe(200);
  });
});

describe('the password reset mail to a chosen user', () => {
  it('sends the user a reset link (2 hours) that sets a new password', async () => {
    const company = await createTestCompany(shop, tenantId);
    const user = await company.addUser('customer');
    const email = `${user.username}@example.com`;
    const sent = await company.admin.client.post('/api/user/sendCompanyUserPasswordReset', { _id: user.userId });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(204);
    const [mail] = await mailShop.takeMailsTo(email);
    expect(mail!.body).toContain(user.username);
    const stored = await shop.db.selectFrom('password_tokens').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('reset');
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(2 * 3600_000);
    expect((await resetPassword(resetTokenOf(mail!.body), 'Neues-Kennwort-2026')).statusCode).toBe(200);
    expect((await login(user.username, 'Neues-Kennwort-2026')).statusCode).toBe(200);
  });

  it('is not offered for the admin’s users of another company or the guest (404, no mail)', async () => {
    const company = await createTestCompany(shop, tenantId);
    const guest = (await shop.db.selectFrom('users').select('id').where('username', '=', 'guest').executeTakeFirstOrThrow()).id;
    expectRefusal(await company.admin.client.post('/api/user/sendCompanyUserPasswordReset', { _id: guest }), 404, 'company_user.not_found');
    expect(await shop.services.mailWorker.drainOnce()).toBe(0);
  });
});
