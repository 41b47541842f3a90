import type { MoneyJson } from '../../../core/api-money';
import type { RowStatus } from './sheet-fields';

export type OrderSheetTarget = 'order' | 'preOrder';

// An order-sheet import as the page shows it: the answer of GET /api/orderSheet/{importId}
// (docs/product.md, Order sheets), read in process through the service.

export interface SheetRowProduct {
  _id: number;
  sku: string;
  variantSku: string | null;
  name: string;
  price: MoneyJson;
  salesBatchSize: number;
}

export interface SheetRowView {
  line: number;
  input: { sku: string; quantity: number | null; quantities?: (number | null)[]; variantSku?: string | null };
  status: RowStatus;
  product?: SheetRowProduct;
  quantity: number;
  quantities?: number[];
  messageKey?: string | null;
  params?: Record<string, string | number>;
  /** A parent sku of a product sold by variants: the variants to choose from. */
  variants?: { variantSku: string; name: string }[];
  /** An unknown sku: the articles it may have meant. */
  suggestions?: { sku: string; name: string }[];
}

export interface SheetSummary {
  lines: number;
  ready: number;
  adjusted: number;
  merged: number;
  refused: number;
}

export interface SheetView {
  importId: string;
  target: OrderSheetTarget;
  createdAt: string;
  expiresAt: string;
  summary: SheetSummary;
  rows: SheetRowView[];
  confirmed: null | { added: number; lines: { sku: string; variantSku: string | null; name: string; quantity: number; quantities?: number[] }[] };
}
