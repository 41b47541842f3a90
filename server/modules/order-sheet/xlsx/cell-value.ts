import type { NumberShape } from './workbook-parts.ts';

// A worksheet cell as the order sheet reads it: formulas give their cached value (the `<v>` Excel and
// LibreOffice store with them); a number keeps how it is shown, so a date or 1E+05 can be told apart.

export type CellValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; raw: string; shape: NumberShape }
  | { kind: 'date' }
  | { kind: 'boolean' }
  | { kind: 'error'; text: string };

/** The cell as stored: its type attribute (`t`), its style index (`s`) and its value text. */
export interface StoredCell {
  type: string;
  style: number;
  value: string;
}

/** The cell's value, or undefined for a blank one. */
export function cellValueOf(cell: StoredCell, sharedStrings: readonly string[], numberShapes: readonly NumberShape[]): CellValue | undefined {
  switch (cell.type) {
    case 's': {
      const text = sharedStrings[Number(cell.value)];
      return text === undefined ? undefined : textValue(text);
    }
    case 'inlineStr':
    case 'str':
      return textValue(cell.value);
    case 'b':
      return { kind: 'boolean' };
    case 'e':
      return { kind: 'error', text: cell.value.trim() };
    case 'd':
      return cell.value.trim() ? { kind: 'date' } : undefined;
    default: {
      const written = cell.value.trim();
      if (!written) return undefined;
      const value = Number(written);
      if (!Number.isFinite(value)) return { kind: 'error', text: written };
      const shape = numberShapes[cell.style] ?? 'plain';
      return shape === 'date' ? { kind: 'date' } : { kind: 'number', value, raw: written, shape };
    }
  }
}

function textValue(text: string): CellValue | undefined {
  const trimmed = text.replace(/\u00a0/g, ' ').trim();
  return trimmed ? { kind: 'text', text: trimmed } : undefined;
}
