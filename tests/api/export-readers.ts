import ExcelJS from 'exceljs';

// Reading exports back the way a buyer's spreadsheet program would: the XLSX through exceljs's reader,
// the CSV with a strict RFC 4180 parser (one that refuses what a lenient one would guess at).

export async function readXlsx(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

/** The records of an RFC 4180 CSV (CRLF line ends, quoted fields); the UTF-8 byte order mark is required. */
export function parseCsv(body: Buffer): string[][] {
  const text = body.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('no byte order mark');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '"' && field === '') {
      const end = closingQuote(text, index + 1);
      field = text.slice(index + 1, end).replaceAll('""', '"');
      index = end + 1;
      if (text[index] !== ',' && text[index] !== '\r') throw new Error(`text after a quoted field at ${index}`);
    } else if (char === ',') {
      record.push(field);
      field = '';
      index += 1;
    } else if (char === '\r') {
      if (text[index + 1] !== '\n') throw new Error(`a CR without LF at ${index}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (char === '\n' || char === '"') {
      throw new Error(`a bare ${char === '"' ? 'quote' : 'LF'} at ${index}`);
    } else {
      field += char;
      index += 1;
    }
  }
  if (field !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

function closingQuote(text: string, from: number): number {
  let index = from;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) throw new Error('an unclosed quote');
    if (text[quote + 1] !== '"') return quote;
    index = quote + 2;
  }
}
