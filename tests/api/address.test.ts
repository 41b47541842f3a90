import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext, Role } from '../../server/context.ts';
import { addressProblemForOrder, maxAddressesPerCompany, usableForOrder, type Address } from '../../server/modules/addresses/address.service.ts';
import { callApi, startTestShop, type ApiRequest, type DemoAccount, type TestShop } from './helper.ts';

// The company address book: GET, POST, PUT and DELETE /api/address on the acting company, default
// switching, the master data rule, blocked users, validation, foreign and unknown ids alike, guests and
// nobody, a sales person acting for a customer, and the checkout's service functions.

let shop: TestShop;
let tenantId: number;
const companies = new Map<string, number>();
const auths = new Map<DemoAccount, string>();

const call = (account: DemoAccount | null, ...request: ApiRequest) => callApi(shop, account ? auths.get(account) : null, ...request);

const list = async (account: DemoAccount, headers: Record<string, string> = {}): Promise<Address[]> => {
  const answer = await call(account, 'GET', '/api/address', undefined, headers);
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.data;
};

const valid = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Hafenstraße 12',
  zipCode: '20457',
  city: 'Hamburg',
  country: 'DE',
  phoneNumber: '+49 (40) 555-0120',
  ...extra,
});

async function create(account: DemoAccount, extra: Record<string, unknown> = {}): Promise<Address> {
  const answer = await call(account, 'POST', '/api/address', valid(extra));
  expect(answer.statusCode, answer.raw).toBe(201);
  return answer.body.data;
}

const storedRows = (companyId: number) => shop.db.selectFrom('addresses').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

async function setSalesCompany(customerNo: string): Promise<void> {
  await shop.db.updateTable('users').set({ current_company_id: companies.get(customerNo)! }).where('username', '=', 'sales').execute();
  shop.services.auth.clearCache();
}

async function contextOf(username: string, companyId?: number): Promise<RequestContext> {
  const user = await shop.db.selectFrom('users').select(['id', 'role', 'company_id']).where('tenant_id', '=', tenantId).where('username', '=', username).executeTakeFirstOrThrow();
  return { tenant: { id: tenantId, slug: 'demo' }, locale: 'de', identity: { sessionId: 0, userId: user.id, role: user.role as Role, companyId: companyId ?? user.company_id } };
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  for (const row of await shop.db.selectFrom('companies').select(['id', 'customer_no']).where('tenant_id', '=', tenantId).execute()) companies.set(row.customer_no, row.id);
  for (const account of ['guest', 'customer', 'customeradmin', 'customer2', 'sales', 'admin'] as const) auths.set(account, await shop.login(account));
});
afterAll(() => shop?.close());

describe('GET /api/address', () => {
  it('lists the acting company’s addresses in the spec’s shape, the default address first', async () => {
    const data = await list('customer');
    expect(data).toEqual([
      {
        _id: expect.any(Number),
        type: 0,
        isDefault: true,
        firstName: 'Petra',
        lastName: 'Muster',
        companyName: '',
        street: 'Industriestraße 7',
        street2: '',
        addressline2: 'Muster Baubedarf GmbH',
        apartment: '',
        zipCode: '22525',
        city: 'Hamburg',
        state: '',
        country: { code: 'DE', name: 'Deutschland' },
        phoneNumber: '+49 40 555010',
      },
      expect.objectContaining({ type: 1, isDefault: false, street: 'Lagerweg 3, Tor 2', country: { code: 'DE', name: 'Deutschland' } }),
    ]);
    const rows = await storedRows(companies.get('10001')!);
    expect(data.map((a) => a._id)).toEqual(rows.map((r) => r.id));
  });

  it('names the country in the reader’s language, and gives an address without a country none', async () => {
    expect((await list('customer2', { 'accept-language': 'en' })).map((a) => a.country)).toEqual([
      { code: 'AT', name: 'Austria' },
      { code: 'AT', name: 'Austria' },
    ]);
    const [row] = await shop.db
      .insertInto('addresses')
      .values({ tenant_id: tenantId, company_id: companies.get('10002')!, type: 1, first_name: 'Ohne', street: 'Irgendwo 1', zip_code: '1010', city: 'Wien', country_code: null, country_name: null })
      .returning('id')
      .execute();
    try {
      const without = (await list('customer2')).find((a) => a._id === row!.id)!;
      expect(without.country).toBeNull();
      expect(usableForOrder(without)).toBe(false);
      expect(addressProblemForOrder(without)).toBe('address.missing.country');
    } finally {
      await shop.db.deleteFrom('addresses').where('id', '=', row!.id).execute();
    }
  });

  it('shows each company only its own addresses', async () => {
    const own = await list('customer');
    const other = await list('customer2');
    expect(other.map((a) => a.city)).toEqual(['Innsbruck', 'Salzburg']);
    expect(other.some((a) => own.some((b) => b._id === a._id))).toBe(false);
  });
});

describe('POST /api/address', () => {
  it('adds a shipping address to the company and answers it', async () => {
    const before = await storedRows(companies.get('10001')!);
    const created = await create('customer', { country: 'at', street2: '  ', state: 'Tirol', companyName: 'Muster Filiale' });
    expect(created).toEqual({
      _id: expect.any(Number),
      type: 1,
      isDefault: false,
      firstName: 'Erika',
      lastName: 'Mustermann',
      companyName: 'Muster Filiale',
      street: 'Hafenstraße 12',
      street2: '',
      addressline2: '',
      apartment: '',
      zipCode: '20457',
      city: 'Hamburg',
      state: 'Tirol',
      country: { code: 'AT', name: 'Österreich' },
      phoneNumber: '+49 (40) 555-0120',
    });
    const rows = await storedRows(companies.get('10001')!);
    expect(rows).toHaveLength(before.length + 1);
    expect(rows.at(-1)).toMatchObject({ tenant_id: tenantId, company_id: companies.get('10001'), type: 1, is_default: 0, street2: null, country_code: 'AT', country_name: 'Österreich' });
    expect(rows.at(-1)!.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await list('customeradmin')).map((a) => a._id)).toContain(created._id);
  });

  it('accepts a company name instead of a first name, and the country as { code } (the shape it answers)', async () => {
    const created = await create('customer', { firstName: undefined, lastName: undefined, companyName: 'Baustelle Nord GmbH', country: { code: 'CH', name: 'ignored' } });
    expect(created).toMatchObject({ firstName: '', companyName: 'Baustelle Nord GmbH', country: { code: 'CH', name: 'Schweiz' } });
  });

  it('makes a new default shipping address take the default from the previous one, leaving other types alone', async () => {
    const first = await create('customer', { isDefault: true, city: 'Erste' });
    const second = await create('customer', { isDefault: true, city: 'Zweite' });
    const data = await list('customer');
    const defaults = data.filter((a) => a.isDefault);
    expect(defaults.map((a) => [a.type, a._id])).toEqual([
      [0, data[0]!._id],
      [1, second._id],
    ]);
    expect(data.find((a) => a._id === first._id)!.isDefault).toBe(false);
    // The default shipping address comes first among the shipping addresses.
    expect(data.filter((a) => a.type === 1)[0]!._id).toBe(second._id);
  });

  it('keeps one default per type when several arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => call('customer', 'POST', '/api/address', valid({ isDefault: true, city: `Parallel ${i}` }))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(201));
    const defaults = (await storedRows(companies.get('10001')!)).filter((r) => r.type === 1 && r.is_default === 1);
    expect(defaults).toHaveLength(1);
  });

  it('lets customer admins add master data addresses, not plain customers', async () => {
    const count = (await storedRows(companies.get('10001')!)).length;
    for (const type of [0, 2, 3]) {
      const refused = await call('customer', 'POST', '/api/address', valid({ type }));
      expect([refused.statusCode, refused.body.messageKey, refused.body.field]).toEqual([403, 'address.master_data.forbidden', 'type']);
    }
    expect(await storedRows(companies.get('10001')!)).toHaveLength(count);
    const invoice = await create('customeradmin', { type: 2, isDefault: true, companyName: 'Muster Baubedarf GmbH', firstName: undefined });
    expect(invoice).toMatchObject({ type: 2, isDefault: true });
    // The company's default address keeps its default.
    expect((await list('customer')).find((a) => a.type === 0)!.isDefault).toBe(true);
  });
});

describe('PUT /api/address/{id}', () => {
  it('changes an address, keeping its type and default when they are not sent', async () => {
    const address = await create('customer', { isDefault: true, city: 'Vorher' });
    const answer = await call('customer', 'PUT', `/api/address/${address._id}`, valid({ city: 'Nachher', zipCode: 'SW1A 1AA', country: 'GB', apartment: '3. OG' }));
    expect(answer.statusCode, answer.raw).toBe(200);
    expect(answer.body.data).toMatchObject({ _id: address._id, type: 1, isDefault: true, city: 'Nachher', zipCode: 'SW1A 1AA', country: { code: 'GB', name: 'Vereinigtes Königreich' }, apartment: '3. OG' });
    expect((await list('customer')).find((a) => a._id === address._id)).toEqual(answer.body.data);
  });

  it('switches the default: the one made default takes it from the previous one', async () => {
    const a = await create('customer', { isDefault: true, city: 'A' });
    const b = await create('customer', { city: 'B' });
    expect((await call('customer', 'PUT', `/api/address/${b._id}`, valid({ city: 'B', isDefault: true }))).statusCode).toBe(200);
    let data = await list('customer');
    expect(data.find((x) => x._id === a._id)!.isDefault).toBe(false);
    expect(data.find((x) => x._id === b._id)!.isDefault).toBe(true);
    expect(data.filter((x) => x.type === 1 && x.isDefault)).toHaveLength(1);
    // isDefault false takes the default away; no other address gets it.
    expect((await call('customer', 'PUT', `/api/address/${b._id}`, valid({ city: 'B', isDefault: false }))).statusCode).toBe(200);
    data = await list('customer');
    expect(data.filter((x) => x.type === 1 && x.isDefault)).toEqual([]);
  });

  it('refuses plain customers the master data: changing it, or turning a shipping address into it', async () => {
    const data = await list('customer');
    const main = data.find((a) => a.type === 0)!;
    const shipping = data.find((a) => a.type === 1)!;
    const before = await storedRows(companies.get('10001')!);
    for (const [id, body] of [
      [main._id, valid()],
      [main._id, valid({ type: 1 })],
      [shipping._id, valid({ type: 2 })],
    ] as const) {
      const refused = await call('customer', 'PUT', `/api/address/${id}`, body);
      expect([refused.statusCode, refused.body.messageKey]).toEqual([403, 'address.master_data.forbidden']);
    }
    expect(await storedRows(companies.get('10001')!)).toEqual(before);
    const changed = await call('customeradmin', 'PUT', `/api/address/${main._id}`, { ...main, phoneNumber: '+49 40 555019' });
    expect(changed.statusCode, changed.raw).toBe(200);
    expect(changed.body.data).toEqual({ ...main, phoneNumber: '+49 40 555019' });
  });
});

describe('DELETE /api/address/{id}', () => {
  it('deletes a shipping address; a second delete finds nothing', async () => {
    const address = await create('customer');
    const deleted = await call('customer', 'DELETE', `/api/address/${address._id}`);
    expect([deleted.statusCode, deleted.raw]).toEqual([204, '']);
    expect((await list('customer')).map((a) => a._id)).not.toContain(address._id);
    const again = await call('customer', 'DELETE', `/api/address/${address._id}`);
    expect([again.statusCode, again.body.messageKey]).toEqual([404, 'address.not_found']);
  });

  it('lets only master data roles delete master data, and never the company’s last invoice or default address', async () => {
    await setSalesCompany('10003');
    try {
      const data = await list('sales');
      const main = data.find((a) => a.type === 0)!;
      expect(data.map((a) => a.type)).toEqual([0, 1]);
      const refused = await call('sales', 'DELETE', `/api/address/${main._id}`);
      expect([refused.statusCode, refused.body.messageKey]).toEqual([409, 'address.delete.invoice_required']);
      const invoice = await create('sales', { type: 2 });
      // With an invoice address the default address may go, and then the invoice address is the last one.
      expect((await call('sales', 'DELETE', `/api/address/${main._id}`)).statusCode).toBe(204);
      const last = await call('sales', 'DELETE', `/api/address/${invoice._id}`);
      expect([last.statusCode, last.body.messageKey]).toEqual([409, 'address.delete.invoice_required']);
      expect((await list('sales')).map((a) => a._id)).toContain(invoice._id);
    } finally {
      await setSalesCompany('10001');
    }
    const main = (await list('customer')).find((a) => a.type === 0)!;
    const refused = await call('customer', 'DELETE', `/api/address/${main._id}`);
    expect([refused.statusCode, refused.body.messageKey]).toEqual([403, 'address.master_data.forbidden']);
  });
});

describe('blockUsersToAddNewAddress', () => {
  it('refuses adding and changing whatever is sent, and allows reading and deleting', async () => {
    const shipping = await create('customer');
    const other = await create('customer');
    await shop.db.updateTable('users').set({ block_users_to_add_new_address: 1 }).where('username', '=', 'customer').execute();
    try {
      const before = await storedRows(companies.get('10001')!);
      for (const body of [valid(), {}, { street: 'x'.repeat(5000) }]) {
        const added = await call('customer', 'POST', '/api/address', body);
        expect([added.statusCode, added.body.messageKey]).toEqual([403, 'address.adding.blocked']);
        const changed = await call('customer', 'PUT', `/api/address/${shipping._id}`, body);
        expect([changed.statusCode, changed.body.messageKey]).toEqual([403, 'address.changing.blocked']);
      }
      expect(await storedRows(companies.get('10001')!)).toEqual(before);
      const me = await call('customer', 'GET', '/api/user/currentUser');
      expect(me.body.account.blockUsersToAddNewAddress).toBe(true);
      expect((await list('customer')).length).toBe(before.length);
      expect((await call('customer', 'DELETE', `/api/address/${other._id}`)).statusCode).toBe(204);
      // Only the flagged user: a colleague of the same company still adds.
      expect((await call('customeradmin', 'POST', '/api/address', valid())).statusCode).toBe(201);
    } finally {
      await shop.db.updateTable('users').set({ block_users_to_add_new_address: 0 }).where('username', '=', 'customer').execute();
    }
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown> | unknown, string, string | undefined][] = [
    ['no receiver name', valid({ firstName: undefined, companyName: '  ' }), 'address.name.required', 'firstName'],
    ['no street', valid({ street: undefined }), 'validation.required', 'street'],
    ['a blank street', valid({ street: '   ' }), 'validation.required', 'street'],
    ['a street with a line break', valid({ street: 'Weg 1\nHinterhaus' }), 'validation.invalid', 'street'],
    ['a street as a number', valid({ street: 12 }), 'validation.invalid', 'street'],
    ['a city with a tab', valid({ city: 'Ham\tburg' }), 'validation.invalid', 'city'],
    ['a name with a right-to-left override', valid({ lastName: 'Muster\u202egnirts' }), 'validation.invalid', 'lastName'],
    ['a name with broken UTF-16', valid({ firstName: 'Erika\ud800' }), 'validation.invalid', 'firstName'],
    ['a long street', valid({ street: 'x'.repeat(101) }), 'validation.too_long', 'street'],
    ['a long first name', valid({ firstName: 'x'.repeat(101) }), 'validation.too_long', 'firstName'],
    ['a long company name', valid({ companyName: 'x'.repeat(151) }), 'validation.too_long', 'companyName'],
    ['no zip code', valid({ zipCode: '' }), 'validation.required', 'zipCode'],
    ['a zip code with symbols', valid({ zipCode: '20457;' }), 'address.zip_code.invalid', 'zipCode'],
    ['a long zip code', valid({ zipCode: '1'.repeat(21) }), 'validation.too_long', 'zipCode'],
    ['no city', valid({ city: null }), 'validation.required', 'city'],
    ['no country', valid({ country: undefined }), 'validation.required', 'country'],
    ['an unknown country code', valid({ country: 'XX' }), 'address.country.invalid', 'country'],
    ['a region that is no country', valid({ country: { code: 'EU' } }), 'address.country.invalid', 'country'],
    ['a country name instead of a code', valid({ country: 'Deutschland' }), 'address.country.invalid', 'country'],
    ['a country as a number', valid({ country: 49 }), 'address.country.invalid', 'country'],
    ['a phone number with letters', valid({ phoneNumber: 'call me' }), 'address.phone.invalid', 'phoneNumber'],
    ['a phone number of two digits', valid({ phoneNumber: '+1 2' }), 'address.phone.invalid', 'phoneNumber'],
    ['a long phone number', valid({ phoneNumber: '1'.repeat(31) }), 'validation.too_long', 'phoneNumber'],
    ['an unknown type', valid({ type: 7 }), 'validation.invalid', 'type'],
    ['a type as text', valid({ type: '1' }), 'validation.invalid', 'type'],
    ['isDefault as text', valid({ isDefault: 'yes' }), 'validation.invalid', 'isDefault'],
    ['an empty body', {}, 'validation.required', 'street'],
    ['a list', [valid()], 'validation.invalid', undefined],
  ];

  it.each(cases)('refuses %s with a message key and field, on POST and PUT, writing nothing', async (_name, body, messageKey, field) => {
    const target = (await list('customer')).find((a) => a.type === 1)!;
    const before = await storedRows(companies.get('10001')!);
    for (const [method, url] of [
      ['POST', '/api/address'],
      ['PUT', `/api/address/${target._id}`],
    ] as const) {
      const answer = await call('customer', method, url, body);
      expect(answer.statusCode, answer.raw).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, messageKey });
      if (field) expect(answer.body.field).toBe(field);
      else expect(answer.body.field).toBeUndefined();
    }
    expect(await storedRows(companies.get('10001')!)).toEqual(before);
  });

  it('answers in the user’s language', async () => {
    const answer = await call('customer', 'POST', '/api/address', valid({ country: 'XX' }), { 'accept-language': 'en' });
    expect(answer.body.message).toBe('Please choose a valid country.');
    const german = await call('customer', 'POST', '/api/address', valid({ firstName: undefined }));
    expect(german.body.message).toBe('Bitte geben Sie einen Vornamen oder einen Firmennamen an.');
  });

  it('refuses an address beyond the company’s limit', async () => {
    const companyId = companies.get('10003')!;
    const existing = (await storedRows(companyId)).length;
    await shop.db
      .insertInto('addresses')
      .values(Array.from({ length: maxAddressesPerCompany - existing }, (_, i) => ({ tenant_id: tenantId, company_id: companyId, type: 1 as const, first_name: `F${i}`, street: 'S', zip_code: '1', city: 'C', country_code: 'DE', country_name: 'Deutschland' })))
      .execute();
    await setSalesCompany('10003');
    try {
      const refused = await call('sales', 'POST', '/api/address', valid());
      expect([refused.statusCode, refused.body.messageKey]).toEqual([409, 'address.limit_reached']);
      expect(await storedRows(companyId)).toHaveLength(maxAddressesPerCompany);
    } finally {
      await shop.db.deleteFrom('addresses').where('company_id', '=', companyId).where('street', '=', 'S').execute();
      await setSalesCompany('10001');
    }
  });
});

describe('foreign and unknown ids', () => {
  it('answers another company’s, another tenant’s, an unknown and a malformed id exactly alike, changing nothing', async () => {
    const theirs = (await list('customer2'))[1]!;
    const [rival] = await shop.db.insertInto('tenants').values({ slug: 'rival-addresses', name: 'Rival' }).returning('id').execute();
    const [rivalCompany] = await shop.db.insertInto('companies').values({ tenant_id: rival!.id, customer_no: '10001', name: 'Rival Kunde', vat_country_code: 'DE' }).returning('id').execute();
    const [rivalAddress] = await shop.db
      .insertInto('addresses')
      .values({ tenant_id: rival!.id, company_id: rivalCompany!.id, type: 1, first_name: 'Rival', street: 'Fremdweg 1', zip_code: '50667', city: 'Köln', country_code: 'DE', country_name: 'Deutschland' })
      .returning('id')
      .execute();
    const before = await shop.db.selectFrom('addresses').selectAll().orderBy('id').execute();
    const ids = [String(theirs._id), String(rivalAddress!.id), '987654321', 'abc', '0', '-1', '1.5', '99999999999', '0x10', '%20'];
    for (const method of ['PUT', 'DELETE'] as const) {
      const answers = new Set<string>();
      for (const id of ids) {
        const answer = await call('customer', method, `/api/address/${id}`, method === 'PUT' ? valid() : undefined);
        answers.add(`${answer.statusCode} ${answer.raw}`);
      }
      expect([...answers]).toHaveLength(1);
      expect(JSON.parse([...answers][0]!.slice(4))).toMatchObject({ statusCode: 404, messageKey: 'address.not_found' });
    }
    // A customer admin may change master data, yet another company's is still unknown to them.
    const admin = await call('customeradmin', 'DELETE', `/api/address/${(await list('customer2'))[0]!._id}`);
    expect([admin.statusCode, admin.body.messageKey]).toEqual([404, 'address.not_found']);
    expect(await shop.db.selectFrom('addresses').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await list('customer')).some((a) => a.street === 'Fremdweg 1')).toBe(false);
  });
});

describe('who may call', () => {
  it('refuses the guest with error.login_required and nobody with 401', async () => {
    const id = (await list('customer'))[1]!._id;
    const before = await storedRows(companies.get('10001')!);
    for (const [method, url, body] of [
      ['GET', '/api/address', undefined],
      ['POST', '/api/address', valid()],
      ['PUT', `/api/address/${id}`, valid()],
      ['DELETE', `/api/address/${id}`, undefined],
      ['PUT', '/api/address/987654321', {}],
    ] as const) {
      const guest = await call('guest', method, url, body);
      expect([guest.statusCode, guest.body.messageKey], `${method} ${url}`).toEqual([403, 'error.login_required']);
      const none = await call(null, method, url, body);
      expect([none.statusCode, none.body.messageKey], `${method} ${url}`).toEqual([401, 'error.unauthorized']);
    }
    expect(await storedRows(companies.get('10001')!)).toEqual(before);
  });

  it('lets a sales person manage the addresses of the company they act for, and only those', async () => {
    await setSalesCompany('10002');
    try {
      expect((await list('sales')).map((a) => a.city).slice(0, 2)).toEqual(['Innsbruck', 'Salzburg']);
      const created = await create('sales', { type: 2, city: 'Wien', zipCode: '1010', country: 'AT' });
      expect((await list('customer2')).map((a) => a._id)).toContain(created._id);
      expect((await list('customer')).map((a) => a._id)).not.toContain(created._id);
      const row = await shop.db.selectFrom('addresses').select('company_id').where('id', '=', created._id).executeTakeFirstOrThrow();
      expect(row.company_id).toBe(companies.get('10002'));
      const own = (await list('customer'))[1]!;
      const refused = await call('sales', 'DELETE', `/api/address/${own._id}`);
      expect([refused.statusCode, refused.body.messageKey]).toEqual([404, 'address.not_found']);
    } finally {
      await setSalesCompany('10001');
    }
    expect((await list('sales')).map((a) => a.city)[0]).toBe('Hamburg');
  });

  it('leaves the session user’s account.addresses as the spec shows it', async () => {
    const me = await call('customer', 'GET', '/api/user/currentUser');
    const data = await list('customer');
    expect(me.body.account.addresses.map((a: { _id: number }) => a._id).sort()).toEqual(data.map((a) => a._id).sort());
    expect(me.body.account.addresses[0]).toMatchObject({ isDefault: expect.any(Boolean), country: { code: expect.any(String), name: expect.any(String) } });
  });
});

describe('for the checkout', () => {
  it('offers the default shipping address, the default address and the other shipping addresses; the invoice address, else the default address', async () => {
    // Company 10003 lost its default address in a test above and kept an invoice address: that invoices.
    const served = await shop.services.addresses.checkoutAddresses(await contextOf('sales', companies.get('10003')));
    expect(served.invoice).toMatchObject({ type: 2 });
    expect(served.shipping.map((a) => a.type)).toEqual([1]);

    const buyer = await contextOf('customer');
    await shop.db.deleteFrom('addresses').where('company_id', '=', companies.get('10001')!).where('type', '=', 2).execute();
    const plain = await shop.services.addresses.create(buyer, {
      firstName: 'Lager',
      lastName: null,
      companyName: null,
      street: 'Weg 2',
      street2: null,
      addressline2: null,
      apartment: null,
      zipCode: '22525',
      city: 'Hamburg',
      state: null,
      country: 'DE',
      phoneNumber: null,
    });
    const preferred = await create('customer', { isDefault: true, city: 'Bevorzugt' });
    const { shipping, invoice } = await shop.services.addresses.checkoutAddresses(buyer);
    expect(shipping[0]!._id).toBe(preferred._id);
    expect(shipping[1]!.type).toBe(0);
    expect(shipping.slice(2).every((a) => a.type === 1 && !a.isDefault)).toBe(true);
    expect(shipping.map((a) => a._id)).toContain(plain._id);
    expect(invoice).toMatchObject({ type: 0, street: 'Industriestraße 7' });
    expect(shipping.every(usableForOrder)).toBe(true);

    const invoiceAddress = await create('customeradmin', { type: 2, city: 'Rechnungsstadt' });
    expect((await shop.services.addresses.checkoutAddresses(buyer)).invoice).toEqual(invoiceAddress);
    expect((await shop.services.addresses.checkoutAddresses(buyer)).shipping.map((a) => a._id)).not.toContain(invoiceAddress._id);
  });

  it('holds page loaders to the same rules as the API', async () => {
    const guest = await contextOf('guest');
    await expect(shop.services.addresses.checkoutAddresses(guest)).rejects.toMatchObject({ messageKey: 'error.login_required' });
    await expect(shop.services.addresses.checkoutAddresses({ ...guest, identity: null })).rejects.toMatchObject({ messageKey: 'error.unauthorized' });
    const foreign = (await list('customer2'))[0]!._id;
    await expect(shop.services.addresses.findForCompany(await contextOf('customer'), foreign)).rejects.toMatchObject({ messageKey: 'address.not_found' });
  });
});
