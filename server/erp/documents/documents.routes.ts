import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentBody, documentParams, documentTypes, settlements } from '../../modules/erp-documents/erp-document-input.ts';
import type { Services } from '../../services.ts';
import { errorAnswerSchema } from '../erp-route-docs.ts';

// Invoices and credit notes from the ERP (scope documents:write, docs/erp-integration.md "Documents"):
//   PUT /documents/{externalId}      one document as JSON: 201 created, 200 updated or unchanged;
//   PUT /documents/{externalId}/pdf  the ERP's own PDF of it (application/pdf, at most 10 MB), shown to
//                                    the buyer instead of the one the shop renders.

/** The largest PDF taken; larger ones answer 413. */
export const maxPdfBytes = 10 * 1024 * 1024;

const results = ['created', 'updated', 'unchanged'] as const;

const documentAnswer = z
  .object({
    result: z.enum(results).meta({ description: '`unchanged` when the document was identical to the stored one: nothing was written.' }),
    document: z.object({
      id: z.number().int().meta({ description: 'The shop’s id: the buyer’s PDF is /api/account/document/{id}.' }),
      externalId: z.string(),
      type: z.enum(documentTypes),
      number: z.string(),
      companyExternalId: z.string(),
      orderNumber: z.string().nullable(),
      typeName: z.string(),
      date: z.string(),
      dueDate: z.string().nullable(),
      currency: z.string(),
      amount: z.number(),
      net: z.number().nullable(),
      vat: z.number().nullable(),
      openAmount: z.number(),
      balance: z.number(),
      paymentStatus: z.enum(settlements),
      postway: z.string().nullable(),
      documentLink: z.string().nullable(),
      lines: z.array(z.object({ sku: z.string().nullable(), name: z.string(), quantity: z.number(), unitPrice: z.number(), vatRate: z.number(), lineNet: z.number() })),
      vatByRate: z.array(z.object({ rate: z.number(), net: z.number(), vat: z.number() })),
      pdf: z.boolean().meta({ description: 'Whether the ERP’s own PDF is stored (PUT …/pdf); the buyer gets it instead of the shop’s.' }),
    }),
  })
  .meta({ id: 'DocumentAnswer', description: 'The document as stored, amounts in major units of its currency.' });

const pdfAnswer = z
  .object({
    result: z.enum(results),
    externalId: z.string(),
    bytes: z.number().int(),
    sha256: z.string().meta({ description: 'The SHA-256 of the stored file, hex: the same file again is `unchanged`.' }),
  })
  .meta({ id: 'DocumentPdfAnswer' });

/** The request body of the PDF route: the bytes as they came (the parser below reads application/pdf only). */
const pdfBody = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'erp.document.pdf.required')
  .meta({ type: 'string', format: 'binary', description: 'The PDF file (starts with %PDF-), at most 10 MB.' });

export default async function erpDocumentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/documents/:externalId',
    {
      config: { erpScope: 'documents:write' },
      schema: {
        tags: ['Documents'],
        summary: 'Load an invoice or credit note',
        description:
          'Creates or updates the document with this key. Its amounts are stored as sent, never recomputed; the buyer sees it at once in the finance list, its summary and exports. ' +
          'An unknown company or an order of another company answers 422 naming the field, a number another document carries 409.',
        params: documentParams,
        body: documentBody,
        response: { 200: documentAnswer, 201: documentAnswer, 409: errorAnswerSchema, 422: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await services.erpDocuments.upsert(request.erp, request.params.externalId, request.body);
      return reply.code(answer.result === 'created' ? 201 : 200).send(answer);
    },
  );

  // The PDF parser lives in a scope of this route alone: no other ERP route takes application/pdf.
  await app.register(async (pdfScope) => {
    pdfScope.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: maxPdfBytes }, (_request, body, done) => done(null, body));
    pdfScope.withTypeProvider<ZodTypeProvider>().put(
      '/documents/:externalId/pdf',
      {
        config: { erpScope: 'documents:write' },
        bodyLimit: maxPdfBytes,
        schema: {
          tags: ['Documents'],
          summary: 'Load the ERP’s PDF of a document',
          description:
            'Stores the PDF (Content-Type application/pdf, at most 10 MB) of a document loaded before; the buyer downloads it instead of the PDF the shop renders. ' +
            'A body that is not a PDF answers 400 and stores nothing; an unknown document 404; over 10 MB 413.',
          consumes: ['application/pdf'],
          params: documentParams,
          body: pdfBody,
          response: { 200: pdfAnswer, 201: pdfAnswer, 413: errorAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await services.erpDocuments.putPdf(request.erp, request.params.externalId, request.body);
        return reply.code(answer.result === 'created' ? 201 : 200).send(answer);
      },
    );
  });
}
