import type { z } from 'zod';
import { requiredLine } from '../../http/field-schemas.ts';
import { parseRow, type RowProblem, type RowResult } from '../erp/row-results.ts';

// The first steps of every customer-data upsert (docs/erp-integration.md, "Every row answered"): each row
// checked against its schema on its own, and a key sent twice in one request refused on the later row, so
// what follows works on rows that stand for one record each. The row's key is what it sent, trimmed.

/** The ERP's key of a record: one line of text, at most 64 characters. */
export const externalIdSchema = requiredLine(64);

/** How many keys one `IN` list of a read carries. */
export const keysPerRead = 500;

/** The list cut into pieces of `size` (the last one shorter). */
export function chunksOf<T>(list: readonly T[], size: number = keysPerRead): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
  return chunks;
}

/** A row that passed its schema, waiting for its result. */
export interface PendingRow<T> {
  /** The row's place in `results`. */
  index: number;
  key: string;
  value: T;
}

/** The rows of one request: `results` holds a result for every row already decided (failed ones). */
export interface KeyedRows<T> {
  results: (RowResult | undefined)[];
  pending: PendingRow<T>[];
}

export const failed = (index: number, key: string, problems: RowProblem[]): RowResult => ({ line: index + 1, key, result: 'failed', problems });

/** The key a row sent in `field`, trimmed; '' when it sent none. */
function keyOf(row: unknown, field: string): string {
  const value = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Checks every row against `schema`; a key already sent by an earlier row (whatever became of it) fails the
 * later one with 'erp.key.duplicate'.
 */
export function parseKeyedRows<S extends z.ZodType>(schema: S, rows: readonly unknown[], keyField: string): KeyedRows<z.infer<S>> {
  const results: (RowResult | undefined)[] = new Array(rows.length).fill(undefined);
  const pending: PendingRow<z.infer<S>>[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = keyOf(row, keyField);
    if (key !== '' && seen.has(key)) {
      results[index] = failed(index, key, [{ path: keyField, code: 'erp.key.duplicate', params: { key } }]);
      return;
    }
    if (key !== '') seen.add(key);
    const parsed = parseRow(schema, row);
    if ('problems' in parsed) results[index] = failed(index, key, parsed.problems);
    else pending.push({ index, key, value: parsed.value });
  });
  return { results, pending };
}

/** The problem of a reference to a record the tenant does not have (nor the same request makes). */
export const unknownReference = (path: string, key: string): RowProblem => ({ path, code: 'erp.reference.unknown', params: { key } });

/** The results in the request's order, once every row has one. */
export function allResults(results: readonly (RowResult | undefined)[]): RowResult[] {
  return results.map((result, index) => {
    if (!result) throw new Error(`Row ${index + 1} was left without a result.`);
    return result;
  });
}
