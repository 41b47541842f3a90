import ExcelJS from 'exceljs';
import { amountOut } from '../../../../core/api-money.ts';
import { orderSheetMaxQuantity } from '../../../../core/order-sheet-limits.ts';
import type { Locale } from '../../../../core/locale.ts';
import type { Translate } from '../../../../core/translate.ts';
import { keysSheetName } from './sheet-keys.ts';
import type { TemplateRow } from './template-rows.ts';

// Writes a personalised order sheet (docs/product.md, Order sheets: the personalised sheet; ADR 0026). One
// visible sheet, protected without a password so nothing is hidden from the buyer: only the quantity cells are
// unlocked, each with a whole-number check and the batch size as its input message; the header row is frozen
// and filterable, skus are text cells (leading zeros survive), and a line total multiplies quantity by the net
// price. The header words are ones the upload reader finds (xlsx/sheet-columns.ts). The keys stand in a
// veryHidden sheet.
// exceljs's in-memory writer, not its streaming WorkbookWriter: the streaming writer puts the sheet protection
// after the autofilter and the data validations, an element order Excel reports as a damaged file. A sheet
// has at most 5,000 rows (core/order-sheet-limits.ts), which the in-memory writer makes in well under a second.

export interface TemplateSheet {
  t: Translate;
  type: 'order' | 'preOrder';
  /** Pre-order: the quantity columns' headings (season name and date). */
  seasonHeadings: readonly string[];
  showsGross: boolean;
  showsRetail: boolean;
  /** Sales persons see stock numbers; everyone else in stock or not, in words. */
  showsStockNumbers: boolean;
  rows: readonly TemplateRow[];
  /** More items would have belonged on the sheet than it may hold: a line under the last row says so. */
  cut: boolean;
  keys: readonly [string, string][];
}

/** A sheet as it crosses to the writer's thread (template-writer.ts): its language instead of a translator. */
export type TemplateSheetData = Omit<TemplateSheet, 't'> & { locale: Locale };

type ColumnKind = 'sku' | 'variant' | 'name' | 'salesUnit' | 'batchSize' | 'net' | 'gross' | 'retail' | 'stock' | 'quantity' | 'total';

interface Column {
  kind: ColumnKind;
  header: string;
  width: number;
}

const moneyFormat = '#,##0.00';

/** The sheet's columns, in order; the net price's letter goes into the keys (`priceColumn`). */
export function templateColumns(sheet: Pick<TemplateSheet, 't' | 'type' | 'seasonHeadings' | 'showsGross' | 'showsRetail'>): Column[] {
  const { t } = sheet;
  const column = (kind: ColumnKind, key: string, width: number): Column => ({ kind, header: t(`orderSheet.template.column.${key}`), width });
  return [
    column('sku', 'sku', 18),
    column('variant', 'variant', 18),
    column('name', 'name', 40),
    column('salesUnit', 'salesUnit', 12),
    column('batchSize', 'batchSize', 10),
    column('net', 'net', 12),
    ...(sheet.showsGross ? [column('gross', 'gross', 12)] : []),
    ...(sheet.showsRetail && sheet.type === 'order' ? [column('retail', 'retail', 12)] : []),
    column('stock', 'stock', 14),
    ...(sheet.type === 'preOrder' ? sheet.seasonHeadings.map((header): Column => ({ kind: 'quantity', header, width: 16 })) : [column('quantity', 'quantity', 10)]),
    column('total', 'total', 14),
  ];
}

export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export async function writeTemplate(sheet: TemplateSheet): Promise<Buffer> {
  const { t } = sheet;
  const columns = templateColumns(sheet);
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(t('orderSheet.template.sheetName'), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columns.map((each) => ({ header: each.header, width: each.width }));
  worksheet.getRow(1).font = { bold: true };

  const letterOf = (kind: ColumnKind) => columnLetter(columns.findIndex((each) => each.kind === kind));
  const quantityLetters = columns.flatMap((each, index) => (each.kind === 'quantity' ? [columnLetter(index)] : []));
  const netLetter = letterOf('net');

  sheet.rows.forEach((row, index) => {
    const line = index + 2;
    const quantities = [...row.quantities];
    const values = columns.map((each) => {
      switch (each.kind) {
        case 'sku':
          return row.sku;
        case 'variant':
          return row.variantSku ?? '';
        case 'name':
          return row.name;
        case 'salesUnit':
          return row.salesUnit ?? '';
        case 'batchSize':
          return row.salesBatchSize;
        case 'net':
          return amountOut(row.netCents);
        case 'gross':
          return row.grossCents === null ? '' : amountOut(row.grossCents);
        case 'retail':
          return row.retailCents === null ? '' : amountOut(row.retailCents);
        case 'stock':
          return sheet.showsStockNumbers ? row.stock : t(row.inStock ? 'stock.in' : 'stock.out');
        case 'quantity':
          return quantities.shift() ?? null;
        case 'total': {
          const sum = quantityLetters.map((letter) => `${letter}${line}`).join('+');
          // The cached value is left empty: Excel and LibreOffice compute it when the sheet is opened.
          return { formula: `(${sum})*${netLetter}${line}` };
        }
      }
    });
    const added = worksheet.addRow(values);
    columns.forEach((each, position) => {
      const cell = added.getCell(position + 1);
      if (each.kind === 'sku' || each.kind === 'variant') cell.numFmt = '@';
      else if (each.kind === 'net' || each.kind === 'gross' || each.kind === 'retail' || each.kind === 'total') cell.numFmt = moneyFormat;
      else if (each.kind === 'quantity') {
        cell.protection = { locked: false };
        cell.dataValidation = {
          type: 'whole',
          operator: 'between',
          allowBlank: true,
          formulae: [0, orderSheetMaxQuantity],
          showInputMessage: true,
          promptTitle: each.header,
          prompt: t('orderSheet.template.batchPrompt', { count: row.salesBatchSize }),
          showErrorMessage: true,
          errorStyle: 'stop',
          errorTitle: each.header,
          error: t('orderSheet.template.quantityError', { max: orderSheetMaxQuantity }),
        };
      }
    });
  });
  if (sheet.cut) worksheet.getCell(`${letterOf('name')}${sheet.rows.length + 2}`).value = t('orderSheet.template.cut', { count: sheet.rows.length });

  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, sheet.rows.length + 1), column: columns.length } };
  // Protected without a password: the buyer can lift it, and nothing in the sheet is hidden from them.
  await worksheet.protect('', { selectLockedCells: true, selectUnlockedCells: true, autoFilter: true, sort: true, formatColumns: true });

  const keys = workbook.addWorksheet(keysSheetName, { state: 'veryHidden' });
  for (const [name, value] of sheet.keys) keys.addRow([name, value]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
