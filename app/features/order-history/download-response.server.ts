import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { createTranslator } from '../../../core/translate';
import { pdfFileName } from '../../../server/api/documents/document.routes';
import { AppError, isAppError } from '../../../server/errors';
import { streamExport, type ExportRequest } from '../../../server/lib/export/stream-export';
import type { RenderedDocument } from '../../../server/modules/documents/documents.service';
import type { AppLoadContext } from '../../app-context';

// The answers of the account area's download routes (PDFs and exports under /my-account/…): the same
// files as the API's document and export endpoints, for the page's session. A link cannot carry the
// API's Authorization header, and the API never reads the session cookie (a cross-site form must not
// ride on it), so the pages serve their own downloads through the same services.

/** A PDF as GET /api/order/{id}/document and the finance documents answer it: shown in the browser, with a file name. */
export function pdfResponse(document: RenderedDocument): Response {
  return new Response(new Uint8Array(document.pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${pdfFileName(document.name)}"`,
      'cache-control': 'private, no-cache',
    },
  });
}

/**
 * An export streamed as the API streams it (server/lib/export/stream-export.ts: a batch of rows at a
 * time, the next one only when the browser took the last). streamExport answers through a Fastify reply;
 * the page's answer is a Fetch Response, so the three things it does with the reply are taken here.
 */
export async function exportResponse(request: ExportRequest): Promise<Response> {
  const headers = new Headers();
  let body: Readable | null = null;
  const reply = {
    header(name: string, value: string) {
      headers.set(name, value);
      return reply;
    },
    send(stream: Readable) {
      body = stream;
      return reply;
    },
    log: { error: (details: unknown, message: string) => console.error(message, details) },
  };
  await streamExport(reply as unknown as FastifyReply, request);
  if (!body) throw new Error('streamExport sent no body');
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers });
}

/** A refusal of the services (404 for a document the user may not see, 400 for a bad filter) in the shop's error shape. */
export function refusalResponse(app: Pick<AppLoadContext, 'ctx' | 'translations'>, error: unknown): Response {
  if (!isAppError(error) || error.statusCode >= 500) throw error;
  const message = createTranslator(app.ctx.locale, app.translations)(error.messageKey, error.params);
  const body = { statusCode: error.statusCode, error: error.code, messageKey: error.messageKey, message, ...(error.field ? { field: error.field } : {}) };
  return Response.json(body, { status: error.statusCode, headers: { 'cache-control': 'private, no-store' } });
}

/**
 * A download route only reads: a post answers 405 in the shop's shape, with the methods it takes (React
 * Router would answer a resource route without an action in a shape of its own).
 */
export function methodNotAllowedResponse(app: Pick<AppLoadContext, 'ctx' | 'translations'>): Response {
  const response = refusalResponse(app, new AppError('method_not_allowed', 'error.method_not_allowed'));
  response.headers.set('allow', 'GET, HEAD');
  return response;
}
