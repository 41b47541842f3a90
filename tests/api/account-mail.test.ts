import { beforeAll, describe, expect, it } from 'vitest';
import type { TestShop } from './helper.ts';
import { mailShopForFile, type TestSmtp } from './smtp-fixture.ts';

// The notice of a changed e-mail address (a profile change): written to the outbox in the profile's
// transaction, to the old address, and sent by the mail worker through a real SMTP server in the shop's
// frame (logo, contact data), in the user's language. The shop runs with MAIL_WORKER off, so each test
// drives the worker with drainOnce().

let smtp: TestSmtp;
let shop: TestShop;
let tenantId: number;
const mailShop = mailShopForFile();
const newUser = () => mailShop.newCustomer('mail-change');

beforeAll(() => {
  ({ smtp, shop, tenantId } = mailShop);
});

const noticesTo = (recipient: string) => shop.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'email_changed').where('recipient', '=', recipient).execute();

describe('the notice of a changed e-mail address', () => {
  it('goes to the old address, in the shop’s frame and the user’s language, with the new address and whom to call', async () => {
    const user = await newUser();
    const saved = await user.client.post('/api/user/currentUser', { email: 'neu-adresse@example.com', firstName: 'Nina', lastName: 'Neumann' });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    const rows = await noticesTo(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_id: null, locale: 'de', sent_at: null });
    expect(JSON.parse(rows[0]!.payload!)).toMatchObject({ fullName: 'Nina Neumann', newEmail: 'neu-adresse@example.com' });

    expect(await shop.services.mailWorker.drainOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([user.email]);
    const seller = await shop.db.selectFrom('seller_companies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(mail.raw).toMatch(/^Subject: .*(geändert|=\?UTF-8\?)/im);
    expect(mail.body).toContain('Guten Tag Nina Neumann,');
    expect(mail.body).toContain('neu-adresse@example.com');
    expect(mail.body).toContain(seller.phone);
    expect(mail.body).toContain(seller.email);
    expect(mail.body).toContain(`${seller.post_code} ${seller.city}`);
    // The logo as an absolute URL of the shop, in the HTML part.
    expect(mail.body).toContain(`<img src="https://shop.example/${seller.logo_url!.replace(/^\//, '')}"`);
    expect((await noticesTo(user.email))[0]!.sent_at).not.toBeNull();
  });

  it('speaks English to a user who chose it', async () => {
    const user = await newUser();
    expect((await user.client.post('/api/user/currentUser', { email: 'new-address@example.com', locale: 'en' })).statusCode).toBe(200);
    await shop.services.mailWorker.drainOnce();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.body).toContain('the e-mail address of your account was changed to new-address@example.com');
    expect(smtp.received[0]!.body).toContain('If you did not make this change');
  });

  it('is not written for a refused change, the same address in other letters, or a change of the name alone', async () => {
    const user = await newUser();
    const other = await newUser();
    expect((await user.client.post('/api/user/currentUser', { email: other.email.toUpperCase() })).statusCode).toBe(409);
    expect((await user.client.post('/api/user/currentUser', { email: user.email.toUpperCase() })).statusCode).toBe(200);
    expect((await user.client.post('/api/user/currentUser', { firstName: 'Anders' })).statusCode).toBe(200);
    expect(await noticesTo(user.email)).toHaveLength(0);
    expect(await noticesTo(user.email.toUpperCase())).toHaveLength(0);
    expect(await shop.services.mailWorker.drainOnce()).toBe(0);
  });
});
