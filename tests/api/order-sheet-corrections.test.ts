import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook } from '../../server/modules/order-sheet/xlsx/read-workbook.ts';
import { clientFor, isPlain, loadCatalogue, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';
import type { OrderSheetAnswer } from '../../server/modules/order-sheet/order-sheet.service.ts';
import { boundary, multipart, paste, rowOf } from './order-sheet-fixtures.ts';

// GET /api/orderSheet/{importId}/corrections: the import's rows as an XLSX file to correct and upload
// again, owned like the import; and POST /api/orderSheet/{importId}/rows/{line} with a corrected sku
// (a "did you mean" taken, or typed), judged again.

let shop: TestShop;
let products: TestProduct[];
let seasons: { id: number; name: string }[];
let customer: ApiClient;
let customer2: ApiClient;
let plain: TestProduct;

beforeAll(async () => {
  shop = await startTestShop();
  let tenantId: number;
  ({ products, tenantId } = await loadCatalogue(shop));
  seasons = await shop.db.selectFrom('seasons').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('sort_order').orderBy('id').execute();
  customer = await clientFor(shop, 'customer');
  customer2 = await clientFor(shop, 'customer2');
  plain = pick(products, isPlain, 'a plain product');
});
afterAll(() => shop.close());

async function download(client: ApiClient, importId: string, language = 'de') {
  const response = await shop.app.inject({ method: 'GET', url: `/api/orderSheet/${importId}/corrections`, headers: { authorization: client.auth, 'accept-language': language } });
  return { statusCode: response.statusCode, headers: response.headers, bytes: new Uint8Array(response.rawPayload), body: () => response.json() };
}

async function cellsOf(bytes: Uint8Array): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  return sheet.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : []));
}

/** A sku the catalogue does not have, one letter off a plain product's: answered with "did you mean" it. */
function typoOf(product: TestProduct): string {
  return product.sku.toLowerCase().replaceAll('-', ' ');
}

describe('GET /api/orderSheet/{importId}/corrections', () => {
  it('an order import: an XLSX download the reader takes back with the decided quantities and the refused rows as asked', async () => {
    const near = products.filter(isPlain)[8]!;
    const sheet = await paste(customer, [`${plain.sku}\t3`, `${typoOf(near)}\t2`, 'NO-SUCH-SKU\t4']);
    const file = await download(customer, sheet.importId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe('attachment; filename="bestellliste-korrekturen.xlsx"');
    expect(file.headers['cache-control']).toBe('private, no-store');

    const cells = await cellsOf(file.bytes);
    expect(cells[0]).toEqual(['Artikelnummer', 'Variante', 'Menge', 'Status', 'Hinweis', 'Meinten Sie']);
    expect(cells[1]!.slice(0, 4)).toEqual([plain.sku, undefined, 3, 'Bereit']);
    expect(cells[2]).toEqual([typoOf(near), undefined, 2, 'Abgelehnt', `Die Artikelnummer „${typoOf(near)}“ kennen wir nicht.`, `${near.sku} (${near.name})`]);

    const reading = await readWorkbook(file.bytes, { target: 'order', seasons: [] });
    expect('rows' in reading && reading.rows).toEqual([
      { line: 2, sku: plain.sku, variantSku: null, quantity: 3 },
      { line: 3, sku: typoOf(near), variantSku: null, quantity: 2 },
      { line: 4, sku: 'NO-SUCH-SKU', variantSku: null, quantity: 4 },
    ]);
  });

  it('uploaded again as it is, it makes an import with the same verdicts', async () => {
    const sheet = await paste(customer, [`${plain.sku}\t3`, 'NO-SUCH-SKU\t4', `${plain.sku}\t2`]);
    const file = await download(customer, sheet.importId, 'en');
    expect(file.headers['content-disposition']).toBe('attachment; filename="order-sheet-corrections.xlsx"');
    const body = multipart([{ name: 'target', value: 'order' }, { name: 'file', value: Buffer.from(file.bytes), filename: 'order-sheet-corrections.xlsx' }]);
    const uploaded = await shop.app.inject({ method: 'POST', url: '/api/orderSheet/upload', headers: { authorization: customer.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const again = uploaded.json<OrderSheetAnswer>();
    // The merged line has no quantity in the file: its 2 are in the first line's 5, which the file carries.
    expect(again.summary).toEqual({ lines: 2, ready: 1, adjusted: 0, refused: 1, merged: 0 });
    expect(rowOf(again, 2)).toMatchObject({ status: 'ready', quantity: 5, product: { _id: plain.id } });
    expect(rowOf(again, 3)).toMatchObject({ status: 'refused', input: { sku: 'NO-SUCH-SKU', quantity: 4 } });
  });

  it('a pre-order import: one quantity column per season, headed by its name', async () => {
    const frozen = pick(products, (p) => p.isStockFreeze && p.batchSize === 1 && p.variants.length === 0 && p.preStocks[0]! >= 2, 'a frozen product with pre-stock in the first season');
    const sheet = await paste(customer, [`${frozen.sku}\t2`, 'NO-SUCH-SKU\t5'], 'preOrder');
    expect(rowOf(sheet, 1).status).toBe('ready');
    const file = await download(customer, sheet.importId);
    expect(file.statusCode).toBe(200);
    const cells = await cellsOf(file.bytes);
    expect(cells[0]).toEqual(['Artikelnummer', 'Variante', ...seasons.map((season) => season.name), 'Status', 'Hinweis', 'Meinten Sie']);
    const reading = await readWorkbook(file.bytes, { target: 'preOrder', seasons });
    const blanks = seasons.slice(1).map(() => null);
    expect(reading).toMatchObject({
      seasonIds: seasons.map((season) => season.id),
      rows: [
        { line: 2, sku: frozen.sku, quantity: null, quantities: [2, ...blanks] },
        { line: 3, sku: 'NO-SUCH-SKU', quantity: null, quantities: [5, ...blanks] },
      ],
    });
  });

  it('answers another user’s import, an expired one and a malformed id exactly like an unknown one', async () => {
    const unknown = await download(customer, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body()).toMatchObject({ messageKey: 'error.order_sheet_not_found' });
    const theirs = await paste(customer2, [`${plain.sku}\t1`]);
    const expired = await paste(customer, [`${plain.sku}\t1`]);
    await shop.db.updateTable('order_sheet_imports').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('public_id', '=', expired.importId).execute();
    for (const id of [theirs.importId, expired.importId, 'not-an-id', 'A'.repeat(23)]) {
      const answer = await download(customer, id);
      expect([answer.statusCode, answer.body()], id).toEqual([404, unknown.body()]);
      expect(answer.headers['content-disposition']).toBeUndefined();
    }
    expect((await download(customer2, theirs.importId)).statusCode).toBe(200);
  });
});

describe('POST /api/orderSheet/{importId}/rows/{line} with a sku', () => {
  it('takes a "did you mean": the row names the suggested article and is judged again', async () => {
    const near = products.filter(isPlain)[9]!;
    const sheet = await paste(customer, [`${typoOf(near)}\t2`, `${near.sku}\t1`]);
    const refused = rowOf(sheet, 1);
    expect(refused).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.unknown', suggestions: [{ sku: near.sku }] });
    const taken = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { sku: refused.suggestions![0]!.sku });
    expect(taken.statusCode, JSON.stringify(taken.body)).toBe(200);
    // Judged again with every row: the second line now names the same article and is merged into the first.
    expect(rowOf(taken.body, 1)).toMatchObject({ status: 'ready', quantity: 3, input: { sku: near.sku, quantity: 2 }, product: { _id: near.id } });
    expect(rowOf(taken.body, 2)).toMatchObject({ status: 'merged', params: { intoLine: 1 } });
    expect((await customer.get(`/api/orderSheet/${sheet.importId}`)).body).toEqual(taken.body);
  });

  it('a typed sku replaces a row the reader refused, and one that names nothing stays refused', async () => {
    const sheet = await paste(customer, ['1E+05\t2']);
    expect(rowOf(sheet, 1)).toMatchObject({ status: 'refused', messageKey: 'orderSheet.sku.scientific' });
    const typed = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { sku: `  ${plain.sku} ` });
    expect(rowOf(typed.body, 1)).toMatchObject({ status: 'ready', quantity: 2, input: { sku: plain.sku } });
    const unknown = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { sku: 'STILL-NOTHING' });
    expect(rowOf(unknown.body, 1)).toMatchObject({ status: 'refused', messageKey: 'orderSheet.row.unknown', params: { sku: 'STILL-NOTHING' } });
  });

  it('refuses a sku the paste would not read, changing nothing', async () => {
    const sheet = await paste(customer, ['NO-SUCH-SKU\t2']);
    for (const [sku, messageKey] of [
      ['', 'validation.required'],
      ['   ', 'validation.required'],
      ['X'.repeat(101), 'validation.too_long'],
      ['1E+05', 'orderSheet.sku.scientific'],
      [42, 'validation.invalid'],
      [null, 'validation.invalid'],
    ] as const) {
      const answer = await customer.post(`/api/orderSheet/${sheet.importId}/rows/1`, { sku });
      expect([answer.statusCode, answer.body.messageKey, answer.body.field], JSON.stringify(sku)).toEqual([400, messageKey, 'sku']);
    }
    expect((await customer.get(`/api/orderSheet/${sheet.importId}`)).body).toEqual(sheet);
  });

  it('refuses a sku change of a confirmed import', async () => {
    const sheet = await paste(customer, [`${plain.sku}\t1`, 'NO-SUCH-SKU\t1']);
    expect((await customer.post(`/api/orderSheet/${sheet.importId}/confirm`, { mode: 'add' })).statusCode).toBe(200);
    const late = await customer.post(`/api/orderSheet/${sheet.importId}/rows/2`, { sku: plain.sku });
    expect([late.statusCode, late.body.messageKey]).toEqual([409, 'error.order_sheet_confirmed']);
  });
});
