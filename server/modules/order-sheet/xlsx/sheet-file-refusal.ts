// Why an uploaded order-sheet file is not read. Every key has its own message (locales, `orderSheet.file.*`)
// that says what the file is and how to save it as "Excel Workbook (.xlsx)"; docs/product.md, Order sheets: files.

export type SheetFileRefusalKey =
  | 'tooLarge'
  | 'empty'
  | 'text'
  | 'html'
  | 'xls'
  | 'encrypted'
  | 'ods'
  | 'xlsm'
  | 'notWorkbook'
  | 'corrupt'
  | 'tooManyEntries'
  | 'tooBigUnpacked'
  | 'xmlDeclarations'
  | 'noSheet'
  | 'noHeader'
  | 'noLines'
  | 'tooManyRows'
  | 'tooManyLines'
  | 'tooComplex'
  | 'timeout';

export interface SheetFileRefusal {
  messageKey: `orderSheet.file.${SheetFileRefusalKey}`;
  params?: Record<string, string | number>;
}

export function sheetFileRefusal(key: SheetFileRefusalKey, params?: Record<string, string | number>): SheetFileRefusal {
  return params ? { messageKey: `orderSheet.file.${key}`, params } : { messageKey: `orderSheet.file.${key}` };
}

/** Thrown inside the reader where a part of the file ends the reading; caught and answered as its refusal. */
export class SheetFileRefused extends Error {
  readonly refusal: SheetFileRefusal;
  constructor(refusal: SheetFileRefusal) {
    super(refusal.messageKey);
    this.name = 'SheetFileRefused';
    this.refusal = refusal;
  }
}

export function refuseFile(key: SheetFileRefusalKey, params?: Record<string, string | number>): never {
  throw new SheetFileRefused(sheetFileRefusal(key, params));
}
