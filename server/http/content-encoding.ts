import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/** Whether an Accept-Encoding header allows a coding (by name or by `*`, with a quality above 0). */
export function acceptsCoding(acceptEncoding: string | undefined, coding: ContentCoding): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((entry) => {
    const [name, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name !== coding && name !== '*') return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Brotli when the client takes it (smaller at the same speed), else gzip, else none. */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (acceptsCoding(acceptEncoding, 'br')) return 'br';
  if (acceptsCoding(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Every page and every computed answer is compressed for its own request, so the levels are low.
// A page (a category page: 150 KB) at Brotli quality 3 is 19 KB in 0.6 ms, at quality 1 22 KB in 0.2 ms:
// the 3 KB are worth more to a phone on a slow network than the 0.4 ms of the server's time. A catalogue
// answer (a few KB of JSON) stays at quality 1, where the higher ones save little. gzip (clients without
// Brotli) at level 1: the default level saves 15 % for three times the time.
const pageBrotliQuality = 3;
const answerBrotliQuality = 1;
const gzipLevel = 1;

const brotliOptions = (body: Buffer, quality: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** A page or its data, compressed on libuv's thread pool, so the event loop keeps serving other requests meanwhile. */
export function compressPage(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return coding === 'br' ? brotliAsync(body, brotliOptions(body, pageBrotliQuality)) : gzipAsync(body, { level: gzipLevel });
}

/** A catalogue answer of a few KB, compressed at once: handing it to the thread pool would cost more than the work. */
export function compressAnswer(body: Buffer, coding: ContentCoding): Buffer {
  return coding === 'br' ? brotliCompressSync(body, brotliOptions(body, answerBrotliQuality)) : gzipSync(body, { level: gzipLevel });
}
