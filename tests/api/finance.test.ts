import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../server/context.ts';
import type { NewRow } from '../../server/db/schema.ts';
import { createFinanceReaders } from '../../server/modules/access/finance-readers.ts';
import { hashSessionToken, newSessionToken } from '../../server/modules/auth/session-token.ts';
import { createFinanceRepository } from '../../server/modules/finance/finance.repository.ts';
import { createFinanceService } from '../../server/modules/finance/finance.service.ts';
import { createOrderHistoryRepository } from '../../server/modules/orders/order-history.repository.ts';
import { createOrderScopes } from '../../server/modules/orders/order-history-scope.ts';
import { createCaches } from '../../server/cache.ts';
import { loadConfig } from '../../server/config.ts';
import { orderableProduct } from './buyer-fixtures.ts';
import { parseCsv, readXlsx } from './export-readers.ts';
import { startTestShop, type TestShop } from './helper.ts';

// The finance view (docs/product.md, Finance): GET /api/account/list and GET /api/account/list/export. Companies
// of this file's own with their users and documents, written directly; "today" is fixed at 2026-03-31 by
// building the finance service with that clock (the routes read services.finance on every request).
//   A: twelve documents covering every status, ageing bucket, sort tie and a second currency; its users
//      see its finance documents (users_see_finance = 1) but only their own orders (users_see_company_orders = 0).
//   B: keeps finance to its admins (the default); one of its invoices names A's order.
//   C: 1,234 documents with many equal keys, for paging and the exports' keyset batches.

const today = '2026-03-31';

let shop: TestShop;
let tenantId: number;
const company = { a: 0, b: 0, c: 0 };
const auth = { adminA: '', buyerA: '', colleagueA: '', salesA: '', salesNone: '', adminB: '', buyerB: '', adminC: '', guest: '' };
let orderA = 0;
/** Document ids of company A by number. */
const idOf = new Map<string, number>();

interface DocumentJson {
  _id: number;
  finDocNumber: string;
  paymentStatus: string;
  orderId: number | null;
  [key: string]: unknown;
}

interface ListJson {
  data: DocumentJson[];
  meta: { total: number; page: number; pageSize: number };
  financeStatus: Record<string, unknown>;
}

async function addUser(companyId: number | null, username: string, role: Role, currentCompanyId: number | null = null): Promise<string> {
  const user = await shop.db
    .insertInto('users')
    .values({ tenant_id: tenantId, company_id: companyId, current_company_id: currentCompanyId, username, email: `${username}@finance.example`, first_name: 'Finanz', last_name: username, phone: null, password_hash: 'not-used', role, locale: null, is_deal: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSessionToken();
  const now = new Date().toISOString();
  await shop.db.insertInto('sessions').values({ tenant_id: tenantId, user_id: user.id, token_hash: hashSessionToken(token), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 3600_000).toISOString() }).execute();
  return `Basic ${token}`;
}

async function addCompany(customerNo: string, sharing: { users_see_finance: 0 | 1; users_see_company_orders: 0 | 1 }): Promise<number> {
  const row = await shop.db.insertInto('companies').values({ tenant_id: tenantId, customer_no: customerNo, name: `Finanz ${customerNo}`, vat_country_code: 'DE', show_net_prices: 1, ...sharing }).returning('id').executeTakeFirstOrThrow();
  await shop.db
    .insertInto('addresses')
    .values({ tenant_id: tenantId, company_id: row.id, type: 1, is_default: 1, first_name: 'Lager', last_name: 'Süd', street: 'Kaistraße 7', street2: null, addressline2: null, apartment: null, zip_code: '20457', city: 'Hamburg', state: null, country_code: 'DE', country_name: 'Deutschland', phone_number: null, company_name: customerNo })
    .execute();
  return row.id;
}

type NewDocument = NewRow<'finance_documents'>;

function financeDocument(values: Partial<NewDocument> & Pick<NewDocument, 'company_id' | 'fin_doc_number' | 'doc_date' | 'amount_cents' | 'open_amount_cents'>): NewDocument {
  return {
    tenant_id: tenantId,
    type: 'invoice',
    doc_type_name: values.type === 'credit' ? 'Gutschrift' : 'Rechnung',
    due_date: null,
    currency: 'EUR',
    balance_cents: values.open_amount_cents,
    payment_status: values.open_amount_cents === 0 ? 'paid' : 'open',
    ...values,
  };
}

async function addDocuments(rows: NewDocument[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    const inserted = await shop.db.insertInto('finance_documents').values(rows.slice(start, start + 200)).returning(['id', 'fin_doc_number']).execute();
    for (const row of inserted) idOf.set(row.fin_doc_number, row.id);
  }
}

async function get(url: string, authorization: string) {
  const response = await shop.app.inject({ method: 'GET', url, headers: authorization ? { authorization, 'accept-language': 'en' } : { 'accept-language': 'en' } });
  return response;
}

async function list(query: string, authorization = auth.adminA): Promise<ListJson> {
  const response = await get(`/api/account/list${query ? `?${query}` : ''}`, authorization);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListJson>();
}

const numbersOf = (answer: ListJson) => answer.data.map((document) => document.finDocNumber);

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  const financeDocuments = createFinanceRepository(shop.db);
  shop.services.finance = createFinanceService({
    finance: financeDocuments,
    readers: createFinanceReaders({ sharing: financeDocuments, orderScopes: createOrderScopes(createOrderHistoryRepository(shop.db), createCaches(shop.clock, loadConfig({}).cacheLifetimes)) }),
    shopCurrency: async (ctx) => (await shop.services.settings.getConfiguration(ctx)).defaultCurrency,
    today: () => today,
  });

  company.a = await addCompany('FIN-A', { users_see_finance: 1, users_see_company_orders: 0 });
  company.b = await addCompany('FIN-B', { users_see_finance: 0, users_see_company_orders: 1 });
  company.c = await addCompany('FIN-C', { users_see_finance: 0, users_see_company_orders: 1 });
  auth.adminA = await addUser(company.a, 'fin-admin-a', 'customer_admin');
  auth.buyerA = await addUser(company.a, 'fin-buyer-a', 'customer');
  auth.colleagueA = await addUser(company.a, 'fin-colleague-a', 'customer');
  auth.salesA = await addUser(null, 'fin-sales-a', 'sales', company.a);
  // A sales person acts for a chosen company only while serving it.
  const salesA = await shop.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', '=', 'fin-sales-a').executeTakeFirstOrThrow();
  await shop.db.insertInto('sales_person_companies').values({ user_id: salesA.id, company_id: company.a }).execute();
  auth.salesNone = await addUser(null, 'fin-sales-none', 'sales');
  auth.adminB = await addUser(company.b, 'fin-admin-b', 'customer_admin');
  auth.buyerB = await addUser(company.b, 'fin-buyer-b', 'customer');
  auth.adminC = await addUser(company.c, 'fin-admin-c', 'customer_admin');
  auth.guest = await shop.login('guest');

  // An order of A's buyer, for the invoice that bills it.
  const product = await orderableProduct(shop.db, false);
  const basket = await shop.app.inject({ method: 'POST', url: '/api/basket', headers: { authorization: auth.buyerA }, payload: { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 1 }] } });
  expect(basket.statusCode, basket.body).toBe(200);
  const address = await shop.db.selectFrom('addresses').select('id').where('company_id', '=', company.a).executeTakeFirstOrThrow();
  const placed = await shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: auth.buyerA, 'idempotency-key': `finance-${process.pid}-${Date.now()}` },
    payload: { orderType: 'order', shippingAddressId: address.id, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  orderA = placed.json<{ _id: number }>()._id;

  const a = company.a;
  // prettier-ignore
  await addDocuments([
    financeDocument({ company_id: a, fin_doc_number: 'RE-1001', external_number: 'ERP-77-A', doc_date: '2026-01-10', due_date: '2026-01-25', amount_cents: 100_00, open_amount_cents: 100_00, order_id: orderA, postway: 'E-Mail' }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1002', doc_date: '2026-02-01', due_date: '2026-03-01', amount_cents: 250_00, open_amount_cents: 50_00, payment_status: 'partiallyPaid', balance_cents: 50_00 }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1003', external_number: 'erp-88', doc_date: '2026-03-01', due_date: '2026-03-31', amount_cents: 80_00, open_amount_cents: 80_00 }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1004', doc_date: '2026-03-15', due_date: '2026-04-14', amount_cents: 300_00, open_amount_cents: 120_00, payment_status: 'partiallyPaid' }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1005', doc_date: '2026-03-20', due_date: '2026-04-19', amount_cents: 40_00, open_amount_cents: 0 }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1006', doc_date: '2025-10-01', due_date: '2025-10-31', amount_cents: 500_00, open_amount_cents: 500_00 }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1007', doc_date: '2025-12-01', due_date: '2026-01-30', amount_cents: 75_50, open_amount_cents: 75_50 }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1008', doc_date: '2026-03-31', amount_cents: 60_00, open_amount_cents: 60_00 }),
    financeDocument({ company_id: a, type: 'credit', fin_doc_number: 'GS-2001', doc_date: '2026-02-15', due_date: '2026-02-20', amount_cents: 30_00, open_amount_cents: 30_00 }),
    financeDocument({ company_id: a, type: 'credit', fin_doc_number: 'GS-2002', doc_date: '2026-03-10', amount_cents: 20_00, open_amount_cents: 0 }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-1009', doc_date: '2026-03-01', due_date: '2026-03-31', amount_cents: 80_00, open_amount_cents: 0 }),
    financeDocument({ company_id: a, fin_doc_number: 'RE-CHF-1', currency: 'CHF', doc_date: '2026-03-05', due_date: '2026-04-05', amount_cents: 99_90, open_amount_cents: 99_90 }),
    financeDocument({ company_id: company.b, fin_doc_number: 'RE-B-1', doc_date: '2026-03-02', due_date: '2026-03-03', amount_cents: 10_00, open_amount_cents: 10_00 }),
    // Names A's order: B's users must not learn it (the link is dropped, the document stays B's).
    financeDocument({ company_id: company.b, fin_doc_number: 'RE-B-2', doc_date: '2026-03-03', amount_cents: 11_00, open_amount_cents: 0, order_id: orderA }),
  ]);

  // C: equal dates, amounts and due dates (a third without) across the batches of 500.
  await addDocuments(
    Array.from({ length: 1_234 }, (_, index) =>
      financeDocument({
        company_id: company.c,
        fin_doc_number: `C-${String(index).padStart(5, '0')}`,
        doc_date: `2026-02-${String((index % 10) + 10)}`,
        due_date: index % 3 === 0 ? null : `2026-03-${String((index % 7) + 10)}`,
        amount_cents: ((index * 37) % 7) * 100 + 1,
        open_amount_cents: index % 2 === 0 ? 0 : 1,
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

const docDateDesc = ['RE-1008', 'RE-1005', 'RE-1004', 'GS-2002', 'RE-CHF-1', 'RE-1009', 'RE-1003', 'GS-2001', 'RE-1002', 'RE-1001', 'RE-1007', 'RE-1006'];

describe('GET /api/account/list: the documents', () => {
  it('shows a document with its amounts in major units, its shown status and its links', async () => {
    const answer = await list('search=RE-1002');
    expect(answer.data).toEqual([
      {
        _id: idOf.get('RE-1002'),
        type: 'invoice',
        finDocNumber: 'RE-1002',
        externalInvoiceNumber: null,
        docDate: '2026-02-01',
        docTypeName: 'Rechnung',
        amount: { value: 250, currency: 'EUR' },
        openAmount: { value: 50, currency: 'EUR' },
        currency: 'EUR',
        dueDate: '2026-03-01',
        paymentStatus: 'overdue',
        isOverdue: true,
        daysOverdue: 30,
        postway: null,
        balance: { value: 50, currency: 'EUR' },
        invoiceLink: `/api/account/document/${idOf.get('RE-1002')}`,
        orderId: null,
      },
    ]);
  });

  it('marks overdue invoices only: due before today and not settled; a late credit note is open', async () => {
    const byNumber = new Map((await list('pageSize=100')).data.map((document) => [document.finDocNumber, document]));
    const shown = (number: string) => {
      const document = byNumber.get(number)!;
      return [document.paymentStatus, document.isOverdue, document.daysOverdue];
    };
    expect(shown('RE-1001')).toEqual(['overdue', true, 65]);
    expect(shown('RE-1002')).toEqual(['overdue', true, 30]);
    expect(shown('RE-1003')).toEqual(['open', false, 0]);
    expect(shown('RE-1004')).toEqual(['partiallyPaid', false, 0]);
    expect(shown('RE-1005')).toEqual(['paid', false, 0]);
    expect(shown('RE-1006')).toEqual(['overdue', true, 151]);
    expect(shown('RE-1008')).toEqual(['open', false, 0]);
    expect(shown('GS-2001')).toEqual(['open', false, 0]);
    expect(shown('GS-2002')).toEqual(['paid', false, 0]);
    expect(shown('RE-1009')).toEqual(['paid', false, 0]);
  });

  it('sorts by document date, newest first, by default; equal dates by id', async () => {
    const answer = await list('');
    expect(numbersOf(answer)).toEqual(docDateDesc);
    expect(answer.meta).toEqual({ total: 12, page: 1, pageSize: 20 });
  });

  it.each([
    ['docDate:desc', docDateDesc],
    ['docDate:asc', [...docDateDesc].reverse()],
    // Without a due date last; equal due dates by id.
    ['dueDate:asc', ['RE-1006', 'RE-1001', 'RE-1007', 'GS-2001', 'RE-1002', 'RE-1003', 'RE-1009', 'RE-CHF-1', 'RE-1004', 'RE-1005', 'RE-1008', 'GS-2002']],
    ['amount:desc', ['RE-1006', 'RE-1004', 'RE-1002', 'RE-1001', 'RE-CHF-1', 'RE-1009', 'RE-1003', 'RE-1007', 'RE-1008', 'RE-1005', 'GS-2001', 'GS-2002']],
    ['amount:asc', ['GS-2002', 'GS-2001', 'RE-1005', 'RE-1008', 'RE-1007', 'RE-1003', 'RE-1009', 'RE-CHF-1', 'RE-1001', 'RE-1002', 'RE-1004', 'RE-1006']],
  ])('sorts by %s', async (sort, expected) => {
    expect(numbersOf(await list(`sort=${sort}`))).toEqual(expected);
  });

  it('pages without gaps or repeats, and answers an empty page beyond the end', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`pageSize=5&page=${page}`)));
    expect(pages.flatMap(numbersOf)).toEqual(docDateDesc);
    expect(pages.map((page) => page.meta)).toEqual([
      { total: 12, page: 1, pageSize: 5 },
      { total: 12, page: 2, pageSize: 5 },
      { total: 12, page: 3, pageSize: 5 },
    ]);
    const beyond = await list('pageSize=5&page=4');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(12);
  });

  it('pages 1,234 documents with equal keys in every sort exactly once', async () => {
    for (const sort of ['docDate:desc', 'dueDate:asc', 'amount:asc']) {
      const pages = await Promise.all(Array.from({ length: 13 }, (_, index) => list(`sort=${sort}&pageSize=100&page=${index + 1}`, auth.adminC)));
      const numbers = pages.flatMap(numbersOf);
      expect(numbers, sort).toHaveLength(1_234);
      expect(new Set(numbers).size, sort).toBe(1_234);
    }
  });
});

describe('GET /api/account/list: filters', () => {
  it.each([
    ['type=invoice', ['RE-1008', 'RE-1005', 'RE-1004', 'RE-CHF-1', 'RE-1009', 'RE-1003', 'RE-1002', 'RE-1001', 'RE-1007', 'RE-1006']],
    ['type=credit', ['GS-2002', 'GS-2001']],
    ['status=paid', ['RE-1005', 'GS-2002', 'RE-1009']],
    ['status=overdue', ['RE-1002', 'RE-1001', 'RE-1007', 'RE-1006']],
    ['status=partiallyPaid', ['RE-1004']],
    ['status=open', ['RE-1008', 'RE-CHF-1', 'RE-1003', 'GS-2001']],
    ['type=credit&status=open', ['GS-2001']],
    ['from=2026-03-01&to=2026-03-20', ['RE-1005', 'RE-1004', 'GS-2002', 'RE-CHF-1', 'RE-1009', 'RE-1003']],
    ['from=2026-03-31', ['RE-1008']],
    ['to=2025-12-01', ['RE-1007', 'RE-1006']],
    ['from=2026-03-01&to=2026-03-01', ['RE-1009', 'RE-1003']],
    // Document or external number, any part, any case.
    ['search=erp', ['RE-1003', 'RE-1001']],
    ['search=re-100', ['RE-1008', 'RE-1005', 'RE-1004', 'RE-1009', 'RE-1003', 'RE-1002', 'RE-1001', 'RE-1007', 'RE-1006']],
    ['search=%20gs-200%20', ['GS-2002', 'GS-2001']],
    ['search=77-a&status=overdue', ['RE-1001']],
    // LIKE's wildcards are plain characters.
    ['search=%25', []],
    ['search=RE_1', []],
    // An empty value is "all".
    ['type=&status=&from=&to=&search=&sort=', docDateDesc],
  ])('%s', async (query, expected) => {
    const answer = await list(query);
    expect(numbersOf(answer)).toEqual(expected);
    expect(answer.meta.total).toBe(expected.length);
  });

  it('splits the documents by status without overlap', async () => {
    const counts = await Promise.all(['open', 'partiallyPaid', 'paid', 'overdue'].map(async (status) => (await list(`status=${status}`)).meta.total));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=10001', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=2.5', 'pageSize'],
    ['type=order', 'type'],
    ['status=late', 'status'],
    ['status=open,paid', 'status'],
    ['from=2026-02-30', 'from'],
    ['from=31.03.2026', 'from'],
    ['to=2026-13-01', 'to'],
    ['from=2026-03-02&to=2026-03-01', 'to'],
    ['sort=docDate', 'sort'],
    ['sort=finDocNumber:asc', 'sort'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['type=invoice&type=credit', 'type'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const response = await get(`/api/account/list?${query}`, auth.adminA);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field, messageKey: expect.stringMatching(/^validation\./) });
  });

  it('names the date problems with their own message keys', async () => {
    expect((await get('/api/account/list?from=2026-02-30', auth.adminA)).json()).toMatchObject({ messageKey: 'validation.date' });
    expect((await get('/api/account/list?from=2026-03-02&to=2026-03-01', auth.adminA)).json()).toMatchObject({ messageKey: 'validation.date_range' });
  });
});

describe('GET /api/account/list: financeStatus', () => {
  const expectedStatus = {
    currency: 'EUR',
    openAmount: { value: 985.5, currency: 'EUR' },
    overdueAmount: { value: 725.5, currency: 'EUR' },
    unsettledCredits: { value: 30, currency: 'EUR' },
    balance: { value: 955.5, currency: 'EUR' },
    oldestOverdueDueDate: '2025-10-31',
    aging: [
      { bucket: 'current', amount: { value: 260, currency: 'EUR' }, count: 3 },
      { bucket: '1-30', amount: { value: 50, currency: 'EUR' }, count: 1 },
      { bucket: '31-60', amount: { value: 75.5, currency: 'EUR' }, count: 1 },
      { bucket: '61-90', amount: { value: 100, currency: 'EUR' }, count: 1 },
      { bucket: '90+', amount: { value: 500, currency: 'EUR' }, count: 1 },
    ],
    otherCurrencies: [
      {
        currency: 'CHF',
        openAmount: { value: 99.9, currency: 'CHF' },
        overdueAmount: { value: 0, currency: 'CHF' },
        unsettledCredits: { value: 0, currency: 'CHF' },
        balance: { value: 99.9, currency: 'CHF' },
        oldestOverdueDueDate: null,
        aging: [
          { bucket: 'current', amount: { value: 99.9, currency: 'CHF' }, count: 1 },
          { bucket: '1-30', amount: { value: 0, currency: 'CHF' }, count: 0 },
          { bucket: '31-60', amount: { value: 0, currency: 'CHF' }, count: 0 },
          { bucket: '61-90', amount: { value: 0, currency: 'CHF' }, count: 0 },
          { bucket: '90+', amount: { value: 0, currency: 'CHF' }, count: 0 },
        ],
      },
    ],
  };

  it('sums the company’s open items as of today, whatever the list’s filters', async () => {
    for (const query of ['', 'type=credit', 'status=paid&search=RE-1005', 'from=2030-01-01']) {
      expect((await list(query)).financeStatus, query).toEqual(expectedStatus);
    }
  });

  it('is zero with every bucket for a company without open items, in the shop’s currency', async () => {
    const answer = await list('', auth.salesNone);
    expect(answer).toMatchObject({ data: [], meta: { total: 0, page: 1, pageSize: 20 } });
    expect(answer.financeStatus).toMatchObject({ currency: 'EUR', openAmount: { value: 0, currency: 'EUR' }, balance: { value: 0, currency: 'EUR' }, oldestOverdueDueDate: null, otherCurrencies: [] });
    expect((answer.financeStatus.aging as { count: number }[]).map((bucket) => bucket.count)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('who sees what', () => {
  it('answers 401 without a session and 403 error.login_required to the shared guest', async () => {
    for (const url of ['/api/account/list', '/api/account/list/export?format=csv']) {
      expect((await get(url, '')).statusCode).toBe(401);
      const guest = await get(url, auth.guest);
      expect(guest.statusCode).toBe(403);
      expect(guest.json()).toMatchObject({ messageKey: 'error.login_required' });
    }
  });

  it('shows the company’s documents to its customer admin and to a sales person acting for it', async () => {
    expect(numbersOf(await list('', auth.adminA))).toEqual(docDateDesc);
    expect(numbersOf(await list('', auth.salesA))).toEqual(docDateDesc);
  });

  it('keeps them from plain customers unless the company shares them, checked on every request', async () => {
    for (const url of ['/api/account/list', '/api/account/list/export?format=xlsx', '/api/account/list?page=0']) {
      const refused = await get(url, auth.buyerB);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ messageKey: 'finance.not_shared' });
    }
    expect(numbersOf(await list('', auth.adminB))).toEqual(['RE-B-2', 'RE-B-1']);

    await shop.db.updateTable('companies').set({ users_see_finance: 1 }).where('id', '=', company.b).execute();
    expect(numbersOf(await list('', auth.buyerB))).toEqual(['RE-B-2', 'RE-B-1']);
    await shop.db.updateTable('companies').set({ users_see_finance: 0 }).where('id', '=', company.b).execute();
    expect((await get('/api/account/list', auth.buyerB)).statusCode).toBe(403);
  });

  it('links a document’s order only for users who may open that order', async () => {
    const orderIdOf = async (authorization: string) => (await list('search=RE-1001', authorization)).data[0]?.orderId;
    expect(await orderIdOf(auth.adminA)).toBe(orderA);
    expect(await orderIdOf(auth.salesA)).toBe(orderA);
    // A's plain users see only their own orders: the buyer placed it, the colleague did not.
    expect(await orderIdOf(auth.buyerA)).toBe(orderA);
    expect(await orderIdOf(auth.colleagueA)).toBeNull();
    // Another company's order is never linked, even where a document names it.
    expect((await list('search=RE-B-2', auth.adminB)).data[0]?.orderId).toBeNull();
  });

  it('never shows one company another’s documents (demo companies 10001 and 10002)', async () => {
    const demo = await shop.db.selectFrom('companies').select(['id', 'customer_no']).where('customer_no', 'in', ['10001', '10002']).execute();
    const demoId = (customerNo: string) => demo.find((row) => row.customer_no === customerNo)!.id;
    await addDocuments([financeDocument({ company_id: demoId('10001'), fin_doc_number: 'RE-DEMO-10001-X', doc_date: '2026-03-01', amount_cents: 1_00, open_amount_cents: 1_00 })]);
    await shop.db.updateTable('companies').set({ users_see_finance: 1 }).where('id', '=', demoId('10002')).execute();
    const [customerAdmin, customer2] = [await shop.login('customeradmin'), await shop.login('customer2')];
    expect(numbersOf(await list('search=RE-DEMO-10001', customerAdmin))).toEqual(['RE-DEMO-10001-X']);
    expect(numbersOf(await list('search=RE-DEMO-10001', customer2))).toEqual([]);
    const everything = await list('pageSize=100', customer2);
    expect(everything.data.every((document) => document.finDocNumber !== 'RE-DEMO-10001-X')).toBe(true);
    expect(numbersOf(await list('search=RE-10', customer2))).not.toContain('RE-1001');
    for (const own of ['RE-1001', 'RE-B-1', 'C-00001']) expect((await list(`search=${own}`, customer2)).meta.total).toBe(0);
  });
});

describe('GET /api/account/list/export', () => {
  async function download(query: string, authorization = auth.adminA) {
    const response = await get(`/api/account/list/export?${query}`, authorization);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response;
  }

  it('writes the filtered list as XLSX: a header row, numbers as numbers, dates as dates, amounts in their currency', async () => {
    const response = await download('format=xlsx&status=overdue');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await readXlsx(response.rawPayload);
    expect(sheet.name).toBe('Invoices and credit notes');
    expect(sheet.rowCount).toBe(1 + 4);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Document number', 'External number', 'Type', 'Document type', 'Document date', 'Due date', 'Amount', 'Open amount', 'Currency', 'Payment status', 'Days overdue', 'Sent by']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((sheet.getColumn(1).values as unknown[]).slice(2)).toEqual(['RE-1002', 'RE-1001', 'RE-1007', 'RE-1006']);
    const first = sheet.getRow(2);
    expect(first.getCell(3).value).toBe('Invoice');
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(2026, 1, 1)));
    expect(first.getCell(5).numFmt).toBe('dd.mm.yyyy');
    expect(first.getCell(6).value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(first.getCell(7).value).toBe(250);
    expect(first.getCell(7).numFmt).toBe('#,##0.00 [$EUR]');
    expect(first.getCell(8).value).toBe(50);
    expect(first.getCell(10).value).toBe('Overdue');
    expect(first.getCell(11).value).toBe(30);
    expect(sheet.getRow(3).getCell(12).value).toBe('E-Mail');
  });

  it('writes German headers and words for a German buyer', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/account/list/export?format=xlsx&search=GS-2001', headers: { authorization: auth.adminA, 'accept-language': 'de' } });
    const sheet = await readXlsx(response.rawPayload);
    expect(sheet.name).toBe('Rechnungen und Gutschriften');
    expect(sheet.getCell('F1').value).toBe('Fällig am');
    expect(sheet.getCell('C2').value).toBe('Gutschrift');
    expect(sheet.getCell('J2').value).toBe('Offen');
  });

  it('writes the list as CSV in the list’s order: ISO dates, dot decimals, empty cells for what is missing', async () => {
    const response = await download('format=csv&sort=amount:desc');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(response.rawPayload);
    expect(records).toHaveLength(1 + 12);
    expect(records.slice(1).map((record) => record[0])).toEqual(numbersOf(await list('sort=amount:desc')));
    const byNumber = new Map(records.slice(1).map((record) => [record[0], record]));
    expect(byNumber.get('RE-1007')).toEqual(['RE-1007', '', 'Invoice', 'Rechnung', '2025-12-01', '2026-01-30', '75.5', '75.5', 'EUR', 'Overdue', '60', '']);
    expect(byNumber.get('GS-2002')).toEqual(['GS-2002', '', 'Credit note', 'Gutschrift', '2026-03-10', '', '20', '0', 'EUR', 'Paid', '0', '']);
    expect(byNumber.get('RE-CHF-1')?.slice(6, 9)).toEqual(['99.9', '99.9', 'CHF']);
  });

  it.each(['docDate:desc', 'docDate:asc', 'dueDate:asc', 'amount:desc', 'amount:asc'])('walks 1,234 documents in batches of 500 in the list’s order (%s)', async (sort) => {
    const records = parseCsv((await download(`format=csv&sort=${sort}`, auth.adminC)).rawPayload);
    expect(records).toHaveLength(1 + 1_234);
    const listed = (await Promise.all(Array.from({ length: 13 }, (_, index) => list(`sort=${sort}&pageSize=100&page=${index + 1}`, auth.adminC)))).flatMap(numbersOf);
    expect(records.slice(1).map((record) => record[0])).toEqual(listed);
  });

  it('exports all 1,234 rows as XLSX and only the filtered ones', async () => {
    expect((await readXlsx((await download('format=xlsx', auth.adminC)).rawPayload)).rowCount).toBe(1 + 1_234);
    const paid = parseCsv((await download('format=csv&status=paid&from=2026-02-10&to=2026-02-11', auth.adminC)).rawPayload);
    const expected = Array.from({ length: 1_234 }, (_, index) => index).filter((index) => index % 2 === 0 && index % 10 < 2).length;
    expect(paid).toHaveLength(1 + expected);
    expect(paid.slice(1).every((record) => record[9] === 'Paid' && (record[4] === '2026-02-10' || record[4] === '2026-02-11'))).toBe(true);
  });

  it('writes only the header row when nothing matches', async () => {
    expect(parseCsv((await download('format=csv&search=nothing-like-this')).rawPayload)).toHaveLength(1);
  });

  it.each([
    ['', 'format'],
    ['format=pdf', 'format'],
    ['format=xlsx&status=late', 'status'],
    ['format=csv&from=2026-03-02&to=2026-03-01', 'to'],
    ['format=csv&sort=amount', 'sort'],
  ])('refuses %s with 400', async (query, field) => {
    const response = await get(`/api/account/list/export?${query}`, auth.adminA);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toMatchObject({ field });
  });
});
