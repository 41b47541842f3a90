import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvByteOrderMark, csvHeaderLine, csvLines } from './csv-rows.ts';
import type { ExportFormat, ExportRequest, ExportRow } from './export-columns.ts';
import { createXlsxWorkbook } from './xlsx-workbook.ts';
import { shopDayOf } from '../../../core/shop-day.ts';

export type { ExportColumn, ExportFormat, ExportRequest, ExportRow } from './export-columns.ts';

// Streams an export (XLSX or CSV) as the HTTP answer, a batch of rows at a time: the next batch is pulled
// only when the client has taken the bytes of the last (the answer's buffer drained), so an export of any
// size holds one batch. A client that goes away ends the walk: the batches' iterator is returned, which
// runs its finally blocks. The first batch is read before the answer starts, so a failing query still
// answers with the shop's JSON error; a later failure breaks the download off (never a file that looks whole).

const contentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

interface ExportSink {
  addRows(rows: readonly ExportRow[]): void;
  finish(): Promise<void>;
}

async function sinkFor(request: ExportRequest, out: PassThrough): Promise<ExportSink> {
  if (request.format === 'xlsx') return createXlsxWorkbook(out, request.sheetName, request.columns);
  out.write(csvByteOrderMark + csvHeaderLine(request.columns));
  return {
    addRows: (rows) => void out.write(csvLines(request.columns, rows)),
    finish: () => new Promise((resolve) => out.end(resolve)),
  };
}

/**
 * Resolves once the stream wants more (or is gone, which the caller checks). It waits for the next turn of
 * the event loop first: the XLSX zip compresses off the main thread and reaches the stream only then.
 */
async function drained(out: PassThrough): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** The download's name: 'orders' becomes 'orders-2026-11-24.xlsx' (the shop's day, as its documents date). */
export function exportFileName(fileName: string, format: ExportFormat, now: Date = new Date()): string {
  const base = fileName.replace(/[^A-Za-z0-9_-]/g, '_') || 'export';
  return `${base}-${shopDayOf(now)}.${format}`;
}

async function writeAll(request: ExportRequest, iterator: AsyncIterator<readonly ExportRow[]>, first: IteratorResult<readonly ExportRow[]>, out: PassThrough) {
  let finished = false;
  try {
    const sink = await sinkFor(request, out);
    for (let result = first; !result.done; result = await iterator.next()) {
      if (out.destroyed) return;
      sink.addRows(result.value);
      await drained(out);
    }
    if (out.destroyed) return;
    finished = true;
    await sink.finish();
  } finally {
    if (!finished) await iterator.return?.();
  }
}

/** An export ready to send: its headers, and the body the batches are being written into. */
export interface OpenedExport {
  headers: Record<string, string>;
  body: PassThrough;
}

/**
 * Reads the first batch (a failing query still throws here, before anything is sent), then writes the rest
 * into the body as the receiver takes it. Any HTTP layer sends it: the API through Fastify (streamExport),
 * the pages' download routes as a Fetch Response.
 */
export async function openExport(request: ExportRequest, logError: (error: unknown) => void): Promise<OpenedExport> {
  const iterator = request.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const body = new PassThrough();
  writeAll(request, iterator, first, body).catch((error: unknown) => {
    logError(error);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    headers: {
      'content-type': contentTypes[request.format],
      'content-disposition': `attachment; filename="${exportFileName(request.fileName, request.format)}"`,
      'cache-control': 'private, no-store',
    },
    body,
  };
}

/** The export as the API's answer. */
export async function streamExport(reply: FastifyReply, request: ExportRequest): Promise<FastifyReply> {
  const { headers, body } = await openExport(request, (error) => reply.log.error({ err: error }, 'export failed'));
  return reply.headers(headers).send(body);
}
