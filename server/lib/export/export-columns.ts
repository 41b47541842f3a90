import type { MoneyJson } from '../../../core/api-money.ts';
import { shopDayOf } from '../../../core/shop-day.ts';

// What an export (server/lib/export/stream-export.ts) is made of: its columns and the cell values a row
// may hold per column type. A row is a plain record read by each column's key.

export type ExportFormat = 'xlsx' | 'csv';

export type ExportColumnType = 'text' | 'number' | 'date' | 'money';

export interface ExportColumn {
  /** The header cell, already in the user's language. */
  header: string;
  key: string;
  /**
   * text: a string (numbers are written as text); number: a number; date: a calendar day, given as a Date,
   * 'YYYY-MM-DD' or an ISO timestamp (the shop's day: core/shop-day.ts); money: { value, currency } in major units (core/api-money.ts).
   * null or undefined leaves the cell empty.
   */
  type: ExportColumnType;
  /** In characters (XLSX); a default per type otherwise. */
  width?: number;
}

export type ExportRow = Record<string, unknown>;

export interface ExportRequest {
  format: ExportFormat;
  /** The file's name without date and extension ('orders'): the download is named 'orders-2026-11-24.xlsx'. */
  fileName: string;
  /** The worksheet's name (XLSX; at most 31 characters, none of []:*?/\). */
  sheetName: string;
  columns: readonly ExportColumn[];
  /** The rows, a batch at a time: the writer holds one batch and pulls the next when the client took the last. */
  batches: AsyncIterable<readonly ExportRow[]>;
}

const calendarDay = /^\d{4}-\d{2}-\d{2}/;

/** A date cell's calendar day as 'YYYY-MM-DD' (a moment's is the shop's day, as the pages show it); null for an empty cell. */
export function dayOf(value: unknown, key: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return shopDayOf(value);
  if (typeof value === 'string' && calendarDay.test(value) && !Number.isNaN(Date.parse(value))) return shopDayOf(value);
  throw new TypeError(`export column ${key}: not a date`);
}

/** A number cell's number; null for an empty cell. */
export function numberOf(value: unknown, key: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new TypeError(`export column ${key}: not a number`);
}

/** A money cell's amount; null for an empty cell. */
export function moneyOf(value: unknown, key: string): MoneyJson | null {
  if (value === null || value === undefined) return null;
  const money = value as Partial<MoneyJson>;
  if (typeof money.value === 'number' && Number.isFinite(money.value) && typeof money.currency === 'string') return { value: money.value, currency: money.currency };
  throw new TypeError(`export column ${key}: not an amount`);
}

/** A text cell's text; '' for an empty cell. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}
