import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helper.ts';
import { createCompany, createUser, demoTenantId, insertOrder, sessionClient, type HistoryUser, type SessionClient } from './order-history-fixtures.ts';

// The account lists' totals come from counts kept by triggers (migration 0021): company_order_counts and
// company_finance_counts. Every way a row can move (added, status or type changed, moved to another
// company or user, settled, deleted) must leave them equal to counting the rows, and the lists' totals
// equal to what counting would answer.

let shop: TestShop;
let tenantId: number;
let companyK: number;
let companyL: number;
let admin: HistoryUser;
let buyer: HistoryUser;
let adminClient: SessionClient;
let buyerClient: SessionClient;

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = await demoTenantId(shop.db);
  // K: users see only their own orders; K's admin sees all of them. K shares its finance documents.
  companyK = await createCompany(shop.db, tenantId, 'COUNT-K', 0);
  companyL = await createCompany(shop.db, tenantId, 'COUNT-L', 1);
  await shop.db.updateTable('companies').set({ users_see_finance: 1 }).where('id', '=', companyK).execute();
  admin = await createUser(shop.db, tenantId, companyK, 'count-admin', 'customer_admin');
  buyer = await createUser(shop.db, tenantId, companyK, 'count-buyer', 'customer');
  adminClient = sessionClient(shop, admin.auth);
  buyerClient = sessionClient(shop, buyer.auth);
});
afterAll(() => shop.close());

/** The kept counts (without emptied ones) and the same counted from the rows, for the whole database. */
async function keptAndCounted(table: 'orders' | 'finance_documents' | 'open_items') {
  const [kept, counted] =
    table === 'open_items'
      ? // Open items keep no emptied rows at all.
        await Promise.all([
          sql<{ k: string; n: string }>`select tenant_id || '/' || company_id || '/' || type || '/' || currency || '/' || due_day || '/' || partly_paid as k, documents || ':' || open_cents as n from company_open_items`.execute(shop.db),
          sql<{ k: string; n: string }>`select tenant_id || '/' || company_id || '/' || type || '/' || currency || '/' || coalesce(due_date, '') || '/' || (case when payment_status = 'partiallyPaid' then 1 else 0 end) as k, count(*) || ':' || sum(open_amount_cents) as n
              from finance_documents where open_amount_cents <> 0 group by 1`.execute(shop.db),
        ])
      : table === 'orders'
      ? await Promise.all([
          sql<{ k: string; n: number }>`select tenant_id || '/' || company_id || '/' || user_id || '/' || status_id || '/' || order_type as k, orders as n from company_order_counts where orders <> 0`.execute(shop.db),
          sql<{ k: string; n: number }>`select tenant_id || '/' || company_id || '/' || coalesce(user_id, 0) || '/' || status_id || '/' || order_type as k, count(*) as n from orders group by 1`.execute(shop.db),
        ])
      : await Promise.all([
          sql<{ k: string; n: number }>`select tenant_id || '/' || company_id || '/' || type || '/' || is_open as k, documents as n from company_finance_counts where documents <> 0`.execute(shop.db),
          sql<{ k: string; n: number }>`select tenant_id || '/' || company_id || '/' || type || '/' || (case when open_amount_cents <> 0 then 1 else 0 end) as k, count(*) as n from finance_documents group by 1`.execute(shop.db),
        ]);
  const sorted = (rows: { k: string; n: number | string }[]) => rows.map((row) => `${row.k}=${row.n}`).sort();
  return { kept: sorted(kept.rows), counted: sorted(counted.rows) };
}

async function expectCountsKept() {
  for (const table of ['orders', 'finance_documents', 'open_items'] as const) {
    const { kept, counted } = await keptAndCounted(table);
    expect(kept, table).toEqual(counted);
  }
}

/** The list's total next to the number of rows it lists (all fit on one page here). */
async function totalAndRows(client: SessionClient, url: string) {
  const answer = await client.get(`${url}${url.includes('?') ? '&' : '?'}pageSize=100`);
  expect(answer.statusCode).toBe(200);
  return { total: answer.body.meta.total as number, rows: (answer.body.data as unknown[]).length };
}

describe('the order history’s totals', () => {
  it('stay equal to counting while orders are added, change status or type, move and are deleted', async () => {
    const line = [{ sku: 'CNT-1', name: 'Zählware', quantity: 1, unitCents: 100 }];
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        await insertOrder(shop.db, tenantId, {
          companyId: companyK,
          userId: i < 4 ? buyer.userId : admin.userId,
          orderNumber: `CNT-${i}`,
          orderDate: `2025-05-0${i + 1}T10:00:00.000Z`,
          orderType: i === 5 ? 'preOrder' : 'order',
          statusId: i % 2 === 0 ? '1' : '2',
          lines: line,
        }),
      );
    }
    await expectCountsKept();

    const filters = ['', 'status=1', 'status=2', 'orderType=preOrder', 'orderType=order&status=2', 'status=3'];
    const check = async (expected: Record<string, [number, number]>) => {
      for (const filter of filters) {
        const [forAdmin, forBuyer] = await Promise.all([totalAndRows(adminClient, `/api/order?${filter}`), totalAndRows(buyerClient, `/api/order?${filter}`)]);
        expect(forAdmin.total, `admin ${filter}`).toBe(forAdmin.rows);
        expect(forBuyer.total, `buyer ${filter}`).toBe(forBuyer.rows);
        expect([forAdmin.total, forBuyer.total], filter).toEqual(expected[filter]);
      }
    };
    await check({ '': [6, 4], 'status=1': [3, 2], 'status=2': [3, 2], 'orderType=preOrder': [1, 0], 'orderType=order&status=2': [2, 2], 'status=3': [0, 0] });

    // The ERP moves orders on, one turns out to be a pre-order, one belongs to another company, one to no user.
    await shop.db.updateTable('orders').set({ status_id: '3' }).where('id', 'in', [ids[0]!, ids[1]!]).execute();
    await shop.db.updateTable('orders').set({ order_type: 'preOrder' }).where('id', '=', ids[2]!).execute();
    await shop.db.updateTable('orders').set({ company_id: companyL }).where('id', '=', ids[3]!).execute();
    await shop.db.updateTable('orders').set({ user_id: null }).where('id', '=', ids[4]!).execute();
    await expectCountsKept();
    await check({ '': [5, 3], 'status=1': [2, 1], 'status=2': [1, 0], 'orderType=preOrder': [2, 1], 'orderType=order&status=2': [0, 0], 'status=3': [2, 2] });

    await shop.db.deleteFrom('order_items').where('order_id', 'in', ids).execute();
    await shop.db.deleteFrom('orders').where('id', 'in', ids).execute();
    await expectCountsKept();
    await check({ '': [0, 0], 'status=1': [0, 0], 'status=2': [0, 0], 'orderType=preOrder': [0, 0], 'orderType=order&status=2': [0, 0], 'status=3': [0, 0] });
  });
});

describe('the finance list’s totals', () => {
  it('stay equal to counting while documents are added, settled, retyped, moved and deleted', async () => {
    const base = { tenant_id: tenantId, company_id: companyK, doc_type_name: 'Rechnung', due_date: '2099-01-01', currency: 'EUR', payment_status: 'open' as 'open' | 'paid' };
    const rows = await shop.db
      .insertInto('finance_documents')
      .values([
        { ...base, type: 'invoice' as const, fin_doc_number: 'CNT-RE-1', doc_date: '2025-05-01', amount_cents: 1000, open_amount_cents: 1000, balance_cents: 1000 },
        { ...base, type: 'invoice' as const, fin_doc_number: 'CNT-RE-2', doc_date: '2025-05-02', amount_cents: 2000, open_amount_cents: 0, balance_cents: 0, payment_status: 'paid' as const },
        { ...base, type: 'credit' as const, fin_doc_number: 'CNT-GS-1', doc_date: '2025-05-03', amount_cents: -500, open_amount_cents: -500, balance_cents: -500 },
      ])
      .returning('id')
      .execute();
    const ids = rows.map((row) => row.id);
    await expectCountsKept();

    const check = async (expected: Record<string, number>) => {
      for (const [filter, total] of Object.entries(expected)) {
        const answer = await totalAndRows(buyerClient, `/api/account/list?${filter}`);
        expect(answer, filter).toEqual({ total, rows: total });
      }
    };
    await check({ '': 3, 'type=invoice': 2, 'type=credit': 1, 'status=paid': 1, 'type=credit&status=paid': 0 });

    // The first invoice is paid, the credit note is settled and the second invoice goes to company L.
    await shop.db.updateTable('finance_documents').set({ open_amount_cents: 0, balance_cents: 0, payment_status: 'paid' }).where('id', 'in', [ids[0]!, ids[2]!]).execute();
    await shop.db.updateTable('finance_documents').set({ company_id: companyL }).where('id', '=', ids[1]!).execute();
    await expectCountsKept();
    await check({ '': 2, 'type=invoice': 1, 'type=credit': 1, 'status=paid': 2, 'type=credit&status=paid': 1 });

    await shop.db.updateTable('finance_documents').set({ type: 'credit' }).where('id', '=', ids[0]!).execute();
    await expectCountsKept();
    await check({ '': 2, 'type=invoice': 0, 'type=credit': 2, 'status=paid': 2 });

    // Open items by due day: one overdue, one partly paid, a credit without a due day; then moved and settled.
    const open = await shop.db
      .insertInto('finance_documents')
      .values([
        { ...base, type: 'invoice' as const, fin_doc_number: 'CNT-RE-3', doc_date: '2025-06-01', due_date: '2025-06-15', amount_cents: 3000, open_amount_cents: 3000, balance_cents: 3000 },
        { ...base, type: 'invoice' as const, fin_doc_number: 'CNT-RE-4', doc_date: '2025-06-02', amount_cents: 4000, open_amount_cents: 1500, balance_cents: 1500, payment_status: 'partiallyPaid' as 'open' },
        { ...base, type: 'credit' as const, fin_doc_number: 'CNT-GS-2', doc_date: '2025-06-03', due_date: null, amount_cents: -700, open_amount_cents: -700, balance_cents: -700 },
        { ...base, type: 'invoice' as const, fin_doc_number: 'CNT-RE-5', doc_date: '2025-06-04', amount_cents: 900, open_amount_cents: 900, balance_cents: 900 },
      ])
      .returning('id')
      .execute();
    ids.push(...open.map((row) => row.id));
    await expectCountsKept();
    await check({ '': 6, 'status=open': 2, 'status=overdue': 1, 'status=partiallyPaid': 1, 'type=credit&status=open': 1, 'type=invoice&status=open': 1 });
    expect((await buyerClient.get('/api/account/list')).body.financeStatus).toMatchObject({ openAmount: { value: 54, currency: 'EUR' }, overdueAmount: { value: 30, currency: 'EUR' } });

    // The overdue invoice gets a later due day, the partly paid one is paid in full, the open one part paid.
    await shop.db.updateTable('finance_documents').set({ due_date: '2099-02-01' }).where('id', '=', open[0]!.id).execute();
    await shop.db.updateTable('finance_documents').set({ open_amount_cents: 0, balance_cents: 0, payment_status: 'paid' }).where('id', '=', open[1]!.id).execute();
    await shop.db.updateTable('finance_documents').set({ open_amount_cents: 400, balance_cents: 400, payment_status: 'partiallyPaid' }).where('id', '=', open[3]!.id).execute();
    await expectCountsKept();
    await check({ 'status=open': 2, 'status=overdue': 0, 'status=partiallyPaid': 1, 'status=paid': 3 });

    await shop.db.deleteFrom('finance_documents').where('id', 'in', ids).execute();
    await expectCountsKept();
    await check({ '': 0, 'status=paid': 0, 'status=open': 0 });
    expect((await shop.db.selectFrom('company_open_items').select('documents').where('company_id', 'in', [companyK, companyL]).execute()).length).toBe(0);
  });
});
