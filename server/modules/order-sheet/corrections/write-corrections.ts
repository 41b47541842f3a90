import type { CorrectionsTable } from './corrections-table.ts';

// The corrections file written as an XLSX workbook by exceljs (ADR 0025: exceljs writes, our reader reads).
// Item numbers and variants are text cells in text-formatted columns, so leading zeros survive and what the
// buyer types into them stays text. The file holds at most an import's 1,000 lines: written in memory.
// exceljs is loaded with the first file: it is large, and the server's start-up need not read it.

/** Excel's "Text" number format. */
const textFormat = '@';

export async function writeCorrections(table: CorrectionsTable): Promise<Uint8Array<ArrayBuffer>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({ header: column.header, width: column.width, ...(column.kind === 'text' ? { style: { numFmt: textFormat } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of table.rows) sheet.addRow(cells.map((cell) => cell ?? null));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
