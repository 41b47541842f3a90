// What a reader of an order sheet (pasted text, an uploaded XLSX file) hands to the line judge
// (docs/product.md, Order sheets: reading and judging lines). Readers only read; the judge decides each row's
// verdict. Here in core/ because the paste reader is pure and the browser may run it too.

export type OrderSheetTarget = 'order' | 'preOrder';

export interface SheetInputRow {
  /** Where the row came from: the pasted text's line number or the sheet's row number, 1-based. */
  line: number;
  /** As read, trimmed. An XLSX number cell gives the number's digits ("100" for 00100 stored as a number). */
  sku: string;
  /** The sku came from a number cell: leading zeros may have been lost, so the judge also tries the zero-padded match. */
  skuFromNumber?: boolean;
  variantSku?: string | null;
  /** Whole units; null when blank (blank or 0 means skip, never 1). */
  quantity: number | null;
  /** Pre-order: one per season, in the order of `SheetInput.seasonIds`; null where blank. */
  quantities?: (number | null)[];
  /**
   * The net price (major units) a personalised sheet showed for the row, read from the column its keys name; the
   * upload keeps it only when the keys' signature shows the sheet was made for this customer.
   */
  sheetPrice?: number;
  /** The reader already refused the row (a date or a 16-digit number in the sku column, a decimal comma, text in a quantity): the judge answers it as the row's verdict. */
  readRefusal?: { messageKey: string; params?: Record<string, string | number> };
}

export interface SheetInput {
  source: 'paste' | 'upload';
  target: OrderSheetTarget;
  rows: SheetInputRow[];
  /** Pre-order: the season ids `quantities` refer to (columns headed by season names); default: the shop's seasons in order. */
  seasonIds?: number[];
}
