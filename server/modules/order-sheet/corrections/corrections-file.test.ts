import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { JudgedProduct, JudgedRow } from '../order-sheet-judge.ts';
import { readOrderSheetFile } from '../xlsx/read-order-sheet-file.ts';
import type { SheetFileOptions } from '../xlsx/read-workbook.ts';
import { createSheetFileReader } from '../xlsx/sheet-reader-pool.ts';
import { correctionsFile, correctionsSeasons } from './corrections-file.ts';

// The corrections file read back by the shop's own upload reader (the worker thread an upload goes through):
// the lines it reads are the lines written, in German and English, for order and pre-order imports; the
// Status, Note and "Did you mean" columns are not read.

const reader = createSheetFileReader();
afterAll(() => reader.close());

function product(sku: string, extra: Partial<JudgedProduct> = {}): JudgedProduct {
  return { id: 1, sku, variantSku: null, name: `Artikel ${sku}`, unitPriceCents: 1250, currency: 'EUR', salesBatchSize: 1, stock: 100, isOnlySellableWithPositiveStock: false, ...extra };
}

// Lines 5, 7, 9, … of the buyer's sheet: rows 2, 3, 4, … of the corrections file.
const orderRows: JudgedRow[] = [
  { line: 5, input: { line: 5, sku: '100', skuFromNumber: true, quantity: 12 }, status: 'ready', product: product('00100'), quantity: 15, messageKey: 'orderSheet.row.mergedSum', params: { rows: 2, quantity: 15 } },
  { line: 7, input: { line: 7, sku: 'B-6', quantity: 5 }, status: 'adjusted', product: product('B-6', { salesBatchSize: 6 }), quantity: 6, messageKey: 'orderSheet.row.roundedToBatch', params: { from: 5, to: 6, batchSize: 6 } },
  { line: 9, input: { line: 9, sku: '00100', quantity: 3 }, status: 'merged', product: product('00100'), quantity: 3, messageKey: 'orderSheet.row.merged', params: { intoLine: 5 } },
  {
    line: 11,
    input: { line: 11, sku: 'A-2OO', quantity: 4 },
    status: 'refused',
    quantity: 4,
    messageKey: 'orderSheet.row.unknown',
    params: { sku: 'A-2OO' },
    suggestions: [{ sku: 'A-200', name: 'Schraube' }, { sku: 'A-2000', name: 'Mutter' }],
  },
  { line: 12, input: { line: 12, sku: 'V-1', variantSku: 'V-1-RED', quantity: 2 }, status: 'ready', product: product('V-1', { variantSku: 'V-1-RED' }), quantity: 2, messageKey: null, params: {} },
  { line: 14, input: { line: 14, sku: 'C-400', quantity: null, readRefusal: { messageKey: 'orderSheet.file.row.quantityText', params: { value: 'fünf' } } }, status: 'refused', quantity: 0, messageKey: 'orderSheet.file.row.quantityText', params: { value: 'fünf' } },
];

async function cellsOf(bytes: Uint8Array): Promise<(string | number | null)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: (string | number | null)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => (row.getCell(index + 1).value as string | number | null) ?? null));
  });
  return rows;
}

async function readBack(bytes: Uint8Array, options: SheetFileOptions) {
  const reading = await readOrderSheetFile(reader, bytes, options);
  if ('refusal' in reading) throw new Error(`refused: ${reading.refusal.messageKey}`);
  return reading;
}

describe('an order import’s corrections', () => {
  it('reads back as the lines written: the decided quantities, merged rows without one, refused rows as asked', async () => {
    const file = await correctionsFile(orderRows, 'order', [], 'de');
    expect(file.fileName).toBe('bestellliste-korrekturen.xlsx');
    const reading = await readBack(file.bytes, { target: 'order', seasons: [] });
    expect(reading.rows).toEqual([
      { line: 2, sku: '00100', variantSku: null, quantity: 15 },
      { line: 3, sku: 'B-6', variantSku: null, quantity: 6 },
      { line: 4, sku: '00100', variantSku: null, quantity: null },
      { line: 5, sku: 'A-2OO', variantSku: null, quantity: 4 },
      { line: 6, sku: 'V-1', variantSku: 'V-1-RED', quantity: 2 },
      { line: 7, sku: 'C-400', variantSku: null, quantity: null },
    ]);
  });

  it('says each row’s status and note in German as the page does, a merged row naming its row in the file', async () => {
    const file = await correctionsFile(orderRows, 'order', [], 'de');
    const cells = await cellsOf(file.bytes);
    expect(cells[0]).toEqual(['Artikelnummer', 'Variante', 'Menge', 'Status', 'Hinweis', 'Meinten Sie']);
    expect(cells.slice(1).map((row) => row[3])).toEqual(['Bereit', 'Angepasst', 'Zusammengefasst', 'Abgelehnt', 'Bereit', 'Abgelehnt']);
    expect(cells[1]![4]).toBe('2 Zeilen dieses Artikels zusammengezählt: 15.');
    expect(cells[3]![4]).toBe('Derselbe Artikel wie in Zeile 2: zu dieser Zeile hinzugefügt.');
    expect(cells[4]![4]).toBe('Die Artikelnummer „A-2OO“ kennen wir nicht.');
    expect(cells[4]![5]).toBe('A-200 (Schraube), A-2000 (Mutter)');
    expect(cells[5]![4]).toBeNull();
  });

  it('keeps item numbers as text in text-formatted columns, so leading zeros survive Excel', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from((await correctionsFile(orderRows, 'order', [], 'de')).bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe('00100');
    expect(sheet.getCell('A2').numFmt).toBe('@');
    expect(sheet.getCell('B6').numFmt).toBe('@');
    expect(sheet.getCell('C2').value).toBe(15);
  });

  it('in English: English headers the reader finds too, and the same lines', async () => {
    const file = await correctionsFile(orderRows, 'order', [], 'en');
    expect(file.fileName).toBe('order-sheet-corrections.xlsx');
    const cells = await cellsOf(file.bytes);
    expect(cells[0]).toEqual(['SKU', 'Variant', 'Quantity', 'Status', 'Note', 'Did you mean']);
    expect(cells[3]![4]).toBe('The same item as line 2: added to that line.');
    const german = await readBack((await correctionsFile(orderRows, 'order', [], 'de')).bytes, { target: 'order', seasons: [] });
    expect((await readBack(file.bytes, { target: 'order', seasons: [] })).rows).toEqual(german.rows);
  });
});

describe('a pre-order import’s corrections', () => {
  // The shop's seasons in its order; the import's quantities refer to them in another order (its sheet's columns).
  const shop = { ids: [7, 9], names: ['Frühjahr 2027', 'Sommer 2027'] };
  const seasons = correctionsSeasons([9, 7], shop);
  const options: SheetFileOptions = { target: 'preOrder', seasons: [{ id: 7, name: 'Frühjahr 2027' }, { id: 9, name: 'Sommer 2027' }] };
  const preOrderRows: JudgedRow[] = [
    { line: 2, input: { line: 2, sku: 'F-1', quantity: null, quantities: [6, 2] }, status: 'adjusted', product: product('F-1'), quantity: 5, quantities: [2, 3], messageKey: 'orderSheet.row.cappedAtPreStock', params: { from: 6, to: 3, seasonId: 9, season: 'Sommer 2027' } },
    { line: 3, input: { line: 3, sku: 'NOPE', quantity: null, quantities: [1, null] }, status: 'refused', quantity: 1, messageKey: 'orderSheet.row.unknown', params: { sku: 'NOPE' } },
    { line: 4, input: { line: 4, sku: 'F-1', quantity: null, quantities: [4, 0] }, status: 'merged', product: product('F-1'), quantity: 4, quantities: [0, 4], messageKey: 'orderSheet.row.merged', params: { intoLine: 2 } },
  ];

  it('has one quantity column per season of the import, headed by its name, in the import’s order', async () => {
    const file = await correctionsFile(preOrderRows, 'preOrder', seasons, 'de');
    const cells = await cellsOf(file.bytes);
    expect(cells[0]).toEqual(['Artikelnummer', 'Variante', 'Sommer 2027', 'Frühjahr 2027', 'Status', 'Hinweis', 'Meinten Sie']);
    const reading = await readBack(file.bytes, options);
    expect(reading.seasonIds).toEqual([9, 7]);
    expect(reading.rows).toEqual([
      { line: 2, sku: 'F-1', variantSku: null, quantity: null, quantities: [3, 2] },
      { line: 3, sku: 'NOPE', variantSku: null, quantity: null, quantities: [1, null] },
      { line: 4, sku: 'F-1', variantSku: null, quantity: null, quantities: [null, null] },
    ]);
  });

  it('a pasted pre-order line’s one quantity stands in the import’s first season', async () => {
    const pasted: JudgedRow = { line: 1, input: { line: 1, sku: 'NOPE', quantity: 3 }, status: 'refused', quantity: 3, messageKey: 'orderSheet.row.unknown', params: { sku: 'NOPE' } };
    const file = await correctionsFile([pasted], 'preOrder', correctionsSeasons([7, 9], shop), 'de');
    expect((await readBack(file.bytes, options)).rows).toEqual([{ line: 2, sku: 'NOPE', variantSku: null, quantity: null, quantities: [3, null] }]);
  });

  it('a season the shop no longer has gets no column', () => {
    expect(correctionsSeasons([9, 8, 7], shop)).toEqual([
      { name: 'Sommer 2027', importIndex: 0, shopIndex: 1 },
      { name: 'Frühjahr 2027', importIndex: 2, shopIndex: 0 },
    ]);
  });
});
