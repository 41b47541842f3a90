import { orderSheetMaxLines, orderSheetMaxQuantity } from '../../../../core/order-sheet-limits.ts';
import type { SheetInputRow } from '../sheet-input.ts';
import type { CellValue } from './cell-value.ts';
import type { SheetColumns } from './sheet-columns.ts';
import type { SheetRow } from './sheet-cells.ts';
import { refuseFile } from './sheet-file-refusal.ts';

// The rows under the header as the judge reads them (docs/product.md, Order sheets: files). The reader
// refuses a row it cannot read faithfully instead of guessing: a sku Excel turned into a date, a number of
// more than 15 digits (Excel keeps 15, an EAN's 16th is lost) or one shown as 1E+05 → "format the column
// as text"; a quantity that is not a whole number. A sku stored as a number gives its digits and says so
// (`skuFromNumber`): its leading zeros may be lost, and the judge tries the zero-padded match.

type Refusal = NonNullable<SheetInputRow['readRefusal']>;
type Read<T> = { value: T } | { refusal: Refusal };

/** Excel keeps 15 significant digits; a whole number from 10^15 on may have lost its last ones. */
const largestExactSku = 999_999_999_999_999;

export function sheetRowsOf(rows: readonly SheetRow[], columns: SheetColumns): SheetInputRow[] {
  const read: SheetInputRow[] = [];
  let linesWithQuantity = 0;
  for (const { line, cells } of rows) {
    const skuCell = cells.get(columns.sku);
    const quantityCells = columns.seasons.length > 0 ? columns.seasons.map(({ column }) => cells.get(column)) : [cells.get(columns.quantity!)];
    if (!skuCell && quantityCells.every((cell) => !cell)) continue;

    const sku = skuOf(skuCell);
    const quantities = quantityCells.map(quantityOf);
    const variantCell = columns.variant === undefined ? undefined : cells.get(columns.variant);
    const variantSku = variantCell?.kind === 'text' ? variantCell.text : variantCell?.kind === 'number' ? variantCell.raw : null;
    const priceCell = columns.price === undefined ? undefined : cells.get(columns.price);
    const refusal = 'refusal' in sku ? sku.refusal : quantities.find((each) => 'refusal' in each)?.refusal;
    const values = quantities.map((each) => ('value' in each ? each.value : null));
    if (values.some((value) => value !== null && value > 0)) linesWithQuantity += 1;
    if (linesWithQuantity > orderSheetMaxLines) refuseFile('tooManyLines', { max: orderSheetMaxLines });

    const row: SheetInputRow = {
      line,
      sku: 'value' in sku ? sku.value.sku : skuText(skuCell),
      ...('value' in sku && sku.value.fromNumber ? { skuFromNumber: true } : {}),
      variantSku,
      ...(columns.seasons.length > 0 ? { quantity: null, quantities: values } : { quantity: values[0]! }),
      ...(refusal ? { readRefusal: refusal } : {}),
      ...(priceCell?.kind === 'number' ? { sheetPrice: priceCell.value } : {}),
    };
    read.push(row);
  }
  return read;
}

function skuOf(cell: CellValue | undefined): Read<{ sku: string; fromNumber: boolean }> {
  if (!cell) return { refusal: { messageKey: 'orderSheet.file.row.skuMissing' } };
  switch (cell.kind) {
    case 'text':
      return { value: { sku: cell.text, fromNumber: false } };
    case 'date':
      return { refusal: { messageKey: 'orderSheet.file.row.skuDate' } };
    case 'number':
      if (cell.shape === 'scientific' || /e/i.test(cell.raw)) return { refusal: { messageKey: 'orderSheet.file.row.skuScientific' } };
      if (!Number.isInteger(cell.value) || cell.value < 0) return { refusal: { messageKey: 'orderSheet.file.row.skuNotWhole', params: { value: cell.raw } } };
      if (cell.value > largestExactSku) return { refusal: { messageKey: 'orderSheet.file.row.skuLongNumber', params: { value: cell.raw } } };
      return { value: { sku: String(cell.value), fromNumber: true } };
    default:
      return { refusal: { messageKey: 'orderSheet.file.row.skuUnreadable' } };
  }
}

function quantityOf(cell: CellValue | undefined): Read<number | null> {
  if (!cell) return { value: null };
  if (cell.kind === 'text') {
    // A whole number stored as text (a sheet converted from CSV) is read as the number it shows.
    if (/^\d{1,9}$/.test(cell.text)) return quantityOfNumber(Number(cell.text), cell.text);
    return { refusal: { messageKey: 'orderSheet.file.row.quantityText', params: { value: cell.text.slice(0, 40) } } };
  }
  if (cell.kind === 'number') return quantityOfNumber(cell.value, cell.raw);
  return { refusal: { messageKey: 'orderSheet.file.row.quantityText', params: { value: '' } } };
}

function quantityOfNumber(value: number, shown: string): Read<number | null> {
  if (!Number.isInteger(value)) return { refusal: { messageKey: 'orderSheet.file.row.quantityNotWhole', params: { value: shown } } };
  if (value < 0) return { refusal: { messageKey: 'orderSheet.file.row.quantityNegative', params: { value: shown } } };
  if (value > orderSheetMaxQuantity) return { refusal: { messageKey: 'orderSheet.file.row.quantityTooLarge', params: { value: shown, max: orderSheetMaxQuantity } } };
  return { value };
}

/** What a refused sku cell showed, for the row's input: text as it is, a number's digits, else nothing. */
function skuText(cell: CellValue | undefined): string {
  if (cell?.kind === 'text') return cell.text;
  if (cell?.kind === 'number') return cell.raw;
  return '';
}
