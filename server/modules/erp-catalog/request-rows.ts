import type { z } from 'zod';
import { parseRow, type RowProblem, type RowResult } from '../erp/row-results.ts';

// The first step of every catalogue upsert: each row checked against its schema on its own, and a key
// sent twice in one request taken from its first row only (the later rows fail 'erp.key.duplicate').

/** A row that passed its schema: where it stood in the request, its key and its parsed value. */
export interface RequestRow<T> {
  line: number;
  key: string;
  value: T;
}

export interface CheckedRows<T> {
  /** One result per request row, in request order; undefined while a row is still to be decided. */
  results: (RowResult | undefined)[];
  rows: RequestRow<T>[];
}

/** The key as sent, for the answer: empty when the row has none (or it is no string). */
function sentKey(row: unknown, keyField: string): string {
  const value = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[keyField] : undefined;
  return typeof value === 'string' ? value : '';
}

export function checkRows<S extends z.ZodType>(rows: readonly unknown[], schema: S, keyField: string, keyOf: (value: z.infer<S>) => string): CheckedRows<z.infer<S>> {
  const results: (RowResult | undefined)[] = rows.map(() => undefined);
  const accepted: RequestRow<z.infer<S>>[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const line = index + 1;
    const parsed = parseRow(schema, row);
    if ('problems' in parsed) {
      results[index] = { line, key: sentKey(row, keyField), result: 'failed', problems: parsed.problems };
      return;
    }
    const key = keyOf(parsed.value);
    if (seen.has(key)) {
      results[index] = { line, key, result: 'failed', problems: [{ path: keyField, code: 'erp.key.duplicate', params: { key } }] };
      return;
    }
    seen.add(key);
    accepted.push({ line, key, value: parsed.value });
  });
  return { results, rows: accepted };
}

/** Marks a row failed with its problems. */
export function fail(results: (RowResult | undefined)[], row: RequestRow<unknown>, ...problems: RowProblem[]): void {
  results[row.line - 1] = { line: row.line, key: row.key, result: 'failed', problems };
}

/** The results once every row is decided. */
export function decided(results: readonly (RowResult | undefined)[]): RowResult[] {
  return results.map((result, index) => {
    if (!result) throw new Error(`Row ${index + 1} of an upsert was left undecided.`);
    return result;
  });
}

/** `items` in slices of at most `size`, for IN lists and multi-row statements. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
