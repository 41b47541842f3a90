import secureJson from 'secure-json-parse';
import { AppError } from '../../errors.ts';
import { refuseIfMalformed, type OpaqueBody } from '../../http/json-problems.ts';
import { maxRowsPerRequest } from './row-results.ts';

// The JSON body of a PUT load (server/erp/erp-api.ts) arrives as its text and is read where its rows are
// written: on the load jobs' worker thread, not the request thread, which a body of 1,000 product rows
// (some 600 KB) would hold for several milliseconds per PUT while buyers wait (docs/benchmarks.md). It is
// read exactly as Fastify reads any JSON body (prototype poisoning refused) and checked like one
// (json-problems.ts), so a bad body is answered as before: 400 'error.invalid_json', 'validation.…' or
// 'erp.rows.…'.

/** The text of a PUT load's JSON body, not yet read. */
export class SentRowsText implements OpaqueBody {
  readonly opaqueBody = true as const;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A load's rows as its route hands them on: read already (NDJSON), or still the JSON text. */
export type SentRows = readonly unknown[] | SentRowsText;

/** Why a body is no load's rows (an array of 1 to 1,000), or null. */
export function rowsRefusal(body: unknown): AppError | null {
  if (!Array.isArray(body) || body.length === 0) return new AppError('validation', 'erp.rows.required');
  if (body.length > maxRowsPerRequest) return new AppError('validation', 'erp.rows.too_many', { params: { max: maxRowsPerRequest } });
  return null;
}

/** The rows of a JSON text, or the refusal its request gets. */
export function readRowsText(text: string): unknown[] {
  let body: unknown;
  try {
    body = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError('bad_request', 'error.invalid_json');
  }
  refuseIfMalformed(body, true);
  const refused = rowsRefusal(body);
  if (refused) throw refused;
  return body as unknown[];
}

export function readSentRows(sent: SentRows): readonly unknown[] {
  return sent instanceof SentRowsText ? readRowsText(sent.text) : sent;
}
