import type { Writable } from 'node:stream';
import { dayOf, moneyOf, numberOf, textOf, type ExportColumn, type ExportColumnType, type ExportRow } from './export-columns.ts';

// An XLSX export through exceljs's streaming writer: each committed row goes into the zip stream at once,
// so the workbook never holds more than the rows of the batch being written. Inline strings (no shared
// string table, which would grow with the file) and styles for bold headers and number formats.
// exceljs is loaded with the first XLSX export: it is large, and the server's start-up need not read it.

const defaultWidth: Record<ExportColumnType, number> = { text: 20, number: 12, date: 12, money: 14 };
const dateFormat = 'dd.mm.yyyy';
const currencyCode = /^[A-Z]{3}$/;

/** An amount's format with its currency ('#,##0.00 [$EUR]': Excel and LibreOffice show it as currency). */
function moneyFormat(currency: string): string {
  return currencyCode.test(currency) ? `#,##0.00 [$${currency}]` : '#,##0.00';
}

function dateCell(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // exceljs turns a Date into the spreadsheet's day number by its UTC time: midnight UTC is the day itself.
  return new Date(Date.UTC(year, month - 1, date));
}

export async function createXlsxWorkbook(out: Writable, sheetName: string, columns: readonly ExportColumn[]) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width ?? Math.max(defaultWidth[column.type], column.header.length + 2),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  return {
    addRows(rows: readonly ExportRow[]): void {
      for (const source of rows) {
        const row = sheet.addRow([]);
        columns.forEach((column, index) => {
          const cell = row.getCell(index + 1);
          const value = source[column.key];
          if (column.type === 'text') {
            cell.value = textOf(value);
          } else if (column.type === 'number') {
            cell.value = numberOf(value, column.key);
          } else if (column.type === 'date') {
            const day = dayOf(value, column.key);
            cell.value = day === null ? null : dateCell(day);
            cell.numFmt = dateFormat;
          } else {
            const money = moneyOf(value, column.key);
            cell.value = money?.value ?? null;
            if (money) cell.numFmt = moneyFormat(money.currency);
          }
        });
        row.commit();
      }
    },

    /** Writes the rest of the file and ends the stream. */
    async finish(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}
