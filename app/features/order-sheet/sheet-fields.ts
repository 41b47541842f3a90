// The names the order-sheet page's forms and URL share (docs/product.md, Order sheets): the page's path,
// the query naming the import, and the intents its one action tells apart.

export const orderSheetPath = '/order-sheet';
export const importParam = 'import';

export const sheetIntents = { paste: 'paste', upload: 'upload', row: 'row', confirm: 'confirm' } as const;
export type SheetIntent = (typeof sheetIntents)[keyof typeof sheetIntents];

export const confirmModes = ['add', 'set'] as const;
export type ConfirmMode = (typeof confirmModes)[number];

export const rowStatuses = ['ready', 'adjusted', 'merged', 'refused'] as const;
export type RowStatus = (typeof rowStatuses)[number];

export function previewPath(importId: string): string {
  return `${orderSheetPath}?${importParam}=${encodeURIComponent(importId)}`;
}

/** The import's rows as an XLSX file to correct and upload again (app/routes/order-sheet.corrections.ts). */
export function correctionsPath(importId: string): string {
  return `${orderSheetPath}/corrections?${importParam}=${encodeURIComponent(importId)}`;
}
