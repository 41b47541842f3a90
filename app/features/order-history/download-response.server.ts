import { Readable } from 'node:stream';
import { createTranslator } from '../../../core/translate';
import { AppError, type ExportRequest, isAppError, openExport, pdfHeaders, type RenderedDocument } from '../../../server/page-surface.server';
import type { AppLoadContext } from '../../app-context';

// The answers of the account area's download routes (PDFs and exports under /my-account/…): the same
// files as the API's document and export endpoints, for the page's session. A link cannot carry the
// API's Authorization header, and the API never reads the session cookie (a cross-site form must not
// ride on it), so the pages serve their own downloads through the same services.

/** A PDF as GET /api/order/{id}/document and the finance documents answer it: shown in the browser, with a file name. */
export function pdfResponse(document: RenderedDocument): Response {
  return new Response(new Uint8Array(document.pdf), { headers: pdfHeaders(document) });
}

/** An export streamed as the API streams it (server/lib/export/stream-export.ts: a batch of rows at a time, the next one only when the browser took the last). */
export async function exportResponse(request: ExportRequest): Promise<Response> {
  const { headers, body } = await openExport(request, (error) => console.error('export failed', error));
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
