import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { sendError } from '../../plugins/error-handler.ts';

// How a stored product file is answered (documents and downloads alike): streamed from the file store with
// constant memory, under its real name, with one byte range when asked (a download manager resuming, a PDF
// viewer reading pages), and an ETag of its SHA-256 so a client that has it gets 304.

/**
 * How much of a file is read at a time: 1 MiB chunks stream a 50 MB file at about twice the speed of the
 * default 64 KiB (fewer reads and writes through the event loop), and a download holds at most a few.
 */
export const readChunkBytes = 1024 * 1024;

export interface SentFile {
  path: string;
  sha256: string;
  bytes: number;
  contentType: string;
  fileName: string;
  /** When the file was stored (Last-Modified). */
  storedAt: string;
  /** 'public, max-age=…' for what everyone may see, private for the rest. */
  cacheControl: string;
}

/** Content-Disposition with the real name: a plain ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\/;:*?<>|]+/g, '_').trim() || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** The one range `bytes=a-b`, `bytes=a-` or `bytes=-n` asks for; 'whole' for none or several; null when unsatisfiable. */
export function requestedRange(header: string | undefined, size: number): { start: number; end: number } | 'whole' | null {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: the whole file is a valid answer (RFC 9110 14.2).
  if (!match) return 'whole';
  const [, from, to] = match;
  if (from === '' && to === '') return 'whole';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  // A last position before the first makes the header invalid, and an invalid one is ignored (RFC 9110 14.1.2).
  if (to !== '' && Number(to) < start) return 'whole';
  if (start >= size) return null;
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}

/** How a request for a stored file is answered: its status, its headers, and which bytes go with it. */
export interface StoredFileAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  /** The bytes sent, first and last inclusive; null: none (304, 416). */
  bytes: { start: number; end: number } | null;
  /** A range past the file's end (416): answered in the shop's error shape, with the file's size in Content-Range. */
  refusal?: AppError;
}

/** The request's conditional and range headers (a header absent: undefined). */
export interface FileRequestHeaders {
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
}

/** The answer to a request for the file: the one decision behind the API's sending and the pages' download routes. */
export function storedFileAnswer(request: FileRequestHeaders, file: Omit<SentFile, 'path'>): StoredFileAnswer {
  const etag = `"${file.sha256}"`;
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'content-disposition': attachmentDisposition(file.fileName),
    'cache-control': file.cacheControl,
    etag,
    'last-modified': new Date(file.storedAt).toUTCString(),
    'accept-ranges': 'bytes',
  };
  const { ifNoneMatch, ifRange } = request;
  // `*` matches whatever file there is; a weak tag matches its strong twin (RFC 9110 13.1.2).
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => [etag, '*'].includes(tag.trim().replace(/^W\//, '')))) return { status: 304, headers, bytes: null };

  // If-Range names the version the client holds part of: another one gets the whole file.
  const range = ifRange && ifRange !== etag ? 'whole' : requestedRange(request.range, file.bytes);
  if (range === null) {
    const refusal = new AppError('range_not_satisfiable', 'error.range_not_satisfiable');
    return { status: 416, headers: { 'content-range': `bytes */${file.bytes}`, 'cache-control': file.cacheControl }, bytes: null, refusal };
  }
  if (range === 'whole') return { status: 200, headers: { ...headers, 'content-length': String(file.bytes) }, bytes: { start: 0, end: file.bytes - 1 } };
  return {
    status: 206,
    headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${file.bytes}`, 'content-length': String(range.end - range.start + 1) },
    bytes: range,
  };
}

/** A header Node's types allow to repeat (If-Range is not one of the headers it knows) as one value. */
const oneValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

export function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: SentFile) {
  const { headers } = request;
  const answer = storedFileAnswer({ range: headers.range, ifRange: oneValue(headers['if-range']), ifNoneMatch: headers['if-none-match'] }, file);
  if (answer.refusal) return sendError(request, reply.headers(answer.headers), answer.refusal);
  reply.code(answer.status).headers(answer.headers);
  return answer.bytes ? reply.send(fs.createReadStream(file.path, { ...answer.bytes, highWaterMark: readChunkBytes })) : reply.send();
}
