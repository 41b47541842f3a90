import { moneyOut, type MoneyJson } from '../../../core/api-money.ts';
import type { OrderType } from '../../../core/catalog-types.ts';
import type { SheetInputRow } from './sheet-input.ts';
import type { JudgedRow } from './order-sheet-judge.ts';

// An import as the API answers it (docs/product.md, Order sheets): every row with its verdict, money in major
// units with its currency (core/api-money.ts), stock as a state, its number only for sales persons (as the
// catalogue shows stock: core/stock.ts).

export type RowStatus = JudgedRow['status'];

export interface RowAnswer {
  line: number;
  input: { sku: string; quantity: number | null; quantities?: (number | null)[]; variantSku?: string | null };
  status: RowStatus;
  product?: {
    _id: number;
    sku: string;
    variantSku: string | null;
    name: string;
    price: MoneyJson;
    salesBatchSize: number;
    stock: { state: 'in' | 'out'; value?: number };
  };
  quantity: number;
  quantities?: number[];
  messageKey: string | null;
  params: Record<string, string | number>;
  variants?: { variantSku: string; name: string }[];
  suggestions?: { sku: string; name: string }[];
  /** A personalised sheet showed another price for one piece than today's (major units, template/sheet-origin.ts). */
  priceChange?: { old: number; new: number; currency: string };
}

export interface ImportSummary {
  lines: number;
  ready: number;
  adjusted: number;
  refused: number;
  merged: number;
}

/** An uploaded personalised sheet: made for this customer on `madeAt`, with how many rows' prices changed since, or not made for them. */
export type ImportOrigin = { madeAt: string; pricesChanged: number } | { foreign: true };

export interface ImportAnswer<Confirmation> {
  importId: string;
  target: OrderType;
  createdAt: string;
  expiresAt: string;
  /** Null for a paste and for a sheet without a personalised sheet's keys. */
  origin: ImportOrigin | null;
  summary: ImportSummary;
  rows: RowAnswer[];
  confirmed: Confirmation | null;
}

export interface Viewer {
  /** Sales persons see stock numbers; everyone else the state. */
  isSalesPerson: boolean;
}

function inputOf(row: SheetInputRow): RowAnswer['input'] {
  return {
    sku: row.sku,
    quantity: row.quantity,
    ...(row.quantities ? { quantities: row.quantities } : {}),
    ...(row.variantSku !== undefined ? { variantSku: row.variantSku } : {}),
  };
}

export function rowAnswer(row: JudgedRow, viewer: Viewer): RowAnswer {
  const product = row.product;
  return {
    line: row.line,
    input: inputOf(row.input),
    status: row.status,
    ...(product
      ? {
          product: {
            _id: product.id,
            sku: product.sku,
            variantSku: product.variantSku,
            name: product.name,
            price: moneyOut(product.unitPriceCents, product.currency),
            salesBatchSize: product.salesBatchSize,
            // In stock as the catalogue shows it: any stock but zero, and a positive-stock-only product always.
            stock: {
              state: product.stock !== 0 || product.isOnlySellableWithPositiveStock ? 'in' : 'out',
              ...(viewer.isSalesPerson ? { value: product.stock } : {}),
            },
          },
        }
      : {}),
    quantity: row.quantity,
    ...(row.quantities ? { quantities: row.quantities } : {}),
    messageKey: row.messageKey ?? null,
    params: row.params ?? {},
    ...(row.variants ? { variants: row.variants } : {}),
    ...(row.suggestions ? { suggestions: row.suggestions } : {}),
  };
}

export function summaryOf(rows: readonly JudgedRow[]): ImportSummary {
  const count = (status: RowStatus) => rows.filter((row) => row.status === status).length;
  return { lines: rows.length, ready: count('ready'), adjusted: count('adjusted'), refused: count('refused'), merged: count('merged') };
}

/** What the buyer was shown of a row, kept with the import so confirm can say what changed since. */
export interface PreviewEntry {
  line: number;
  status: RowStatus;
  unitPriceCents: number | null;
  currency: string | null;
}

export function previewOf(rows: readonly JudgedRow[]): PreviewEntry[] {
  return rows.map((row) => ({ line: row.line, status: row.status, unitPriceCents: row.product?.unitPriceCents ?? null, currency: row.product?.currency ?? null }));
}
