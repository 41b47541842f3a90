import { expect } from 'vitest';
import type { CartProduct } from '../../core/catalog-types.ts';
import type { ApiClient } from './basket-fixtures.ts';

// Shared by the order-sheet API tests: a paste that must be accepted, a row by its line, and the cart.

export interface SheetRow {
  line: number;
  input: { sku: string; quantity: number | null; quantities?: (number | null)[]; variantSku?: string | null };
  status: 'ready' | 'adjusted' | 'merged' | 'refused';
  product?: { _id: number; sku: string; variantSku: string | null; name: string; price: { value: number; currency: string }; salesBatchSize: number; stock: { state: 'in' | 'out'; value?: number } };
  quantity: number;
  quantities?: number[];
  messageKey: string | null;
  params: Record<string, string | number>;
  variants?: { variantSku: string; name: string }[];
  suggestions?: { sku: string; name: string }[];
  priceChange?: { old: number; new: number; currency: string };
}

export interface SheetAnswer {
  importId: string;
  target: 'order' | 'preOrder';
  createdAt: string;
  expiresAt: string;
  origin: { madeAt: string; pricesChanged: number } | { foreign: true } | null;
  summary: { lines: number; ready: number; adjusted: number; refused: number; merged: number };
  rows: SheetRow[];
  confirmed: null | Record<string, unknown>;
}

export interface ConfirmAnswer {
  mode: 'set' | 'add';
  confirmedAt: string;
  added: number;
  lines: { line: number; sku: string; variantSku: string | null; name: string; quantity: number; quantities?: number[]; price: { value: number; currency: string } }[];
  refused: { line: number; sku: string; messageKey: string; params: Record<string, string | number> }[];
  changes: ({ line: number; sku: string; change: 'price'; oldPrice: number; newPrice: number } | { line: number; sku: string; change: 'refused'; messageKey: string })[];
  basket: { _id: number; items: CartProduct[] };
}

/** Pastes `lines` (joined with newlines) and expects the import. */
export async function paste(client: ApiClient, lines: string[], target: 'order' | 'preOrder' = 'order'): Promise<SheetAnswer> {
  const response = await client.post('/api/orderSheet/paste', { text: lines.join('\n'), target });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body as SheetAnswer;
}

export async function confirm(client: ApiClient, importId: string, mode: 'set' | 'add'): Promise<ConfirmAnswer> {
  const response = await client.post(`/api/orderSheet/${importId}/confirm`, { mode });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body as ConfirmAnswer;
}

/** The row of `line`; fails the test when the answer has none. */
export function rowOf(answer: Pick<SheetAnswer, 'rows'>, line: number): SheetRow {
  const row = answer.rows.find((candidate) => candidate.line === line);
  expect(row, `a row for line ${line}`).toBeDefined();
  return row!;
}

export async function cartItems(client: ApiClient): Promise<CartProduct[]> {
  const response = await client.get('/api/basket');
  expect(response.statusCode).toBe(200);
  return (response.body as { items: CartProduct[] }).items;
}

/** Empties the client's basket (both carts). */
export async function emptyCart(client: ApiClient): Promise<void> {
  const response = await client.post('/api/basket', { userId: client.userId, items: [] });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
}
