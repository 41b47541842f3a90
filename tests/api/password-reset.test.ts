import { beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordToken, issuePasswordToken, spendPasswordToken } from '../../server/modules/auth/password-token.repository.ts';
import { queueInvitationMail } from '../../server/modules/auth/password-link-mails.ts';
import { resetMailLimits, resetTokenGuessesPerIp } from '../../server/modules/auth/password-reset.service.ts';
import { demoAccounts, type TestShop } from './helper.ts';
import { resetTokenOf, mailShopForFile, type ReceivedMail, type TestSmtp } from './smtp-fixture.ts';

// Single-use links to set a password: the tokens behind them, the reset and invitation mails
// they travel in (a real SMTP server, the shop driving its worker with drainOnce()), what the outbox
// keeps of them once sent, and the two endpoints of the password reset. Each test sends from its own
// client addresses: the throttle counts per address for the whole file.

let smtp: TestSmtp;
let shop: TestShop;
let tenantId: number;
const mailShop = mailShopForFile();
const newUser = (prefix = 'reset') => mailShop.newCustomer(prefix);

beforeAll(() => {
  ({ smtp, shop, tenantId } = mailShop);
});

function tokenIn(mail: ReceivedMail): string {
  const token = resetTokenOf(mail.body);
  if (!token) throw new Error(`no reset link in ${mail.body}`);
  return token;
}

describe('password tokens', () => {
  it('are stored hashed, spent once, and a new one voids the earlier', async () => {
    const user = await newUser();
    const first = await issuePasswordToken(shop.db, { tenantId, userId: user.userId, purpose: 'reset', now: shop.clock.now() });
    const rows = await shop.db.selectFrom('password_tokens').selectAll().where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashPasswordToken(first.token));
    expect(rows[0]!.token_hash).not.toContain(first.token);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const second = await issuePasswordToken(shop.db, { tenantId, userId: user.userId, purpose: 'invitation', now: shop.clock.now() });
    expect(await spendPasswordToken(shop.db, { tenantId, token: first.token, now: shop.clock.now() })).toBeUndefined();
    expect(await spendPasswordToken(shop.db, { tenantId: tenantId + 1000, token: second.token, now: shop.clock.now() })).toBeUndefined();
    expect(await spendPasswordToken(shop.db, { tenantId, token: second.token, now: shop.clock.now() })).toEqual({ userId: user.userId, purpose: 'invitation' });
    expect(await spendPasswordToken(shop.db, { tenantId, token: second.token, now: shop.clock.now() })).toBeUndefined();
  });

  it('last 2 hours for a reset and 7 days for an invitation', async () => {
    const user = await newUser();
    const now = new Date('2030-01-01T10:00:00.000Z');
    const reset = await issuePasswordToken(shop.db, { tenantId, userId: user.userId, purpose: 'reset', now });
    expect(reset.expiresAt).toBe('2030-01-01T12:00:00.000Z');
    expect(await spendPasswordToken(shop.db, { tenantId, token: reset.token, now: new Date('2030-01-01T12:00:00.000Z') })).toBeUndefined();
    const invitation = await issuePasswordToken(shop.db, { tenantId, userId: user.userId, purpose: 'invitation', now });
    expect(invitation.expiresAt).toBe('2030-01-08T10:00:00.000Z');
    expect(await spendPasswordToken(shop.db, { tenantId, token: invitation.token, now: new Date('2030-01-08T09:59:59.999Z') })).toMatchObject({ userId: user.userId });
  });
});

describe('housekeeping', () => {
  it('deletes the links that expired by the clock’s now, and only those', async () => {
    const user = await newUser();
    const other = await newUser();
    const old = await issuePasswordToken(shop.db, { tenantId, userId: user.userId, purpose: 'reset', now: new Date(shop.clock.now().getTime() - 3 * 60 * 60 * 1000) });
    const fresh = await issuePasswordToken(shop.db, { tenantId, userId: other.userId, purpose: 'reset', now: shop.clock.now() });
    await shop.services.housekeeping.runNow();
    const left = await shop.db.selectFrom('password_tokens').select('token_hash').where('user_id', 'in', [user.userId, other.userId]).execute();
    expect(left.map((row) => row.token_hash)).toEqual([hashPasswordToken(fresh.token)]);
    expect(left.map((row) => row.token_hash)).not.toContain(hashPasswordToken(old.token));
  });
});

describe('the invitation mail', () => {
  it('arrives framed in the user’s language with a working link, and the outbox forgets the token once sent', async () => {
    const user = await newUser('invited');
    await shop.db.transaction().execute((trx) =>
      queueInvitationMail(trx, {
        tenantId,
        user: { id: user.userId, username: user.username, email: user.email, fullName: 'Ina Vited', locale: 'en' },
        companyName: 'Muster GmbH',
        now: shop.clock.now(),
        invitedBy: 'Anna Admin',
      }),
    );
    const [row] = await shop.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'user_invitation').where('recipient', '=', user.email).execute();
    expect(JSON.parse(row!.payload!)).toMatchObject({ fullName: 'Ina Vited', username: user.username, companyName: 'Muster GmbH', invitedBy: 'Anna Admin' });

    expect(await shop.services.mailWorker.drainOnce()).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([user.email]);
    expect(mail.body).toContain('Hello Ina Vited,');
    expect(mail.body).toContain('Anna Admin has set up an account for you');
    expect(mail.body).toContain('Muster GmbH');
    expect(mail.body).toContain(`Your username: ${user.username}`);
    const seller = await shop.db.selectFrom('seller_companies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(mail.body).toContain(seller.email);
    const token = tokenIn(mail);
    expect(mail.body).toContain(`<a href="https://shop.example/reset?token=${token}"`);

    const sent = await shop.db.selectFrom('mail_outbox').selectAll().where('id', '=', row!.id).executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.payload).not.toContain(token);
    expect(JSON.parse(sent.payload!)).toEqual({ fullName: 'Ina Vited', username: user.username, expiresAt: expect.any(String), companyName: 'Muster GmbH', invitedBy: 'Anna Admin' });
    expect(await spendPasswordToken(shop.db, { tenantId, token, now: shop.clock.now() })).toEqual({ userId: user.userId, purpose: 'invitation' });
  });
});

let ipSequence = 0;
/** A fresh client address, so one test's requests do not use up another's throttle. */
const newIp = () => `10.20.${Math.floor(++ipSequence / 250)}.${(ipSequence % 250) + 1}`;

async function post(url: string, payload: object, ip: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await shop.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>(), ms: performance.now() - started };
}

const requestReset = (email: string, ip = newIp(), headers: Record<string, string> = {}) => post('/api/user/sendResetPasswordEmail', { email }, ip, headers);
const resetPassword = (token: string, newPassword: string, ip = newIp()) => post('/api/user/resetPassword', { token, newPassword }, ip);
const signIn = (username: string, password: string) =>
  shop.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, tenant: 'demo' }, remoteAddress: newIp() });

/** Asks for a reset of `email`, sends the mail and answers it with the token of its link. */
async function mailedToken(email: string): Promise<{ mail: ReceivedMail; token: string }> {
  const answer = await requestReset(email);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [mail] = await mailShop.takeMailsTo(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return { mail, token: tokenIn(mail) };
}

const resetMailsTo = (recipient: string) => shop.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'password_reset').where('recipient', '=', recipient).execute();

describe('POST /api/user/sendResetPasswordEmail', () => {
  it('mails the one account of an address (any case) a link that sets the password once and ends its sessions', async () => {
    const user = await newUser();
    expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: user.auth } })).statusCode).toBe(200);
    const answer = await requestReset(`  ${user.email.toUpperCase()} `);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const [row] = await resetMailsTo(user.email);
    expect(row).toMatchObject({ locale: 'de', sent_at: null });

    await shop.services.mailWorker.drainOnce();
    const mail = smtp.received.find((received) => received.to.includes(user.email))!;
    expect(mail.body).toContain(`Guten Tag Test ${user.username},`);
    expect(mail.body).toContain('Neues Passwort festlegen');
    expect(mail.body).toContain(`Ihr Benutzername: ${user.username}`);
    const token = tokenIn(mail);
    const sent = (await resetMailsTo(user.email))[0]!;
    expect(sent.sent_at).not.toBeNull();
    expect(sent.payload).not.toContain(token);
    expect(Object.keys(JSON.parse(sent.payload!) as object).sort()).toEqual(['expiresAt', 'fullName', 'username']);

    const done = await resetPassword(token, 'Neues-Passwort-2031');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ success: true, username: user.username });
    // Every session ended at once (the remembered one too), and the new password signs in.
    expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: user.auth } })).statusCode).toBe(401);
    expect(await shop.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
    expect((await signIn(user.username, 'Neues-Passwort-2031')).statusCode).toBe(200);
    expect((await signIn(user.username, 'Demo-Customer-1')).statusCode).toBe(401);

    const again = await resetPassword(token, 'Noch-ein-Passwort-2032');
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ messageKey: 'password_reset.token_invalid' });
    expect((await signIn(user.username, 'Neues-Passwort-2031')).statusCode).toBe(200);
  });

  it('speaks the user’s language, else the page’s', async () => {
    const chose = await newUser();
    await shop.db.updateTable('users').set({ locale: 'en' }).where('id', '=', chose.userId).execute();
    const page = await newUser();
    expect((await requestReset(chose.email)).status).toBe(200);
    expect((await requestReset(page.email, newIp(), { 'accept-language': 'en' })).status).toBe(200);
    await shop.services.mailWorker.drainOnce();
    for (const email of [chose.email, page.email]) {
      const mail = smtp.received.find((received) => received.to.includes(email))!;
      expect(mail.body).toContain('Set a new password');
      expect(mail.body).toContain('works only once');
    }
  });

  it('voids the earlier link with a new request', async () => {
    const user = await newUser();
    const first = await mailedToken(user.email);
    const second = await mailedToken(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await resetPassword(first.token, 'Erstes-Passwort-2031')).status).toBe(422);
    expect((await resetPassword(second.token, 'Zweites-Passwort-2031')).status).toBe(200);
  });

  it('answers an unknown, a shared, a locked and the guest’s address clearly, and mails none of them', async () => {
    const unknown = await requestReset('niemand@example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ messageKey: 'password_reset.email_unknown', field: 'email' });
    expect(unknown.body.message).toBe('Diese E-Mail-Adresse ist nicht in unserem System. Bitte prüfen Sie Ihre E-Mail-Adresse.');
    const english = await requestReset('niemand@example.com', newIp(), { 'accept-language': 'en' });
    expect(english.body.message).toBe('This E-Mail address is not in our System. Please check your E-Mail.');

    const one = await newUser('shared');
    const other = await newUser('shared');
    await shop.db.updateTable('users').set({ email: one.email.toUpperCase() }).where('id', '=', other.userId).execute();
    const shared = await requestReset(one.email);
    expect(shared.status).toBe(409);
    expect(shared.body).toMatchObject({ messageKey: 'password_reset.email_shared' });

    const locked = await requestReset('joerg.meier@werkstatt-meier.example');
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ messageKey: 'login.blocked' });
    const inactive = await newUser('inactive');
    await shop.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactive.userId).execute();
    expect((await requestReset(inactive.email)).body).toMatchObject({ messageKey: 'login.blocked' });

    const guest = await requestReset('guest@nordlicht-grosshandel.example');
    expect(guest.status).toBe(403);
    expect(guest.body).toMatchObject({ messageKey: 'password_reset.guest' });

    const ids = [one.userId, other.userId, inactive.userId];
    const lockedAndGuest = await shop.db.selectFrom('users').select('id').where('username', 'in', ['locked', 'guest']).execute();
    expect(await shop.db.selectFrom('password_tokens').select('id').where('user_id', 'in', [...ids, ...lockedAndGuest.map((row) => row.id)]).execute()).toEqual([]);
    expect(await shop.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'password_reset').where('sent_at', 'is', null).execute()).toEqual([]);
  });

  it('refuses what is not an e-mail address, naming the field', async () => {
    for (const payload of [{}, { email: '' }, { email: 'kein-at-zeichen' }, { email: 42 }, { email: `${'a'.repeat(250)}@example.com` }]) {
      const answer = await post('/api/user/sendResetPasswordEmail', payload, newIp());
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toMatchObject({ field: 'email' });
    }
  });

  it('costs an unknown address or a refused one as much time as a mail sent', async () => {
    const user = await newUser('timing');
    const durations = { sent: [] as number[], unknown: [] as number[], guest: [] as number[] };
    for (let round = 0; round < 3; round += 1) {
      durations.sent.push((await requestReset(user.email)).ms);
      durations.unknown.push((await requestReset(`unbekannt-${round}@example.com`)).ms);
      durations.guest.push((await requestReset('guest@nordlicht-grosshandel.example')).ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    // Every answer waits for the same floor (400 ms); the tolerance covers a busy test machine.
    for (const values of Object.values(durations)) expect(Math.min(...values)).toBeGreaterThanOrEqual(395);
    expect(median(durations.unknown)).toBeGreaterThan(median(durations.sent) - 60);
    expect(median(durations.guest)).toBeGreaterThan(median(durations.sent) - 60);
  });

  it('throttles per e-mail address and per client address', async () => {
    const user = await newUser('throttled');
    // One address from many clients: the address's limit.
    const byEmail = await Promise.all(Array.from({ length: resetMailLimits.perEmail + 1 }, () => requestReset(user.email)));
    expect(byEmail.filter((answer) => answer.status === 200)).toHaveLength(resetMailLimits.perEmail);
    const refused = byEmail.find((answer) => answer.status === 429)!;
    expect(refused.body).toMatchObject({ messageKey: 'password_reset.too_many_requests' });
    expect(refused.body.message).toMatch(/15 Minuten/);
    // A refused request is answered without waiting for the floor.
    expect(refused.ms).toBeLessThan(395);

    // Many addresses from one client: the client's limit, whatever the answers were.
    const ip = newIp();
    const byIp = await Promise.all(Array.from({ length: resetMailLimits.perIp + 1 }, (_, index) => requestReset(`scan-${index}@example.com`, ip)));
    expect(byIp.filter((answer) => answer.status === 404)).toHaveLength(resetMailLimits.perIp);
    expect(byIp.filter((answer) => answer.status === 429)).toHaveLength(1);
    const other = await newUser('throttled');
    expect((await requestReset(other.email, ip)).status).toBe(429);
    expect((await requestReset(other.email)).status).toBe(200);
  });
});

describe('the reset mail for a chosen user (services.passwordReset.sendResetMail)', () => {
  it('mails an active user and refuses the unknown, the guest and the blocked', async () => {
    const tenant = { id: tenantId, slug: 'demo' };
    const user = await newUser('chosen');
    const { expiresAt } = await shop.services.passwordReset.sendResetMail(tenant, user.userId, { locale: 'en' });
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(119 * 60 * 1000);
    expect(await resetMailsTo(user.email)).toMatchObject([{ locale: 'en', sent_at: null }]);
    await shop.services.mailWorker.drainOnce();
    const token = tokenIn(smtp.received.find((received) => received.to.includes(user.email))!);
    expect((await resetPassword(token, 'Gewaehlt-Passwort-2031')).status).toBe(200);

    const refusal = (userId: number) => shop.services.passwordReset.sendResetMail(tenant, userId, { locale: 'de' }).then(() => null, (error: { statusCode: number; messageKey: string }) => [error.statusCode, error.messageKey]);
    const ids = Object.fromEntries((await shop.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['guest', 'locked']).execute()).map((row) => [row.username, row.id]));
    expect(await refusal(987654321)).toEqual([404, 'error.not_found']);
    expect(await refusal(ids.guest!)).toEqual([403, 'password_reset.guest']);
    expect(await refusal(ids.locked!)).toEqual([403, 'login.blocked']);
  });
});

describe('POST /api/user/resetPassword', () => {
  it('keeps the token when the password breaks the policy, naming newPassword', async () => {
    const user = await newUser();
    const { token } = await mailedToken(user.email);
    for (const [password, key] of [
      ['kurz1', 'validation.password_too_short'],
      ['nurbuchstabenhier', 'validation.password_too_weak'],
      [`${user.username}-2031`, 'validation.password_personal'],
      ['Passwort2024!', 'validation.password_common'],
    ] as const) {
      const answer = await resetPassword(token, password);
      expect(answer.status, password).toBe(400);
      expect(answer.body).toMatchObject({ messageKey: key, field: 'newPassword' });
    }
    expect((await resetPassword(token, 'Gutes-Passwort-2031')).status).toBe(200);
  });

  it('answers unknown, used and expired tokens alike; a link expires after 2 hours on the shop’s clock', async () => {
    const user = await newUser();
    const { token } = await mailedToken(user.email);
    const fresh = await mailedToken((await newUser()).email);
    shop.clock.advance(2 * 60 * 60 * 1000 - 60_000);
    // Within the two hours it works.
    expect((await resetPassword(fresh.token, 'Rechtzeitig-Passwort-2031')).status).toBe(200);
    shop.clock.advance(61_000);
    const expired = await resetPassword(token, 'Spaetes-Passwort-2031');
    expect(expired.status).toBe(422);
    const unknown = await resetPassword('A'.repeat(43), 'Spaetes-Passwort-2031');
    const malformed = await resetPassword('kein token', 'Spaetes-Passwort-2031');
    for (const answer of [unknown, malformed]) expect(answer).toMatchObject({ status: expired.status, body: expired.body });
    expect(expired.body).toMatchObject({ messageKey: 'password_reset.token_invalid', field: 'token' });
    expect((await signIn(user.username, 'Spaetes-Passwort-2031')).statusCode).toBe(401);
  });

  it('lets only one of two requests with the same token through', async () => {
    const user = await newUser();
    const { token } = await mailedToken(user.email);
    const answers = await Promise.all([resetPassword(token, 'Parallel-Eins-2031'), resetPassword(token, 'Parallel-Zwei-2031')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const winner = answers.findIndex((answer) => answer.status === 200) === 0 ? 'Parallel-Eins-2031' : 'Parallel-Zwei-2031';
    expect((await signIn(user.username, winner)).statusCode).toBe(200);
  });

  it('sets an invited user’s password and leaves active and locked to the admin', async () => {
    const user = await newUser('invited');
    await shop.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.userId).execute();
    const { token } = await issuePasswordToken(shop.db, { tenantId, userId: user.userId, purpose: 'invitation', now: shop.clock.now() });
    expect((await resetPassword(token, 'Eingeladen-2031')).status).toBe(200);
    const row = await shop.db.selectFrom('users').select(['is_active', 'is_locked']).where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_active: 0, is_locked: 0 });
    const login = await signIn(user.username, 'Eingeladen-2031');
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ messageKey: 'login.blocked' });
  });

  it('never changes the shared guest’s password, even with a token', async () => {
    const guest = await shop.db.selectFrom('users').select(['id', 'password_hash']).where('username', '=', 'guest').executeTakeFirstOrThrow();
    const { token } = await issuePasswordToken(shop.db, { tenantId, userId: guest.id, purpose: 'reset', now: shop.clock.now() });
    const answer = await resetPassword(token, 'Gast-Passwort-2031');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ messageKey: 'password_reset.token_invalid' });
    expect((await shop.db.selectFrom('users').select('password_hash').where('id', '=', guest.id).executeTakeFirstOrThrow()).password_hash).toBe(guest.password_hash);
    expect((await signIn('guest', demoAccounts.guest.password)).statusCode).toBe(200);
  });

  it('throttles wrong tokens per client address, not right ones', async () => {
    const ip = newIp();
    const guesses = await Promise.all(Array.from({ length: resetTokenGuessesPerIp + 1 }, (_, index) => resetPassword(`${'B'.repeat(40)}${String(index).padStart(3, '0')}`, 'Egal-Passwort-2031', ip)));
    expect(guesses.filter((answer) => answer.status === 422)).toHaveLength(resetTokenGuessesPerIp);
    expect(guesses.filter((answer) => answer.status === 429)).toHaveLength(1);
    const user = await newUser();
    const { token } = await mailedToken(user.email);
    expect((await resetPassword(token, 'Richtig-Passwort-2031', ip)).status).toBe(429);
    const elsewhere = newIp();
    expect((await resetPassword(token, 'Richtig-Passwort-2031', elsewhere)).status).toBe(200);
  });

  it('refuses a missing token or password, naming the field', async () => {
    for (const [payload, field] of [
      [{ newPassword: 'Gutes-Passwort-2031' }, 'token'],
      [{ token: '' }, 'token'],
      [{ token: 'x'.repeat(43) }, 'newPassword'],
      [{ token: 'x'.repeat(43), newPassword: 'y'.repeat(201) }, 'newPassword'],
    ] as const) {
      const answer = await post('/api/user/resetPassword', payload, newIp());
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toMatchObject({ field });
    }
  });
});

describe('the log', () => {
  it('keeps no token of a link', async () => {
    const { redactUrl } = await import('../../server/lib/log-redaction.ts');
    expect(redactUrl('/reset?token=abcDEF_-123&x=1')).toBe('/reset?token=[redacted]&x=1');
    expect(redactUrl('/reset.data?lang=de&token=abc')).toBe('/reset.data?lang=de&token=[redacted]');
    expect(redactUrl('/category/1?page=2')).toBe('/category/1?page=2');
  });

  it('writes the request line of a link without its token (the serializer as app.ts configures it)', async () => {
    const { default: Fastify } = await import('fastify');
    const { requestLogSerializer } = await import('../../server/lib/log-redaction.ts');
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', serializers: { req: requestLogSerializer }, stream: { write: (line: string) => void lines.push(line) } } });
    app.get('/reset', async () => 'ok');
    await app.inject({ url: `/reset?token=${'S'.repeat(43)}`, remoteAddress: '10.9.8.7' });
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string; remoteAddress: string } }).find((entry) => entry.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ url: '/reset?token=[redacted]', remoteAddress: '10.9.8.7' });
    expect(lines.join('\n')).not.toContain('S'.repeat(43));
  });
});
