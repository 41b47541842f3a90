import { parseRecordId } from '../../core/record-id.ts';
import { AppError } from '../errors.ts';

/**
 * The record an id in a URL names (a path's `:id`, a query's `category`). A value that is no record id
 * (core/record-id.ts: past the databases' integer, zero, signed, '1e3', '007', words) names no record,
 * so it gets exactly the route's answer for an id no record has: 404 with `notFoundKey` (and `field`,
 * where that answer names one).
 */
export function urlRecordId(value: unknown, notFoundKey: string, field?: string): number {
  const id = parseRecordId(value);
  if (id === null) throw new AppError('not_found', notFoundKey, field ? { field } : {});
  return id;
}

/** The `:id` path parameter, read as `urlRecordId` reads it. */
export function pathRecordId(params: unknown, notFoundKey: string): number {
  const { id } = (params ?? {}) as { id?: unknown };
  return urlRecordId(id, notFoundKey);
}
