import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseRecordId } from '../../../core/record-id.ts';
import type { RenderedDocument } from '../../modules/documents/documents.service.ts';
import { pdfHeaders } from '../../modules/documents/pdf-headers.ts';
import type { Services } from '../../services.ts';

// The documents as PDF (ADR 0013): GET /api/order/{id}/document (the order confirmation),
// GET /api/account/document/{id} (an invoice or credit note), GET /api/account/statement (the open items
// as of today). Who may see what is the documents service's; a malformed id is looked up as 0, which no
// row has, so it answers exactly like an unknown or foreign one, and only after the visibility check.

/** The `:id` of the document asked for; 0, which no row has, when the value is no record id. */
function idOf(params: unknown): number {
  return parseRecordId((params as { id?: unknown }).id) ?? 0;
}

function sendPdf(reply: FastifyReply, document: RenderedDocument) {
  return reply.headers(pdfHeaders(document)).send(document.pdf);
}

export default async function documentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/order/:id/document', async (request, reply) => {
    const { ctx } = request;
    return sendPdf(reply, await services.documents.orderConfirmation(ctx, idOf(request.params)));
  });

  app.get('/account/document/:id', async (request, reply) => {
    const { ctx } = request;
    return sendPdf(reply, await services.documents.financeDocument(ctx, idOf(request.params)));
  });

  app.get('/account/statement', async (request, reply) => {
    const { ctx } = request;
    return sendPdf(reply, await services.documents.accountStatement(ctx));
  });
}
