// The limits of order sheets (docs/product.md, Order sheets: reading and judging lines): every reader refuses
// beyond them with a message naming the limit, never cutting silently, and the order-sheet page states them.

/** The largest XLSX file accepted, in bytes (10 MB). */
export const orderSheetMaxFileBytes = 10 * 1024 * 1024;

/** The largest upload body accepted (the file, the form's other field and its boundaries), judged by its Content-Length before it is read. */
export const orderSheetMaxUploadBodyBytes = orderSheetMaxFileBytes + 64 * 1024;

/** The most rows of a sheet read, headers and blank rows included. */
export const orderSheetMaxRowsRead = 5_000;

/** The most lines with a quantity one sheet or paste may hold. */
export const orderSheetMaxLines = 1_000;

/** The largest quantity one line (or one season of a pre-order line) may ask for. */
export const orderSheetMaxQuantity = 100_000;

/** The largest pasted text accepted, in bytes of UTF-8 (200 KB). */
export const orderSheetMaxPasteBytes = 200 * 1024;
