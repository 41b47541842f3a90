import type { z } from 'zod';
import { parseRow, type RowProblem, type RowResult } from './row-results.ts';

// The first step of every ERP upsert (docs/erp-integration.md, "Every row answered"): each row against
// its schema and its key; a key sent twice fails the later row ('erp.key.duplicate'), so one request
// never says two things of one record.

export interface KeyedRow<T, K> {
  /** From 1, in the order the rows came. */
  line: number;
  /** The key as the answer names the row. */
  key: string;
  value: T;
  id: K;
}

export interface KeyRules<T, K> {
  /** The row's key, or its problem. */
  keyOf(value: T): K | RowProblem;
  /** One text per key, to find doubles. */
  textOf(key: K): string;
  /** The key as sent, also of a row its schema refused. */
  sentKeyOf(row: unknown): string;
  /** Where a doubled key is named within the row. */
  keyPath(key: K): string;
}

function isProblem(value: unknown): value is RowProblem {
  return typeof value === 'object' && value !== null && 'code' in value && 'path' in value;
}

/** The rows that passed, and a result for each row that failed already. */
export function parseKeyedRows<S extends z.ZodType, K>(schema: S, rows: readonly unknown[], rules: KeyRules<z.infer<S>, K>) {
  const passed: KeyedRow<z.infer<S>, K>[] = [];
  const failed: RowResult[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const line = index + 1;
    const key = rules.sentKeyOf(row);
    const parsed = parseRow(schema, row);
    if ('problems' in parsed) {
      failed.push({ line, key, result: 'failed', problems: parsed.problems });
      return;
    }
    const id = rules.keyOf(parsed.value);
    if (isProblem(id)) {
      failed.push({ line, key, result: 'failed', problems: [id] });
      return;
    }
    const text = rules.textOf(id);
    if (seen.has(text)) {
      failed.push({ line, key, result: 'failed', problems: [{ path: rules.keyPath(id), code: 'erp.key.duplicate', params: { key: text } }] });
      return;
    }
    seen.add(text);
    passed.push({ line, key, value: parsed.value, id });
  });
  return { passed, failed };
}

/** Every row's result in the order the rows came. */
export function inLineOrder(results: readonly RowResult[]): RowResult[] {
  return [...results].sort((a, b) => a.line - b.line);
}
