import { Readable } from 'node:stream';
import { hasControlCharacters } from '../../core/input-text.ts';
import { AppError } from '../errors.ts';

// What no request may carry in its query, route parameters or JSON body (server/plugins/request-normalisation.ts):
// control characters (multi-line text keeps its line breaks and tabs) and JSON nested deeper than
// `maxJsonDepth` levels. An ERP load's rows are checked where they are read (raw-json-body.ts).

const maxJsonDepth = 32;

/**
 * A body its route reads itself, checked there: raw bytes (the payment webhook checks their signature
 * first), a stream (a load job's NDJSON, line by line), the text of an ERP load's rows (raw-json-body.ts).
 */
export interface OpaqueBody {
  readonly opaqueBody: true;
}

function isOpaque(value: object): boolean {
  return Buffer.isBuffer(value) || value instanceof Readable || (value as Partial<OpaqueBody>).opaqueBody === true;
}

/**
 * The first problem of a parsed JSON value. Recursive, but never deeper than `maxJsonDepth`: a deeper value
 * is refused before its children are walked, so no depth can overflow the stack. Walked in place, without
 * lists of entries: an ERP load of 1,000 rows is some 50,000 values.
 */
function problemOf(value: unknown, multiLine: boolean, depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacters(value, { multiLine }) ? 'validation.control_characters' : null;
  if (value === null || typeof value !== 'object' || isOpaque(value)) return null;
  if (depth >= maxJsonDepth) return 'validation.too_deep';
  if (Array.isArray(value)) {
    for (const child of value) {
      const problem = problemOf(child, multiLine, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  const fields = value as Record<string, unknown>;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    if (hasControlCharacters(key)) return 'validation.control_characters';
    const problem = problemOf(fields[key], multiLine, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Throws 400 with the message key of the value's first problem, if it has one. */
export function refuseIfMalformed(value: unknown, multiLine: boolean): void {
  const problem = problemOf(value, multiLine);
  if (problem) throw new AppError('validation', problem);
}
