import type { OrderSheetAnswer } from '../../../server/page-surface.server';

// An order-sheet import as the page shows it: the answer of GET /api/orderSheet/{importId}
// (docs/product.md, Order sheets), read in process through the service.

export type SheetView = OrderSheetAnswer;
export type SheetRowView = SheetView['rows'][number];
export type SheetSummary = SheetView['summary'];
export type OrderSheetTarget = SheetView['target'];
