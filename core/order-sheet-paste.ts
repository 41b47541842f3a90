import type { SheetInputRow } from './order-sheet-input.ts';
import { orderSheetMaxLines, orderSheetMaxPasteBytes, orderSheetMaxQuantity } from './order-sheet-limits.ts';

// Reads a pasted order list (docs/product.md, Order sheets: reading and judging lines) into the rows the line
// judge takes. It only reads: whether an item exists or may be sold is the judge's. Decisions:
//  - Columns per line: a tab (as spreadsheets copy), else ';', else ',' (when the text before the first comma is
//    one word), else spaces. The first column is the item number (a product's or a variant's sku), the last the
//    quantity; with exactly three columns the middle one is offered as the variant sku, other middle columns
//    (names, units copied along) are not read.
//  - Quantities are whole units: a decimal ("2,5") is refused; "2,00" is 2. A thousands separator is read only
//    where it cannot mean anything else ("1.000.000"); "1.000" or "1,000" (one thousand, or one written with
//    decimals) and "1 000" are refused with a message asking for the number without separators, never guessed.
//  - A line without a quantity, or with 0, is skipped (never 1). A header first line ("Artikel Menge") is ignored.

export type PasteRefusal = { messageKey: string; params: Record<string, string | number> };
export type PasteResult = { rows: SheetInputRow[] } | { refusal: PasteRefusal };

const skuHeaderWords = new Set([
  'sku', 'artikel', 'artikelnummer', 'artikelnr', 'artnr', 'art', 'material', 'materialnummer', 'materialnr', 'matnr', 'nummer', 'nr',
  'produkt', 'produktnummer', 'item', 'itemno', 'itemnumber', 'article', 'articleno', 'articlenumber', 'product', 'productno', 'partno',
  'partnumber', 'number', 'no',
]);
const quantityHeaderWords = new Set(['menge', 'anzahl', 'stück', 'stueck', 'stk', 'bestellmenge', 'quantity', 'qty', 'amount', 'pcs', 'pieces', 'count']);

export type Quantity = { value: number | null } | { refusal: PasteRefusal };

function refusal(messageKey: string, params: Record<string, string | number> = {}): PasteRefusal {
  return { messageKey, params };
}

/** Spaces as spreadsheets and word processors paste them (no-break, narrow, figure) as plain spaces; invisible marks gone. */
function cleanLine(line: string): string {
  return line.replace(/[\u00a0\u2007\u202f]/g, ' ').replace(/\u200b|\u200c|\u200d|\ufeff/g, '');
}

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).trim() : trimmed;
}

/**
 * The line's cells, trailing empty ones (trailing separators) dropped, and the separator when it is one a
 * number may contain (a comma or a space), so a number split into two cells can be told.
 */
function cellsOf(line: string): { cells: string[]; numberSeparator: string | null } {
  let cells: string[];
  let numberSeparator: string | null = null;
  if (line.includes('\t')) cells = line.split('\t');
  else if (line.includes(';')) cells = line.split(';');
  else if (line.includes(',') && !/\s/.test(line.slice(0, line.indexOf(',')).trim())) {
    cells = line.split(',');
    numberSeparator = ',';
  } else {
    cells = line.trim().split(/\s+/);
    numberSeparator = ' ';
  }
  cells = cells.map(unquote);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return { cells, numberSeparator };
}

function headerWord(cell: string): string {
  return cell.toLowerCase().replace(/[\s.\-_:#/]/g, '');
}

function isHeader(cells: readonly string[]): boolean {
  return cells.length >= 2 && skuHeaderWords.has(headerWord(cells[0]!)) && quantityHeaderWords.has(headerWord(cells[cells.length - 1]!));
}

/** A quantity cell: whole units, or why not. */
export function readPastedQuantity(cell: string): Quantity {
  const text = cell.trim();
  if (text === '') return { value: null };
  // Spaces group thousands only ("1 000"): a space is never a decimal mark.
  if (/^\d{1,3}( \d{3})+$/.test(text)) return withinMax(Number(text.replace(/ /g, '')), cell);
  if (/\s/.test(text)) return { refusal: refusal('orderSheet.quantity.notANumber', { value: text }) };
  if (/^[-−]\d/.test(text)) return { refusal: refusal('orderSheet.quantity.negative', { value: text }) };
  let value: number;
  if (/^\d+$/.test(text)) value = Number(text);
  else if (/^\d{1,3}([.,])\d{3}$/.test(text)) return { refusal: refusal('orderSheet.quantity.ambiguousSeparator', { value: text }) };
  else if (/^\d{1,3}(\.\d{3}){2,}$/.test(text) || /^\d{1,3}(,\d{3}){2,}$/.test(text)) value = Number(text.replace(/[.,]/g, ''));
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(text) || /^\d{1,3}(,\d{3})+\.\d+$/.test(text)) {
    // Both marks: the last one is the decimal mark ("1.000,00" is 1000 in German, "1,000.00" in English).
    if (!/[.,]0+$/.test(text)) return { refusal: refusal('orderSheet.quantity.decimal', { value: text }) };
    value = Number(text.replace(/[.,]0+$/, '').replace(/[.,]/g, ''));
  } else if (/^\d+[.,]0+$/.test(text)) value = Number(text.replace(/[.,]0+$/, ''));
  else if (/^\d*[.,]\d+$/.test(text)) return { refusal: refusal('orderSheet.quantity.decimal', { value: text }) };
  else return { refusal: refusal('orderSheet.quantity.notANumber', { value: text }) };
  return withinMax(value, cell);
}

function withinMax(value: number, cell: string): Quantity {
  if (value > orderSheetMaxQuantity) return { refusal: refusal('orderSheet.quantity.tooLarge', { value: cell.trim(), max: orderSheetMaxQuantity }) };
  return { value };
}

/** A sku a spreadsheet turned into a number in scientific notation ("1E+05"): its digits are lost. */
function isScientific(sku: string): boolean {
  return /^\d+([.,]\d+)?e[+-]?\d+$/i.test(sku);
}

function readLine(cells: readonly string[], numberSeparator: string | null, line: number): SheetInputRow | null {
  const sku = cells[0] ?? '';
  if (cells.length < 2) return null;
  const last = cells[cells.length - 1]!;
  // "1 000" or "1,000" split into two columns: a middle column of one to three digits before a last one of three.
  if (numberSeparator !== null && cells.length >= 3 && /^\d{1,3}$/.test(cells[cells.length - 2]!) && /^\d{3}$/.test(last)) {
    return { line, sku, quantity: null, readRefusal: refusal('orderSheet.quantity.ambiguousSeparator', { value: cells.slice(-2).join(numberSeparator) }) };
  }
  const quantity = readPastedQuantity(last);
  const variantSku = cells.length === 3 && cells[1] !== '' && !/\s/.test(cells[1]!) ? cells[1]! : null;
  const row: SheetInputRow = { line, sku, quantity: 'value' in quantity ? quantity.value : null, ...(variantSku ? { variantSku } : {}) };
  if ('refusal' in quantity) return { ...row, readRefusal: quantity.refusal };
  if (!row.quantity) return null;
  const refusedSku = readSkuRefusal(sku);
  return refusedSku ? { ...row, readRefusal: refusedSku } : row;
}

/** Why an item number cannot be read as one (none, or digits lost to scientific notation); null when it can. The preview's typed sku is held to the same. */
export function readSkuRefusal(sku: string): PasteRefusal | null {
  if (sku === '') return refusal('orderSheet.sku.missing');
  if (isScientific(sku)) return refusal('orderSheet.sku.scientific', { value: sku });
  return null;
}

/** The pasted text's rows with a quantity (or the reader's refusal of one), or the refusal of the whole paste. */
export function readPastedSheet(text: string): PasteResult {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > orderSheetMaxPasteBytes) return { refusal: refusal('orderSheet.paste.tooLarge', { maxKb: orderSheetMaxPasteBytes / 1024 }) };
  const rows: SheetInputRow[] = [];
  let seenContent = false;
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = cleanLine(raw);
    if (line.trim() === '') continue;
    const { cells, numberSeparator } = cellsOf(line);
    const first = !seenContent;
    seenContent = true;
    if (first && isHeader(cells)) continue;
    const row = readLine(cells, numberSeparator, index + 1);
    if (!row) continue;
    if (rows.length === orderSheetMaxLines) return { refusal: refusal('orderSheet.paste.tooManyLines', { max: orderSheetMaxLines }) };
    rows.push(row);
  }
  if (rows.length === 0) return { refusal: refusal('orderSheet.paste.empty') };
  return { rows };
}
