import fs from 'node:fs';
import path from 'node:path';
import * as zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { orderSheetMaxLines, orderSheetMaxRowsRead } from '../../../../core/order-sheet-limits.ts';
import { zip, type ZipPart } from '../../../../tests/support/zip-writer.ts';
import { readOrderSheetFile } from './read-order-sheet-file.ts';
import type { SheetFileOptions, SheetFileReading } from './read-workbook.ts';
import { createSheetFileReader, defaultSheetReaderOptions } from './sheet-reader-pool.ts';

// Real files (tests/fixtures/order-sheets, made by scripts/make-order-sheet-fixtures.ts: LibreOffice Calc
// in the German and English locales, exceljs, and a copy protected with a password as Excel does it) read
// through the reader's worker thread.

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures/order-sheets');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));
const reader = createSheetFileReader();
afterAll(() => reader.close());
const order: SheetFileOptions = { target: 'order', seasons: [] };
const preOrder: SheetFileOptions = { target: 'preOrder', seasons: [{ id: 7, name: 'Frühjahr 2027' }, { id: 9, name: 'Sommer 2027' }] };

const read = (bytes: Uint8Array, options = order) => readOrderSheetFile(reader, bytes, options);
const rowsOf = (reading: SheetFileReading) => {
  if ('refusal' in reading) throw new Error(`refused: ${reading.refusal.messageKey}`);
  return reading.rows;
};

async function refusedQuickly(bytes: Uint8Array) {
  const started = performance.now();
  const reading = await read(bytes);
  const ms = performance.now() - started;
  if (!('refusal' in reading)) throw new Error('read, not refused');
  // A sanity bound only; bench/ measures the real figure.
  expect(ms).toBeLessThan(200);
  return reading.refusal;
}

describe('files saved by LibreOffice Calc from a CSV', () => {
  for (const name of ['lo-de-csv.xlsx', 'lo-en-csv.xlsx']) {
    it(`${name}: numbers, dates, 1E+05, a 16-digit EAN and quantities as Calc stored them`, async () => {
      expect(rowsOf(await read(fixture(name)))).toEqual([
        { line: 2, sku: '100', skuFromNumber: true, variantSku: null, quantity: 12 },
        { line: 3, sku: 'A-200', variantSku: null, quantity: 5 },
        { line: 4, sku: '', variantSku: null, quantity: 3, readRefusal: { messageKey: 'orderSheet.file.row.skuDate' } },
        { line: 5, sku: '100000', variantSku: null, quantity: 2, readRefusal: { messageKey: 'orderSheet.file.row.skuScientific' } },
        { line: 6, sku: '4006381333931230', variantSku: null, quantity: 1, readRefusal: { messageKey: 'orderSheet.file.row.skuLongNumber', params: { value: '4006381333931230' } } },
        { line: 7, sku: 'B-300', variantSku: null, quantity: null, readRefusal: { messageKey: 'orderSheet.file.row.quantityNotWhole', params: { value: '2.5' } } },
        { line: 8, sku: 'C-400', variantSku: null, quantity: null, readRefusal: { messageKey: 'orderSheet.file.row.quantityText', params: { value: 'fünf' } } },
        { line: 10, sku: 'D-500', variantSku: null, quantity: null },
      ]);
    });
  }

  for (const name of ['gnumeric-de.xlsx', 'gnumeric-en.xlsx']) {
    it(`${name}: the same list as Gnumeric stored it, in inline strings, 1E+05 as the plain number it shows`, async () => {
      expect(rowsOf(await read(fixture(name)))).toEqual([
        { line: 2, sku: '100', skuFromNumber: true, variantSku: null, quantity: 12 },
        { line: 3, sku: 'A-200', variantSku: null, quantity: 5 },
        { line: 4, sku: '', variantSku: null, quantity: 3, readRefusal: { messageKey: 'orderSheet.file.row.skuDate' } },
        { line: 5, sku: '100000', skuFromNumber: true, variantSku: null, quantity: 2 },
        { line: 6, sku: '4006381333931234', variantSku: null, quantity: 1, readRefusal: { messageKey: 'orderSheet.file.row.skuLongNumber', params: { value: '4006381333931234' } } },
        { line: 7, sku: 'B-300', variantSku: null, quantity: null, readRefusal: { messageKey: 'orderSheet.file.row.quantityNotWhole', params: { value: '2.5' } } },
        { line: 8, sku: 'C-400', variantSku: null, quantity: null, readRefusal: { messageKey: 'orderSheet.file.row.quantityText', params: { value: 'fünf' } } },
        { line: 10, sku: 'D-500', variantSku: null, quantity: null },
      ]);
    });
  }
});

describe('structure', () => {
  it('LibreOffice: skips a sheet without headers, finds "Art.-Nr."/"Anzahl" under a title, reads a merged quantity once, skips a hidden row, takes a formula\'s value', async () => {
    const reading = await read(fixture('lo-structure.xlsx'));
    expect(reading).toMatchObject({ sheetName: 'Bestellung' });
    expect(rowsOf(reading)).toEqual([
      { line: 3, sku: '00100', variantSku: null, quantity: 4 },
      { line: 4, sku: '100', skuFromNumber: true, variantSku: null, quantity: 2 },
      { line: 5, sku: 'M-1', variantSku: null, quantity: 6 },
      { line: 6, sku: 'M-2', variantSku: null, quantity: null },
      { line: 7, sku: 'M-3', variantSku: null, quantity: null },
      { line: 9, sku: 'F-1', variantSku: 'F-1-RED', quantity: 8 },
    ]);
  });

  it('exceljs: a hidden first sheet is not read; text and number skus, variants, merged cells, hidden rows, formulas, EAN, date, decimal, negative, zero', async () => {
    const reading = await read(fixture('exceljs-order.xlsx'));
    expect(reading).toMatchObject({ sheetName: 'Order' });
    expect(rowsOf(reading)).toEqual([
      { line: 2, sku: '00100', variantSku: null, quantity: 3 },
      { line: 3, sku: '100', skuFromNumber: true, variantSku: null, quantity: 1 },
      { line: 4, sku: 'V-1', variantSku: 'V-1-BLUE', quantity: 10 },
      { line: 5, sku: 'M-1', variantSku: null, quantity: 5 },
      { line: 6, sku: 'M-2', variantSku: null, quantity: null },
      { line: 8, sku: 'F-1', variantSku: null, quantity: 9 },
      { line: 9, sku: '4006381333931234', variantSku: null, quantity: 1, readRefusal: { messageKey: 'orderSheet.file.row.skuLongNumber', params: { value: '4006381333931234' } } },
      { line: 10, sku: '', variantSku: null, quantity: 1, readRefusal: { messageKey: 'orderSheet.file.row.skuDate' } },
      { line: 11, sku: 'Q-1', variantSku: null, quantity: null, readRefusal: { messageKey: 'orderSheet.file.row.quantityNotWhole', params: { value: '2.5' } } },
      { line: 12, sku: 'Q-2', variantSku: null, quantity: null, readRefusal: { messageKey: 'orderSheet.file.row.quantityNegative', params: { value: '-1' } } },
      { line: 13, sku: 'Q-3', variantSku: null, quantity: 0 },
    ]);
  });

  it('pre-order: quantities per season column, headed by the season\'s name (and date)', async () => {
    const reading = await read(fixture('exceljs-pre-order.xlsx'), preOrder);
    expect(reading).toMatchObject({ seasonIds: [7, 9] });
    expect(rowsOf(reading)).toEqual([
      { line: 2, sku: 'P-1', variantSku: null, quantity: null, quantities: [2, 4] },
      { line: 3, sku: 'P-2', variantSku: null, quantity: null, quantities: [null, 6] },
      { line: 4, sku: 'P-3', variantSku: null, quantity: null, quantities: [null, null] },
    ]);
  });

  it('a sheet for orders without a quantity column has no header for an order', async () => {
    expect(await read(fixture('exceljs-pre-order.xlsx'))).toEqual({ refusal: { messageKey: 'orderSheet.file.noHeader' } });
  });

  it('Strict OOXML (other namespaces) is read like the transitional form', async () => {
    expect(rowsOf(await read(fixture('strict.xlsx')))).toEqual(rowsOf(await read(fixture('exceljs-order.xlsx'))));
  });
});

describe('files that are refused, each quickly and with its message', () => {
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
  ])('%s → %s', async (name, messageKey) => {
    expect(await refusedQuickly(fixture(name))).toMatchObject({ messageKey });
  });

  it('HTML saved as .xlsx', async () => {
    expect(await refusedQuickly(new TextEncoder().encode('<!DOCTYPE html><html><table><tr><td>A-1</td></tr></table></html>'))).toEqual({ messageKey: 'orderSheet.file.html' });
  });

  it('a password-protected workbook (a compound file with an EncryptionInfo stream) is told from an .xls', async () => {
    expect(await refusedQuickly(compoundFile(['Root Entry', 'EncryptionInfo', 'EncryptedPackage']))).toEqual({ messageKey: 'orderSheet.file.encrypted' });
    expect(await refusedQuickly(compoundFile(['Root Entry', 'Workbook']))).toEqual({ messageKey: 'orderSheet.file.xls' });
  });

  it('11 MB is refused before anything is read', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(fixture('exceljs-order.xlsx'));
    expect(await refusedQuickly(big)).toEqual({ messageKey: 'orderSheet.file.tooLarge', params: { maxMb: 10 } });
  });

  it('an empty file, a ZIP that is no workbook, too many entries, a packing ratio beyond 100:1', async () => {
    expect(await refusedQuickly(new Uint8Array())).toEqual({ messageKey: 'orderSheet.file.empty' });
    expect(await refusedQuickly(zip([{ name: 'readme.txt', data: Buffer.from('hello') }]))).toEqual({ messageKey: 'orderSheet.file.notWorkbook' });
    expect(await refusedQuickly(zip(Array.from({ length: 1001 }, (_, index) => ({ name: `part${index}`, data: Buffer.from('x') }))))).toMatchObject({ messageKey: 'orderSheet.file.tooManyEntries' });
    expect(await refusedQuickly(zip([{ name: 'zeros', data: Buffer.alloc(2 * 1024 * 1024) }]))).toMatchObject({ messageKey: 'orderSheet.file.tooBigUnpacked' });
  });

  it('an entry that unpacks to more than its directory says is a broken file', async () => {
    const parts = partsOf(fixture('exceljs-order.xlsx'));
    const lying = zip(parts, { statedSize: (name, size) => (name === 'xl/sharedStrings.xml' ? Math.floor(size / 2) : size) });
    expect(await read(lying)).toEqual({ refusal: { messageKey: 'orderSheet.file.corrupt' } });
  });
});

describe('limits and the worker thread', () => {
  it(`more than ${orderSheetMaxRowsRead} rows, or more than ${orderSheetMaxLines} lines with a quantity, refuse the file`, async () => {
    const sheet = (rows: number) =>
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>SKU</t></is></c><c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>${Array.from(
        { length: rows },
        (_, index) => `<row r="${index + 2}"><c r="A${index + 2}" t="inlineStr"><is><t>S-${index}</t></is></c><c r="B${index + 2}"><v>1</v></c></row>`,
      ).join('')}</sheetData></worksheet>`;
    expect(await read(workbookWithSheet(sheet(orderSheetMaxLines + 1)))).toEqual({ refusal: { messageKey: 'orderSheet.file.tooManyLines', params: { max: orderSheetMaxLines } } });
    expect(await read(workbookWithSheet(sheet(orderSheetMaxRowsRead)))).toEqual({ refusal: { messageKey: 'orderSheet.file.tooManyRows', params: { max: orderSheetMaxRowsRead } } });
    expect(rowsOf(await read(workbookWithSheet(sheet(orderSheetMaxLines))))).toHaveLength(orderSheetMaxLines);
  });

  it('a file that takes longer than the time limit ends its thread and is refused; the next file is read', async () => {
    const impatient = createSheetFileReader({ ...defaultSheetReaderOptions, timeLimitMs: 1 });
    try {
      expect(await readOrderSheetFile(impatient, fixture('exceljs-order.xlsx'), order)).toEqual({ refusal: { messageKey: 'orderSheet.file.timeout', params: { seconds: 0.001 } } });
    } finally {
      await impatient.close();
    }
    expect(rowsOf(await read(fixture('exceljs-order.xlsx')))).toHaveLength(11);
  });
});

/** The parts of a stored ZIP whose entries are deflated (as exceljs writes them). */
function partsOf(bytes: Uint8Array): ZipPart[] {
  const buffer = Buffer.from(bytes);
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const parts: ZipPart[] = [];
  for (let index = 0; index < count; index++) {
    const method = buffer.readUInt16LE(at + 10);
    const packedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString();
    const local = buffer.readUInt32LE(at + 42);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const packed = buffer.subarray(start, start + packedSize);
    parts.push({ name, data: method === 8 ? zlib.inflateRawSync(packed) : Buffer.from(packed) });
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return parts;
}

/** The exceljs fixture with its order sheet's XML replaced. */
function workbookWithSheet(sheetXml: string): Uint8Array {
  const parts = partsOf(fixture('exceljs-order.xlsx'));
  return zip(parts.map((part) => (part.name === 'xl/worksheets/sheet2.xml' ? { name: part.name, data: Buffer.from(sheetXml) } : part)));
}

/** An OLE2 compound file holding nothing but a directory with `names` (512-byte sectors: FAT, directory). */
function compoundFile(names: string[]): Uint8Array {
  const file = Buffer.alloc(512 * 3, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c);
  file.writeUInt32LE(1, 0x30);
  file.writeUInt32LE(4096, 0x38);
  file.writeUInt32LE(0xfffffffe, 0x3c);
  file.writeUInt32LE(0xfffffffe, 0x44);
  for (let index = 0; index < 109; index++) file.writeUInt32LE(index === 0 ? 0 : 0xffffffff, 0x4c + index * 4);
  const fat = 512;
  for (let index = 0; index < 128; index++) file.writeUInt32LE(0xffffffff, fat + index * 4);
  file.writeUInt32LE(0xfffffffd, fat);
  file.writeUInt32LE(0xfffffffe, fat + 4);
  names.forEach((name, index) => {
    const entry = 1024 + index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(file, entry);
    file.writeUInt16LE(encoded.length, entry + 64);
    file.writeUInt8(index === 0 ? 5 : 2, entry + 66);
  });
  return new Uint8Array(file);
}
