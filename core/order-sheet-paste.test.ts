import { describe, expect, it } from 'vitest';
import { orderSheetMaxLines, orderSheetMaxPasteBytes, orderSheetMaxQuantity } from './order-sheet-limits.ts';
import { readPastedQuantity, readPastedSheet, type PasteResult } from './order-sheet-paste.ts';

function rowsOf(result: PasteResult) {
  if ('refusal' in result) throw new Error(`refused: ${result.refusal.messageKey}`);
  return result.rows;
}

const refusalOf = (text: string) => {
  const result = readPastedSheet(text);
  return 'refusal' in result ? result.refusal : null;
};

/** The one row of a one-line paste. */
const only = (text: string) => {
  const rows = rowsOf(readPastedSheet(text));
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('readPastedSheet: columns', () => {
  it.each([
    ['a tab, as spreadsheets copy', 'A-100\t5'],
    ['a semicolon', 'A-100;5'],
    ['a comma', 'A-100,5'],
    ['a comma and a space', 'A-100, 5'],
    ['spaces', 'A-100   5'],
    ['trailing separators', 'A-100;5;;'],
    ['trailing tabs', 'A-100\t5\t\t'],
    ['a quoted cell', '"A-100";"5"'],
    ['surrounding spaces', '   A-100 \t 5  '],
  ])('reads sku and quantity separated by %s', (_, text) => {
    expect(only(text)).toEqual({ line: 1, sku: 'A-100', quantity: 5 });
  });

  it('numbers lines by the pasted text, blank lines included, with CRLF, CR and a BOM', () => {
    const rows = rowsOf(readPastedSheet('\ufeffA-1\t1\r\n\r\nA-2\t2\rA-3\t3\n'));
    expect(rows).toEqual([
      { line: 1, sku: 'A-1', quantity: 1 },
      { line: 3, sku: 'A-2', quantity: 2 },
      { line: 4, sku: 'A-3', quantity: 3 },
    ]);
  });

  it('reads no-break and narrow spaces as spaces and drops zero-width marks', () => {
    expect(only('A-100\u00a05')).toEqual({ line: 1, sku: 'A-100', quantity: 5 });
    expect(only('A\u200b-100\u202f7')).toEqual({ line: 1, sku: 'A-100', quantity: 7 });
  });

  it('offers the middle of exactly three columns as the variant sku', () => {
    expect(only('SHIRT\tSHIRT-RED-M\t4')).toEqual({ line: 1, sku: 'SHIRT', variantSku: 'SHIRT-RED-M', quantity: 4 });
    expect(only('SHIRT SHIRT-RED-M 4')).toEqual({ line: 1, sku: 'SHIRT', variantSku: 'SHIRT-RED-M', quantity: 4 });
  });

  it('does not read a middle column with spaces (a name) or more middle columns as a variant', () => {
    expect(only('A-100\tScrew M8, zinc\t5')).toEqual({ line: 1, sku: 'A-100', quantity: 5 });
    expect(only('A-100\tScrew\tpcs\t5')).toEqual({ line: 1, sku: 'A-100', quantity: 5 });
  });

  it('keeps a sku’s leading zeros as typed', () => {
    expect(only('00100 3')).toEqual({ line: 1, sku: '00100', quantity: 3 });
  });
});

describe('readPastedSheet: header line', () => {
  it.each(['Artikel Menge', 'Artikelnummer;Anzahl', 'SKU Quantity', 'Item Qty', 'Art.-Nr.\tMenge', 'Artikel\tBezeichnung\tMenge', 'sku,qty'])('ignores the first line %j', (header) => {
    expect(rowsOf(readPastedSheet(`${header}\nA-100\t5`))).toEqual([{ line: 2, sku: 'A-100', quantity: 5 }]);
  });

  it('ignores a header only as the first non-blank line', () => {
    expect(rowsOf(readPastedSheet('\n\nSKU Quantity\nA-1 1'))).toEqual([{ line: 4, sku: 'A-1', quantity: 1 }]);
    const rows = rowsOf(readPastedSheet('A-1 1\nSKU Quantity'));
    expect(rows[1]).toMatchObject({ line: 2, sku: 'SKU', readRefusal: { messageKey: 'orderSheet.quantity.notANumber' } });
  });

  it('refuses text in the quantity of a first line that is no header', () => {
    expect(only('A-100 five')).toMatchObject({ sku: 'A-100', quantity: null, readRefusal: { messageKey: 'orderSheet.quantity.notANumber', params: { value: 'five' } } });
  });
});

describe('readPastedSheet: quantities', () => {
  it('skips a line without a quantity or with 0, never reading it as 1', () => {
    const rows = rowsOf(readPastedSheet('A-1\nA-2 0\nA-3;\nA-4 00\nA-5 2'));
    expect(rows).toEqual([{ line: 5, sku: 'A-5', quantity: 2 }]);
  });

  it.each([
    ['2,5', 'orderSheet.quantity.decimal'],
    ['2.5', 'orderSheet.quantity.decimal'],
    ['0,5', 'orderSheet.quantity.decimal'],
    [',5', 'orderSheet.quantity.decimal'],
    ['10.50', 'orderSheet.quantity.decimal'],
    ['five', 'orderSheet.quantity.notANumber'],
    ['5 pcs', 'orderSheet.quantity.notANumber'],
    ['+5', 'orderSheet.quantity.notANumber'],
    ['1e3', 'orderSheet.quantity.notANumber'],
    ['-5', 'orderSheet.quantity.negative'],
    ['−5', 'orderSheet.quantity.negative'],
    ['-2,5', 'orderSheet.quantity.negative'],
    ['1.000', 'orderSheet.quantity.ambiguousSeparator'],
    ['1,000', 'orderSheet.quantity.ambiguousSeparator'],
    ['12.500', 'orderSheet.quantity.ambiguousSeparator'],
    ['100001', 'orderSheet.quantity.tooLarge'],
    ['1.000.000', 'orderSheet.quantity.tooLarge'],
  ])('refuses the quantity %j for its row with %s', (cell, messageKey) => {
    const row = only(`A-100\t${cell}`);
    expect(row).toMatchObject({ line: 1, sku: 'A-100', quantity: null, readRefusal: { messageKey, params: { value: cell } } });
  });

  it('names the largest quantity when refusing a larger one', () => {
    expect(readPastedQuantity('100001')).toEqual({ refusal: { messageKey: 'orderSheet.quantity.tooLarge', params: { value: '100001', max: orderSheetMaxQuantity } } });
    expect(readPastedQuantity(String(orderSheetMaxQuantity))).toEqual({ value: orderSheetMaxQuantity });
  });

  it.each([
    ['7', 7],
    ['007', 7],
    ['2,00', 2],
    ['2.0', 2],
    ['1234,000', 1234],
    ['1 000', 1000],
    ['12 345', 12345],
  ])('reads the quantity %j as %d where it cannot mean anything else', (cell, expected) => {
    expect(readPastedQuantity(cell)).toEqual({ value: expected });
  });

  it('reads a quantity grouped with dots or commas in two or more groups as thousands', () => {
    expect(readPastedQuantity('1.000.000')).toMatchObject({ refusal: { messageKey: 'orderSheet.quantity.tooLarge', params: { max: orderSheetMaxQuantity } } });
    expect(readPastedQuantity('0.050.000')).toEqual({ value: 50000 });
    expect(readPastedQuantity('0,050,000')).toEqual({ value: 50000 });
  });

  it('reads the last of two different marks as the decimal mark', () => {
    expect(readPastedQuantity('1.000,00')).toEqual({ value: 1000 });
    expect(readPastedQuantity('1,000.00')).toEqual({ value: 1000 });
    expect(readPastedQuantity('1.000,50')).toMatchObject({ refusal: { messageKey: 'orderSheet.quantity.decimal' } });
    expect(readPastedQuantity('1,000.5')).toMatchObject({ refusal: { messageKey: 'orderSheet.quantity.decimal' } });
    expect(readPastedQuantity('1,0.00')).toMatchObject({ refusal: { messageKey: 'orderSheet.quantity.notANumber' } });
  });

  it('refuses a number that spaces or commas split into two columns rather than guess', () => {
    expect(only('A-100 1 000')).toMatchObject({ sku: 'A-100', quantity: null, readRefusal: { messageKey: 'orderSheet.quantity.ambiguousSeparator', params: { value: '1 000' } } });
    expect(only('A-100,1,000')).toMatchObject({ sku: 'A-100', quantity: null, readRefusal: { messageKey: 'orderSheet.quantity.ambiguousSeparator', params: { value: '1,000' } } });
    expect(only('A-100 1,000')).toMatchObject({ readRefusal: { messageKey: 'orderSheet.quantity.ambiguousSeparator' } });
  });

  it('reads a cell of a tab-separated line grouped by spaces as thousands', () => {
    expect(only('A-100\t1 000')).toEqual({ line: 1, sku: 'A-100', quantity: 1000 });
  });
});

describe('readPastedSheet: item numbers', () => {
  it('refuses a row with a quantity and no item number', () => {
    expect(only('\t5')).toMatchObject({ line: 1, sku: '', quantity: 5, readRefusal: { messageKey: 'orderSheet.sku.missing' } });
  });

  it('refuses an item number a spreadsheet turned into scientific notation', () => {
    expect(only('1E+05\t5')).toMatchObject({ sku: '1E+05', readRefusal: { messageKey: 'orderSheet.sku.scientific', params: { value: '1E+05' } } });
    expect(only('1,23457E+15;5')).toMatchObject({ readRefusal: { messageKey: 'orderSheet.sku.scientific' } });
  });
});

describe('readPastedSheet: the whole paste', () => {
  it('refuses text without any line with a quantity', () => {
    expect(refusalOf('')).toEqual({ messageKey: 'orderSheet.paste.empty', params: {} });
    expect(refusalOf('SKU Quantity\nA-1\nA-2 0\n\n')).toEqual({ messageKey: 'orderSheet.paste.empty', params: {} });
  });

  it('takes as many lines with a quantity as the limit and refuses one more, however many lines are skipped', () => {
    const lines = Array.from({ length: orderSheetMaxLines }, (_, index) => `A-${index} 1\nA-skipped 0`);
    expect(rowsOf(readPastedSheet(lines.join('\n')))).toHaveLength(orderSheetMaxLines);
    expect(refusalOf([...lines, 'A-more 1'].join('\n'))).toEqual({ messageKey: 'orderSheet.paste.tooManyLines', params: { max: orderSheetMaxLines } });
  });

  it('counts refused rows as lines too', () => {
    const lines = Array.from({ length: orderSheetMaxLines + 1 }, (_, index) => `A-${index} 2,5`);
    expect(refusalOf(lines.join('\n'))).toMatchObject({ messageKey: 'orderSheet.paste.tooManyLines' });
  });

  it('refuses text over the byte limit, counting bytes of UTF-8, not characters', () => {
    const filler = 'ä'.repeat(orderSheetMaxPasteBytes / 2);
    expect(refusalOf(`A-1 1\n${filler}`)).toEqual({ messageKey: 'orderSheet.paste.tooLarge', params: { maxKb: 200 } });
    expect(refusalOf(`A-1 1\n${'a'.repeat(orderSheetMaxPasteBytes - 6)}`)).toBeNull();
  });
});
