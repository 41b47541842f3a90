import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { readWorkbook } from '../xlsx/read-workbook.ts';
import { keyRows, sheetKeysVersion } from './sheet-keys.ts';
import { createTemplateWriter, defaultTemplateWriterLimits } from './template-writer.ts';
import type { TemplateSheetData } from './write-template.ts';

// The writer's thread: the sheet it hands back is the one write-template.ts writes, in the language asked for;
// a sheet it cannot write in time fails instead of holding the download.

const sheet: TemplateSheetData = {
  locale: 'en',
  type: 'order',
  seasonHeadings: [],
  showsGross: false,
  showsRetail: false,
  showsStockNumbers: false,
  rows: [{ sku: '00123', variantSku: null, name: 'Screw', salesUnit: 'pc', salesBatchSize: 6, currency: 'EUR', netCents: 1250, grossCents: null, retailCents: null, inStock: true, stock: 4, quantities: [12] }],
  cut: false,
  keys: keyRows({ version: sheetKeysVersion, tenant: '1', company: '2', user: '3', madeAt: '2026-11-26T09:30:00.000Z', type: 'order', scope: 'assortment', category: '', currency: 'EUR', priceColumn: 'F' }, randomBytes(32)),
};

const writer = createTemplateWriter();
afterAll(() => writer.close());

describe('the personalised sheet written on its own thread', () => {
  it('answers the workbook, read back by the upload reader with English headers', async () => {
    const bytes = await writer.write(sheet);
    const reading = await readWorkbook(bytes, { target: 'order', seasons: [] });
    expect(reading).toMatchObject({ rows: [{ line: 2, sku: '00123', quantity: 12 }], sheetName: 'Order sheet' });
  });

  it('writes one sheet after another, each in its own language', async () => {
    const first = await writer.write(sheet);
    const second = await writer.write({ ...sheet, locale: 'de' });
    expect(await readWorkbook(first, { target: 'order', seasons: [] })).toMatchObject({ sheetName: 'Order sheet' });
    expect(await readWorkbook(second, { target: 'order', seasons: [] })).toMatchObject({ rows: [{ sku: '00123', quantity: 12 }], sheetName: 'Bestellliste' });
  });

  it('fails a sheet that takes longer than its time limit instead of waiting for it', async () => {
    const impatient = createTemplateWriter({ ...defaultTemplateWriterLimits, timeLimitMs: 1 });
    try {
      await expect(impatient.write(sheet)).rejects.toThrow('the order sheet could not be written: timeout');
    } finally {
      await impatient.close();
    }
  });
});
