import type { Translate } from '../../../../core/translate.ts';
import type { JudgedRow } from '../order-sheet-judge.ts';
import type { OrderSheetTarget } from '../sheet-input.ts';

// The corrections file's content (docs/product.md, Order sheets: files): every row of an import as a sheet
// the reader takes back as it is. Its header words are ones xlsx/sheet-columns.ts finds (the unit test reads
// the file back); Status, Note and "Did you mean" are columns the reader does not look at.
//  - Ready and adjusted rows carry the quantity the judge decided (rounded to whole batches, capped at stock),
//    so the file uploaded again asks for what the preview showed.
//  - Merged rows carry none: their quantity is already in the row they were merged into, and would count
//    twice; their note names that row by its row in this file.
//  - Refused rows carry what the buyer asked for, to correct.

/** A pre-order quantity column: a season of the import the shop still has, headed by its name. */
export interface CorrectionsSeason {
  name: string;
  /** Where the season stands in the import's read quantities (`SheetInputRow.quantities`). */
  importIndex: number;
  /** Where it stands in the shop's seasons (`JudgedRow.quantities`). */
  shopIndex: number;
}

export type CorrectionsCell = string | number | null;

export interface CorrectionsTable {
  sheetName: string;
  fileName: string;
  columns: { header: string; kind: 'text' | 'quantity'; width: number }[];
  rows: CorrectionsCell[][];
}

/** Row 1 is the header: an import's rows follow from row 2, in their order. */
const firstRow = 2;

function quantitiesOf(row: JudgedRow, target: OrderSheetTarget, seasons: readonly CorrectionsSeason[]): CorrectionsCell[] {
  const decided = row.status === 'ready' || row.status === 'adjusted';
  if (target === 'order') return [row.status === 'merged' ? null : decided ? row.quantity : row.input.quantity];
  if (row.status === 'merged') return seasons.map(() => null);
  // A season the row orders nothing for stays blank, as a sheet leaves it.
  if (decided) return seasons.map((season) => row.quantities?.[season.shopIndex] || null);
  // A pasted pre-order line has one quantity, for the import's first season.
  const asked = row.input.quantities ?? [row.input.quantity];
  return seasons.map((season) => asked[season.importIndex] ?? null);
}

export function correctionsTable(rows: readonly JudgedRow[], target: OrderSheetTarget, seasons: readonly CorrectionsSeason[], t: Translate): CorrectionsTable {
  const rowInFile = new Map(rows.map((row, index) => [row.line, index + firstRow]));
  const quantityColumns =
    target === 'order'
      ? [{ header: t('quick_order.corrections.column.quantity'), kind: 'quantity' as const, width: 12 }]
      : seasons.map((season) => ({ header: season.name, kind: 'quantity' as const, width: Math.max(12, season.name.length + 2) }));
  return {
    sheetName: t('quick_order.corrections.sheet'),
    fileName: `${t('quick_order.corrections.file')}.xlsx`,
    columns: [
      { header: t('quick_order.corrections.column.sku'), kind: 'text', width: 20 },
      { header: t('quick_order.corrections.column.variant'), kind: 'text', width: 16 },
      ...quantityColumns,
      { header: t('quick_order.corrections.column.status'), kind: 'text', width: 16 },
      { header: t('quick_order.corrections.column.note'), kind: 'text', width: 60 },
      { header: t('quick_order.corrections.column.suggestions'), kind: 'text', width: 40 },
    ],
    rows: rows.map((row) => {
      // The item as the catalogue spells it once found (a number that lost its zeros gets them back).
      const sku = row.product?.sku ?? row.input.sku;
      const variant = row.product?.variantSku ?? row.input.variantSku ?? null;
      const params = row.params.intoLine === undefined ? row.params : { ...row.params, intoLine: rowInFile.get(Number(row.params.intoLine)) ?? row.params.intoLine };
      return [
        sku,
        variant,
        ...quantitiesOf(row, target, seasons),
        t(`quick_order.status.${row.status}`),
        row.messageKey ? t(row.messageKey, params) : null,
        row.suggestions && row.suggestions.length > 0 ? row.suggestions.map((suggestion) => `${suggestion.sku} (${suggestion.name})`).join(', ') : null,
      ];
    }),
  };
}
