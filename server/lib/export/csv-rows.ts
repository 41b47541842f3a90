import { dayOf, moneyOf, numberOf, textOf, type ExportColumn, type ExportRow } from './export-columns.ts';

// CSV as RFC 4180 says: comma separated, CRLF line ends, a field with a comma, quote or line break in
// double quotes (quotes doubled). Numbers and amounts with a dot as decimal separator, dates as ISO days:
// the file reads the same in every locale. Amounts are plain numbers, so an export whose rows may differ
// in currency carries a currency column of its own.

/** Put in front of the header row: spreadsheet programs then read the file as UTF-8. */
export const csvByteOrderMark = '\uFEFF';

const needsQuotes = /[",\r\n]/;
// A text that a spreadsheet program would run as a formula (=, +, -, @, or a tab/CR in front of one)
// starts with an apostrophe instead: a PO number or note typed by a user must not become a formula.
const formulaStart = /^[=+\-@\t\r]/;

function field(text: string): string {
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function cellText(column: ExportColumn, value: unknown): string {
  switch (column.type) {
    case 'number':
      return String(numberOf(value, column.key) ?? '');
    case 'money':
      return String(moneyOf(value, column.key)?.value ?? '');
    case 'date':
      return dayOf(value, column.key) ?? '';
    case 'text': {
      const text = textOf(value);
      return formulaStart.test(text) ? `'${text}` : text;
    }
  }
}

export function csvHeaderLine(columns: readonly ExportColumn[]): string {
  return columns.map((column) => field(column.header)).join(',') + '\r\n';
}

/** The lines of a batch of rows, as one string. */
export function csvLines(columns: readonly ExportColumn[], rows: readonly ExportRow[]): string {
  let lines = '';
  for (const row of rows) lines += columns.map((column) => field(cellText(column, row[column.key]))).join(',') + '\r\n';
  return lines;
}
