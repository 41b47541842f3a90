import type { SheetInputRow } from '../sheet-input.ts';
import { keysSheetName } from '../template/sheet-keys.ts';
import { fileKindOf } from './file-kind.ts';
import { workbookPartOf } from './package-kind.ts';
import { columnsOfHeader, type SheetColumns, type SheetSeason } from './sheet-columns.ts';
import { columnIndexOf, readSheetRows } from './sheet-cells.ts';
import { refuseFile, SheetFileRefused, type SheetFileRefusal } from './sheet-file-refusal.ts';
import { sheetRowsOf } from './sheet-rows.ts';
import { readWorkbookParts, type WorkbookParts } from './workbook-parts.ts';
import { readZipDirectory, type ZipEntry } from './zip-directory.ts';

// An uploaded workbook's order lines (docs/product.md, Order sheets: files): the first visible worksheet
// with an order sheet's header row near its top; hidden sheets and hidden rows are not read. Runs on the
// reader's worker thread (sheet-reader-pool.ts); everything it may not read is a refusal, never an error.
// One hidden sheet is read besides: the veryHidden `keys` sheet of a personalised order sheet (docs/product.md,
// Order sheets: the personalised sheet), its first rows of name and value, and with it the net price column it
// names. The keys are only read here; the upload verifies their signature before anything relies on them.

export interface SheetFileOptions {
  target: 'order' | 'preOrder';
  /** The shop's seasons: pre-order quantity columns are headed by their names. */
  seasons: readonly SheetSeason[];
}

export type SheetFileReading =
  | { rows: SheetInputRow[]; seasonIds?: number[]; sheetName: string; keys?: Record<string, string> }
  | { refusal: SheetFileRefusal };

/** The header row is looked for among a sheet's first rows with values. */
const headerSearchRows = 20;

/** A keys sheet has a dozen rows; more than these are not read. */
const keysRowsRead = 20;

export async function readWorkbook(bytes: Uint8Array, options: SheetFileOptions): Promise<SheetFileReading> {
  try {
    const kind = fileKindOf(bytes);
    if (kind.kind === 'refused') return { refusal: kind.refusal };
    const entries = readZipDirectory(bytes);
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    const parts = await readWorkbookParts(bytes, byName, await workbookPartOf(bytes, entries));
    const visible = parts.sheets.filter((sheet) => !sheet.hidden && sheet.part && byName.has(sheet.part));
    if (visible.length === 0) refuseFile('noSheet');
    const keysSheet = parts.sheets.find((sheet) => sheet.veryHidden && sheet.name === keysSheetName && sheet.part && byName.has(sheet.part));
    const keys = keysSheet ? await readKeys(bytes, byName.get(keysSheet.part!)!, parts) : undefined;
    const priceColumn = keys?.priceColumn !== undefined && /^[A-Z]{1,2}$/.test(keys.priceColumn) ? columnIndexOf(keys.priceColumn) : undefined;

    for (const sheet of visible) {
      let header: { line: number; columns: SheetColumns } | undefined;
      let searched = 0;
      const { rows } = await readSheetRows(bytes, byName.get(sheet.part!)!, parts, (row) => {
        if (header) return true;
        const columns = columnsOfHeader(row.cells, options.target, options.seasons);
        if (columns) header = { line: row.line, columns };
        searched += 1;
        return header !== undefined || searched < headerSearchRows;
      });
      if (!header) continue;
      const found = header;
      const lines = sheetRowsOf(
        rows.filter((row) => row.line > found.line),
        { ...found.columns, ...(priceColumn !== undefined ? { price: priceColumn } : {}) },
      );
      if (lines.length === 0) refuseFile('noLines');
      return {
        rows: lines,
        ...(found.columns.seasons.length > 0 ? { seasonIds: found.columns.seasons.map((season) => season.seasonId) } : {}),
        sheetName: sheet.name,
        ...(keys ? { keys } : {}),
      };
    }
    return refuseFile('noHeader');
  } catch (error) {
    if (error instanceof SheetFileRefused) return { refusal: error.refusal };
    throw error;
  }
}

/** A keys sheet's names (column A) and values (column B, text; a blank cell is ''); a name given twice keeps its first value. */
async function readKeys(bytes: Uint8Array, entry: ZipEntry, parts: WorkbookParts): Promise<Record<string, string>> {
  const keys: Record<string, string> = Object.create(null);
  let read = 0;
  const { rows } = await readSheetRows(bytes, entry, parts, () => ++read < keysRowsRead);
  for (const { cells } of rows) {
    const name = cells.get(0);
    const value = cells.get(1);
    if (name?.kind !== 'text' || name.text in keys) continue;
    if (value === undefined || value.kind === 'text') keys[name.text] = value?.text ?? '';
  }
  return keys;
}
