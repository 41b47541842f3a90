import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { AppError } from '../../errors.ts';
import { readChunkBytes, storedFileAnswer, type SentFile } from './send-stored-file.ts';

// A stored file as a page's download route answers it (a Fetch Response for React Router): the same answer
// as the API's (send-stored-file.ts: its name, one byte range, its ETag and 304), streamed from the file
// store with constant memory. A HEAD request gets the headers alone; a range past the end, the page's refusal.

export function storedFileResponse(request: Request, file: SentFile, refuse: (error: AppError) => Response): Response {
  const header = (name: string) => request.headers.get(name) ?? undefined;
  const answer = storedFileAnswer({ range: header('range'), ifRange: header('if-range'), ifNoneMatch: header('if-none-match') }, file);
  if (answer.refusal) {
    const refusal = refuse(answer.refusal);
    for (const [name, value] of Object.entries(answer.headers)) refusal.headers.set(name, value);
    return refusal;
  }
  const body = answer.bytes && request.method !== 'HEAD' ? (Readable.toWeb(fs.createReadStream(file.path, { ...answer.bytes, highWaterMark: readChunkBytes })) as ReadableStream<Uint8Array>) : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}
