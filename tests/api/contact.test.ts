import { beforeAll, describe, expect, it } from 'vitest';
import { contactLimits } from '../../server/modules/contact/contact-input.ts';
import { contactPerEmail, contactPerIp } from '../../server/modules/contact/contact.service.ts';
import type { TestShop } from './helper.ts';
import { mailShopForFile, type TestSmtp } from './smtp-fixture.ts';
import { throttledSenders } from './throttled-senders.ts';

// POST /api/contact (docs/product.md, Contact form): a message to the seller without a session. Who writes
// (a visitor and the shared guest name themselves; a signed-in account is named by the account, with its
// company, and a sales person also by the customer they act for), every rule of the message (required
// fields, one line or several, length limits, the consent), the throttles per client address and per
// e-mail address, a seller without an address, and the two mails through the outbox to a real SMTP
// server: the message to the seller in the shop's language with a reply to the sender, the copy to the
// sender in theirs, what the sender typed escaped in the HTML. Every refusal queues no mail. Each test sends
// from its own client address and e-mail address, so the throttle of one test does not reach another.

let smtp: TestSmtp;
let shop: TestShop;
let tenantId: number;
let seller: { email: string; name: string; phone: string };
const mailShop = mailShopForFile();

beforeAll(async () => {
  ({ smtp, shop, tenantId } = mailShop);
  seller = await shop.db.selectFrom('seller_companies').select(['email', 'name', 'phone']).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
});

const senders = throttledSenders();
const newIp = senders.newIp;
const newEmail = (name = 'kontakt') => senders.newEmail(name);

/** A complete, valid message of a visitor; `overrides` change or (with undefined) remove fields. */
function validMessage(overrides: Record<string, unknown> = {}) {
  const body: Record<string, unknown> = {
    subject: 'Lieferzeit für Dübel & Schrauben',
    message: 'Guten Tag,\nwann ist die Serie 4711 wieder lieferbar?\nViele Grüße',
    name: 'Jana Ørsted',
    email: newEmail(),
    privacyAccepted: true,
    ...overrides,
  };
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}

function send(body: unknown, options: { ip?: string; locale?: 'de' | 'en'; auth?: string } = {}) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: body as object,
    remoteAddress: options.ip ?? newIp(),
    headers: { ...(options.locale ? { cookie: `locale=${options.locale}` } : {}), ...(options.auth ? { authorization: options.auth } : {}) },
  });
}

/** The contact mails in the outbox. */
async function queuedCount(): Promise<number> {
  const row = await shop.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', 'in', ['contact_message', 'contact_copy']).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sends a message that must be refused with `status` and `messageKey` (naming `field`), and checks that no mail was queued. */
async function expectRefused(body: unknown, status: number, messageKey: string, field?: string, options: Parameters<typeof send>[1] = {}) {
  const before = await queuedCount();
  const response = await send(body, options);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ messageKey, ...(field ? { field } : {}) });
  expect(await queuedCount()).toBe(before);
  return response.json<{ message: string }>();
}

/** The contact mails queued with `marker` in their payload, in order. */
const queuedWith = (marker: string) =>
  shop.db.selectFrom('mail_outbox').select(['kind', 'recipient', 'locale']).where('kind', 'like', 'contact_%').where('payload', 'like', `%${marker}%`).orderBy('id').execute();

/** A received mail's parts as a person reads them: the text (line breaks as `\n`) and the HTML after it. */
interface MailParts {
  raw: string;
  text: string;
  html: string;
}

/** Has the worker send what is queued and answers the mail to `address`. */
async function mailTo(address: string): Promise<MailParts> {
  await shop.services.mailWorker.drainOnce();
  const mail = smtp.received.find((received) => received.to.includes(address));
  expect(mail, `a mail to ${address}`).toBeDefined();
  const body = mail!.body.replace(/\r\n/g, '\n');
  const htmlStart = body.indexOf('<!doctype html>');
  expect(htmlStart, 'an HTML part after the text').toBeGreaterThan(0);
  return { raw: mail!.raw, text: body.slice(0, htmlStart), html: body.slice(htmlStart) };
}

describe('a message of a visitor', () => {
  it('queues the message to the seller and the copy to the visitor, and both go out: the copy in the visitor’s language, the message in the shop’s', async () => {
    const body = validMessage({ email: newEmail('Jana.Orsted') });
    const response = await send(body, { locale: 'en', ip: '198.51.100.210' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'sent' } });

    expect(await queuedWith(body.email as string)).toEqual([
      { kind: 'contact_message', recipient: seller.email, locale: 'de' },
      { kind: 'contact_copy', recipient: body.email, locale: 'en' },
    ]);

    // The copy: English, in the shop's frame, received, what happens next, the message quoted.
    const copy = await mailTo(body.email as string);
    expect(copy.raw).toMatch(/^Subject: (Your message to |=\?UTF-8\?)/im);
    expect(copy.text).toContain('Hello Jana Ørsted,');
    expect(copy.text).toContain('thank you for your message. We received it on');
    expect(copy.text).toContain(`Our team will read it and answer you by e-mail at ${body.email as string} as soon as possible.`);
    expect(copy.text).toContain('Subject: Lieferzeit für Dübel & Schrauben');
    expect(copy.text).toContain('Message: Guten Tag,\n  wann ist die Serie 4711 wieder lieferbar?\n  Viele Grüße');
    expect(copy.text).toContain('You did not send this message?');
    expect(copy.text).toContain(seller.phone);
    expect(copy.raw).toMatch(/Content-Type: text\/plain/i);
    expect(copy.raw).toMatch(/Content-Type: text\/html/i);
    expect(copy.raw).not.toMatch(/^Reply-To:/im);

    // The message: German (the shop's language), every field, who wrote it and when, replies to the visitor.
    const message = await mailTo(seller.email);
    expect(message.raw).toMatch(/^Subject: .*(Nachricht über den Shop|=\?UTF-8\?)/im);
    expect(message.text).toContain('Jana Ørsted hat Ihnen am');
    for (const value of [
      'Betreff: Lieferzeit für Dübel & Schrauben',
      'Nachricht: Guten Tag,\n  wann ist die Serie 4711 wieder lieferbar?',
      'Name: Jana Ørsted',
      `E-Mail: ${body.email as string}`,
      'Kundenkonto: keines (nicht angemeldet; Name und E-Mail-Adresse wie eingegeben)',
      'Sprache: English',
      `Eine Antwort auf diese E-Mail geht an Jana Ørsted (${body.email as string}).`,
    ]) {
      expect(message.text, value).toContain(value);
    }
    expect(message.text).not.toContain('Handelt für Kunde');
    expect(message.raw).toMatch(new RegExp(`^Reply-To: ${(body.email as string).replace(/\./g, '\\.')}`, 'im'));
  });

  it('speaks German to a visitor on the German page', async () => {
    const body = validMessage();
    expect((await send(body, { locale: 'de' })).statusCode).toBe(200);
    const copy = await mailTo(body.email as string);
    expect(copy.text).toContain('Guten Tag Jana Ørsted,');
    expect(copy.text).toContain('vielen Dank für Ihre Nachricht. Wir haben sie am');
    expect(copy.text).toContain('Betreff: Lieferzeit für Dübel & Schrauben');
    expect((await queuedWith(body.email as string)).map((mail) => mail.locale)).toEqual(['de', 'de']);
  });

  it('escapes in the HTML what the visitor typed; the text part keeps it as typed', async () => {
    const body = validMessage({ subject: 'Angebot <b>dringend</b>', message: '<script>alert("x")</script>\n<a href="https://evil.example">hier</a> & mehr', name: 'Eve <img src=x>' });
    expect((await send(body, { locale: 'en' })).statusCode).toBe(200);
    for (const mail of [await mailTo(body.email as string), await mailTo(seller.email)]) {
      const { html } = mail;
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>&lt;a href=&quot;https://evil.example&quot;&gt;hier&lt;/a&gt; &amp; mehr');
      expect(html).toContain('Angebot &lt;b&gt;dringend&lt;/b&gt;');
      expect(html).toContain('Eve &lt;img src=x&gt;');
      expect(html).not.toMatch(/<script|<b>dringend|<img src=x|<a href="https:\/\/evil/);
      expect(mail.text).toContain('<script>alert("x")</script>');
    }
  });

  it('treats the shared guest as a visitor: the guest names themselves', async () => {
    const auth = await shop.login('guest');
    await expectRefused(validMessage({ name: undefined }), 400, 'validation.required', 'name', { auth });
    const body = validMessage();
    expect((await send(body, { auth })).statusCode).toBe(200);
    expect(await queuedWith(body.email as string)).toEqual([
      { kind: 'contact_message', recipient: seller.email, locale: 'de' },
      { kind: 'contact_copy', recipient: body.email, locale: 'de' },
    ]);
  });
});

describe('a message of a signed-in account', () => {
  it('names the account and its company, whatever the body says; the copy goes to the account’s address', async () => {
    const auth = await shop.login('customer');
    const account = await shop.db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('username', '=', 'customer').executeTakeFirstOrThrow();
    const body = validMessage({ name: 'Mallory', email: 'mallory@evil.example', subject: 'Rechnung 2024-117' });
    const response = await send(body, { auth, locale: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await queuedWith('Rechnung 2024-117')).toEqual([
      { kind: 'contact_message', recipient: seller.email, locale: 'de' },
      { kind: 'contact_copy', recipient: account.email, locale: 'en' },
    ]);
    expect(await queuedWith('mallory')).toEqual([]);

    const name = `${account.first_name} ${account.last_name}`;
    const message = await mailTo(seller.email);
    for (const value of [`Name: ${name}`, `E-Mail: ${account.email}`, 'Kundenkonto: Muster Baubedarf GmbH (Kundennr. 10001)', `Eine Antwort auf diese E-Mail geht an ${name} (${account.email}).`]) {
      expect(message.text, value).toContain(value);
    }
    expect(message.text).not.toContain('Mallory');
    expect(message.text).not.toContain('Handelt für Kunde');
    expect(message.raw).toMatch(new RegExp(`^Reply-To: ${account.email.replace(/\./g, '\\.')}`, 'im'));
    expect((await mailTo(account.email)).text).toContain(`Hello ${name},`);
    expect(smtp.received.some((mail) => mail.to.includes('mallory@evil.example'))).toBe(false);
  });

  it('needs neither name nor e-mail address in the body, and does not check them', async () => {
    const auth = await shop.login('customeradmin');
    expect((await send(validMessage({ name: undefined, email: undefined }), { auth })).statusCode).toBe(200);
    expect((await send(validMessage({ name: 'Zeile\numbruch', email: 'not-an-address' }), { auth })).statusCode).toBe(200);
  });

  it('names the customer a sales person acts for besides the sales person’s own company', async () => {
    const auth = await shop.login('sales');
    const customer = await shop.db.selectFrom('companies').select('id').where('tenant_id', '=', tenantId).where('customer_no', '=', '10002').executeTakeFirstOrThrow();
    const switched = await shop.app.inject({ method: 'POST', url: '/api/user/switchCustomerOfSalesPerson', headers: { authorization: auth }, payload: { customerId: customer.id } });
    expect(switched.statusCode, switched.body).toBe(200);
    const sales = await shop.db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('username', '=', 'sales').executeTakeFirstOrThrow();

    expect((await send(validMessage({ subject: 'Sonderpreis für Alpen Handel' }), { auth })).statusCode).toBe(200);
    expect(await queuedWith('Sonderpreis für Alpen Handel')).toEqual([
      { kind: 'contact_message', recipient: seller.email, locale: 'de' },
      { kind: 'contact_copy', recipient: sales.email, locale: 'de' },
    ]);
    const message = await mailTo(seller.email);
    for (const value of [`Name: ${sales.first_name} ${sales.last_name}`, `E-Mail: ${sales.email}`, 'Kundenkonto: Muster Baubedarf GmbH (Kundennr. 10001)', 'Handelt für Kunde: Alpen Handel AG (Kundennr. 10002)']) {
      expect(message.text, value).toContain(value);
    }
  });
});

describe('what a message must carry', () => {
  it.each(['subject', 'message', 'name', 'email'])('refuses a visitor’s message without %s', async (field) => {
    await expectRefused(validMessage({ [field]: undefined }), 400, 'validation.required', field);
    await expectRefused(validMessage({ [field]: ' \n  ' }), 400, 'validation.required', field);
  });

  it.each(['subject', 'message'])('refuses an account’s message without %s', async (field) => {
    const auth = await shop.login('customer');
    await expectRefused(validMessage({ [field]: undefined }), 400, 'validation.required', field, { auth });
  });

  it('refuses a message without the consent to the privacy policy', async () => {
    await expectRefused(validMessage({ privacyAccepted: undefined }), 400, 'contact.privacy.required', 'privacyAccepted');
    await expectRefused(validMessage({ privacyAccepted: false }), 400, 'contact.privacy.required', 'privacyAccepted');
    await expectRefused(validMessage({ privacyAccepted: 'true' }), 400, 'contact.privacy.required', 'privacyAccepted');
  });

  it('answers no body at all with the first missing field, for a visitor and an account alike', async () => {
    await expectRefused(undefined, 400, 'validation.required', 'subject');
    await expectRefused({}, 400, 'validation.required', 'subject', { auth: await shop.login('customer') });
  });

  it.each([
    ['email', 'not-an-address', 'validation.email_invalid'],
    ['email', 'jana@', 'validation.email_invalid'],
    ['subject', 'Lieferzeit\nSerie 4711', 'validation.invalid'],
    ['subject', 'Lieferzeit\tSerie 4711', 'validation.invalid'],
    ['name', 'Ørsted\u202e', 'validation.invalid'],
    ['message', 'kaputt \ud800', 'validation.invalid'],
    ['subject', 42, 'validation.invalid'],
    ['message', ['a'], 'validation.invalid'],
    ['name', null, 'validation.invalid'],
  ])('refuses %s %j (%s)', async (field, value, messageKey) => {
    await expectRefused(validMessage({ [field]: value }), 400, messageKey, field);
  });

  it('keeps the line breaks of the message and trims what surrounds it', async () => {
    const body = validMessage({ subject: '  Rückruf erbeten  ', message: '\n  Erste Zeile\n\nDritte Zeile  \n' });
    expect((await send(body)).statusCode).toBe(200);
    const [queued] = await shop.db.selectFrom('mail_outbox').select('payload').where('kind', '=', 'contact_message').where('payload', 'like', `%${body.email as string}%`).execute();
    expect(JSON.parse(queued!.payload!)).toMatchObject({ subject: 'Rückruf erbeten', message: 'Erste Zeile\n\nDritte Zeile' });
  });

  it('explains a refusal in the sender’s language', async () => {
    expect((await expectRefused(validMessage({ email: 'nope' }), 400, 'validation.email_invalid', 'email', { locale: 'en' })).message).toBe('Please enter a valid e-mail address.');
    expect((await expectRefused(validMessage({ privacyAccepted: false }), 400, 'contact.privacy.required', 'privacyAccepted', { locale: 'de' })).message).toBe(
      'Bitte stimmen Sie der Datenschutzerklärung zu.',
    );
  });
});

describe('length limits', () => {
  const at = (field: 'subject' | 'message' | 'name', unit: string) => unit.repeat(Math.ceil(contactLimits[field] / unit.length)).slice(0, contactLimits[field]);

  it('takes every field at its limit', async () => {
    // 64 characters before the @, labels of at most 63 after it.
    const email = `${'x'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(contactLimits.email - 64 - 1 - 63 - 1 - 63 - 1 - 3)}.de`;
    expect(email).toHaveLength(contactLimits.email);
    const body = validMessage({ subject: at('subject', 'B'), message: at('message', 'Zeile\n'), name: at('name', 'N'), email });
    const response = await send(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await queuedWith(email)).toHaveLength(2);
  });

  it.each(['subject', 'message', 'name'] as const)('refuses %s beyond its limit', async (field) => {
    await expectRefused(validMessage({ [field]: 'x'.repeat(contactLimits[field] + 1) }), 400, 'validation.too_long', field);
  });

  it('refuses an e-mail address beyond 254 characters', async () => {
    await expectRefused(validMessage({ email: `${'x'.repeat(250)}@a.de` }), 400, 'validation.too_long', 'email');
  });
});

describe('throttles', () => {
  it(`takes ${contactPerIp} messages per client address within the window, then answers 429 until it ends; other addresses go on`, async () => {
    const ip = newIp();
    for (let i = 0; i < contactPerIp; i++) expect((await send(validMessage(), { ip })).statusCode).toBe(200);
    const refusal = await expectRefused(validMessage(), 429, 'contact.too_many_requests', undefined, { ip, locale: 'en' });
    expect(refusal.message).toBe('Too many messages. Please wait 15 minutes and try again.');
    expect((await send(validMessage())).statusCode).toBe(200);
  });

  it(`takes ${contactPerEmail} messages per e-mail address within the window, from any client address and in any letter case`, async () => {
    const email = newEmail('oft');
    for (let i = 0; i < contactPerEmail; i++) expect((await send(validMessage({ email: i === 1 ? email.toUpperCase() : email }))).statusCode).toBe(200);
    const refusal = await expectRefused(validMessage({ email: ` ${email.toUpperCase()} ` }), 429, 'contact.too_many_requests', undefined, { locale: 'de' });
    expect(refusal.message).toBe('Zu viele Nachrichten. Bitte warten Sie 15 Minuten und versuchen Sie es erneut.');
    // The window is LOGIN_WINDOW_MINUTES; once it ran out (here: moved back) the address may write again.
    await shop.db.updateTable('login_throttle').set({ window_started_at: new Date(Date.now() - 16 * 60_000).toISOString() }).where('subject', '=', `contact-email:${email}`).execute();
    expect((await send(validMessage({ email }))).statusCode).toBe(200);
  });

  it('counts an account’s messages under its own address, not the one in the body', async () => {
    const customer = await mailShop.newCustomer('kontakt');
    for (let i = 0; i < contactPerEmail; i++) expect((await send(validMessage(), { auth: customer.auth })).statusCode).toBe(200);
    await expectRefused(validMessage(), 429, 'contact.too_many_requests', undefined, { auth: customer.auth });
    // A visitor typing the account's address is counted with it.
    await expectRefused(validMessage({ email: customer.email }), 429, 'contact.too_many_requests');
  });

  it('does not count what validation refuses', async () => {
    const ip = newIp();
    for (let i = 0; i < contactPerIp + 3; i++) expect((await send(validMessage({ email: 'kaputt' }), { ip })).statusCode).toBe(400);
    expect((await send(validMessage(), { ip })).statusCode).toBe(200);
  });
});

describe('a seller without a contact address', () => {
  it('refuses every message with 403 contact.unavailable, queues nothing and counts nothing', async () => {
    await shop.db.updateTable('seller_companies').set({ email: '  ' }).where('tenant_id', '=', tenantId).execute();
    const ip = newIp();
    try {
      const refusal = await expectRefused(validMessage(), 403, 'contact.unavailable', undefined, { locale: 'en', ip });
      expect(refusal.message).toBe('The contact form is not available at the moment. Please reach us by phone or by post.');
      await expectRefused(validMessage(), 403, 'contact.unavailable', undefined, { auth: await shop.login('customer') });
      for (let i = 0; i < contactPerIp; i++) await expectRefused(validMessage(), 403, 'contact.unavailable', undefined, { ip });
    } finally {
      await shop.db.updateTable('seller_companies').set({ email: seller.email }).where('tenant_id', '=', tenantId).execute();
    }
    expect((await send(validMessage(), { ip })).statusCode).toBe(200);
  });
});
