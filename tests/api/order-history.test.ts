import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderHistoryRepository, type OrderIds, type OrderSearch } from '../../server/modules/orders/order-history.repository.ts';
import { orderSorts, type OrderSort } from '../../server/modules/orders/order-history-query.ts';
import { orderLinesSearchText, searchWordsOf } from '../../core/order-search-words.ts';
import { orderableProduct } from './buyer-fixtures.ts';
import { parseCsv, readXlsx } from './export-readers.ts';
import { startTestShop, type TestShop } from './helper.ts';
import {
  addPack,
  addStatusEvent,
  companyId,
  createCompany,
  createUser,
  demoTenantId,
  insertOrder,
  sessionClient,
  type HistoryUser,
  type LineSpec,
  type SessionClient,
} from './order-history-fixtures.ts';

// The order history (docs/product.md, Orders): GET /api/order with every filter, paging and sort, GET /api/order/{id}
// with status timeline and parcels, who sees which orders, and the export. The data is written into this
// file's own database: company "H" (users see the company's orders) with 25 orders of two users, company
// "E" (users see only their own) and one order of demo company 10002.

let shop: TestShop;
let tenantId: number;
let companyH: number;
let adminH: HistoryUser;
let userH1: HistoryUser;
let userH2: HistoryUser;
let userE1: HistoryUser;
let userE2: HistoryUser;
let admin: SessionClient;
let adminEn: SessionClient;
const ordersH: { id: number; number: string; date: string; status: string; type: string; po: string | null; userId: number; lines: LineSpec[] }[] = [];
const ordersE: { id: number; userId: number }[] = [];
let foreignOrderId: number;
let trackedOrderId: number;

function linesOf(i: number): LineSpec[] {
  // Orders 20 and 21 cost the same (a tie the sort breaks by id).
  const n = i === 21 ? 20 : i;
  const lines: LineSpec[] = Array.from({ length: (n % 3) + 1 }, (_, k) => ({
    sku: `HX-${i}-${'ABC'[k]}`,
    name: `Artikel ${i} ${'ABC'[k]}`,
    quantity: k + 1,
    unitCents: 1000 + ((n * 7) % 13) * 100 + k * 10,
  }));
  if (i === 8) lines[0]!.name = 'Zauberschraube Extra';
  if (i === 9) lines[0] = { ...lines[0]!, variantSku: 'VAR-SPECIAL-9' };
  return lines;
}

function dateOf(i: number): string {
  if (i === 11) return '2024-01-11T10:00:00.000Z'; // the same moment as order 10: a tie the sort breaks by id
  if (i === 6) return '2024-01-07T22:59:59.999Z'; // the last moment of a "to" day in the shop (Berlin, UTC+1)
  return `2024-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`;
}

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.db;
  tenantId = await demoTenantId(db);
  companyH = await createCompany(db, tenantId, 'H-1', 1);
  const companyE = await createCompany(db, tenantId, 'E-1', 0);
  adminH = await createUser(db, tenantId, companyH, 'history-admin', 'customer_admin');
  userH1 = await createUser(db, tenantId, companyH, 'history-user-1', 'customer');
  userH2 = await createUser(db, tenantId, companyH, 'history-user-2', 'customer');
  userE1 = await createUser(db, tenantId, companyE, 'own-user-1', 'customer');
  userE2 = await createUser(db, tenantId, companyE, 'own-user-2', 'customer');
  admin = sessionClient(shop, adminH.auth);
  adminEn = sessionClient(shop, adminH.auth, { 'accept-language': 'en' });

  for (let i = 0; i < 25; i++) {
    const spec = {
      companyId: companyH,
      userId: i % 2 === 0 ? userH1.userId : userH2.userId,
      orderNumber: `HIS-${String(i + 1).padStart(4, '0')}`,
      orderDate: dateOf(i),
      orderType: i % 5 === 4 ? ('preOrder' as const) : ('order' as const),
      statusId: i === 5 ? '99' : ['1', '2', '3', '4'][i % 4]!,
      externalOrderNumber: i % 3 === 0 ? `PO-${1000 + i}` : null,
      deliveryStatus: i % 2 === 0 ? 'delivered' : 'partial',
      lines: linesOf(i),
    };
    const id = await insertOrder(db, tenantId, spec);
    ordersH.push({ id, number: spec.orderNumber, date: spec.orderDate, status: spec.statusId, type: spec.orderType, po: spec.externalOrderNumber, userId: spec.userId, lines: spec.lines });
  }
  for (const [user, number] of [
    [userE1, 'EIG-0001'],
    [userE1, 'EIG-0002'],
    [userE2, 'EIG-0003'],
  ] as const) {
    const id = await insertOrder(db, tenantId, { companyId: companyE, userId: user.userId, orderNumber: number, orderDate: '2024-02-01T09:00:00.000Z', lines: [{ sku: 'EX-1', name: 'Eigen', quantity: 1, unitCents: 500 }] });
    ordersE.push({ id, userId: user.userId });
  }
  const customer2 = await db.selectFrom('users').select('id').where('username', '=', 'customer2').executeTakeFirstOrThrow();
  foreignOrderId = await insertOrder(db, tenantId, {
    companyId: await companyId(db, '10002'),
    userId: customer2.id,
    orderNumber: 'FRM-0001',
    orderDate: '2024-01-03T10:00:00.000Z',
    lines: [{ sku: 'HX-1-A', name: 'Fremd', quantity: 1, unitCents: 700 }],
  });

  // Order 12 went on: two changes and one to a status the lookup does not know; three parcels.
  trackedOrderId = ordersH[12]!.id;
  await db.updateTable('orders').set({ status_id: '3', del_documents_links: JSON.stringify(['https://erp.example/ls/12.pdf', 'javascript:alert(1)', 42, '/media/ls/12-2.pdf']) }).where('id', '=', trackedOrderId).execute();
  ordersH[12]!.status = '3';
  await addStatusEvent(db, tenantId, trackedOrderId, '3', '2024-01-15T08:00:00.000Z');
  await addStatusEvent(db, tenantId, trackedOrderId, '2', '2024-01-14T08:00:00.000Z');
  await addStatusEvent(db, tenantId, trackedOrderId, '77', '2024-01-16T08:00:00.000Z');
  await addPack(db, tenantId, trackedOrderId, { carrier: 'DHL', trackingCode: 'JJD 0001/ä', shippedAt: '2024-01-15T09:00:00.000Z' });
  await addPack(db, tenantId, trackedOrderId, { carrier: 'Spedition Meier', trackingCode: 'M-7', trackingUrl: 'https://meier.example/track?id=M-7' });
  await addPack(db, tenantId, trackedOrderId, { carrier: 'Kurier Nord', trackingCode: 'KN-1' });
});
afterAll(() => shop.close());

const ids = (rows: { _id: number }[]) => rows.map((row) => row._id);

/** The company's orders as the database holds them, sorted in JavaScript: what a sort must answer. */
async function expectedOrder(sort: OrderSort): Promise<number[]> {
  const rows = await shop.db.selectFrom('orders').select(['id', 'order_date', 'order_number', 'gross_total_cents']).where('company_id', '=', companyH).execute();
  const [key, direction] = sort.split(':') as [string, 'asc' | 'desc'];
  const value = (row: (typeof rows)[number]) => (key === 'orderDate' ? row.order_date : key === 'orderNumber' ? row.order_number : row.gross_total_cents);
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return (x < y ? -1 : x > y ? 1 : 0) * sign || (a.id - b.id) * sign;
    })
    .map((row) => row.id);
}

describe('GET /api/order', () => {
  it('lists the company’s orders newest first, as light rows with status, totals and line count', async () => {
    const answer = await admin.get('/api/order');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.meta).toEqual({ total: 25, page: 1, pageSize: 20 });
    expect(ids(answer.body.data)).toEqual((await expectedOrder('orderDate:desc')).slice(0, 20));
    const order = ordersH[3]!;
    const row = await shop.db.selectFrom('orders').select(['net_total_cents', 'gross_total_cents']).where('id', '=', order.id).executeTakeFirstOrThrow();
    const all = await admin.get('/api/order?pageSize=100');
    expect(all.body.data.find((entry: { _id: number }) => entry._id === order.id)).toEqual({
      _id: order.id,
      orderNumber: 'HIS-0004',
      orderDate: order.date,
      externalOrderNumber: 'PO-1003',
      orderType: 'order',
      status: { id: '4', name: 'Abgeschlossen' },
      deliveryStatus: 'partial',
      paymentStatus: 'open',
      total: { valueNet: row.net_total_cents / 100, valueGross: row.gross_total_cents / 100, currency: 'EUR' },
      lineCount: 1,
      documentLink: `/api/order/${order.id}/document`,
      placedBy: null,
    });
    expect(all.body.data.find((entry: { _id: number }) => entry._id === ordersH[2]!.id).lineCount).toBe(3);
  });

  it('names statuses in the user’s language and shows an unknown status as the default status "1"', async () => {
    const unknown = ordersH[5]!.id;
    const de = await admin.get('/api/order?pageSize=100');
    expect(de.body.data.find((row: { _id: number }) => row._id === unknown).status).toEqual({ id: '1', name: 'Offen' });
    const en = await adminEn.get('/api/order?pageSize=100');
    expect(en.body.data.find((row: { _id: number }) => row._id === unknown).status).toEqual({ id: '1', name: 'Open' });
    expect(en.body.data.find((row: { _id: number }) => row._id === ordersH[1]!.id).status).toEqual({ id: '2', name: 'In progress' });
  });

  it('pages through the list without repeating or losing an order', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => admin.get(`/api/order?page=${page}&pageSize=10`)));
    expect(pages.map((page) => page.body.data.length)).toEqual([10, 10, 5]);
    expect(pages[2]!.body.meta).toEqual({ total: 25, page: 3, pageSize: 10 });
    expect(pages.flatMap((page) => ids(page.body.data))).toEqual(await expectedOrder('orderDate:desc'));
    const beyond = await admin.get('/api/order?page=4&pageSize=10');
    expect(beyond.body).toEqual({ data: [], meta: { total: 25, page: 4, pageSize: 10 } });
  });

  it.each(orderSorts)('sorts by %s, ties broken by id', async (sort) => {
    const answer = await admin.get(`/api/order?sort=${sort}&pageSize=100`);
    expect(answer.statusCode).toBe(200);
    expect(ids(answer.body.data)).toEqual(await expectedOrder(sort));
  });

  it('finds orders by any part of the order number or PO number, and by the start of the words of a sku, variant sku or product name, in any case', async () => {
    const search = async (text: string) => ids((await admin.get(`/api/order?pageSize=100&search=${encodeURIComponent(text)}`)).body.data).sort((a, b) => a - b);
    expect(await search('his-0007')).toEqual([ordersH[6]!.id]);
    expect(await search('HIS-001')).toEqual(ordersH.slice(9, 19).map((order) => order.id));
    expect(await search('po-1012')).toEqual([ordersH[12]!.id]);
    expect(await search('hx-14-c')).toEqual([ordersH[14]!.id]);
    expect(await search('var-special')).toEqual([ordersH[9]!.id]);
    expect(await search('ZAUBERSCHRAUBE')).toEqual([ordersH[8]!.id]);
    expect(await search('  zauberschraube  ')).toEqual([ordersH[8]!.id]);
    // Words are found from their start: the middle of a word is not a match, its start and the whole are.
    expect(await search('schraube')).toEqual([]);
    expect(await search('zauber')).toEqual([ordersH[8]!.id]);
    // % and _ are no wildcards: in a number they are themselves, between words they separate like - and a space.
    expect(await search('%')).toEqual([]);
    expect(await search('hx_14_c')).toEqual([ordersH[14]!.id]);
    expect(await search('HX 14 C')).toEqual([ordersH[14]!.id]);
    // Another company's order with the same sku stays out.
    expect(await search('hx-1-a')).toEqual([ordersH[1]!.id]);
    const counted = await admin.get('/api/order?search=artikel%2024&pageSize=1');
    expect(counted.body.meta.total).toBe(1);
  });

  it('gives a search’s total on every page: full, partly filled, empty first and beyond the last', async () => {
    const pageOf = async (text: string, page: number) => (await admin.get(`/api/order?pageSize=4&page=${page}&search=${encodeURIComponent(text)}`)).body as { data: unknown[]; meta: { total: number } };
    // HIS-0010 to HIS-0019: ten orders, pages of 4, 4, 2 and none.
    for (const [page, rows] of [[1, 4], [2, 4], [3, 2], [4, 0]] as const) {
      const answer = await pageOf('his-001', page);
      expect({ page, rows: answer.data.length, total: answer.meta.total }).toEqual({ page, rows, total: 10 });
    }
    expect((await pageOf('nirgendwo-bestellt', 1)).meta.total).toBe(0);
    expect((await pageOf('nirgendwo-bestellt', 2)).meta.total).toBe(0);
  });

  it('finds the same orders through the word and number indexes, by id or by membership, as by reading the orders', async () => {
    const history = createOrderHistoryRepository(shop.db);
    const scope = { tenantId, companyId: companyH, userId: null };
    const userScope = { tenantId, companyId: companyH, userId: userH2.userId };
    expect((await history.searchFor(scope, 'zauberschraube'))?.via).toBe('ids');
    // Two letters are below a trigram: read from the orders.
    expect(await history.searchFor(scope, 'hx')).toEqual({ number: 'hx', words: 'hx', via: 'scan', wordsBeyondCount: false });
    const named = async (found: Promise<OrderIds | null>) => JSON.parse((await found)?.json ?? '[]') as number[];
    // The indexes may name a superset, which the history checks against the term. SQLite looks a number
    // part of more than two trigrams up by its two rarest ("his-0100": HIS-0010 with PO-1009 holds "010"
    // and "100"); PostgreSQL looks more than two words up by the last two ("zauber 2 b": "Artikel 2 B").
    const superset = shop.engine === 'sqlite' ? await named(history.numberMatches('his-0100')) : await named(history.wordMatches(scope, 'zauber 2 b').then((found) => found.ids));
    expect(superset.length).toBeGreaterThan(0);
    const ordersOf = async (text: string) => (await history.listPage(scope, { search: await history.searchFor(scope, text) }, 'orderDate:desc', { offset: 0, limit: 100 })).map((row) => row.id);
    expect(await ordersOf('his-0100')).toEqual([]);
    expect(await ordersOf('zauber 2 b')).toEqual([]);
    expect(await ordersOf('artikel 2 b')).toEqual([ordersH[2]!.id]);
    expect(await ordersOf('0010 po-1009')).toEqual([ordersH[9]!.id]);
    for (const text of ['his-001', 'his-0100', '0010 po-1009', 'artikel 2', 'zauber 2 b', 'artikel 2 b', 'hx 2', 'po-10', 'var-special-9', 'zauber', 'hx_1', 'a"b', 'nirgends', 'h', '-']) {
      for (const [who, visible] of [['company', scope], ['user', userScope]] as const) {
        const words = searchWordsOf(text);
        const byWords = await named(history.wordMatches(visible, words).then((found) => found.ids));
        const byNumber = JSON.parse((await history.numberMatches(text))?.json ?? '[]') as number[];
        const ids = [...new Set([...byWords, ...byNumber])];
        const orderIds = { json: JSON.stringify(ids), count: ids.length };
        const searches: OrderSearch[] = [{ number: text, words, via: 'scan', wordsBeyondCount: false }, { number: text, words, via: 'ids', orderIds }, { number: text, words, via: 'member', orderIds }];
        // A term the number table cannot look up (shorter than a trigram) is read from the orders alone.
        if (text.length < 3) searches.splice(1);
        for (const filters of [{}, { status: { id: '2', orUnknownBesides: null } }, { from: '2024-01-05', to: '2024-01-20' }, { orderType: 'order' as const }]) {
          const answers = await Promise.all(
            searches.map(async (search) => ({
              page: (await history.listPage(visible, { ...filters, search }, 'orderDate:desc', { offset: 0, limit: 100 })).map((row) => row.id),
              total: await history.count(visible, { ...filters, search }),
            })),
          );
          for (const [index, search] of searches.entries()) expect(answers[index], `${text} via ${search.via} (${who}, ${JSON.stringify(filters)})`).toEqual(answers[0]);
        }
      }
    }
  });

  it('keeps the search right when an order’s PO number or lines change and when an order is deleted', async () => {
    const search = async (text: string) => ids((await admin.get(`/api/order?pageSize=100&search=${encodeURIComponent(text)}`)).body.data);
    const order = ordersH[20]!;
    await shop.db.updateTable('orders').set({ external_order_number: 'PO-UMBENANNT-20', search_text: orderLinesSearchText([{ sku: 'NEU-SKU-20', variant_sku: null, name: 'Lötzinn' }]) }).where('id', '=', order.id).execute();
    try {
      expect(await search('po-umbenannt')).toEqual([order.id]);
      expect(await search('LÖTZINN')).toEqual([order.id]);
      expect(await search('hx-20-a')).toEqual([]);
    } finally {
      await shop.db.updateTable('orders').set({ external_order_number: order.po, search_text: orderLinesSearchText(order.lines.map((line) => ({ sku: line.sku, variant_sku: line.variantSku ?? null, name: line.name }))) }).where('id', '=', order.id).execute();
    }
    expect(await search('hx-20-a')).toEqual([order.id]);
    const gone = await insertOrder(shop.db, tenantId, { companyId: companyH, userId: userH1.userId, orderNumber: 'WEG-0001', orderDate: '2023-06-01T10:00:00.000Z', lines: [{ sku: 'WEG-1', name: 'Vergänglich', quantity: 1, unitCents: 100 }] });
    expect(await search('vergänglich')).toEqual([gone]);
    await shop.db.deleteFrom('order_items').where('order_id', '=', gone).execute();
    await shop.db.deleteFrom('orders').where('id', '=', gone).execute();
    expect(await search('vergänglich')).toEqual([]);
  });

  it('counts a search up to 1,000 matches ("1,000+"), and pages on past them', async () => {
    const company = await createCompany(shop.db, tenantId, 'MANY-1', 1);
    const buyer = await createUser(shop.db, tenantId, company, 'many-admin', 'customer_admin');
    const template = await shop.db.selectFrom('orders').selectAll().where('id', '=', ordersH[0]!.id).executeTakeFirstOrThrow();
    const { id: _id, ...columns } = template;
    const rows = Array.from({ length: 1_005 }, (_, i) => ({
      ...columns,
      company_id: company,
      user_id: buyer.userId,
      order_number: `MANY-${String(i).padStart(5, '0')}`,
      external_order_number: null,
      search_text: i === 0 ? 'einzelstück' : 'massenware',
    }));
    for (let start = 0; start < rows.length; start += 200) await shop.db.insertInto('orders').values(rows.slice(start, start + 200)).execute();
    const client = sessionClient(shop, buyer.auth);
    expect((await client.get('/api/order?pageSize=1')).body.meta.total).toBe(1_005);
    const common = await client.get('/api/order?search=massenware&pageSize=20&page=51');
    expect(common.body.meta.total).toBe(1_000);
    expect(common.body.data).toHaveLength(4);
    expect((await client.get('/api/order?search=einzelst%C3%BCck')).body.meta.total).toBe(1);
    expect((await client.get('/api/order?search=many-000&pageSize=1')).body.meta.total).toBe(100);
  });

  it('filters by order date in the shop’s days (Berlin), both days included', async () => {
    const answer = await admin.get('/api/order?from=2024-01-05&to=2024-01-07&pageSize=100');
    expect(ids(answer.body.data).sort((a, b) => a - b)).toEqual([ordersH[4]!.id, ordersH[5]!.id, ordersH[6]!.id]);
    expect((await admin.get('/api/order?from=2024-01-24')).body.meta.total).toBe(2);
    expect((await admin.get('/api/order?to=2024-01-01')).body.meta.total).toBe(1);
    expect((await admin.get('/api/order?from=2024-01-07&to=2024-01-07')).body.meta.total).toBe(1);

    // Half past midnight in Hamburg is still the day before in UTC: the order belongs to the shop's day.
    const company = await createCompany(shop.db, tenantId, 'NIGHT-1', 1);
    const owl = await createUser(shop.db, tenantId, company, 'night-owl', 'customer_admin');
    const lateOrder = await insertOrder(shop.db, tenantId, { companyId: company, userId: owl.userId, orderNumber: 'NACHT-1', orderDate: '2024-07-07T22:30:00.000Z', lines: [{ sku: 'N-1', name: 'Nachtware', quantity: 1, unitCents: 100 }] });
    const night = sessionClient(shop, owl.auth);
    expect(ids((await night.get('/api/order?from=2024-07-08&to=2024-07-08')).body.data)).toEqual([lateOrder]);
    expect((await night.get('/api/order?to=2024-07-07')).body.meta.total).toBe(0);
  });

  it('filters by status (the default status also finds orders with an unknown one) and by order type', async () => {
    const byStatus = async (status: string) => ids((await admin.get(`/api/order?status=${status}&pageSize=100`)).body.data).sort((a, b) => a - b);
    const expected = (match: (order: (typeof ordersH)[number]) => boolean) => ordersH.filter(match).map((order) => order.id);
    expect(await byStatus('2')).toEqual(expected((order) => order.status === '2'));
    expect(await byStatus('1')).toEqual(expected((order) => order.status === '1' || order.status === '99'));
    expect(await byStatus('1')).toContain(ordersH[5]!.id);
    expect(await byStatus('5')).toEqual([]);
    const preOrders = await admin.get('/api/order?orderType=preOrder&pageSize=100');
    expect(ids(preOrders.body.data).sort((a, b) => a - b)).toEqual(expected((order) => order.type === 'preOrder'));
    const combined = await admin.get('/api/order?orderType=order&status=3&from=2024-01-01&to=2024-01-31&search=his&sort=total:asc&pageSize=100');
    expect(ids(combined.body.data).sort((a, b) => a - b)).toEqual(expected((order) => order.type === 'order' && order.status === '3'));
    // An empty value is no filter (a form's "all").
    expect((await admin.get('/api/order?status=&orderType=&search=&from=&to=&sort=')).body.meta.total).toBe(25);
  });

  it('refuses bad parameters with 400 and a message key', async () => {
    const cases: [string, string, string][] = [
      ['page=0', 'validation.invalid', 'page'],
      ['page=abc', 'validation.invalid', 'page'],
      ['pageSize=101', 'validation.page_size_too_large', 'pageSize'],
      ['from=2024-02-30', 'validation.date', 'from'],
      ['to=24-01-01', 'validation.date', 'to'],
      ['from=2024-02-10&to=2024-02-09', 'validation.date_range', 'to'],
      ['status=77', 'order.status.unknown', 'status'],
      ['status=a%20b', 'order.status.unknown', 'status'],
      ['orderType=offer', 'validation.invalid', 'orderType'],
      ['sort=price:desc', 'validation.invalid', 'sort'],
      [`search=${'x'.repeat(101)}`, 'validation.too_long', 'search'],
      ['page=1&page=2', 'validation.invalid', 'page'],
    ];
    for (const [query, messageKey, field] of cases) {
      const answer = await admin.get(`/api/order?${query}`);
      expect([query, answer.statusCode, answer.body.messageKey, answer.body.field]).toEqual([query, 400, messageKey, field]);
    }
  });
});

describe('who sees which orders', () => {
  const total = async (client: SessionClient) => (await client.get('/api/order?pageSize=100')).body.meta.total;

  it('customer admins, sales persons and (where the company shares them) users see the company’s orders', async () => {
    expect(await total(sessionClient(shop, userH1.auth))).toBe(25);
    expect(await total(sessionClient(shop, userH2.auth))).toBe(25);
    const sales = await shop.db.selectFrom('users').select(['id', 'current_company_id']).where('username', '=', 'sales').executeTakeFirstOrThrow();
    await shop.db.updateTable('users').set({ current_company_id: companyH }).where('id', '=', sales.id).execute();
    // A sales person acts for a chosen company only while serving it.
    await shop.db.insertInto('sales_person_companies').values({ user_id: sales.id, company_id: companyH }).execute();
    try {
      const client = sessionClient(shop, await shop.login('sales'));
      expect(await total(client)).toBe(25);
      expect((await client.get(`/api/order/${trackedOrderId}`)).statusCode).toBe(200);
    } finally {
      await shop.db.updateTable('users').set({ current_company_id: sales.current_company_id }).where('id', '=', sales.id).execute();
      await shop.db.deleteFrom('sales_person_companies').where('user_id', '=', sales.id).where('company_id', '=', companyH).execute();
    }
  });

  it('users of a company that does not share orders see only their own', async () => {
    const e1 = sessionClient(shop, userE1.auth);
    const own = await e1.get('/api/order');
    expect(ids(own.body.data).sort((a, b) => a - b)).toEqual(ordersE.filter((order) => order.userId === userE1.userId).map((order) => order.id));
    expect(await total(sessionClient(shop, userE2.auth))).toBe(1);
    const colleagues = ordersE.find((order) => order.userId === userE2.userId)!.id;
    const hidden = await e1.get(`/api/order/${colleagues}`);
    const unknown = await e1.get('/api/order/987654321');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
    expect((await e1.post(`/api/order/${colleagues}/reorder`)).body).toEqual(unknown.body);
  });

  it('another company never sees these orders; the guest and nobody get 403 and 401', async () => {
    const customer2 = sessionClient(shop, await shop.login('customer2'));
    const list = await customer2.get('/api/order?pageSize=100&search=his-');
    expect(list.body.meta.total).toBe(0);
    expect(ids((await customer2.get('/api/order?search=frm-0001')).body.data)).toEqual([foreignOrderId]);
    const guest = sessionClient(shop, await shop.login('guest'));
    for (const url of ['/api/order', `/api/order/${trackedOrderId}`, '/api/order/export?format=csv']) {
      expect([url, (await guest.get(url)).body.messageKey]).toEqual([url, 'error.login_required']);
      expect([url, (await sessionClient(shop, null).get(url)).statusCode]).toEqual([url, 401]);
    }
    expect((await guest.post(`/api/order/${trackedOrderId}/reorder`)).statusCode).toBe(403);
  });
});

describe('GET /api/order/{id}', () => {
  it('shows status, timeline in time order, parcels with tracking links, delivery documents and the document link', async () => {
    const answer = await admin.get(`/api/order/${trackedOrderId}`);
    expect(answer.statusCode).toBe(200);
    const order = answer.body;
    expect(order).toMatchObject({ _id: trackedOrderId, orderNumber: 'HIS-0013', status: { id: '3', name: 'Versendet' }, deliveryStatus: 'delivered' });
    expect(order.statusTimeline).toEqual([
      { statusId: '1', name: 'Offen', at: ordersH[12]!.date },
      { statusId: '2', name: 'In Bearbeitung', at: '2024-01-14T08:00:00.000Z' },
      { statusId: '3', name: 'Versendet', at: '2024-01-15T08:00:00.000Z' },
      { statusId: '1', name: 'Offen', at: '2024-01-16T08:00:00.000Z' },
    ]);
    expect(order.packs).toEqual([
      { carrier: 'DHL', trackingCode: 'JJD 0001/ä', trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=JJD%200001%2F%C3%A4', shippedAt: '2024-01-15T09:00:00.000Z' },
      { carrier: 'Spedition Meier', trackingCode: 'M-7', trackingUrl: 'https://meier.example/track?id=M-7', shippedAt: null },
      { carrier: 'Kurier Nord', trackingCode: 'KN-1', trackingUrl: null, shippedAt: null },
    ]);
    expect(order.delDocumentsLinks).toEqual(['https://erp.example/ls/12.pdf', '/media/ls/12-2.pdf']);
    expect(order.documentLink).toBe(`/api/order/${trackedOrderId}/document`);
    expect(order.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual(ordersH[12]!.lines.map((line) => [line.sku, line.quantity]));
    expect(order.costs.valueGross.currency).toBe('EUR');
  });

  it('shows an order without changes as placed, with no parcels', async () => {
    const unknownStatus = await adminEn.get(`/api/order/${ordersH[5]!.id}`);
    expect(unknownStatus.body.status).toEqual({ id: '1', name: 'Open' });
    expect(unknownStatus.body.statusTimeline).toEqual([{ statusId: '1', name: 'Open', at: ordersH[5]!.date }]);
    expect(unknownStatus.body.packs).toEqual([]);
    expect(unknownStatus.body.delDocumentsLinks).toEqual([]);
  });

  it('answers another company’s, unknown and malformed ids alike: 404 order.not_found', async () => {
    const unknown = await admin.get('/api/order/987654321');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.messageKey).toBe('order.not_found');
    for (const id of [String(foreignOrderId), '0', '-1', '1.5', 'abc', '0012', '99999999999', '2147483648', '%20']) {
      const answer = await admin.get(`/api/order/${id}`);
      expect([id, answer.statusCode, answer.body]).toEqual([id, 404, unknown.body]);
    }
  });
});

describe('the order placement', () => {
  it('writes the lines’ text the history searches, and the answer shows the placed order as the detail does', async () => {
    const customer = sessionClient(shop, await shop.login('customer'));
    const product = await orderableProduct(shop.db, false);
    const { name } = await shop.db.selectFrom('products').select('name').where('id', '=', product.id).executeTakeFirstOrThrow();
    // Above the demo shop's minimum order amount (50 €).
    const quantity = Math.ceil(6000 / product.price_cents);
    expect((await customer.post('/api/basket', { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity }] })).statusCode).toBe(200);
    const address = await shop.db.selectFrom('addresses').select('id').where('company_id', '=', await companyId(shop.db, '10001')).where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { authorization: (await shop.login('customer')) as string, 'idempotency-key': `history-${Date.now()}` },
      payload: { orderType: 'order', shippingAddressId: address.id, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ status: { id: '1', name: 'Offen' }, statusTimeline: [{ statusId: '1', name: 'Offen', at: order.orderDate }], packs: [], delDocumentsLinks: [], documentLink: `/api/order/${order._id}/document` });
    const stored = await shop.db.selectFrom('orders').select('search_text').where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(stored.search_text).toBe(searchWordsOf(`${product.sku} ${name}`));
    const found = await customer.get(`/api/order?search=${encodeURIComponent(name.toUpperCase())}`);
    expect(ids(found.body.data)).toContain(order._id);
  });
});

describe('GET /api/order/export', () => {
  it('exports the filtered orders as CSV, one row per order or per line, headers in the user’s language', async () => {
    const orders = await adminEn.get('/api/order/export?format=csv&status=2');
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(orders.headers['content-disposition'])).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(orders.body as Buffer);
    expect(header).toEqual(['Order number', 'Order date', 'PO number', 'Type', 'Status', 'Delivery status', 'Payment status', 'Lines', 'Total net', 'Total gross', 'Currency']);
    const expected = ordersH.filter((order) => order.status === '2').sort((a, b) => (a.date < b.date ? 1 : -1));
    expect(rows.map((row) => row[0])).toEqual(expected.map((order) => order.number));
    expect(rows[0]!.slice(3, 8)).toEqual([expected[0]!.type === 'preOrder' ? 'Pre-order' : 'Order', 'In progress', 'Partially delivered', 'Open', String(expected[0]!.lines.length)]);

    const lines = await admin.get('/api/order/export?format=csv&withLines=1&sort=orderNumber:asc');
    const [lineHeader, ...lineRows] = parseCsv(lines.body as Buffer);
    expect(lineHeader!.slice(0, 6)).toEqual(['Bestellnummer', 'Bestelldatum', 'Ihre Bestellnummer', 'Art', 'Status', 'Artikelnummer']);
    expect(lineRows.map((row) => row[5])).toEqual(ordersH.flatMap((order) => order.lines.map((line) => line.sku)));
  });

  it('exports XLSX with numbers as numbers, dates as dates and amounts in their currency', async () => {
    const answer = await adminEn.get('/api/order/export?format=xlsx&search=his-001');
    expect(answer.statusCode).toBe(200);
    const sheet = await readXlsx(answer.body as Buffer);
    expect(sheet.rowCount).toBe(11);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('HIS-0019');
    expect(row.getCell(2).value).toEqual(new Date('2024-01-19T00:00:00.000Z'));
    expect(typeof row.getCell(8).value).toBe('number');
    expect(typeof row.getCell(10).value).toBe('number');
    expect(row.getCell(10).numFmt).toContain('EUR');
  });

  it('refuses a missing or unknown format and bad filters; another company’s orders never appear', async () => {
    for (const query of ['', '?format=pdf', '?format=csv&withLines=2']) {
      const refused = await admin.get(`/api/order/export${query}`);
      expect([query, refused.statusCode, refused.body.messageKey]).toEqual([query, 400, 'validation.invalid']);
    }
    expect((await admin.get('/api/order/export?format=csv&to=2024-13-01')).body.messageKey).toBe('validation.date');
    const e1 = await sessionClient(shop, userE1.auth).get('/api/order/export?format=csv');
    expect(parseCsv(e1.body as Buffer).slice(1).map((row) => row[0]).sort()).toEqual(['EIG-0001', 'EIG-0002']);
  });
});

describe('the export’s batches', () => {
  it.each(orderSorts)('walk every order once in the list’s order (%s), a batch at a time', async (sort) => {
    const history = createOrderHistoryRepository(shop.db);
    const scope = { tenantId, companyId: companyH, userId: null };
    const batches: number[][] = [];
    for await (const batch of history.batches(scope, {}, sort, 4)) batches.push(batch.map((row) => row.id));
    expect(batches.map((batch) => batch.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(batches.flat()).toEqual(await expectedOrder(sort));
    const filtered: number[] = [];
    const search = await history.searchFor(scope, 'his-001');
    for await (const batch of history.batches(scope, { search }, sort, 3)) filtered.push(...batch.map((row) => row.id));
    expect(filtered).toEqual((await expectedOrder(sort)).filter((id) => ordersH.slice(9, 19).some((order) => order.id === id)));
  });
});
