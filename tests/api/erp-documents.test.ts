import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './export-readers.ts';
import { callApi, startTestShop, type TestShop } from './helper.ts';

// Invoices and credit notes from the ERP (PUT /erp/v1/documents/{externalId} and …/pdf, scope
// documents:write), and what the buyer sees of them at once: the finance list, its summary, the export
// and the PDF. The demo company 10001 (Muster Baubedarf) and its customer admin; a second tenant with a
// company of the same customer number.

let shop: TestShop;
let tenantId: number;
let key: string;
let otherKey: string;
let admin: string;
let ownOrderNumber: string;
let foreignOrderNumber: string;

const otherHost = 'shop.documents-other.example';

/** Every UPDATE of finance_documents and finance_document_pdfs, logged by a trigger of this test: proof that nothing was written. */
async function logWrites(): Promise<void> {
  await sql`create table test_document_writes (tbl text not null, row_id integer not null)`.execute(shop.db);
  for (const [table, column] of [['finance_documents', 'id'], ['finance_document_pdfs', 'document_id']] as const) {
    if (shop.engine === 'postgres') {
      await sql
        .raw(`create function test_log_${table}() returns trigger language plpgsql as $$ begin insert into test_document_writes values ('${table}', new.${column}); return null; end $$`)
        .execute(shop.db);
      await sql.raw(`create trigger test_log_${table} after insert or update on ${table} for each row execute function test_log_${table}()`).execute(shop.db);
    } else {
      for (const event of ['insert', 'update']) {
        await sql.raw(`create trigger test_log_${table}_${event} after ${event} on ${table} begin insert into test_document_writes values ('${table}', new.${column}); end`).execute(shop.db);
      }
    }
  }
}

async function writesTo(table: 'finance_documents' | 'finance_document_pdfs'): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from test_document_writes where tbl = ${table}`.execute(shop.db);
  return Number(row.rows[0]!.n);
}

function putDocument(externalId: string, body: unknown, secret: string | null = key) {
  return callApi(shop, secret ? `Bearer ${secret}` : null, 'PUT', `/erp/v1/documents/${encodeURIComponent(externalId)}`, body);
}

function putPdf(externalId: string, body: Buffer | string, contentType = 'application/pdf', secret = key) {
  return shop.app.inject({ method: 'PUT', url: `/erp/v1/documents/${encodeURIComponent(externalId)}/pdf`, headers: { authorization: `Bearer ${secret}`, 'content-type': contentType }, payload: body });
}

function invoice(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'invoice',
    number: 'RE-ERP-0001',
    companyExternalId: '10001',
    date: '2026-11-20',
    dueDate: '2026-12-20',
    currency: 'EUR',
    amount: 142.8,
    net: 120,
    vat: 22.8,
    openAmount: 142.8,
    paymentStatus: 'open',
    postway: 'E-Mail',
    lines: [
      { sku: 'MAT-000001', name: 'Schraube 4x40', quantity: 10, unitPrice: 12.5, vatRate: 19, lineNet: 125 },
      { name: 'Kundenrabatt 4 %', quantity: 1, unitPrice: -5, vatRate: 19, lineNet: -5 },
    ],
    vatByRate: [{ rate: 19, net: 120, vat: 22.8 }],
    ...overrides,
  };
}

/** A small but real PDF, with a marker the shop's renderer never prints. */
function erpPdf(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

async function financeList(query: string) {
  const answer = await callApi(shop, admin, 'GET', `/api/account/list?${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.body as { data: { _id: number; finDocNumber: string; [key: string]: unknown }[]; meta: { total: number }; financeStatus: { openAmount: { value: number }; overdueAmount: { value: number }; unsettledCredits: { value: number }; aging: { bucket: string; count: number }[] } };
}

const cents = (value: number) => Math.round(value * 100);

async function createOtherTenant(): Promise<void> {
  const db = shop.db;
  const tenant = await db.insertInto('tenants').values({ slug: 'documents-other', name: 'Anderer Großhandel' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('tenant_hosts').values({ host: otherHost, tenant_id: tenant.id }).execute();
  await db.insertInto('site_settings').values({ tenant_id: tenant.id, settings: '{}' }).execute();
  // The same customer number as the demo company: a key of this tenant must only ever reach its own.
  await db.insertInto('companies').values({ tenant_id: tenant.id, customer_no: '10001', name: 'Fremdkunde GmbH', vat_country_code: 'DE' }).execute();
  otherKey = (await shop.services.apiClients.create({ tenantId: tenant.id, name: 'Other ERP', scopes: ['documents:write'], expiresAt: null })).secret;
}

beforeAll(async () => {
  shop = await startTestShop();
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  key = (await shop.services.apiClients.create({ tenantId, name: 'ERP', scopes: ['documents:write'], expiresAt: null })).secret;
  admin = await shop.login('customeradmin');
  const orderOf = async (customerNo: string) =>
    (
      await shop.db
        .selectFrom('orders')
        .innerJoin('companies', 'companies.id', 'orders.company_id')
        .select('orders.order_number')
        .where('orders.tenant_id', '=', tenantId)
        .where('companies.customer_no', '=', customerNo)
        .orderBy('orders.id')
        .executeTakeFirstOrThrow()
    ).order_number;
  ownOrderNumber = await orderOf('10001');
  foreignOrderNumber = await orderOf('10002');
  await createOtherTenant();
  await logWrites();
});
afterAll(() => shop.close());

describe('PUT /erp/v1/documents/{externalId}', () => {
  it('creates the document (201), answering it as stored in major units, with the seller and buyer of the day kept for its PDF', async () => {
    const answer = await putDocument('ERP-INV-1', invoice({ orderNumber: ownOrderNumber }));
    expect(answer.statusCode).toBe(201);
    expect(answer.body).toMatchObject({
      result: 'created',
      document: {
        externalId: 'ERP-INV-1',
        type: 'invoice',
        number: 'RE-ERP-0001',
        companyExternalId: '10001',
        orderNumber: ownOrderNumber,
        typeName: 'Rechnung',
        date: '2026-11-20',
        dueDate: '2026-12-20',
        currency: 'EUR',
        amount: 142.8,
        net: 120,
        vat: 22.8,
        openAmount: 142.8,
        balance: 0,
        paymentStatus: 'open',
        postway: 'E-Mail',
        documentLink: null,
        lines: [
          { sku: 'MAT-000001', name: 'Schraube 4x40', quantity: 10, unitPrice: 12.5, vatRate: 19, lineNet: 125 },
          { sku: null, name: 'Kundenrabatt 4 %', quantity: 1, unitPrice: -5, vatRate: 19, lineNet: -5 },
        ],
        vatByRate: [{ rate: 19, net: 120, vat: 22.8 }],
        pdf: false,
      },
    });
    const row = await shop.db.selectFrom('finance_documents').selectAll().where('id', '=', answer.body.document.id).executeTakeFirstOrThrow();
    // The snapshot rule: the amounts are what the ERP sent (the lines add up to 120, not to the amount's net of 142.80 / 1.19).
    expect(row).toMatchObject({ tenant_id: tenantId, external_id: 'ERP-INV-1', amount_cents: 14280, net_cents: 12000, vat_cents: 2280, open_amount_cents: 14280 });
    expect(JSON.parse(row.seller!)).toMatchObject({ name: expect.any(String) });
    expect(JSON.parse(row.buyer!)).toMatchObject({ companyName: 'Muster Baubedarf GmbH', customerNo: '10001' });
  });

  it('answers the same document again unchanged (200) and writes nothing', async () => {
    const before = await writesTo('finance_documents');
    const answer = await putDocument('ERP-INV-1', invoice({ orderNumber: ownOrderNumber }));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ result: 'unchanged', document: { externalId: 'ERP-INV-1', amount: 142.8 } });
    expect(await writesTo('finance_documents')).toBe(before);
  });

  it('updates what changed (200): a payment comes in, the order is taken off', async () => {
    const before = await writesTo('finance_documents');
    const answer = await putDocument('ERP-INV-1', invoice({ openAmount: 42.8, paymentStatus: 'partiallyPaid', balance: 42.8 }));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ result: 'updated', document: { openAmount: 42.8, paymentStatus: 'partiallyPaid', balance: 42.8, orderNumber: null } });
    expect(await writesTo('finance_documents')).toBe(before + 1);
    const count = await shop.db.selectFrom('finance_documents').select((eb) => eb.fn.countAll().as('n')).where('external_id', '=', 'ERP-INV-1').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses every malformed field with its path (400) and writes nothing', async () => {
    const before = await writesTo('finance_documents');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'bill' }, 'type', 'validation.invalid'],
      [{ number: '' }, 'number', 'validation.required'],
      [{ number: 'RE\nX' }, 'number', 'validation.invalid'],
      [{ companyExternalId: undefined }, 'companyExternalId', 'validation.required'],
      [{ date: '2026-02-30' }, 'date', 'validation.date'],
      [{ date: '20.11.2026' }, 'date', 'validation.date'],
      [{ dueDate: '2026-13-01' }, 'dueDate', 'validation.date'],
      [{ currency: 'euro' }, 'currency', 'erp.document.currency.invalid'],
      [{ currency: 'XYZ' }, 'currency', 'erp.document.currency.invalid'],
      [{ amount: -1 }, 'amount', 'erp.document.amount.invalid'],
      [{ amount: 1.005 }, 'amount', 'erp.document.amount.invalid'],
      [{ amount: '142.80' }, 'amount', 'validation.invalid'],
      [{ net: -120 }, 'net', 'erp.document.amount.invalid'],
      [{ openAmount: -0.01 }, 'openAmount', 'erp.document.amount.invalid'],
      [{ balance: 1.001 }, 'balance', 'erp.document.money.invalid'],
      [{ paymentStatus: 'overdue' }, 'paymentStatus', 'validation.invalid'],
      [{ documentLink: 'javascript:alert(1)' }, 'documentLink', 'validation.invalid'],
      [{ lines: [{ name: 'X', quantity: 1, unitPrice: 1.234, vatRate: 19, lineNet: 1 }] }, 'lines.0.unitPrice', 'erp.document.money.invalid'],
      [{ lines: [{ name: 'X', quantity: 1, unitPrice: 1, vatRate: 190, lineNet: 1 }] }, 'lines.0.vatRate', 'erp.document.rate.invalid'],
      [{ vatByRate: [{ rate: 19, net: 'x', vat: 1 }] }, 'vatByRate.0.net', 'validation.invalid'],
      [{ openAmount: 200 }, 'openAmount', 'erp.document.open_amount.above_amount'],
      [{ paymentStatus: 'paid' }, 'paymentStatus', 'erp.document.payment_status.mismatch'],
      [{ openAmount: 0, paymentStatus: 'open' }, 'paymentStatus', 'erp.document.payment_status.mismatch'],
    ];
    for (const [change, field, messageKey] of cases) {
      const answer = await putDocument('ERP-INV-BAD', invoice({ number: 'RE-ERP-BAD', ...change }));
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.body, JSON.stringify(change)).toMatchObject({ field, messageKey });
    }
    const tooLong = await putDocument('X'.repeat(65), invoice({ number: 'RE-ERP-BAD' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toMatchObject({ field: 'externalId' });
    for (const body of [[invoice()], null]) expect((await putDocument('ERP-INV-BAD', body)).statusCode).toBe(400);
    expect(await writesTo('finance_documents')).toBe(before);
    expect(await shop.db.selectFrom('finance_documents').select('id').where('fin_doc_number', '=', 'RE-ERP-BAD').executeTakeFirst()).toBeUndefined();
  });

  it('refuses an unknown company, an order of another company, and a number another document has, naming the field', async () => {
    const before = await writesTo('finance_documents');
    const company = await putDocument('ERP-INV-REF', invoice({ number: 'RE-ERP-REF', companyExternalId: '99999' }));
    expect(company.statusCode).toBe(422);
    expect(company.body).toMatchObject({ field: 'companyExternalId', messageKey: 'erp.document.company.unknown' });
    expect(company.body.message).toContain('99999');
    for (const orderNumber of [foreignOrderNumber, 'NO-SUCH-ORDER']) {
      const order = await putDocument('ERP-INV-REF', invoice({ number: 'RE-ERP-REF', orderNumber }));
      expect(order.statusCode).toBe(422);
      expect(order.body).toMatchObject({ field: 'orderNumber', messageKey: 'erp.document.order.unknown' });
    }
    // A number of the shop's own documents (the demo history), and of another ERP document.
    const seeded = await shop.db.selectFrom('finance_documents').select('fin_doc_number').where('tenant_id', '=', tenantId).where('external_id', 'is', null).executeTakeFirstOrThrow();
    for (const number of [seeded.fin_doc_number, 'RE-ERP-0001']) {
      const taken = await putDocument('ERP-INV-REF', invoice({ number }));
      expect(taken.statusCode).toBe(409);
      expect(taken.body).toMatchObject({ field: 'number', messageKey: 'erp.document.number.taken' });
    }
    expect(await writesTo('finance_documents')).toBe(before);
  });

  it('needs a key (401) with the scope documents:write (403 naming it)', async () => {
    expect((await putDocument('ERP-INV-1', invoice(), null)).statusCode).toBe(401);
    const catalogOnly = (await shop.services.apiClients.create({ tenantId, name: 'Catalogue ERP', scopes: ['catalog:write'], expiresAt: null })).secret;
    const refused = await putDocument('ERP-INV-1', invoice({ amount: 1 }), catalogOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ messageKey: 'api.scope.missing', details: { scope: 'documents:write' } });
    const pdf = await putPdf('ERP-INV-1', erpPdf('scope'), 'application/pdf', catalogOnly);
    expect(pdf.statusCode).toBe(403);
  });

  it('keeps tenants apart: another tenant’s key writes only its own documents, under the same key and customer number', async () => {
    const ours = await shop.db.selectFrom('finance_documents').selectAll().where('tenant_id', '=', tenantId).where('external_id', '=', 'ERP-INV-1').executeTakeFirstOrThrow();
    const theirs = await putDocument('ERP-INV-1', invoice({ amount: 1, net: null, vat: null, openAmount: 1, lines: [], vatByRate: [] }), otherKey);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.body.document.id).not.toBe(ours.id);
    // A company only this tenant has is none for the other's key.
    const foreignCompany = await putDocument('ERP-INV-9', invoice({ number: 'RE-ERP-9', companyExternalId: '10002' }), otherKey);
    expect(foreignCompany.statusCode).toBe(422);
    // Its PDF goes to its own document; a key only this tenant has is unknown to it.
    expect((await putPdf('ERP-INV-1', erpPdf('other tenant'), 'application/pdf', otherKey)).statusCode).toBe(201);
    expect((await putDocument('ERP-INV-1', invoice({ amount: 1, net: null, vat: null, openAmount: 1, lines: [], vatByRate: [] }), otherKey)).body.document.pdf).toBe(true);
    expect(await shop.db.selectFrom('finance_documents').selectAll().where('id', '=', ours.id).executeTakeFirstOrThrow()).toEqual(ours);
    expect(await shop.db.selectFrom('finance_document_pdfs').select('document_id').where('document_id', '=', ours.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('what the buyer sees at once', () => {
  it('the finance list, its summary and the export show the document as sent; a change shows as well', async () => {
    const before = await financeList('pageSize=1');
    const created = await putDocument('ERP-INV-OVERDUE', invoice({ number: 'RE-ERP-0100', date: '2020-01-10', dueDate: '2020-02-10', amount: 500, net: null, vat: null, openAmount: 500, lines: [], vatByRate: [] }));
    expect(created.statusCode).toBe(201);
    const credit = await putDocument('ERP-CRED-1', { type: 'credit', number: 'GS-ERP-0100', companyExternalId: '10001', date: '2026-11-21', currency: 'EUR', amount: 23.8, openAmount: 23.8, paymentStatus: 'open' });
    expect(credit.statusCode).toBe(201);
    expect(credit.body.document).toMatchObject({ typeName: 'Gutschrift', dueDate: null, net: null, lines: [] });

    const after = await financeList('pageSize=1');
    expect(after.meta.total).toBe(before.meta.total + 2);
    expect(cents(after.financeStatus.openAmount.value) - cents(before.financeStatus.openAmount.value)).toBe(50000);
    expect(cents(after.financeStatus.overdueAmount.value) - cents(before.financeStatus.overdueAmount.value)).toBe(50000);
    expect(cents(after.financeStatus.unsettledCredits.value) - cents(before.financeStatus.unsettledCredits.value)).toBe(2380);
    const oldest = (status: typeof before.financeStatus) => status.aging.find((bucket) => bucket.bucket === '90+')!.count;
    expect(oldest(after.financeStatus)).toBe(oldest(before.financeStatus) + 1);

    const found = await financeList('search=RE-ERP-0100');
    expect(found.data).toEqual([
      expect.objectContaining({ _id: created.body.document.id, finDocNumber: 'RE-ERP-0100', docTypeName: 'Rechnung', amount: { value: 500, currency: 'EUR' }, openAmount: { value: 500, currency: 'EUR' }, paymentStatus: 'overdue', isOverdue: true }),
    ]);

    const paid = await putDocument('ERP-INV-OVERDUE', invoice({ number: 'RE-ERP-0100', date: '2020-01-10', dueDate: '2020-02-10', amount: 500, net: null, vat: null, openAmount: 0, paymentStatus: 'paid', lines: [], vatByRate: [] }));
    expect(paid.body.result).toBe('updated');
    const settled = await financeList('pageSize=1');
    expect(cents(settled.financeStatus.overdueAmount.value)).toBe(cents(before.financeStatus.overdueAmount.value));
    expect((await financeList('search=RE-ERP-0100')).data[0]).toMatchObject({ paymentStatus: 'paid', openAmount: { value: 0, currency: 'EUR' } });
    expect((await financeList('status=paid&search=RE-ERP-0100')).meta.total).toBe(1);

    const exported = await shop.app.inject({ url: '/api/account/list/export?format=csv&search=ERP-0100', headers: { authorization: admin } });
    expect(exported.statusCode).toBe(200);
    const rows = parseCsv(exported.rawPayload);
    expect(rows.slice(1).map((row) => row[0]).sort()).toEqual(['GS-ERP-0100', 'RE-ERP-0100']);
  });

  it('gets the ERP’s PDF instead of the rendered one once it was sent; the same file again writes nothing', async () => {
    const id = (await putDocument('ERP-INV-OVERDUE', invoice({ number: 'RE-ERP-0100', date: '2020-01-10', dueDate: '2020-02-10', amount: 500, net: null, vat: null, openAmount: 0, paymentStatus: 'paid', lines: [], vatByRate: [] }))).body.document.id;
    const download = () => shop.app.inject({ url: `/api/account/document/${id}`, headers: { authorization: admin } });
    const rendered = await download();
    expect(rendered.statusCode).toBe(200);
    expect(rendered.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(rendered.rawPayload.toString('latin1')).not.toContain('ERP original');

    const file = erpPdf('ERP original RE-ERP-0100');
    const stored = await putPdf('ERP-INV-OVERDUE', file);
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toMatchObject({ result: 'created', externalId: 'ERP-INV-OVERDUE', bytes: file.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const served = await download();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline; filename="RE-ERP-0100.pdf"');
    expect(served.rawPayload.equals(file)).toBe(true);

    const before = await writesTo('finance_document_pdfs');
    const again = await putPdf('ERP-INV-OVERDUE', file);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ result: 'unchanged' });
    expect(await writesTo('finance_document_pdfs')).toBe(before);

    const replaced = erpPdf('ERP corrected RE-ERP-0100');
    expect((await putPdf('ERP-INV-OVERDUE', replaced)).json()).toMatchObject({ result: 'updated' });
    expect((await download()).rawPayload.equals(replaced)).toBe(true);
    expect((await putDocument('ERP-INV-OVERDUE', invoice({ number: 'RE-ERP-0100', date: '2020-01-10', dueDate: '2020-02-10', amount: 500, net: null, vat: null, openAmount: 0, paymentStatus: 'paid', lines: [], vatByRate: [] }))).body).toMatchObject({ result: 'unchanged', document: { pdf: true } });

    // An id no document has stays a 404, ERP PDFs or not.
    expect((await shop.app.inject({ url: '/api/account/document/987654321', headers: { authorization: admin } })).statusCode).toBe(404);
  });

  it('refuses a body that is not a PDF, and a PDF of a document the ERP never sent; nothing is stored', async () => {
    const before = await writesTo('finance_document_pdfs');
    const notPdf = await putPdf('ERP-CRED-1', Buffer.from('<html>no pdf</html>'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ messageKey: 'erp.document.pdf.invalid' });
    const asJson = await putPdf('ERP-CRED-1', JSON.stringify({ pdf: '%PDF-' }), 'application/json');
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toMatchObject({ messageKey: 'erp.document.pdf.required' });
    const unknown = await putPdf('NO-SUCH-DOCUMENT', erpPdf('unknown'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ messageKey: 'erp.document.not_found' });
    const tooLarge = await putPdf('ERP-CRED-1', Buffer.concat([erpPdf('large'), Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(await writesTo('finance_document_pdfs')).toBe(before);
    const credit = await shop.db.selectFrom('finance_documents').select('id').where('tenant_id', '=', tenantId).where('external_id', '=', 'ERP-CRED-1').executeTakeFirstOrThrow();
    expect(await shop.db.selectFrom('finance_document_pdfs').select('document_id').where('document_id', '=', credit.id).executeTakeFirst()).toBeUndefined();
  });
});
