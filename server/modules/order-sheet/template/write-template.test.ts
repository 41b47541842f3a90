import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { orderSheetMaxQuantity } from '../../../../core/order-sheet-limits.ts';
import { translatorFor } from '../../../i18n.ts';
import { readWorkbook } from '../xlsx/read-workbook.ts';
import { keyRows, sheetKeysVersion, verifiedKeys, type SheetKeys } from './sheet-keys.ts';
import type { TemplateRow } from './template-rows.ts';
import { columnLetter, writeTemplate, type TemplateSheet } from './write-template.ts';

// The personalised sheet as written, opened with exceljs and read back with the shop's own upload reader.

const signingKey = randomBytes(32);
const keys: SheetKeys = {
  version: sheetKeysVersion, tenant: '1', company: '42', user: '7', madeAt: '2026-11-26T09:30:00.000Z',
  type: 'order', scope: 'assortment', category: '', currency: 'EUR', priceColumn: 'F',
};

function row(sku: string, extra: Partial<TemplateRow> = {}): TemplateRow {
  return {
    sku, variantSku: null, name: `Artikel ${sku}`, salesUnit: 'Stück', salesBatchSize: 1, currency: 'EUR',
    netCents: 1250, grossCents: 1488, retailCents: 1999, inStock: true, stock: 17, quantities: [null], ...extra,
  };
}

function sheetOf(extra: Partial<TemplateSheet> = {}): TemplateSheet {
  return {
    t: translatorFor('de'), type: 'order', seasonHeadings: [], showsGross: false, showsRetail: true, showsStockNumbers: false,
    rows: [row('00123', { salesBatchSize: 6, quantities: [12] }), row('A-2', { variantSku: 'A-2-RED', name: 'Artikel A-2 rot', inStock: false, stock: 0 })],
    cut: false, keys: keyRows(keys, signingKey), ...extra,
  };
}

/** exceljs reads the sheet protection but does not declare it. */
const protectionOf = (sheet: ExcelJS.Worksheet) => (sheet as unknown as { sheetProtection: Record<string, unknown> }).sheetProtection;

async function opened(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('the personalised order sheet as written', () => {
  it('has one visible sheet with the reader’s header words, text skus, the stock in words and a line-total formula', async () => {
    const workbook = await opened(await writeTemplate(sheetOf()));
    expect(workbook.worksheets.map((each) => [each.name, each.state])).toEqual([['Bestellliste', 'visible'], ['keys', 'veryHidden']]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Artikelnummer', 'Variante', 'Bezeichnung', 'Verkaufseinheit', 'Packungsgröße', 'Ihr Preis netto', 'UVP', 'Lager', 'Menge', 'Summe netto']);
    expect(sheet.getCell('A2').value).toBe('00123');
    expect(sheet.getCell('A2').numFmt).toBe('@');
    expect(sheet.getCell('F2').value).toBe(12.5);
    expect(sheet.getCell('H2').value).toBe('Auf Lager');
    expect(sheet.getCell('H3').value).toBe('Nicht auf Lager');
    expect(sheet.getCell('I2').value).toBe(12);
    expect(sheet.getCell('J2').value).toMatchObject({ formula: '(I2)*F2' });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
  });

  it('locks every cell but the quantities, which allow whole numbers up to the limit and name the batch size', async () => {
    const sheet = (await opened(await writeTemplate(sheetOf()))).worksheets[0]!;
    expect(protectionOf(sheet)).toMatchObject({ sheet: true });
    expect(protectionOf(sheet).hashValue).toBeUndefined();
    expect(sheet.getCell('I2').protection).toMatchObject({ locked: false });
    for (const address of ['A2', 'B2', 'F2', 'H2', 'J2']) expect(sheet.getCell(address).protection?.locked ?? true, address).toBe(true);
    expect(sheet.getCell('I2').dataValidation).toMatchObject({ type: 'whole', operator: 'between', formulae: [0, orderSheetMaxQuantity], showInputMessage: true });
    expect(sheet.getCell('I2').dataValidation.prompt).toContain('Packungen zu 6');
    expect(sheet.getCell('I3').dataValidation.prompt).toContain('Stückweise');
  });

  it('shows stock numbers to sales persons, the gross price where the account shows gross, English words in English', async () => {
    const sheet = (await opened(await writeTemplate(sheetOf({ t: translatorFor('en'), showsGross: true, showsStockNumbers: true })))).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'SKU', 'Variant', 'Name', 'Sales unit', 'Batch size', 'Your net price', 'Your gross price', 'RRP', 'Stock', 'Quantity', 'Line total (net)']);
    expect(sheet.getCell('G2').value).toBe(14.88);
    expect(sheet.getCell('I2').value).toBe(17);
    expect(sheet.getCell('J2').dataValidation.prompt).toContain('packs of 6');
  });

  it('is read back by the upload reader: its rows, the net price of each and the keys, which verify', async () => {
    const reading = await readWorkbook(await writeTemplate(sheetOf()), { target: 'order', seasons: [] });
    if ('refusal' in reading) throw new Error(reading.refusal.messageKey);
    expect(reading.rows).toEqual([
      { line: 2, sku: '00123', variantSku: null, quantity: 12, sheetPrice: 12.5 },
      { line: 3, sku: 'A-2', variantSku: 'A-2-RED', quantity: null, sheetPrice: 12.5 },
    ]);
    expect(verifiedKeys(reading.keys!, signingKey)).toEqual(keys);
  });

  it('has a quantity column per season for a pre-order, headed by the season’s name, which the reader maps to the season', async () => {
    const bytes = await writeTemplate(
      sheetOf({ type: 'preOrder', seasonHeadings: ['Frühjahr 2027 (ab 01.02.2027)', 'Sommer 2027 (ab 01.05.2027)'], rows: [row('00123', { quantities: [null, 4] })] }),
    );
    const sheet = (await opened(bytes)).worksheets[0]!;
    expect(sheet.getCell('H1').value).toBe('Frühjahr 2027 (ab 01.02.2027)');
    expect(sheet.getCell('I1').value).toBe('Sommer 2027 (ab 01.05.2027)');
    expect(sheet.getCell('J2').value).toMatchObject({ formula: '(H2+I2)*F2' });
    expect(sheet.getCell('H2').protection).toMatchObject({ locked: false });
    const reading = await readWorkbook(bytes, { target: 'preOrder', seasons: [{ id: 7, name: 'Frühjahr 2027' }, { id: 9, name: 'Sommer 2027' }] });
    if ('refusal' in reading) throw new Error(reading.refusal.messageKey);
    expect(reading.seasonIds).toEqual([7, 9]);
    expect(reading.rows).toEqual([{ line: 2, sku: '00123', variantSku: null, quantity: null, quantities: [null, 4], sheetPrice: 12.5 }]);
  });

  it('says under the last row when the sheet is cut, in a row the reader skips', async () => {
    const bytes = await writeTemplate(sheetOf({ cut: true }));
    expect((await opened(bytes)).worksheets[0]!.getCell('C4').value).toMatch(/ersten 2 Artikel/);
    const reading = await readWorkbook(bytes, { target: 'order', seasons: [] });
    if ('refusal' in reading) throw new Error(reading.refusal.messageKey);
    expect(reading.rows).toHaveLength(2);
  });

  it('keys in a sheet that is only hidden (not veryHidden) are not read', async () => {
    const workbook = await opened(await writeTemplate(sheetOf()));
    workbook.getWorksheet('keys')!.state = 'hidden';
    const reading = await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()), { target: 'order', seasons: [] });
    if ('refusal' in reading) throw new Error(reading.refusal.messageKey);
    expect(reading.keys).toBeUndefined();
    expect(reading.rows.every((row) => row.sheetPrice === undefined)).toBe(true);
  });

  it('names columns by their letters', () => {
    expect([0, 5, 25, 26, 27, 701, 702].map(columnLetter)).toEqual(['A', 'F', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
