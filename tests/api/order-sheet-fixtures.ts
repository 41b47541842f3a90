import { expect } from 'vitest';
import type { CartProduct } from '../../core/catalog-types.ts';
import type { RowAnswer } from '../../server/modules/order-sheet/order-sheet-answer.ts';
import type { ConfirmAnswer, OrderSheetAnswer } from '../../server/modules/order-sheet/order-sheet.service.ts';
import type { ApiClient } from './basket-fixtures.ts';

// Shared by the order-sheet API tests: a paste that must be accepted, a row by its line, the cart, and an
// upload's multipart body. The answers are typed as the service declares them (order-sheet.service.ts), so a
// test reads what the API sends.

/** Pastes `lines` (joined with newlines) and expects the import. */
export async function paste(client: ApiClient, lines: string[], target: 'order' | 'preOrder' = 'order'): Promise<OrderSheetAnswer> {
  const response = await client.post('/api/orderSheet/paste', { text: lines.join('\n'), target });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body as OrderSheetAnswer;
}

export async function confirm(client: ApiClient, importId: string, mode: 'set' | 'add'): Promise<ConfirmAnswer> {
  const response = await client.post(`/api/orderSheet/${importId}/confirm`, { mode });
  expect(response.statusCode, JSON.stringify(response.body)).toBe(200);
  return response.body as ConfirmAnswer;
}

/** The row of `line`; fails the test when the answer has none. */
export function rowOf(answer: Pick<OrderSheetAnswer, 'rows'>, line: number): RowAnswer {
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

/** The multipart boundary `multipart` writes. */
export const boundary = '----order-sheet-upload-test';

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body of `parts` (as a browser's upload form sends it). */
export function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? '\r\nContent-Type: application/octet-stream' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
