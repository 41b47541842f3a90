import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';
import { erpCompany } from './erp-load-fixtures.ts';

// The ERP loads the customer data (scope customers:write): companies, their users and addresses, and the
// companies each sales person serves. Every row is answered on its own; a row identical to what is stored
// writes nothing; the storefront sees a change at once.

let shop: TestShop;
let tenantId: number;
let secret: string;

interface AnswerRow {
  line: number;
  key: string;
  result: 'created' | 'updated' | 'unchanged' | 'failed';
  errors?: { path: string; code: string; message: string }[];
}
interface Answer {
  counts: Record<'created' | 'updated' | 'unchanged' | 'failed', number>;
  rows: AnswerRow[];
}

async function put(path: string, body: unknown, options: { key?: string | null; contentType?: string } = {}) {
  const key = options.key === undefined ? secret : options.key;
  return shop.app.inject({
    method: 'PUT',
    url: `/erp/v1/${path}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': options.contentType ?? 'application/json', 'accept-language': 'en' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function upsert(path: string, rows: unknown[]): Promise<Answer> {
  const response = await put(path, rows);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
}

/** Each row's result, and the failed rows' problems as path → code. */
const outcomes = (answer: Answer) =>
  answer.rows.map((row) => (row.result === 'failed' ? Object.fromEntries((row.errors ?? []).map((error) => [error.path, error.code])) : row.result));

const watchedTables = ['companies', 'users', 'addresses', 'sales_person_companies', 'mail_outbox'] as const;
type Watched = (typeof watchedTables)[number];

/** Counts every row written to the watched tables from now on (a trigger of the test's own), by table. */
async function watchWrites(): Promise<void> {
  await sql.raw('create table erp_test_writes (table_name text not null)').execute(shop.db);
  if (shop.engine === 'postgres') {
    await sql.raw(`create function erp_test_count_write() returns trigger language plpgsql as $$ begin insert into erp_test_writes values (tg_table_name); return null; end $$`).execute(shop.db);
    for (const table of watchedTables) {
      await sql.raw(`create trigger erp_test_${table} after insert or update or delete on ${table} for each row execute function erp_test_count_write()`).execute(shop.db);
    }
    return;
  }
  for (const table of watchedTables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger erp_test_${table}_${event} after ${event} on ${table} begin insert into erp_test_writes values ('${table}'); end`).execute(shop.db);
    }
  }
}

async function writesTo(table: Watched): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from erp_test_writes where table_name = ${table}`.execute(shop.db);
  return Number(rows[0]!.n);
}


const user = (externalId: string, fields: Record<string, unknown> = {}) => ({
  externalId,
  companyExternalId: '10001',
  username: `user-${externalId}`,
  email: `${externalId.toLowerCase()}@kunde.example`,
  firstName: 'Karla',
  lastName: `Kunde ${externalId}`,
  role: 'customer',
  active: true,
  locked: false,
  ...fields,
});

const address = (externalId: string, fields: Record<string, unknown> = {}) => ({
  externalId,
  companyExternalId: '10001',
  type: 'shipping',
  firstName: 'Warenannahme',
  lastName: externalId,
  companyName: 'Muster Baubedarf GmbH',
  street: `Hafenstraße ${externalId}`,
  zip: '20457',
  city: 'Hamburg',
  country: 'AT',
  ...fields,
});

const companyRow = (customerNo: string) => shop.db.selectFrom('companies').selectAll().where('tenant_id', '=', tenantId).where('customer_no', '=', customerNo).executeTakeFirst();
const userRow = (externalId: string) => shop.db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('external_id', '=', externalId).executeTakeFirst();

async function giveExternalId(username: string, externalId: string): Promise<number> {
  const row = await shop.db.updateTable('users').set({ external_id: externalId }).where('tenant_id', '=', tenantId).where('username', '=', username).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function json<T>(authorization: string, url: string): Promise<T> {
  const response = await shop.app.inject({ url, headers: { authorization } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  ({ secret } = await shop.services.apiClients.create({ tenantId, name: 'ERP', scopes: ['customers:write'], expiresAt: null }));
  await watchWrites();
});
afterAll(() => shop.close());
beforeEach(async () => {
  await sql.raw('delete from erp_test_writes').execute(shop.db);
});

describe('PUT /erp/v1/companies', () => {
  it('creates, updates and leaves unchanged row by row, and fails a row naming each wrong field', async () => {
    const full = erpCompany('20001', { name: 'Nordsee Bau GmbH', vatCountry: 'at', showNetPrices: false, discountPercent: 2.5, discountType: 'percent', freight: { amount: 12.9, freeFrom: 250 }, minimumOrderAmount: 99.99, usersSeeFinance: true });
    const wrong = erpCompany('20002', { vatCountry: 'XX', discountPercent: 3.333, freight: { amount: -1, freeFrom: 10.001 }, minimumOrderAmount: '50', name: '' });
    const first = await upsert('companies', [full, wrong]);
    expect(first.counts).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 1 });
    expect(outcomes(first)).toEqual([
      'created',
      { name: 'validation.required', vatCountry: 'address.country.invalid', discountPercent: 'erp.percent.invalid', 'freight.amount': 'validation.negative', 'freight.freeFrom': 'erp.amount.invalid', minimumOrderAmount: 'validation.invalid' },
    ]);
    expect(first.rows[1]).toMatchObject({ line: 2, key: '20002' });
    expect(first.rows[1]!.errors!.find((error) => error.path === 'discountPercent')!.message).toBe('A percent has at most two decimals.');
    expect(await companyRow('20001')).toMatchObject({
      name: 'Nordsee Bau GmbH',
      vat_country_code: 'AT',
      show_net_prices: 0,
      discount_percent_bp: 250,
      discount_type: 'percent',
      freight_expense_cents: 1290,
      freight_expense_until_cents: 25000,
      min_cart_amount_cents: 9999,
      users_see_finance: 1,
      is_active: 1,
    });
    expect(await companyRow('20002')).toBeUndefined();

    await sql.raw('delete from erp_test_writes').execute(shop.db);
    const again = await upsert('companies', [full]);
    expect(outcomes(again)).toEqual(['unchanged']);
    expect(await writesTo('companies')).toBe(0);

    const changed = await upsert('companies', [{ ...full, freight: null, active: false }, erpCompany('20003')]);
    expect(outcomes(changed)).toEqual(['updated', 'created']);
    expect(await companyRow('20001')).toMatchObject({ freight_expense_cents: null, freight_expense_until_cents: null, is_active: 0, name: 'Nordsee Bau GmbH' });
  });

  it('answers two requests creating the same company at once: one creates it, the other finds it', async () => {
    const rows = [erpCompany('20015', { name: 'Doppelt GmbH' })];
    const answers = await Promise.all([upsert('companies', rows), upsert('companies', rows)]);
    expect(answers.map((answer) => outcomes(answer)[0]).sort()).toEqual(['created', 'unchanged']);
    expect(await shop.db.selectFrom('companies').select('id').where('customer_no', '=', '20015').execute()).toHaveLength(1);
  });

  it('fails the later of two rows with one customer number, and a row that is no object', async () => {
    const answer = await upsert('companies', [erpCompany('20010'), erpCompany('20010', { name: 'Zweite' }), 'no row']);
    expect(outcomes(answer)).toEqual(['created', { externalId: 'erp.key.duplicate' }, { '': 'validation.invalid' }]);
    expect((await companyRow('20010'))!.name).toBe('Firma 20010');
  });

  it('shows a company’s price display and discount to its users at once: the current user and the catalogue', async () => {
    const customer = await shop.login('customer');
    const listing = () => json<{ data: { isGrossPrice: boolean }[] }>(customer, '/api/material?pageSize=1');
    expect((await listing()).data[0]!.isGrossPrice).toBe(false);
    const stored = (await companyRow('10001'))!;
    const answer = await upsert('companies', [
      erpCompany('10001', { name: stored.name, showNetPrices: false, discountPercent: 7.5, discountType: 'percent', freight: { amount: 9.5, freeFrom: 150 }, minimumOrderAmount: 80 }),
    ]);
    expect(outcomes(answer)).toEqual(['updated']);
    const current = await json<{ account: { showNetPrices: boolean; minCartAmount: number; transientObject: { company: unknown } } }>(customer, '/api/user/currentUser');
    expect(current.account.showNetPrices).toBe(false);
    expect(current.account.minCartAmount).toBe(80);
    expect(current.account.transientObject.company).toEqual({ freight: { freightExpense: 9.5, freightExpenseUntil: 150 }, blockedDelivery: false, discountType: 'percent', discountPercent: 7.5 });
    // The catalogue keeps the buyer's account a few seconds: the change is seen without waiting.
    expect((await listing()).data[0]!.isGrossPrice).toBe(true);
  });

  it('applies a company’s sharing of orders and finance to its users at once', async () => {
    const customer = await shop.login('customer');
    const orders = async () => (await json<{ meta: { total: number } }>(customer, '/api/order')).meta.total;
    const finance = async () => (await shop.app.inject({ url: '/api/account/list', headers: { authorization: customer } })).statusCode;
    const name = (await companyRow('10001'))!.name;
    await upsert('companies', [erpCompany('10001', { name, usersSeeCompanyOrders: true, usersSeeFinance: false })]);
    const companyOrders = await orders();
    expect(await finance()).toBe(403);
    // The order history keeps a company's setting a few seconds: the change is seen without waiting.
    expect(outcomes(await upsert('companies', [erpCompany('10001', { name, usersSeeCompanyOrders: false, usersSeeFinance: true })]))).toEqual(['updated']);
    const ownOrders = await orders();
    expect(ownOrders).toBeLessThan(companyOrders);
    expect(await finance()).toBe(200);
    await upsert('companies', [erpCompany('10001', { name, usersSeeCompanyOrders: true, usersSeeFinance: false })]);
    expect(await orders()).toBe(companyOrders);
  });

  it('lets a sales person find a new or renamed company with the next search', async () => {
    const sales = await shop.login('sales');
    await giveExternalId('sales', 'S-FIND');
    expect(outcomes(await upsert('salesPersonAssignments', [{ salesPersonExternalId: 'S-FIND', companyExternalIds: ['10001', '10002', '10003', '20020'] }]))).toEqual([
      { 'companyExternalIds.3': 'erp.reference.unknown' },
    ]);
    await upsert('companies', [erpCompany('20020', { name: 'Küstenwerk OHG' })]);
    await upsert('salesPersonAssignments', [{ salesPersonExternalId: 'S-FIND', companyExternalIds: ['10001', '10002', '10003', '20020'] }]);
    const search = (term: string) => json<{ data: { customerNo: string; name: string }[] }>(sales, `/api/user/salesPersonCustomers?search=${encodeURIComponent(term)}`);
    expect((await search('Küsten')).data).toEqual([expect.objectContaining({ customerNo: '20020', name: 'Küstenwerk OHG' })]);
    await upsert('companies', [erpCompany('20020', { name: 'Deichwerk OHG' })]);
    expect((await search('Küsten')).data).toEqual([]);
    expect((await search('Deich')).data).toEqual([expect.objectContaining({ customerNo: '20020' })]);
  });
});

describe('PUT /erp/v1/users', () => {
  it('creates a user with a password nobody knows and queues the invitation mail with the write', async () => {
    const answer = await upsert('users', [user('U-1', { phone: '+49 40 1234', locale: 'en' }), user('U-2', { locked: true })]);
    expect(outcomes(answer)).toEqual(['created', 'created']);
    const created = (await userRow('U-1'))!;
    expect(created).toMatchObject({ username: 'user-U-1', email: 'u-1@kunde.example', role: 'customer', phone: '+49 40 1234', locale: 'en', is_active: 1, is_locked: 0 });
    expect(created.company_id).toBe((await companyRow('10001'))!.id);
    expect(created.password_hash).toMatch(/^\$argon2id\$/);
    const mails = await shop.db.selectFrom('mail_outbox').selectAll().where('tenant_id', '=', tenantId).where('kind', '=', 'user_invitation').execute();
    const invitation = mails.find((mail) => mail.recipient === 'u-1@kunde.example');
    expect(invitation).toMatchObject({ locale: 'en' });
    expect(JSON.parse(invitation!.payload!)).toMatchObject({ username: 'user-U-1', companyName: 'Muster Baubedarf GmbH' });
    expect(await shop.db.selectFrom('password_tokens').select('purpose').where('user_id', '=', created.id).execute()).toEqual([{ purpose: 'invitation' }]);
    // A locked user cannot sign in: no invitation.
    expect(mails.some((mail) => mail.recipient === 'u-2@kunde.example')).toBe(false);
    const login = await shop.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'user-U-1', password: '', tenant: 'demo' } });
    expect(login.statusCode).not.toBe(200);

    await sql.raw('delete from erp_test_writes').execute(shop.db);
    // Left out, phone and language stay as stored.
    expect(outcomes(await upsert('users', [user('U-1'), user('U-2', { locked: true })]))).toEqual(['unchanged', 'unchanged']);
    expect(await writesTo('users')).toBe(0);
    expect(await writesTo('mail_outbox')).toBe(0);

    // Unlocked before setting a password: invited now. A new address of a user still invited: told at the
    // old one, invited at the new one (the earlier link dies).
    const firstToken = await shop.db.selectFrom('password_tokens').select('token_hash').where('user_id', '=', created.id).executeTakeFirstOrThrow();
    expect(outcomes(await upsert('users', [user('U-1', { email: 'karla@kunde.example' }), user('U-2')]))).toEqual(['updated', 'updated']);
    const later = await shop.db.selectFrom('mail_outbox').select(['kind', 'recipient']).where('tenant_id', '=', tenantId).where('recipient', 'in', ['u-1@kunde.example', 'karla@kunde.example', 'u-2@kunde.example']).orderBy('id').execute();
    expect(later).toEqual([
      { kind: 'user_invitation', recipient: 'u-1@kunde.example' },
      { kind: 'email_changed', recipient: 'u-1@kunde.example' },
      { kind: 'user_invitation', recipient: 'karla@kunde.example' },
      { kind: 'user_invitation', recipient: 'u-2@kunde.example' },
    ]);
    const tokens = await shop.db.selectFrom('password_tokens').select('token_hash').where('user_id', '=', created.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.token_hash).not.toBe(firstToken.token_hash);
  });

  it('fails a row naming the field: unknown company, a taken username, the role’s company rule, bad values', async () => {
    const answer = await upsert('users', [
      user('U-10', { companyExternalId: '29999', username: 'Customer' }),
      user('U-11', { username: 'CUSTOMER' }),
      user('U-12', { username: 'twice' }),
      user('U-13', { username: 'Twice' }),
      user('U-14', { role: 'sales' }),
      user('U-15', { companyExternalId: undefined }),
      user('U-16', { role: 'admin', email: 'no-address', username: 'a b', locale: 'fr' }),
      user('U-12', { username: 'other' }),
    ]);
    expect(outcomes(answer)).toEqual([
      { companyExternalId: 'erp.reference.unknown', username: 'erp.user.username.taken' },
      { username: 'erp.user.username.taken' },
      'created',
      { username: 'erp.user.username.taken' },
      { companyExternalId: 'erp.user.sales_person_company' },
      { companyExternalId: 'validation.required' },
      { role: 'validation.invalid', email: 'validation.email_invalid', username: 'company_user.username.invalid', locale: 'validation.invalid' },
      { externalId: 'erp.key.duplicate' },
    ]);
    expect(answer.rows[0]!.errors![0]!.message).toBe('Nothing with the key 29999 is known.');
  });

  it('refuses a user whose company comes only in a later request, and takes it once the company is stored', async () => {
    expect(outcomes(await upsert('users', [user('U-20', { companyExternalId: '20030' })]))).toEqual([{ companyExternalId: 'erp.reference.unknown' }]);
    expect(await userRow('U-20')).toBeUndefined();
    await upsert('companies', [erpCompany('20030', { name: 'Spätkunde GmbH' })]);
    expect(outcomes(await upsert('users', [user('U-20', { companyExternalId: '20030', role: 'customer_admin' })]))).toEqual(['created']);
    expect((await userRow('U-20'))!.role).toBe('customer_admin');
  });

  it('keeps a sales person without a company', async () => {
    expect(outcomes(await upsert('users', [user('S-30', { role: 'sales', companyExternalId: undefined })]))).toEqual(['created']);
    expect(await userRow('S-30')).toMatchObject({ role: 'sales', company_id: null });
    const invitation = await shop.db.selectFrom('mail_outbox').select('payload').where('recipient', '=', 's-30@kunde.example').executeTakeFirstOrThrow();
    // The sales person works for the wholesaler: invited by and for the seller.
    expect(JSON.parse(invitation.payload!)).toMatchObject({ companyName: 'Nordlicht Großhandel GmbH', invitedBy: 'Nordlicht Großhandel GmbH' });
  });

  it('ends a locked user’s session at once', async () => {
    const session = await shop.login('customer2');
    await giveExternalId('customer2', 'U-40');
    const before = (await shop.db.selectFrom('users').selectAll().where('external_id', '=', 'U-40').executeTakeFirstOrThrow());
    expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: session } })).statusCode).toBe(200);
    const answer = await upsert('users', [
      user('U-40', { companyExternalId: '10002', username: before.username, email: before.email, firstName: before.first_name, lastName: before.last_name, locked: true }),
    ]);
    expect(outcomes(answer)).toEqual(['updated']);
    expect((await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: session } })).statusCode).toBe(401);
    expect(await shop.db.selectFrom('sessions').select('id').where('user_id', '=', before.id).execute()).toEqual([]);
  });
});

describe('PUT /erp/v1/addresses', () => {
  it('puts an address into the company’s address book, the default of its type taken from the one before', async () => {
    const customer = await shop.login('customer');
    const answer = await upsert('addresses', [address('A-1', { isDefault: true, street2: 'Tor 4', phone: '+49 40 999' })]);
    expect(outcomes(answer)).toEqual(['created']);
    type Book = { data: { _id: number; type: number; isDefault: boolean; street: string; street2: string; country: { code: string; name: string } | null; phoneNumber: string }[] };
    const book = await json<Book>(customer, '/api/address');
    expect(book.data).toContainEqual(expect.objectContaining({ type: 1, isDefault: true, street: 'Hafenstraße A-1', street2: 'Tor 4', country: { code: 'AT', name: 'Österreich' }, phoneNumber: '+49 40 999' }));

    expect(outcomes(await upsert('addresses', [address('A-2', { isDefault: true, type: 'shipping' })]))).toEqual(['created']);
    const defaults = (await json<Book>(customer, '/api/address')).data.filter((entry) => entry.type === 1 && entry.isDefault);
    expect(defaults.map((entry) => entry.street)).toEqual(['Hafenstraße A-2']);
    const stored = await shop.db.selectFrom('addresses').select(['external_id', 'is_default', 'updated_at']).where('external_id', 'in', ['A-1', 'A-2']).orderBy('external_id').execute();
    expect(stored).toEqual([
      { external_id: 'A-1', is_default: 0, updated_at: null },
      { external_id: 'A-2', is_default: 1, updated_at: null },
    ]);

    await sql.raw('delete from erp_test_writes').execute(shop.db);
    // isDefault left out keeps the stored mark.
    expect(outcomes(await upsert('addresses', [address('A-1', { street2: 'Tor 4', phone: '+49 40 999' }), address('A-2')]))).toEqual(['unchanged', 'unchanged']);
    expect(await writesTo('addresses')).toBe(0);

    // A row that keeps its stored mark gives it up to a row of the same request that takes it.
    expect(outcomes(await upsert('addresses', [address('A-2'), address('A-1', { street2: 'Tor 4', phone: '+49 40 999', isDefault: true })]))).toEqual(['unchanged', 'updated']);
    const marks = await shop.db.selectFrom('addresses').select(['external_id', 'is_default']).where('external_id', 'in', ['A-1', 'A-2']).orderBy('external_id').execute();
    expect(marks).toEqual([
      { external_id: 'A-1', is_default: 1 },
      { external_id: 'A-2', is_default: 0 },
    ]);
  });

  it('fails a row naming the field: unknown company, missing receiver and street, a bad zip and country, two defaults of a type', async () => {
    const answer = await upsert('addresses', [
      address('A-10', { companyExternalId: '29999' }),
      address('A-11', { street: undefined, zip: '20 457!', country: 'Deutschland', type: 'billing' }),
      address('A-14', { firstName: null, companyName: '' }),
      address('A-12', { companyExternalId: '10002', type: 'invoice', isDefault: true }),
      address('A-13', { companyExternalId: '10002', type: 'invoice', isDefault: true }),
    ]);
    expect(outcomes(answer)).toEqual([
      { companyExternalId: 'erp.reference.unknown' },
      { street: 'validation.required', zip: 'address.zip_code.invalid', country: 'address.country.invalid', type: 'validation.invalid' },
      { firstName: 'address.name.required' },
      'created',
      { isDefault: 'erp.address.default.taken' },
    ]);
  });
});

describe('PUT /erp/v1/salesPersonAssignments', () => {
  it('replaces the companies a sales person serves: the customer search shows the new set at once', async () => {
    const sales = await shop.login('sales');
    const salesId = await giveExternalId('sales', 'S-50');
    await upsert('companies', [erpCompany('20050', { name: 'Elbkontor KG' })]);
    const search = async () => (await json<{ data: { customerNo: string }[] }>(sales, '/api/user/salesPersonCustomers?search=')).data.map((entry) => entry.customerNo).sort();
    await upsert('salesPersonAssignments', [{ salesPersonExternalId: 'S-50', companyExternalIds: ['10001', '10002', '10003'] }]);
    expect(await search()).toEqual(['10001', '10002', '10003']);

    const answer = await upsert('salesPersonAssignments', [{ salesPersonExternalId: 'S-50', companyExternalIds: ['10002', '20050', '20050'] }]);
    expect(outcomes(answer)).toEqual(['updated']);
    expect(await search()).toEqual(['10002', '20050']);

    await sql.raw('delete from erp_test_writes').execute(shop.db);
    expect(outcomes(await upsert('salesPersonAssignments', [{ salesPersonExternalId: 'S-50', companyExternalIds: ['20050', '10002'] }]))).toEqual(['unchanged']);
    expect(await writesTo('sales_person_companies')).toBe(0);

    // A company taken away is left at once: the session acts for it no longer.
    await shop.app.inject({ method: 'POST', url: '/api/user/switchCustomerOfSalesPerson', headers: { authorization: sales }, payload: { customerId: (await companyRow('20050'))!.id } });
    const actingFor = async () => (await json<{ account: { company: { customerNo: string } | null } }>(sales, '/api/user/currentUser')).account.company?.customerNo;
    expect(await actingFor()).toBe('20050');
    await upsert('salesPersonAssignments', [{ salesPersonExternalId: 'S-50', companyExternalIds: ['10002'] }]);
    expect(await actingFor()).not.toBe('20050');
    expect(await shop.db.selectFrom('sales_person_companies').select('company_id').where('user_id', '=', salesId).execute()).toEqual([{ company_id: (await companyRow('10002'))!.id }]);
  });

  it('fails a row naming an unknown sales person, a user who is none, an unknown company by its place in the list', async () => {
    await giveExternalId('customeradmin', 'U-60');
    const answer = await upsert('salesPersonAssignments', [
      { salesPersonExternalId: 'S-nobody', companyExternalIds: ['10001'] },
      { salesPersonExternalId: 'U-60', companyExternalIds: ['10001', '29998'] },
      { salesPersonExternalId: 'S-61', companyExternalIds: 'all' },
    ]);
    expect(outcomes(answer)).toEqual([
      { salesPersonExternalId: 'erp.reference.unknown' },
      { salesPersonExternalId: 'erp.user.not_sales_person', 'companyExternalIds.1': 'erp.reference.unknown' },
      { companyExternalIds: 'validation.invalid' },
    ]);
  });
});

describe('the customer routes', () => {
  it('refuse a body that is no list of rows, too many rows, or NDJSON with a broken line: 400, nothing written', async () => {
    const answers = [
      await put('companies', { rows: [erpCompany('20070')] }),
      await put('companies', []),
      await put('users', Array.from({ length: 1001 }, (_, at) => user(`U-B${at}`))),
      await put('addresses', `${JSON.stringify(address('A-70'))}\n{"externalId": "A-71",\n`, { contentType: 'application/x-ndjson' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(answers.map((answer) => answer.json<{ messageKey: string }>().messageKey)).toEqual(['erp.rows.required', 'erp.rows.required', 'erp.rows.too_many', 'api.ndjson.invalid']);
    for (const table of watchedTables) expect(await writesTo(table), table).toBe(0);
  });

  it('take NDJSON as well as JSON', async () => {
    const body = [erpCompany('20080'), erpCompany('20081')].map((row) => JSON.stringify(row)).join('\n');
    const response = await put('companies', body, { contentType: 'application/x-ndjson' });
    expect(response.statusCode).toBe(200);
    expect(outcomes(response.json<Answer>())).toEqual(['created', 'created']);
  });

  it('answer 401 without a key and 403 api.scope.missing for a key without customers:write', async () => {
    const { secret: catalogKey } = await shop.services.apiClients.create({ tenantId, name: 'Katalog', scopes: ['catalog:write'], expiresAt: null });
    for (const path of ['companies', 'users', 'addresses', 'salesPersonAssignments']) {
      expect((await put(path, [{}], { key: null })).statusCode, path).toBe(401);
      const refused = await put(path, [{}], { key: catalogKey });
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ messageKey: 'api.scope.missing' });
    }
    for (const table of watchedTables) expect(await writesTo(table), table).toBe(0);
  });

  it('change only the key’s own tenant: another tenant’s company with the same customer number stays as it is', async () => {
    const other = await shop.db.insertInto('tenants').values({ slug: 'erp-other', name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
    await shop.db
      .insertInto('seller_companies')
      .values({ tenant_id: other.id, name: 'Anderer Großhandel', address: 'Weg 1', city: 'Köln', post_code: '50667', phone: '0', email: 'a@b.example', country_code: 'DE', country_name: 'Deutschland', logo_url: null, company_info_text: null })
      .execute();
    const { secret: otherKey } = await shop.services.apiClients.create({ tenantId: other.id, name: 'ERP', scopes: ['customers:write'], expiresAt: null });
    const demoCompany = await companyRow('10003');
    const response = await put('companies', [erpCompany('10003', { name: 'Fremd GmbH' })], { key: otherKey });
    expect(outcomes(response.json<Answer>())).toEqual(['created']);
    const users = await put('users', [user('U-90', { companyExternalId: '10003', username: 'customer' })], { key: otherKey });
    expect(outcomes(users.json<Answer>())).toEqual(['created']);
    expect(await companyRow('10003')).toEqual(demoCompany);
    expect(await shop.db.selectFrom('users').select('tenant_id').where('external_id', '=', 'U-90').execute()).toEqual([{ tenant_id: other.id }]);
  });
});
