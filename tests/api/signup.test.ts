import { beforeAll, describe, expect, it } from 'vitest';
import { signupLimits } from '../../server/modules/signup/signup-input.ts';
import { signupPerEmail, signupPerIp } from '../../server/modules/signup/signup.service.ts';
import { setSiteSetting } from './basket-fixtures.ts';
import type { TestShop } from './helper.ts';
import { mailShopForFile, type TestSmtp } from './smtp-fixture.ts';
import { throttledSenders } from './throttled-senders.ts';

// POST /api/user/requestAccount (docs/product.md, Signup): a company asks for a customer account without a
// session. Every rule of the request (required fields, formats, VAT ids per EU country, length limits),
// the answers for an address the shop knows (an account, an open request), the tenant's setting, the
// throttles per client address and per e-mail address, and the two mails through the outbox to a real
// SMTP server: the confirmation to the requester in their language, the notification to the seller.
// Every refusal stores nothing and queues no mail. Each test sends from its own client address, so the
// per-address throttle of one test does not reach another.

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
const newEmail = (name = 'anfrage') => senders.newEmail(name);

/** A complete, valid request; `overrides` change or (with undefined) remove fields. */
function validRequest(overrides: Record<string, unknown> = {}) {
  const body: Record<string, unknown> = {
    companyName: 'Küstenbau GmbH & Co. KG',
    vatId: 'DE 123.456.789',
    customerNo: '',
    street: 'Deichstraße 7',
    zipCode: '25746',
    city: 'Heide',
    countryCode: 'DE',
    firstName: 'Jana',
    lastName: 'Ørsted',
    email: newEmail(),
    phone: '+49 481 123456',
    message: 'Wir suchen einen Lieferanten für Befestigungstechnik.\nBitte rufen Sie uns an.',
    privacyAccepted: true,
    ...overrides,
  };
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}

function send(body: unknown, options: { ip?: string; locale?: 'de' | 'en'; auth?: string } = {}) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/user/requestAccount',
    payload: body as object,
    remoteAddress: options.ip ?? newIp(),
    headers: { ...(options.locale ? { cookie: `locale=${options.locale}` } : {}), ...(options.auth ? { authorization: options.auth } : {}) },
  });
}

async function stored() {
  const [requests, mails] = await Promise.all([
    shop.db.selectFrom('signup_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    shop.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', 'in', ['signup_confirmation', 'signup_notification']).executeTakeFirstOrThrow(),
  ]);
  return { requests: Number(requests.n), mails: Number(mails.n) };
}

/** Sends a request that must be refused with `status` and `messageKey` (naming `field`), and checks that nothing was stored. */
async function expectRefused(body: unknown, status: number, messageKey: string, field?: string, options: Parameters<typeof send>[1] = {}) {
  const before = await stored();
  const response = await send(body, options);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ messageKey, ...(field ? { field } : {}) });
  expect(await stored()).toEqual(before);
  return response.json<{ message: string }>();
}

// By the address's key: of two requests at once, in any case, either may be the one stored.
const requestRow = (email: string) => shop.db.selectFrom('signup_requests').selectAll().where('email_key', '=', email.trim().toLowerCase()).execute();

describe('a signup request', () => {
  it('is stored for the back office and both mails go out: the confirmation in the requester’s language, the notification to the seller', async () => {
    const body = validRequest({ email: newEmail('Jana.Orsted') });
    const response = await send(body, { locale: 'en', ip: '198.51.100.200' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ status: 'received' });

    const [row] = await requestRow(body.email as string);
    expect(row).toMatchObject({
      tenant_id: tenantId,
      company_name: 'Küstenbau GmbH & Co. KG',
      vat_id: 'DE123456789',
      customer_no: null,
      street: 'Deichstraße 7',
      zip_code: '25746',
      city: 'Heide',
      country_code: 'DE',
      first_name: 'Jana',
      last_name: 'Ørsted',
      email: body.email,
      email_key: (body.email as string).toLowerCase(),
      phone: '+49 481 123456',
      message: 'Wir suchen einen Lieferanten für Befestigungstechnik.\nBitte rufen Sie uns an.',
      locale: 'en',
      ip: '198.51.100.200',
      status: 'new',
    });
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);

    const queued = await shop.db.selectFrom('mail_outbox').select(['kind', 'recipient', 'locale', 'sent_at']).where('kind', 'like', 'signup_%').where('payload', 'like', `%${body.email as string}%`).orderBy('id').execute();
    expect(queued).toEqual([
      { kind: 'signup_confirmation', recipient: body.email, locale: 'en', sent_at: null },
      { kind: 'signup_notification', recipient: seller.email, locale: 'de', sent_at: null },
    ]);

    expect(await shop.services.mailWorker.drainOnce()).toBe(2);
    const confirmation = smtp.received.find((mail) => mail.to.includes(body.email as string));
    const notification = smtp.received.find((mail) => mail.to.includes(seller.email));
    expect(confirmation, 'the confirmation reached the requester').toBeDefined();
    expect(notification, 'the notification reached the seller').toBeDefined();

    // The confirmation: English, in the shop's frame, what was received and what happens next.
    expect(confirmation!.raw).toMatch(/^Subject: (Your request for a customer account at |=\?UTF-8\?)/im);
    expect(confirmation!.body).toContain('Hello Jana Ørsted,');
    expect(confirmation!.body).toContain('thank you for your request for a customer account for Küstenbau GmbH & Co. KG');
    expect(confirmation!.body).toContain('Our sales team will check your details and get back to you.');
    expect(confirmation!.body).toContain('VAT ID: DE123456789');
    expect(confirmation!.body).toContain('Germany');
    expect(confirmation!.body).toContain('You did not send this request?');
    expect(confirmation!.body).toContain(seller.phone);
    // HTML and text parts; the HTML escapes what the requester typed.
    expect(confirmation!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(confirmation!.raw).toMatch(/Content-Type: text\/html/i);
    expect(confirmation!.body).toContain('Küstenbau GmbH &amp; Co. KG');

    // The notification: German (the shop's language), every field, the request's number, replies to the requester.
    expect(notification!.body).toContain('über den Shop ist am');
    expect(notification!.body).toContain(`Anfrage Nr. ${row!.id}`);
    for (const value of ['Küstenbau GmbH & Co. KG', 'DE123456789', 'Deichstraße 7', '25746 Heide', 'Deutschland', 'Jana Ørsted', body.email as string, '+49 481 123456', 'Bitte rufen Sie uns an.', 'Sprache: English']) {
      expect(notification!.body, value).toContain(value);
    }
    expect(notification!.raw).toMatch(new RegExp(`^Reply-To: ${(body.email as string).replace(/\./g, '\\.')}`, 'im'));
    expect(notification!.raw).toMatch(/^Subject: .*(Neue Anfrage|=\?UTF-8\?)/im);
  });

  it('speaks German to a requester on the German page', async () => {
    const body = validRequest();
    expect((await send(body, { locale: 'de' })).statusCode).toBe(201);
    await shop.services.mailWorker.drainOnce();
    const confirmation = smtp.received.find((mail) => mail.to.includes(body.email as string));
    expect(confirmation!.body).toContain('Guten Tag Jana Ørsted,');
    expect(confirmation!.body).toContain('vielen Dank für Ihre Anfrage für ein Kundenkonto für Küstenbau GmbH & Co. KG');
    expect(confirmation!.body).toContain('USt-IdNr.: DE123456789');
    expect((await requestRow(body.email as string))[0]!.locale).toBe('de');
  });

  it('needs no session, and a signed-in user may send one too', async () => {
    const auth = await shop.login('customer');
    expect((await send(validRequest(), { auth })).statusCode).toBe(201);
  });

  it('takes only the required fields, and stores empty optional ones as absent', async () => {
    const body = validRequest({ vatId: undefined, customerNo: undefined, phone: '', message: '   ' });
    expect((await send(body)).statusCode).toBe(201);
    expect((await requestRow(body.email as string))[0]).toMatchObject({ vat_id: null, customer_no: null, phone: null, message: null });
  });

  it('keeps the customer number the company already has', async () => {
    const body = validRequest({ customerNo: ' 10077 ' });
    expect((await send(body)).statusCode).toBe(201);
    expect((await requestRow(body.email as string))[0]!.customer_no).toBe('10077');
  });
});

describe('what a request must carry', () => {
  it.each(['companyName', 'street', 'zipCode', 'city', 'countryCode', 'firstName', 'lastName', 'email'])('refuses a request without %s', async (field) => {
    await expectRefused(validRequest({ [field]: undefined }), 400, 'validation.required', field);
    await expectRefused(validRequest({ [field]: '   ' }), 400, 'validation.required', field);
  });

  it('refuses a request without the consent to the privacy policy', async () => {
    await expectRefused(validRequest({ privacyAccepted: undefined }), 400, 'signup.privacy.required', 'privacyAccepted');
    await expectRefused(validRequest({ privacyAccepted: false }), 400, 'signup.privacy.required', 'privacyAccepted');
    await expectRefused(validRequest({ privacyAccepted: 'true' }), 400, 'signup.privacy.required', 'privacyAccepted');
  });

  it('answers no body at all with the first missing field', async () => {
    await expectRefused(undefined, 400, 'validation.required', 'companyName');
  });

  it.each([
    ['email', 'not-an-address', 'validation.email_invalid'],
    ['email', 'jana@', 'validation.email_invalid'],
    ['zipCode', '25746!', 'address.zip_code.invalid'],
    ['countryCode', 'XX', 'address.country.invalid'],
    ['countryCode', 'Deutschland', 'address.country.invalid'],
    ['phone', 'call me', 'user.phone.invalid'],
    ['phone', '12', 'user.phone.invalid'],
    ['companyName', 'Küstenbau\nGmbH', 'validation.invalid'],
    ['street', 'Deichstraße\t7', 'validation.invalid'],
    ['lastName', 'Ørsted\u202e', 'validation.invalid'],
    ['firstName', 42, 'validation.invalid'],
    ['message', ['a'], 'validation.invalid'],
  ])('refuses %s %j (%s)', async (field, value, messageKey) => {
    await expectRefused(validRequest({ [field]: value }), 400, messageKey, field);
  });

  it('explains a refusal in the requester’s language', async () => {
    expect((await expectRefused(validRequest({ email: 'nope' }), 400, 'validation.email_invalid', 'email', { locale: 'en' })).message).toBe('Please enter a valid e-mail address.');
    expect((await expectRefused(validRequest({ privacyAccepted: false }), 400, 'signup.privacy.required', 'privacyAccepted', { locale: 'de' })).message).toBe(
      'Bitte stimmen Sie der Datenschutzerklärung zu.',
    );
  });
});

describe('VAT ids', () => {
  it.each([
    ['DE', 'de 123.456.789', 'DE123456789'],
    ['DE', '123456789', 'DE123456789'],
    ['AT', 'ATU 1234 5678', 'ATU12345678'],
    ['GR', 'EL123456789', 'EL123456789'],
    ['GR', 'GR 123 456 789', 'EL123456789'],
    ['NL', 'NL123456789B01', 'NL123456789B01'],
    ['FR', 'FR AB 123456789', 'FRAB123456789'],
    ['ES', 'ES-A1234567-B', 'ESA1234567B'],
    ['IE', 'IE1234567WA', 'IE1234567WA'],
    // Another member state's number for a company in Germany; a Swiss company's number as typed.
    ['DE', 'ATU12345678', 'ATU12345678'],
    ['CH', 'CHE-123.456.789 MWST', 'CHE123456789MWST'],
  ])('takes a company in %s with %j and keeps it as %s', async (countryCode, vatId, kept) => {
    const body = validRequest({ countryCode, vatId });
    const response = await send(body);
    expect(response.statusCode, response.body).toBe(201);
    expect((await requestRow(body.email as string))[0]!.vat_id).toBe(kept);
  });

  it.each([
    ['DE', 'DE12345678'],
    ['DE', '12345'],
    ['AT', 'AT12345678'],
    ['GR', 'EL12345678'],
    ['NL', 'NL123456789A01'],
    ['SE', 'SE123456789002'],
    ['DE', 'CHE123456789'],
    ['CH', 'X1'],
  ])('refuses a company in %s with %j', async (countryCode, vatId) => {
    await expectRefused(validRequest({ countryCode, vatId }), 400, 'signup.vat_id.invalid', 'vatId');
  });
});

describe('length limits', () => {
  const oneLine = ['companyName', 'vatId', 'customerNo', 'street', 'zipCode', 'city', 'firstName', 'lastName', 'phone', 'message'] as const;

  it('takes every field at its limit', async () => {
    const at = (field: (typeof oneLine)[number], unit: string) => unit.repeat(Math.ceil(signupLimits[field] / unit.length)).slice(0, signupLimits[field]);
    // 64 characters before the @, labels of at most 63 after it.
    const email = `${'x'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(signupLimits.email - 64 - 1 - 63 - 1 - 63 - 1 - 3)}.de`;
    expect(email).toHaveLength(signupLimits.email);
    const body = validRequest({
      companyName: at('companyName', 'K'),
      customerNo: at('customerNo', '7'),
      street: at('street', 'S'),
      zipCode: at('zipCode', '1'),
      city: at('city', 'H'),
      firstName: at('firstName', 'J'),
      lastName: at('lastName', 'O'),
      email,
      phone: at('phone', '1'),
      message: at('message', 'm'),
      // A VAT id outside the EU may be typed with separators up to the limit.
      countryCode: 'CH',
      vatId: `CHE-${'1.'.repeat(13)}`,
    });
    const response = await send(body);
    expect(response.statusCode, response.body).toBe(201);
    expect((await requestRow(email))[0]!.vat_id).toBe(`CHE${'1'.repeat(13)}`);
  });

  it.each(oneLine)('refuses %s beyond its limit', async (field) => {
    await expectRefused(validRequest({ [field]: '1'.repeat(signupLimits[field] + 1) }), 400, 'validation.too_long', field);
  });

  it('refuses an e-mail address beyond 254 characters', async () => {
    await expectRefused(validRequest({ email: `${'x'.repeat(250)}@a.de` }), 400, 'validation.too_long', 'email');
  });
});

describe('an address the shop already knows', () => {
  it('refuses a second request while the first is open, whatever the letter case', async () => {
    const email = newEmail('Doppelt');
    expect((await send(validRequest({ email }))).statusCode).toBe(201);
    const en = await expectRefused(validRequest({ email: email.toUpperCase() }), 409, 'signup.error.duplicate', 'email', { locale: 'en' });
    expect(en.message).toBe('We already have a request for this e-mail address and are dealing with it. If you have any questions, please contact your Sales Manager.');
    const de = await expectRefused(validRequest({ email }), 409, 'signup.error.duplicate', 'email', { locale: 'de' });
    expect(de.message).toContain('Vertriebsmitarbeiter');
  });

  it('takes a new request once the back office has rejected the old one', async () => {
    const email = newEmail('wieder');
    expect((await send(validRequest({ email }))).statusCode).toBe(201);
    await shop.db.updateTable('signup_requests').set({ status: 'rejected' }).where('email', '=', email).execute();
    expect((await send(validRequest({ email }))).statusCode).toBe(201);
    expect((await requestRow(email)).map((row) => row.status).sort()).toEqual(['new', 'rejected']);
  });

  it('keeps two requests for one address that arrive at once apart: one is taken', async () => {
    const email = newEmail('gleichzeitig');
    const answers = await Promise.all([send(validRequest({ email })), send(validRequest({ email })), send(validRequest({ email: email.toUpperCase() }))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await requestRow(email)).toHaveLength(1);
  });

  it('tells an address that has an account to contact the sales manager', async () => {
    const user = await shop.db.selectFrom('users').select('email').where('username', '=', 'customer').executeTakeFirstOrThrow();
    const en = await expectRefused(validRequest({ email: ` ${user.email.toUpperCase()} ` }), 409, 'signup.error.account_exists', 'email', { locale: 'en' });
    expect(en.message).toBe('This e-mail address already has a customer account. Please contact your Sales Manager.');
    const de = await expectRefused(validRequest({ email: user.email }), 409, 'signup.error.account_exists', 'email', { locale: 'de' });
    expect(de.message).toBe('Zu dieser E-Mail-Adresse gibt es bereits ein Kundenkonto. Bitte wenden Sie sich an Ihren Vertriebsmitarbeiter.');
  });
});

describe('a shop that takes no requests', () => {
  it('refuses every request with the spec’s “signup blocked”, and says so in its configuration', async () => {
    await setSiteSetting(shop, tenantId, 'acceptSignupRequests', false);
    try {
      const configuration = await shop.app.inject({ url: '/api/configuration' });
      expect(configuration.json().acceptSignupRequests).toBe(false);
      const refusal = await expectRefused(validRequest(), 403, 'signup.blocked', undefined, { locale: 'en' });
      expect(refusal.message).toBe('We are not accepting requests for new customer accounts at the moment. Please contact our sales team directly.');
    } finally {
      await setSiteSetting(shop, tenantId, 'acceptSignupRequests', true);
    }
    expect((await shop.app.inject({ url: '/api/configuration' })).json().acceptSignupRequests).toBe(true);
    expect((await send(validRequest())).statusCode).toBe(201);
  });
});

describe('throttles', () => {
  it(`takes ${signupPerIp} requests per client address within the window, then answers 429 until it ends; other addresses go on`, async () => {
    const ip = newIp();
    for (let i = 0; i < signupPerIp; i++) expect((await send(validRequest(), { ip })).statusCode).toBe(201);
    const refusal = await expectRefused(validRequest(), 429, 'signup.too_many_requests', undefined, { ip, locale: 'en' });
    expect(refusal.message).toBe('Too many requests. Please wait 15 minutes and try again.');
    expect((await send(validRequest())).statusCode).toBe(201);
  });

  it('counts the answers about known addresses too: a scan from one address gets no more answers than the limit', async () => {
    const known = Array.from({ length: signupPerIp + 1 }, () => newEmail('bekannt'));
    for (const email of known) expect((await send(validRequest({ email }))).statusCode).toBe(201);
    const ip = newIp();
    for (const email of known.slice(0, signupPerIp)) expect((await send(validRequest({ email }), { ip })).statusCode).toBe(409);
    await expectRefused(validRequest({ email: known[signupPerIp] }), 429, 'signup.too_many_requests', undefined, { ip });
  });

  it(`takes ${signupPerEmail} requests per e-mail address within the window, from any client address`, async () => {
    const email = newEmail('oft');
    expect((await send(validRequest({ email }))).statusCode).toBe(201);
    for (let i = 1; i < signupPerEmail; i++) expect((await send(validRequest({ email }))).statusCode).toBe(409);
    await shop.db.updateTable('signup_requests').set({ status: 'rejected' }).where('email', '=', email).execute();
    await expectRefused(validRequest({ email }), 429, 'signup.too_many_requests');
    // The window is LOGIN_WINDOW_MINUTES; once it ran out (here: moved back) the address may ask again.
    await shop.db.updateTable('login_throttle').set({ window_started_at: new Date(Date.now() - 16 * 60_000).toISOString() }).where('subject', '=', `signup-email:${email}`).execute();
    expect((await send(validRequest({ email }))).statusCode).toBe(201);
  });

  it('does not count what validation refuses', async () => {
    const ip = newIp();
    for (let i = 0; i < signupPerIp + 5; i++) expect((await send(validRequest({ email: 'kaputt' }), { ip })).statusCode).toBe(400);
    expect((await send(validRequest(), { ip })).statusCode).toBe(201);
  });
});

describe('a seller without a contact address', () => {
  it('still takes the request and confirms it; there is nobody to notify', async () => {
    await shop.db.updateTable('seller_companies').set({ email: '' }).where('tenant_id', '=', tenantId).execute();
    try {
      const body = validRequest();
      expect((await send(body)).statusCode).toBe(201);
      const kinds = await shop.db.selectFrom('mail_outbox').select('kind').where('payload', 'like', `%${body.email as string}%`).execute();
      expect(kinds.map((row) => row.kind)).toEqual(['signup_confirmation']);
    } finally {
      await shop.db.updateTable('seller_companies').set({ email: seller.email }).where('tenant_id', '=', tenantId).execute();
    }
  });
});
