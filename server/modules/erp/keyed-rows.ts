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
  /** The key the answer names a passed row by; the key as sent when not given. */
  answerKeyOf?(key: K): string;
  /**
   * When given, a key counts from the first row that sent it (sentKeyOf, when not empty), whatever became
   * of that row: a later row sending it fails 'erp.key.duplicate' at `path` before its schema is checked.
   */
  sentKeysCount?: { path: string };
  /**
   * Rows decided before their schema is checked, by index (a product row sent exactly as stored: unchanged).
   * Their result stands unless an earlier row had their key (then they fail as doubles), and their key
   * counts for the doubles of later rows.
   */
  decidedBefore?: ReadonlyMap<number, { id: K; result: RowResult }>;
}

function isProblem(value: unknown): value is RowProblem {
  return typeof value === 'object' && value !== null && 'code' in value && 'path' in value;
}

const duplicate = (path: string, key: string): RowProblem => ({ path, code: 'erp.key.duplicate', params: { key } });

/** The problem of a reference to a record the tenant does not have (nor the same request makes). */
export const unknownReference = (path: string, key: string): RowProblem => ({ path, code: 'erp.reference.unknown', params: { key } });

/** The text a row sent in `field`: empty when it has none (or it is no string). */
export function sentField(row: unknown, field: string): string {
  const value = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : '';
}

/** The rules of rows keyed by one text field, its parsed value the key. */
export function fieldKeyRules<T>(field: string, keyOf: (value: T) => string): KeyRules<T, string> {
  return { keyOf, textOf: (key) => key, sentKeyOf: (row) => sentField(row, field), keyPath: () => field };
}

/** The rows that passed, and a result for each row that failed already (or was decided before, `decidedBefore`). */
export function parseKeyedRows<S extends z.ZodType, K>(schema: S, rows: readonly unknown[], rules: KeyRules<z.infer<S>, K>) {
  const passed: KeyedRow<z.infer<S>, K>[] = [];
  const failed: RowResult[] = [];
  const seen = new Set<string>();
  const sentKeysCount = rules.sentKeysCount;
  rows.forEach((row, index) => {
    const line = index + 1;
    const early = rules.decidedBefore?.get(index);
    if (early) {
      const text = rules.textOf(early.id);
      if (seen.has(text)) failed.push({ line, key: early.result.key, result: 'failed', problems: [duplicate(sentKeysCount?.path ?? rules.keyPath(early.id), text)] });
      else failed.push(early.result);
      seen.add(text);
      return;
    }
    const key = rules.sentKeyOf(row);
    if (sentKeysCount && key !== '') {
      if (seen.has(key)) {
        failed.push({ line, key, result: 'failed', problems: [duplicate(sentKeysCount.path, key)] });
        return;
      }
      seen.add(key);
    }
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
    if (!sentKeysCount) {
      const text = rules.textOf(id);
      if (seen.has(text)) {
        failed.push({ line, key, result: 'failed', problems: [duplicate(rules.keyPath(id), text)] });
        return;
      }
      seen.add(text);
    }
    passed.push({ line, key: rules.answerKeyOf ? rules.answerKeyOf(id) : key, value: parsed.value, id });
  });
  return { passed, failed };
}

/** Every row's result in the order the rows came. */
export function inLineOrder(results: readonly RowResult[]): RowResult[] {
  return [...results].sort((a, b) => a.line - b.line);
}

/**
 * The same as parseKeyedRows, with one result slot per request row (index = line - 1): the failed rows'
 * results already in place, the passed rows' slots undefined while they are still to be decided.
 */
export function parseKeyedRowSlots<S extends z.ZodType, K>(schema: S, rows: readonly unknown[], rules: KeyRules<z.infer<S>, K>) {
  const { passed, failed } = parseKeyedRows(schema, rows, rules);
  const results: (RowResult | undefined)[] = rows.map(() => undefined);
  for (const result of failed) results[result.line - 1] = result;
  return { results, passed };
}

/** Marks a row failed with its problems. */
export function fail(results: (RowResult | undefined)[], row: { line: number; key: string }, ...problems: RowProblem[]): void {
  results[row.line - 1] = { line: row.line, key: row.key, result: 'failed', problems };
}

/** The results once every row is decided. */
export function decided(results: readonly (RowResult | undefined)[]): RowResult[] {
  return results.map((result, index) => {
    if (!result) throw new Error(`Row ${index + 1} of an upsert was left undecided.`);
    return result;
  });
}
