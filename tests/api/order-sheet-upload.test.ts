import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, isPlain, loadCatalogue, pick, type ApiClient, type TestProduct } from './basket-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';
import type { OrderSheetAnswer } from '../../server/modules/order-sheet/order-sheet.service.ts';
import { boundary, multipart, rowOf, type Part } from './order-sheet-fixtures.ts';

// POST /api/orderSheet/upload: real files (tests/fixtures/order-sheets, made by LibreOffice Calc and
// exceljs) become imports judged like a paste; hostile files and malformed multipart bodies are refused
// with their message keys, and nothing is stored on a refusal.

const fixtures = path.resolve(import.meta.dirname, '../fixtures/order-sheets');

let shop: TestShop;
let customer: ApiClient;
let plain: TestProduct;

async function upload(client: ApiClient, body: Buffer, contentType = `multipart/form-data; boundary=${boundary}`) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/orderSheet/upload', headers: { authorization: client.auth, 'content-type': contentType }, payload: body });
  return { statusCode: response.statusCode, body: response.json() };
}

const file = (name: string): Part => ({ name: 'file', value: fs.readFileSync(path.join(fixtures, name)), filename: name });
const storedImports = async () => (await shop.db.selectFrom('order_sheet_imports').select('id').execute()).length;

beforeAll(async () => {
  shop = await startTestShop();
  const { products } = await loadCatalogue(shop);
  customer = await clientFor(shop, 'customer');
  plain = pick(products, isPlain, 'a plain product');
});
afterAll(() => shop.close());

describe('real files', () => {
  it('a sheet written by exceljs with a catalogue sku: the row is ready, judged like a paste', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Bestellung');
    sheet.addRow(['Artikelnummer', 'Bezeichnung', 'Menge']);
    sheet.addRow([plain.sku, plain.name, 3]);
    sheet.addRow(['NO-SUCH-SKU', 'unbekannt', 2]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const response = await upload(customer, multipart([{ name: 'target', value: 'order' }, { name: 'file', value: bytes, filename: 'BESTELLUNG.XLSX' }]));
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const answer = response.body as OrderSheetAnswer;
    expect(answer).toMatchObject({ target: 'order', summary: { lines: 2, ready: 1, refused: 1 }, confirmed: null });
    expect(rowOf(answer, 2)).toMatchObject({ status: 'ready', input: { sku: plain.sku, quantity: 3 }, quantity: 3, product: { _id: plain.id } });
    expect(rowOf(answer, 3)).toMatchObject({ status: 'refused', input: { sku: 'NO-SUCH-SKU' } });
    const again = await customer.get(`/api/orderSheet/${answer.importId}`);
    expect(again.statusCode).toBe(200);
  });

  it('a CSV saved by LibreOffice Calc in the German locale: the rows the reader refused carry its reasons', async () => {
    const response = await upload(customer, multipart([file('lo-de-csv.xlsx'), { name: 'target', value: 'order' }]));
    expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
    const answer = response.body as OrderSheetAnswer;
    expect(rowOf(answer, 4)).toMatchObject({ status: 'refused', messageKey: 'orderSheet.file.row.skuDate' });
    expect(rowOf(answer, 5)).toMatchObject({ status: 'refused', messageKey: 'orderSheet.file.row.skuScientific' });
    expect(rowOf(answer, 6)).toMatchObject({ status: 'refused', messageKey: 'orderSheet.file.row.skuLongNumber' });
    expect(rowOf(answer, 7)).toMatchObject({ status: 'refused', messageKey: 'orderSheet.file.row.quantityNotWhole' });
    expect(rowOf(answer, 8)).toMatchObject({ status: 'refused', messageKey: 'orderSheet.file.row.quantityText' });
    expect(answer.rows.map((row) => row.line)).not.toContain(10);
  });
});

describe('refusals: nothing stored', () => {
  it.each([
    ['lo.xls', 'orderSheet.file.xls'],
    ['lo.ods', 'orderSheet.file.ods'],
    ['lo-macros.xlsm', 'orderSheet.file.xlsm'],
    ['csv-renamed.xlsx', 'orderSheet.file.text'],
    ['truncated.xlsx', 'orderSheet.file.corrupt'],
    ['billion-laughs.xlsx', 'orderSheet.file.xmlDeclarations'],
    ['zip-bomb.xlsx', 'orderSheet.file.tooBigUnpacked'],
    // Protected with a password the way Excel does it (ECMA-376 agile encryption), not a hand-made directory.
    ['encrypted.xlsx', 'orderSheet.file.encrypted'],
  ])('%s → 400 %s', async (name, messageKey) => {
    const before = await storedImports();
    const response = await upload(customer, multipart([{ name: 'target', value: 'order' }, file(name)]));
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatchObject({ messageKey, field: 'file' });
    expect(response.body.message).toMatch(/xlsx/i);
    expect(await storedImports()).toBe(before);
  });

  it('a file over 10 MB → 413', async () => {
    const before = await storedImports();
    const response = await upload(customer, multipart([{ name: 'target', value: 'order' }, { name: 'file', value: Buffer.alloc(11 * 1024 * 1024, 0x41), filename: 'big.xlsx' }]));
    expect(response.statusCode).toBe(413);
    expect(response.body).toMatchObject({ messageKey: 'orderSheet.file.tooLarge' });
    expect(await storedImports()).toBe(before);
  });

  it('a body over 10 MB outside its parts → 413 by its Content-Length, before it is read', async () => {
    const before = await storedImports();
    const whole = multipart([{ name: 'target', value: 'order' }, file('exceljs-order.xlsx')]);
    const response = await upload(customer, Buffer.concat([Buffer.alloc(11 * 1024 * 1024, 0x41), Buffer.from('\r\n'), whole]));
    expect(response.statusCode).toBe(413);
    expect(response.body).toMatchObject({ messageKey: 'orderSheet.file.tooLarge', field: 'file' });
    expect(response.body.message).toMatch(/10 MB/);
    expect(await storedImports()).toBe(before);
  });

  it('a Content-Length that is no number of bytes → 400, nothing stored', async () => {
    const before = await storedImports();
    const body = multipart([{ name: 'target', value: 'order' }, file('exceljs-order.xlsx')]);
    for (const length of ['abc', '-1', '1e3', '']) {
      const response = await shop.app.inject({ method: 'POST', url: '/api/orderSheet/upload', headers: { authorization: customer.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length }, payload: body });
      expect(response.statusCode, `${length}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ messageKey: 'validation.invalid', field: 'content-length' });
    }
    expect(await storedImports()).toBe(before);
  });

  it('no file, no target, a wrong target, wrong field names, two files, a JSON body, a malformed body', async () => {
    const before = await storedImports();
    const order = { name: 'target', value: 'order' };
    const cases: [Buffer, string | undefined, number, Record<string, unknown>][] = [
      [multipart([order]), undefined, 400, { messageKey: 'validation.required', field: 'file' }],
      [multipart([file('exceljs-order.xlsx')]), undefined, 400, { messageKey: 'validation.required', field: 'target' }],
      [multipart([{ name: 'target', value: 'wishlist' }, file('exceljs-order.xlsx')]), undefined, 400, { messageKey: 'validation.invalid', field: 'target' }],
      [multipart([order, { ...file('exceljs-order.xlsx'), name: 'upload' }]), undefined, 400, { messageKey: 'validation.unknown_field', field: 'upload' }],
      [multipart([order, { name: 'price', value: '0' }, file('exceljs-order.xlsx')]), undefined, 400, { messageKey: 'orderSheet.upload.tooManyFields' }],
      [multipart([order, file('exceljs-order.xlsx'), file('exceljs-order.xlsx')]), undefined, 400, { messageKey: 'orderSheet.upload.tooManyFields' }],
      [Buffer.from('{"target":"order"}'), 'application/json', 415, { messageKey: 'orderSheet.upload.notMultipart' }],
      [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004`), undefined, 400, { messageKey: 'orderSheet.upload.malformed' }],
    ];
    for (const [body, contentType, status, expected] of cases) {
      const response = await upload(customer, body, contentType);
      expect(response.statusCode, JSON.stringify(response.body)).toBe(status);
      expect(response.body).toMatchObject(expected);
    }
    expect(await storedImports()).toBe(before);
  });

  it('nobody signed in → 401, whatever the file', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/orderSheet/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart([{ name: 'target', value: 'order' }, file('exceljs-order.xlsx')]) });
    expect(response.statusCode).toBe(401);
  });
});
