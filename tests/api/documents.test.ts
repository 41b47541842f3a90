import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToAmount, formatMoney } from '../../core/money.ts';
import type { Role } from '../../server/context.ts';
import type { NewRow } from '../../server/db/schema.ts';
import { hashSessionToken, newSessionToken } from '../../server/modules/auth/session-token.ts';
import { shopToday } from '../../core/shop-day.ts';
import { orderableProduct } from './buyer-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

// Documents as PDF (ADR 0013): the order confirmation, invoices and credit notes, the statement
// of open items. Two companies of this file's own (A and B) with their users, orders and finance
// documents; a logo in a private media folder. The PDFs are read as a person would: the text of their
// (deflated) page content, decoded from the standard fonts' WinAnsi encoding.

const logoPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-media-'));
fs.writeFileSync(path.join(mediaDir, 'documents-logo.png'), logoPng);
// A PNG's signature and nothing sensible after it.
fs.writeFileSync(path.join(mediaDir, 'broken-logo.png'), Buffer.concat([logoPng.subarray(0, 8), Buffer.from('not really a picture')]));

let shop: TestShop;
let tenantId: number;
const company = { a: 0, b: 0 };
/** Authorization headers: A's admin, A's buyer who places the order, A's other buyer, B's admin, the guest. */
const auth = { adminA: '', buyerA: '', colleagueA: '', adminB: '', guest: '' };
let order: { _id: number; orderNumber: string };
let product: { id: number; sku: string; price_cents: number; name: string };
const docs = { invoiceA: 0, creditA: 0, paidA: 0, invoiceB: 0, oddNameA: 0 };

/** The text a PDF shows: every text operator of every content stream, one line each, WinAnsi decoded. */
function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('>>\nstream\n', from);
    const end = pdf.indexOf('\nendstream', start);
    if (start < 0 || end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start + 10, end)).toString('latin1');
    } catch {
      content = '';
    }
    for (const [, operands = ''] of content.matchAll(/\[(.*?)\] TJ/g)) {
      lines.push([...operands.matchAll(/<([0-9a-f]*)>/g)].map(([, hex = '']) => decoder.decode(Buffer.from(hex, 'hex'))).join(''));
    }
    from = end + 10;
  }
  return lines.join('\n');
}

const money = (cents: number, locale: 'de' | 'en' = 'de') => formatMoney(centsToAmount(cents), 'EUR', locale);

async function get(url: string, authorization: string, locale: 'de' | 'en' = 'de') {
  const response = await shop.app.inject({ method: 'GET', url, headers: { ...(authorization ? { authorization } : {}), 'accept-language': locale } });
  return { status: response.statusCode, headers: response.headers, pdf: response.rawPayload, json: () => response.json<{ messageKey: string }>(), body: response.body };
}

async function addUser(companyId: number, username: string, role: Role): Promise<string> {
  const user = await shop.db
    .insertInto('users')
    .values({ tenant_id: tenantId, company_id: companyId, current_company_id: null, username, email: `${username}@documents.example`, first_name: 'Doku', last_name: username, phone: null, password_hash: 'not-used', role, locale: null, is_deal: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newSessionToken();
  const now = new Date().toISOString();
  await shop.db.insertInto('sessions').values({ tenant_id: tenantId, user_id: user.id, token_hash: hashSessionToken(token), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 3600_000).toISOString() }).execute();
  return `Basic ${token}`;
}

async function addCompany(customerNo: string, name: string): Promise<number> {
  const row = await shop.db.insertInto('companies').values({ tenant_id: tenantId, customer_no: customerNo, name, vat_country_code: 'DE', show_net_prices: 1 }).returning('id').executeTakeFirstOrThrow();
  await shop.db
    .insertInto('addresses')
    .values({ tenant_id: tenantId, company_id: row.id, type: 1, is_default: 1, first_name: 'Lager', last_name: 'Nord', street: 'Kaistraße 7', street2: null, addressline2: null, apartment: null, zip_code: '20457', city: 'Hamburg', state: null, country_code: 'DE', country_name: 'Deutschland', phone_number: null, company_name: name })
    .execute();
  return row.id;
}

const seller = { name: 'Nordlicht Großhandel GmbH', address: 'Hafenstraße 1', postCode: '20457', city: 'Hamburg', countryCode: 'DE', countryName: 'Deutschland', phone: '+49 40 1234', email: 'info@nordlicht.example', logoUrl: '/media/documents-logo.png' };

async function addFinanceDocument(values: Partial<NewRow<'finance_documents'>> & Pick<NewRow<'finance_documents'>, 'company_id' | 'fin_doc_number' | 'amount_cents' | 'open_amount_cents'>): Promise<number> {
  const row = await shop.db
    .insertInto('finance_documents')
    .values({
      tenant_id: tenantId,
      type: 'invoice',
      doc_date: '2026-09-01',
      doc_type_name: 'Rechnung',
      due_date: '2026-10-01',
      currency: 'EUR',
      balance_cents: values.open_amount_cents,
      payment_status: values.open_amount_cents === 0 ? 'paid' : 'open',
      seller: JSON.stringify(seller),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  shop = await startTestShop({ MEDIA_DIR: mediaDir });
  tenantId = (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  await shop.db.updateTable('seller_companies').set({ logo_url: '/media/documents-logo.png' }).where('tenant_id', '=', tenantId).execute();
  shop.services.settings.clearCache();
  company.a = await addCompany('DOC-A', 'Dokumente A GmbH');
  company.b = await addCompany('DOC-B', 'Dokumente B AG');
  auth.adminA = await addUser(company.a, 'doc-admin-a', 'customer_admin');
  auth.buyerA = await addUser(company.a, 'doc-buyer-a', 'customer');
  auth.colleagueA = await addUser(company.a, 'doc-colleague-a', 'customer');
  auth.adminB = await addUser(company.b, 'doc-admin-b', 'customer_admin');
  auth.guest = await shop.login('guest');

  const picked = await orderableProduct(shop.db, false);
  product = { ...picked, name: (await shop.db.selectFrom('products').select('name').where('id', '=', picked.id).executeTakeFirstOrThrow()).name };
  const basket = await shop.app.inject({ method: 'POST', url: '/api/basket', headers: { authorization: auth.buyerA }, payload: { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity: 3 }] } });
  expect(basket.statusCode, basket.body).toBe(200);
  const address = await shop.db.selectFrom('addresses').select('id').where('company_id', '=', company.a).executeTakeFirstOrThrow();
  const placed = await shop.app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization: auth.buyerA, 'idempotency-key': `documents-${process.pid}-${Date.now()}` },
    payload: { orderType: 'order', shippingAddressId: address.id, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true, externalOrderNumber: 'PO-Dokument-7' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json();

  const lines = [
    { sku: 'ZB-100', name: 'Zollstock Holz 2 m', quantity: 4, unitPriceCents: 1250, vatRateBp: 1900, lineNetCents: 5000 },
    { sku: 'ZB-200', name: 'Wasserwaage Größe L', quantity: 1, unitPriceCents: 7000, vatRateBp: 1900, lineNetCents: 7000 },
  ];
  const buyer = { companyName: 'Dokumente A GmbH', customerNo: 'DOC-A', street: 'Elbchaussee 9', zipCode: '22767', city: 'Hamburg', countryCode: 'DE', countryName: 'Deutschland', vatId: 'DE123456789' };
  docs.invoiceA = await addFinanceDocument({
    company_id: company.a, fin_doc_number: 'RE-DOC-0001', amount_cents: 14280, open_amount_cents: 14280, net_cents: 12000, vat_cents: 2280,
    buyer: JSON.stringify(buyer), lines: JSON.stringify(lines), vat_by_rate: JSON.stringify([{ rateBp: 1900, netCents: 12000, vatCents: 2280 }]),
  });
  docs.creditA = await addFinanceDocument({ company_id: company.a, type: 'credit', doc_type_name: 'Gutschrift', fin_doc_number: 'GS-DOC-0001', doc_date: '2026-09-15', due_date: null, amount_cents: 2380, open_amount_cents: 2380, buyer: JSON.stringify(buyer) });
  docs.paidA = await addFinanceDocument({ company_id: company.a, fin_doc_number: 'RE-DOC-0002', amount_cents: 5950, open_amount_cents: 0 });
  docs.oddNameA = await addFinanceDocument({ company_id: company.a, fin_doc_number: 'RE/DOC "3"', due_date: '2999-12-31', amount_cents: 1190, open_amount_cents: 1190 });
  docs.invoiceB = await addFinanceDocument({ company_id: company.b, fin_doc_number: 'RE-DOC-B-0001', amount_cents: 9999, open_amount_cents: 9999 });
});

afterAll(async () => {
  await shop?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

function expectPdf(answer: Awaited<ReturnType<typeof get>>, fileName: string) {
  expect(answer.status, answer.body.slice(0, 200)).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  expect(answer.headers['content-disposition']).toBe(`inline; filename="${fileName}"`);
  expect(answer.headers['cache-control']).toContain('private');
  expect(answer.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/** The PDF's Info dictionary title (an indirect string object: `/Title 17 0 R` … `17 0 obj (…)`). */
function titleOf(pdf: Buffer): string | undefined {
  const bytes = pdf.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(bytes)?.[1];
  return ref === undefined ? undefined : new RegExp(`\\n${ref} 0 obj\\n\\((.*)\\)\\nendobj`).exec(bytes)?.[1];
}

/** The text with every line break and run of spaces as one space: for names a table cell wraps. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('GET /api/order/{id}/document', () => {
  it('prints the order confirmation from the order snapshot, with the seller stored at placement', async () => {
    const answer = await get(`/api/order/${order._id}/document`, auth.buyerA);
    expectPdf(answer, `${order.orderNumber}.pdf`);
    expect(titleOf(answer.pdf)).toBe(order.orderNumber);
    const text = pdfText(answer.pdf);
    expect(flat(text)).toContain(flat(product.name));
    for (const shown of [`Auftragsbestätigung ${order.orderNumber}`, money(product.price_cents), money(product.price_cents * 3), 'PO-Dokument-7', 'Nordlicht', 'Seite 1 von 1']) {
      expect(text).toContain(shown);
    }
    expect(answer.pdf.includes('/Subtype /Image')).toBe(true);
    const stored = await shop.db.selectFrom('orders').select('seller').where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.seller!)).toMatchObject({ logoUrl: '/media/documents-logo.png', countryCode: expect.any(String), postCode: expect.any(String) });
  });

  it('speaks the buyer’s language', async () => {
    const text = pdfText((await get(`/api/order/${order._id}/document`, auth.buyerA, 'en')).pdf);
    expect(text).toContain(`Order confirmation ${order.orderNumber}`);
    expect(text).toContain(money(product.price_cents, 'en'));
    expect(text).toContain('Page 1 of 1');
  });

  it('never changes: a new price, product name and seller leave the same bytes', async () => {
    const before = (await get(`/api/order/${order._id}/document`, auth.buyerA)).pdf;
    await shop.db.updateTable('products').set({ name: 'Umbenannt nach der Bestellung', price_cents: product.price_cents + 777 }).where('id', '=', product.id).execute();
    await shop.db.updateTable('seller_companies').set({ name: 'Neuer Verkäufer AG' }).where('tenant_id', '=', tenantId).execute();
    shop.services.settings.clearCache();
    const after = (await get(`/api/order/${order._id}/document`, auth.buyerA)).pdf;
    expect(after.equals(before)).toBe(true);
    const text = pdfText(after);
    expect(flat(text)).toContain(flat(product.name));
    expect(text).not.toContain('Umbenannt');
    expect(text).not.toContain('Neuer Verkäufer');
  });

  it('prints no logo that is not a PNG or JPEG of the shop’s media folder, and never fails for it', async () => {
    const stored = await shop.db.selectFrom('orders').select('seller').where('id', '=', order._id).executeTakeFirstOrThrow();
    for (const logoUrl of ['https://logo.example/logo.png', '//logo.example/logo.png', '/media/../documents-logo.png', '/media/no-such-logo.png', '/media/broken-logo.png', '/media/logo.svg']) {
      await shop.db.updateTable('orders').set({ seller: JSON.stringify({ ...JSON.parse(stored.seller!), logoUrl }) }).where('id', '=', order._id).execute();
      const answer = await get(`/api/order/${order._id}/document`, auth.buyerA);
      expectPdf(answer, `${order.orderNumber}.pdf`);
      expect(answer.pdf.includes('/Subtype /Image'), logoUrl).toBe(false);
    }
    await shop.db.updateTable('orders').set({ seller: stored.seller }).where('id', '=', order._id).execute();
  });

  it('is served to those who see the order; foreign, unknown and malformed ids answer alike', async () => {
    expectPdf(await get(`/api/order/${order._id}/document`, auth.adminA), `${order.orderNumber}.pdf`);
    expectPdf(await get(`/api/order/${order._id}/document`, auth.colleagueA), `${order.orderNumber}.pdf`);
    const unknown = await get('/api/order/2147483647/document', auth.adminA);
    expect(unknown.status).toBe(404);
    expect(unknown.json().messageKey).toBe('order.not_found');
    for (const [url, who] of [
      [`/api/order/${order._id}/document`, auth.adminB],
      ['/api/order/abc/document', auth.adminA],
      ['/api/order/-1/document', auth.adminA],
      ['/api/order/0/document', auth.adminA],
      ['/api/order/99999999999/document', auth.adminA],
      [`/api/order/${order._id}.5/document`, auth.adminA],
    ] as const) {
      const answer = await get(url, who);
      expect([url, answer.status, answer.body]).toEqual([url, 404, unknown.body]);
    }
  });

  it('shows a plain user only their own orders when the company keeps orders apart', async () => {
    await shop.db.updateTable('companies').set({ users_see_company_orders: 0 }).where('id', '=', company.a).execute();
    // The company's setting is cached by the order scope (CACHE_MS, two seconds): the clock moves past it.
    shop.clock.advance(2_001);
    try {
      const hidden = await get(`/api/order/${order._id}/document`, auth.colleagueA);
      expect(hidden.status).toBe(404);
      expect(hidden.json().messageKey).toBe('order.not_found');
      expectPdf(await get(`/api/order/${order._id}/document`, auth.buyerA), `${order.orderNumber}.pdf`);
      expectPdf(await get(`/api/order/${order._id}/document`, auth.adminA), `${order.orderNumber}.pdf`);
    } finally {
      await shop.db.updateTable('companies').set({ users_see_company_orders: 1 }).where('id', '=', company.a).execute();
    }
  });

  it('refuses the guest and anyone not signed in', async () => {
    const guest = await get(`/api/order/${order._id}/document`, auth.guest);
    expect([guest.status, guest.json().messageKey]).toEqual([403, 'error.login_required']);
    expect((await get(`/api/order/${order._id}/document`, '')).status).toBe(401);
  });
});

describe('GET /api/account/document/{id}', () => {
  it('prints an invoice from its own snapshot: lines, VAT per rate and totals', async () => {
    const answer = await get(`/api/account/document/${docs.invoiceA}`, auth.adminA);
    expectPdf(answer, 'RE-DOC-0001.pdf');
    expect(titleOf(answer.pdf)).toBe('RE-DOC-0001');
    const text = pdfText(answer.pdf);
    for (const shown of ['Rechnung RE-DOC-0001', 'Zollstock Holz 2 m', 'Wasserwaage Größe L', money(1250), money(5000), money(12000), 'MwSt. 19 %', money(2280), money(14280), 'DOC-A', 'DE123456789', 'Elbchaussee 9', '22767 Hamburg', '01.10.2026', 'Nordlicht Großhandel GmbH']) {
      expect(text).toContain(shown);
    }
    expect(answer.pdf.includes('/Subtype /Image')).toBe(true);
  });

  it('prints a credit note without lines with its totals only, in English on request', async () => {
    const answer = await get(`/api/account/document/${docs.creditA}`, auth.adminA, 'en');
    expectPdf(answer, 'GS-DOC-0001.pdf');
    const text = pdfText(answer.pdf);
    expect(text).toContain('Credit note GS-DOC-0001');
    expect(text).toContain(`Credit total\n${money(2380, 'en')}`);
    expect(text).not.toContain('Unit price');
  });

  it('renders the same bytes again, also after a payment (the settlement is not printed)', async () => {
    const first = (await get(`/api/account/document/${docs.invoiceA}`, auth.adminA)).pdf;
    await shop.db.updateTable('finance_documents').set({ open_amount_cents: 4280, balance_cents: 4280, payment_status: 'partiallyPaid' }).where('id', '=', docs.invoiceA).execute();
    try {
      expect((await get(`/api/account/document/${docs.invoiceA}`, auth.adminA)).pdf.equals(first)).toBe(true);
    } finally {
      await shop.db.updateTable('finance_documents').set({ open_amount_cents: 14280, balance_cents: 14280, payment_status: 'open' }).where('id', '=', docs.invoiceA).execute();
    }
  });

  it('gives the file an ASCII-safe name', async () => {
    expectPdf(await get(`/api/account/document/${docs.oddNameA}`, auth.adminA), 'RE_DOC_3_.pdf');
  });

  it('answers a foreign, unknown or malformed id alike', async () => {
    const unknown = await get('/api/account/document/2147483647', auth.adminA);
    expect([unknown.status, unknown.json().messageKey]).toEqual([404, 'document.not_found']);
    for (const [url, who] of [
      [`/api/account/document/${docs.invoiceB}`, auth.adminA],
      [`/api/account/document/${docs.invoiceA}`, auth.adminB],
      ['/api/account/document/x1', auth.adminA],
      ['/api/account/document/1e3', auth.adminA],
      ['/api/account/document/99999999999', auth.adminA],
    ] as const) {
      const answer = await get(url, who);
      expect([url, answer.status, answer.body]).toEqual([url, 404, unknown.body]);
    }
  });

  it('shows plain users the company’s documents only when the company shares them', async () => {
    for (const url of [`/api/account/document/${docs.invoiceA}`, '/api/account/document/abc', '/api/account/statement']) {
      const refused = await get(url, auth.buyerA);
      expect([url, refused.status, refused.json().messageKey]).toEqual([url, 403, 'finance.not_shared']);
    }
    await shop.db.updateTable('companies').set({ users_see_finance: 1 }).where('id', '=', company.a).execute();
    try {
      expectPdf(await get(`/api/account/document/${docs.invoiceA}`, auth.buyerA), 'RE-DOC-0001.pdf');
      expect((await get(`/api/account/document/${docs.invoiceB}`, auth.buyerA)).status).toBe(404);
    } finally {
      await shop.db.updateTable('companies').set({ users_see_finance: 0 }).where('id', '=', company.a).execute();
    }
    const guest = await get(`/api/account/document/${docs.invoiceA}`, auth.guest);
    expect([guest.status, guest.json().messageKey]).toEqual([403, 'error.login_required']);
    expect((await get(`/api/account/document/${docs.invoiceA}`, '')).status).toBe(401);
  });
});

describe('GET /api/account/statement', () => {
  it('lists the company’s open items as of today with days overdue and the balance', async () => {
    const today = shopToday();
    const answer = await get('/api/account/statement', auth.adminA);
    expectPdf(answer, `Kontoauszug-DOC-A-${today}.pdf`);
    expect(titleOf(answer.pdf)).toBe(`Kontoauszug-DOC-A-${today}`);
    const text = pdfText(answer.pdf);
    const overdueDays = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse('2026-10-01T00:00:00Z')) / 86_400_000);
    for (const shown of ['RE-DOC-0001', 'GS-DOC-0001', 'RE/DOC "3"', money(14280), money(-2380), `Saldo\n${money(14280 - 2380 + 1190)}`, 'Dokumente A GmbH']) expect(text).toContain(shown);
    if (overdueDays > 0) expect(text).toContain(`davon überfällig\n${money(14280)}`);
    expect(text).toContain(overdueDays > 0 ? `\n${overdueDays}\n` : 'RE-DOC-0001');
    expect(text).not.toContain('RE-DOC-0002');
    expect(text).not.toContain('RE-DOC-B-0001');
  });

  it('names the statement in the buyer’s language and says when nothing is open', async () => {
    const answer = await get('/api/account/statement', auth.adminB, 'en');
    expectPdf(answer, `Statement-DOC-B-${shopToday()}.pdf`);
    expect(pdfText(answer.pdf)).toContain('RE-DOC-B-0001');
    await shop.db.updateTable('finance_documents').set({ open_amount_cents: 0, balance_cents: 0, payment_status: 'paid' }).where('id', '=', docs.invoiceB).execute();
    expect(pdfText((await get('/api/account/statement', auth.adminB, 'en')).pdf)).toContain('There are no open items.');
  });
});
