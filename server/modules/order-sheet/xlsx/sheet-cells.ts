import { orderSheetMaxRowsRead } from '../../../../core/order-sheet-limits.ts';
import { cellValueOf, type CellValue, type StoredCell } from './cell-value.ts';
import { refuseFile } from './sheet-file-refusal.ts';
import type { WorkbookParts } from './workbook-parts.ts';
import { readXmlEntry, StopReading } from './xml-stream.ts';
import type { ZipEntry } from './zip-directory.ts';

// One worksheet's visible rows, streamed: hidden rows are not read (docs/product.md, Order sheets: files),
// a merged range keeps its value only in its top-left cell (a quantity merged over three rows counts once),
// and a value beyond the rows an order sheet may have refuses the file rather than being cut off.
// `wanted` sees each row as it is read; answering false stops reading the sheet (no header near its top).

export interface SheetRow {
  /** The sheet's row number, 1-based. */
  line: number;
  /** By column index, 0-based. */
  cells: Map<number, CellValue>;
}

/** Columns beyond these are not read: an order sheet's columns are near its left edge. */
export const maxColumnsRead = 200;

export async function readSheetRows(
  bytes: Uint8Array,
  entry: ZipEntry,
  parts: WorkbookParts,
  wanted: (row: SheetRow) => boolean,
): Promise<{ rows: SheetRow[]; complete: boolean }> {
  const rows: SheetRow[] = [];
  const merges: { top: number; left: number; bottom: number; right: number }[] = [];
  let row: SheetRow | undefined;
  let hidden = false;
  let lastLine = 0;
  let cell: (StoredCell & { column: number }) | undefined;
  let lastColumn = -1;
  let inValue = false;
  let complete = true;

  const finishRow = () => {
    if (!row || hidden || row.cells.size === 0) return;
    if (row.line > orderSheetMaxRowsRead) refuseFile('tooManyRows', { max: orderSheetMaxRowsRead });
    rows.push(row);
    if (!wanted(row)) {
      complete = false;
      throw new StopReading();
    }
  };

  await readXmlEntry(bytes, entry, {
    open(name, attributes) {
      if (name === 'row') {
        const line = attributes.r ? Number(attributes.r) : lastLine + 1;
        if (!Number.isInteger(line) || line <= lastLine) refuseFile('corrupt');
        lastLine = line;
        lastColumn = -1;
        hidden = attributes.hidden === '1' || attributes.hidden === 'true';
        row = { line, cells: new Map() };
      } else if (name === 'c' && row) {
        const column = attributes.r ? columnIndexOf(attributes.r) : lastColumn + 1;
        lastColumn = column;
        cell = { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '' };
      } else if (cell && (name === 'v' || name === 't')) {
        inValue = true;
      } else if (name === 'mergeCell' && attributes.ref) {
        const [from, to = from] = attributes.ref.split(':') as [string, string?];
        merges.push({ top: lineOf(from), left: columnIndexOf(from), bottom: lineOf(to), right: columnIndexOf(to) });
      }
    },
    text(text) {
      if (inValue && cell) cell.value += text;
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && cell && row) {
        if (!hidden && cell.column < maxColumnsRead) {
          const value = cellValueOf(cell, parts.sharedStrings, parts.numberShapes);
          if (value) row.cells.set(cell.column, value);
        }
        cell = undefined;
      } else if (name === 'row') {
        finishRow();
        row = undefined;
      }
    },
  });

  const rowAt = new Map(rows.map((each) => [each.line, each]));
  for (const merge of merges) {
    for (let line = merge.top; line <= Math.min(merge.bottom, orderSheetMaxRowsRead); line++) {
      const covered = rowAt.get(line);
      for (let column = merge.left; covered && column <= Math.min(merge.right, maxColumnsRead); column++) {
        if (line !== merge.top || column !== merge.left) covered.cells.delete(column);
      }
    }
  }
  return { rows: rows.filter((each) => each.cells.size > 0), complete };
}

/** "AB12" → 27 (0-based); a reference without letters is broken. */
export function columnIndexOf(reference: string): number {
  const letters = /^\$?([A-Z]{1,3})/i.exec(reference)?.[1];
  if (!letters) refuseFile('corrupt');
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

function lineOf(reference: string): number {
  const digits = /(\d+)$/.exec(reference)?.[1];
  if (!digits) refuseFile('corrupt');
  return Number(digits);
}
