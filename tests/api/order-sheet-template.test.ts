import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, isPlain, loadCatalogue, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { categoryIds } from './catalog-fixtures.ts';
import { createSigningKeyRepository } from '../../server/modules/order-sheet/template/signing-key.repository.ts';
import { startTestShop, type TestShop } from './helper.ts';
import { companyId, createCompany, createUser, insertOrder } from './order-history-fixtures.ts';
import type { OrderSheetAnswer } from '../../server/modules/order-sheet/order-sheet.service.ts';
import { boundary, multipart, rowOf } from './order-sheet-fixtures.ts';

// GET /api/orderSheet/template (docs/product.md, Order sheets: the personalised sheet) on both databases: the
// sheet of a category, of the assortment and of what the company bought, as the buyer may see it; and the
// sheet uploaded again, with its keys verified (made for this customer, prices changed since) or not.

/** exceljs reads the sheet protection but does not declare it. */
const protectionOf = (sheet: ExcelJS.Worksheet) => (sheet as unknown as { sheetProtection: Record<string, unknown> }).sheetProtection;

let shop: TestShop;
let tenantId: number;
let products: TestProduct[];
let customer: ApiClient;
let customer2: ApiClient;
let sales: ApiClient;
let categories: Map<string, number>;
/** The company of `customer` and `sales` (10001). */
let customerCompany: number;

async function download(auth: string, query: string, headers: Record<string, string> = {}) {
  return shop.app.inject({ method: 'GET', url: `/api/orderSheet/template?${query}`, headers: { authorization: auth, ...headers } });
}

async function sheetOf(auth: string, query: string, headers: Record<string, string> = {}): Promise<ExcelJS.Workbook> {
  const response = await download(auth, query, headers);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** The visible sheet's rows under the header, by header word. */
function rowsOf(workbook: ExcelJS.Workbook): Record<string, unknown>[] {
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    rows.push(Object.fromEntries(headers.map((header, index) => [header, row.getCell(index + 1).value])));
  });
  return rows;
}

async function upload(client: ApiClient, bytes: Buffer, target: 'order' | 'preOrder' = 'order'): Promise<OrderSheetAnswer> {
  const body = multipart([
    { name: 'target', value: target },
    { name: 'file', value: bytes, filename: 'sheet.xlsx' },
  ]);
  const response = await shop.app.inject({ method: 'POST', url: '/api/orderSheet/upload', headers: { authorization: client.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json();
}

/** The workbook with `quantity` entered for the row of `sku`, written again. */
async function filledIn(workbook: ExcelJS.Workbook, sku: string, quantity: number): Promise<Buffer> {
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const quantityColumn = headers.findIndex((header) => header === 'Menge' || header === 'Quantity');
  let found = false;
  sheet.eachRow((row, line) => {
    if (line > 1 && row.getCell(1).value === sku && !found) {
      row.getCell(quantityColumn).value = quantity;
      found = true;
    }
  });
  expect(found, `a row for ${sku}`).toBe(true);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

beforeAll(async () => {
  shop = await startTestShop();
  ({ products, tenantId } = await loadCatalogue(shop));
  [customer, customer2, sales] = await Promise.all([clientFor(shop, 'customer'), clientFor(shop, 'customer2'), clientFor(shop, 'sales')]);
  categories = await categoryIds(shop);
  customerCompany = await companyId(shop.db, '10001');
});
afterAll(() => shop.close());

describe('the sheet of a category, of the assortment', () => {
  it('a category lists the visible products of it and its subcategories, as the catalogue lists them; an attachment with a dated name', async () => {
    const category = categories.get('handwerkzeug')!;
    const response = await download(customer.auth, `scope=category&category=${category}&type=order`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bestellliste-\d{4}-\d\d-\d\d\.xlsx"$/);
    const workbook = await sheetOf(customer.auth, `scope=category&category=${category}&type=order`);
    const listed = await customer.get(`/api/material?category=${category}&pageSize=100`);
    const skus = new Set(rowsOf(workbook).map((row) => row.Artikelnummer));
    expect(skus.size).toBe((listed.body as { meta: { total: number } }).meta.total);
    for (const product of (listed.body as { data: { sku: string }[] }).data) expect(skus).toContain(product.sku);
  });

  it('the assortment is every product the buyer may see: a deal category’s products only for accounts with deals', async () => {
    const deals = categories.get('angebote')!;
    const hidden = await shop.db.selectFrom('products').select('sku').where('category_id', '=', deals).where('is_active', '=', 1).execute();
    expect(hidden.length).toBeGreaterThan(0);
    const seenByCustomer2 = new Set(rowsOf(await sheetOf(customer2.auth, 'scope=assortment&type=order')).map((row) => row.Artikelnummer));
    const seenByCustomer = new Set(rowsOf(await sheetOf(customer.auth, 'scope=assortment&type=order')).map((row) => row.Artikelnummer));
    for (const { sku } of hidden) {
      expect(seenByCustomer2.has(sku), sku).toBe(false);
      expect(seenByCustomer.has(sku), sku).toBe(true);
    }
    const total = async (client: ApiClient) => ((await client.get('/api/material?pageSize=1')).body as { meta: { total: number } }).meta.total;
    expect(seenByCustomer2.size).toBe(await total(customer2));
    expect(seenByCustomer.size).toBe(await total(customer));
  });

  it('a hidden category, an unknown one and a value that is no id answer like an unknown category', async () => {
    const deals = categories.get('angebote')!;
    for (const query of [`scope=category&category=${deals}&type=order`, 'scope=category&category=987654321&type=order', 'scope=category&category=abc&type=order']) {
      const response = await download(customer2.auth, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toMatchObject({ messageKey: 'error.category_not_found' });
    }
  });

  it('refuses a missing or wrong scope or type, a category without scope=category and one missing with it', async () => {
    for (const [query, field, messageKey] of [
      ['type=order', 'scope', 'validation.required'],
      ['scope=everything&type=order', 'scope', 'validation.invalid'],
      ['scope=assortment', 'type', 'validation.required'],
      ['scope=assortment&type=later', 'type', 'validation.invalid'],
      ['scope=category&type=order', 'category', 'validation.required'],
      ['scope=assortment&type=order&category=1', 'category', 'validation.invalid'],
      ['scope=assortment&type=order&extra=1', 'extra', 'validation.unknown_field'],
    ] as const) {
      const response = await download(customer.auth, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ field, messageKey });
    }
  });
});

describe('what the sheet shows whom', () => {
  it('a customer sees stock in words, a sales person numbers; only the quantity cells are unlocked', async () => {
    const category = `scope=category&category=${categories.get('handwerkzeug')!}&type=order`;
    const words = rowsOf(await sheetOf(customer.auth, category)).map((row) => row.Lager);
    expect(new Set(words).size).toBeGreaterThan(0);
    for (const word of words) expect(['Auf Lager', 'Nicht auf Lager']).toContain(word);
    const numbers = rowsOf(await sheetOf(sales.auth, category)).map((row) => row.Lager);
    for (const number of numbers) expect(typeof number).toBe('number');

    const sheet = (await sheetOf(customer.auth, category)).worksheets[0]!;
    expect(protectionOf(sheet)).toMatchObject({ sheet: true });
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const quantity = headers.indexOf('Menge');
    sheet.getRow(2).eachCell({ includeEmpty: true }, (cell, column) => {
      expect(cell.protection?.locked ?? true, `column ${column}`).toBe(column !== quantity);
    });
    expect(sheet.getRow(2).getCell(quantity).dataValidation).toMatchObject({ type: 'whole', operator: 'between' });
  });

  it('gross prices where the account shows gross, English words in English', async () => {
    const query = `scope=category&category=${categories.get('handwerkzeug')!}&type=order`;
    const german = (await sheetOf(customer2.auth, query)).worksheets[0]!.getRow(1).values as unknown[];
    expect(german).toContain('Ihr Preis brutto');
    expect((await sheetOf(customer.auth, query)).worksheets[0]!.getRow(1).values as unknown[]).not.toContain('Ihr Preis brutto');
    const english = await sheetOf(customer.auth, query, { 'accept-language': 'en' });
    expect((english.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['SKU', 'Variant']);
    expect((await download(customer.auth, query, { 'accept-language': 'en' })).headers['content-disposition']).toMatch(/filename="order-sheet-/);
  });

  it('a pre-order sheet has one unlocked quantity column per season, headed by the season’s name', async () => {
    const seasons = await shop.db.selectFrom('seasons').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('sort_order').orderBy('id').execute();
    expect(seasons.length).toBeGreaterThan(0);
    const response = await download(customer.auth, `scope=category&category=${categories.get('handwerkzeug')!}&type=preOrder`);
    expect(response.headers['content-disposition']).toMatch(/filename="vorbestellliste-/);
    const sheet = (await sheetOf(customer.auth, `scope=category&category=${categories.get('handwerkzeug')!}&type=preOrder`)).worksheets[0]!;
    const headers = Array.from(sheet.getRow(1).values as unknown[], String);
    expect(headers).not.toContain('Menge');
    for (const season of seasons) {
      const column = headers.findIndex((header) => header.startsWith(`${season.name} (ab `));
      expect(column, season.name).toBeGreaterThan(0);
      expect(sheet.getRow(2).getCell(column).protection).toMatchObject({ locked: false });
    }
  });
});

describe('what the company bought', () => {
  it('lists the products ordered in the last 12 months with the last quantity filled in, visible ones only', async () => {
    const company = await createCompany(shop.db, tenantId, 'SHEET-BOUGHT', 1);
    const buyer = await createUser(shop.db, tenantId, company, 'sheet-bought', 'customer');
    const [first, second, old] = products.filter((product) => product.isActive && product.variants.length === 0).slice(0, 3) as [TestProduct, TestProduct, TestProduct];
    const hiddenProduct = (await shop.db.selectFrom('products').select(['id', 'sku']).where('category_id', '=', categories.get('angebote')!).where('is_active', '=', 1).executeTakeFirstOrThrow());
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const line = (product: { id: number; sku: string }, quantity: number) => ({ productId: product.id, sku: product.sku, name: product.sku, quantity, unitCents: 100 });
    await insertOrder(shop.db, tenantId, { companyId: company, userId: buyer.userId, orderNumber: 'SB-1', orderDate: daysAgo(100), lines: [line(first, 5), line(second, 2)] });
    await insertOrder(shop.db, tenantId, { companyId: company, userId: buyer.userId, orderNumber: 'SB-2', orderDate: daysAgo(10), lines: [line(first, 8), line(hiddenProduct, 3)] });
    await insertOrder(shop.db, tenantId, { companyId: company, userId: buyer.userId, orderNumber: 'SB-3', orderDate: daysAgo(400), lines: [line(old, 4)] });
    const rows = rowsOf(await sheetOf(buyer.auth, 'scope=bought&type=order'));
    expect(rows.map((row) => [row.Artikelnummer, row.Menge])).toEqual(
      [[first.sku, 8], [second.sku, 2]].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
    );
  });
});

describe('the tenant’s signing key', () => {
  it('is made once: app instances making it at the same moment end with the one stored', async () => {
    await shop.db.updateTable('tenants').set({ order_sheet_key: null }).where('id', '=', tenantId).execute();
    const instances = Array.from({ length: 4 }, () => createSigningKeyRepository(shop.db));
    const keys = await Promise.all(instances.map((instance) => instance.keyOf(tenantId)));
    const stored = (await shop.db.selectFrom('tenants').select('order_sheet_key').where('id', '=', tenantId).executeTakeFirstOrThrow()).order_sheet_key;
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const key of keys) expect(key.toString('base64url')).toBe(stored);
  });
});

describe('the sheet uploaded again', () => {
  const query = () => `scope=category&category=${categories.get('handwerkzeug')!}&type=order`;
  const firstSku = (workbook: ExcelJS.Workbook) => rowsOf(workbook).find((row) => row.Variante === '' || row.Variante === null)!.Artikelnummer as string;

  it('made for this customer: the import remembers when it was made, and no price changed', async () => {
    const workbook = await sheetOf(customer.auth, query());
    const sku = firstSku(workbook);
    const answer = await upload(customer, await filledIn(workbook, sku, 3));
    expect(answer.origin).toMatchObject({ pricesChanged: 0 });
    expect(Date.parse((answer.origin as { madeAt: string }).madeAt)).toBeGreaterThan(Date.now() - 60_000);
    const row = answer.rows.find((each) => each.input.sku === sku)!;
    expect(row).toMatchObject({ status: 'ready', quantity: 3 });
    expect(row.priceChange).toBeUndefined();
    // Read again later, the import still knows where it came from.
    expect(((await customer.get(`/api/orderSheet/${answer.importId}`)).body as OrderSheetAnswer).origin).toEqual(answer.origin);
  });

  it('a price changed since the sheet was made: the row says from and to, the summary how many', async () => {
    const workbook = await sheetOf(customer.auth, 'scope=assortment&type=order');
    // A product priced by its list price alone: no customer or tier price stands in front of the change.
    const { sku } = pick(products, isPlain, 'a plain product');
    const bytes = await filledIn(workbook, sku, 2);
    const product = await shop.db.selectFrom('products').select(['id', 'price_cents']).where('tenant_id', '=', tenantId).where('sku', '=', sku).executeTakeFirstOrThrow();
    await shop.db.updateTable('products').set({ price_cents: product.price_cents + 150 }).where('id', '=', product.id).execute();
    try {
      const answer = await upload(customer, bytes);
      expect(answer.origin).toMatchObject({ pricesChanged: 1 });
      const row = answer.rows.find((each) => each.input.sku === sku)!;
      expect(row.priceChange).toMatchObject({ new: row.product!.price.value, currency: 'EUR' });
      expect(Math.round((row.priceChange!.new - row.priceChange!.old) * 100)).toBe(150);
    } finally {
      await shop.db.updateTable('products').set({ price_cents: product.price_cents }).where('id', '=', product.id).execute();
    }
  });

  it('another company’s sheet is read as a plain sheet with a notice, never naming that company', async () => {
    const workbook = await sheetOf(customer.auth, query());
    const sku = firstSku(workbook);
    const answer = await upload(customer2, await filledIn(workbook, sku, 1));
    expect(answer.origin).toEqual({ foreign: true });
    expect(JSON.stringify(answer)).not.toContain('Muster Baubedarf');
    expect(answer.rows.find((each) => each.input.sku === sku)).toMatchObject({ status: 'ready', quantity: 1 });
    expect(answer.rows.every((each) => each.priceChange === undefined)).toBe(true);
  });

  it('a sheet whose keys were changed after (another company written in) does not verify', async () => {
    const workbook = await sheetOf(customer2.auth, query());
    const keys = workbook.getWorksheet('keys')!;
    keys.eachRow((row) => {
      if (row.getCell(1).value === 'company') row.getCell(2).value = String(customerCompany);
    });
    const answer = await upload(customer, await filledIn(workbook, firstSku(workbook), 1));
    expect(answer.origin).toEqual({ foreign: true });
    expect(rowOf(answer, 2)).toBeDefined();
  });
});
