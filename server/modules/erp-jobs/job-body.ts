import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { AppError } from '../../errors.ts';

// A load job's body as it streams in (POST /erp/v1/jobs): NDJSON, gzip-compressed when the request says
// `Content-Encoding: gzip`. It is never held whole: it is cut into chunks of `chunkRows` lines, each handed
// on (and stored) before more is read. Two limits: the bytes sent (`maxBodyBytes`) and the NDJSON they
// unpack to (`maxTextBytes`, against a gzip bomb); beyond either the request answers 413. A line is not
// judged here: a broken one is a failed row of the run, never a failed upload (job-rows.ts). A line longer
// than `maxLineBytes` is not kept (its place is, to fail as a row), so one line cannot take the memory.

export interface JobBodyLimits {
  maxBodyBytes: number;
  maxTextBytes: number;
  chunkRows: number;
}

/** The longest line kept; a product row with its texts, variants and images is a few KB. */
export const maxLineBytes = 1024 * 1024;

/** What stands for a line that was too long: no JSON value is written like it, so it fails as its row. */
export const tooLongLine = '<line too long>';

export interface ReceivedBody {
  rows: number;
  chunks: number;
  /** SHA-256 (hex) of the NDJSON (unpacked): the same load sent again, packed or not, has the same. */
  sha256: string;
}

export type ChunkSink = (chunkNo: number, firstLine: number, text: string) => Promise<void>;

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Reads `body`, handing each chunk of lines to `sink` in order; answers what was received. */
export async function receiveJobBody(body: Readable, options: JobBodyLimits & { gzip: boolean }, sink: ChunkSink): Promise<ReceivedBody> {
  let sent = 0;
  const counted = new Transform({
    transform(piece: Buffer, _encoding, done) {
      sent += piece.length;
      if (sent > options.maxBodyBytes) done(new AppError('payload_too_large', 'erp.job.body.too_large', { params: { max: mb(options.maxBodyBytes) } }));
      else done(null, piece);
    },
  });
  // pipeline destroys every stream with the first error, so the loop below ends with it.
  const ignore = () => undefined;
  const source: Readable = options.gzip ? pipeline(body, counted, createGunzip(), ignore) : pipeline(body, counted, ignore);

  const hash = createHash('sha256');
  const decoder = new StringDecoder('utf8');
  let unpacked = 0;
  let lineNo = 0;
  let partial = '';
  let partialTooLong = false;
  let rows = 0;
  let chunkNo = 0;
  let chunk: string[] = [];
  let chunkFirstLine = 1;
  let chunkRows = 0;

  const flush = async () => {
    if (chunkRows === 0) return;
    await sink(chunkNo, chunkFirstLine, chunk.join('\n'));
    chunkNo += 1;
    chunk = [];
    chunkRows = 0;
  };
  const takeLine = async (line: string) => {
    lineNo += 1;
    if (chunk.length === 0) chunkFirstLine = lineNo;
    const kept = line.trim();
    chunk.push(kept);
    if (kept === '') return;
    rows += 1;
    chunkRows += 1;
    if (chunkRows >= options.chunkRows) await flush();
  };

  try {
    for await (const piece of source as AsyncIterable<Buffer>) {
      unpacked += piece.length;
      if (unpacked > options.maxTextBytes) throw new AppError('payload_too_large', 'erp.job.text.too_large', { params: { max: mb(options.maxTextBytes) } });
      hash.update(piece);
      const lines = (partial + decoder.write(piece)).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        await takeLine(partialTooLong ? tooLongLine : line);
        partialTooLong = false;
      }
      if (partial.length > maxLineBytes) {
        partial = '';
        partialTooLong = true;
      }
    }
  } catch (error) {
    throw asReceivingError(error);
  }
  const last = partial + decoder.end();
  if (partialTooLong || last.trim() !== '') await takeLine(partialTooLong ? tooLongLine : last);
  await flush();
  if (rows === 0) throw new AppError('validation', 'erp.job.body.empty');
  return { rows, chunks: chunkNo, sha256: hash.digest('hex') };
}

/** A broken gzip stream is the client's fault (400); a request cut off is no answer's business. */
function asReceivingError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('Z_')) return new AppError('validation', 'erp.job.gzip.invalid');
  return error;
}
