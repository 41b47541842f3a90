import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentKinds, documentVisibilities, maxProductFileBytes } from '../../../core/product-files.ts';
import { isAppError } from '../../errors.ts';
import { announcedLengthHeaders } from '../../http/announced-length.ts';
import { parseInput } from '../../http/validation.ts';
import { documentBody, downloadBody, productFileParams } from '../../modules/erp-product-files/product-file-input.ts';
import type { Services } from '../../services.ts';
import { errorAnswerSchema } from '../erp-route-docs.ts';

// Product documents and downloadable products' files from the ERP (scope catalog:write; docs/erp-integration.md,
// Product documents and downloads):
//   PUT    /products/{sku}/documents/{externalId}        a document's metadata: 201 created, 200 updated or unchanged;
//   PUT    /products/{sku}/documents/{externalId}/file   its file, the raw bytes of any Content-Type (PDF or picture);
//   DELETE /products/{sku}/documents/{externalId}        204;
// and the same under /downloads for a downloadable product's files (also ZIP archives). {sku} is the
// product's sku or a variant's.

const tags = ['Product documents and downloads'];
const config = { erpScope: 'catalog:write' } as const;
const results = ['created', 'updated', 'unchanged'] as const;
const maxMegabytes = Math.round(maxProductFileBytes / (1024 * 1024));

const storedFile = z
  .object({
    bytes: z.number().int(),
    sha256: z.string().meta({ description: 'The SHA-256 of the stored file, hex: the same file for the same version again is `unchanged`.' }),
    contentType: z.string().meta({ description: 'The type judged from the file’s bytes, whatever Content-Type it was sent with.' }),
    version: z.string().meta({ description: 'The version the stored file has: the metadata’s version when it was stored.' }),
    storedAt: z.string(),
  })
  .nullable()
  .meta({ id: 'StoredProductFile', description: 'The stored file; null until PUT …/file sent it. Buyers see a file only once it is stored.' });

const downloadFields = {
  externalId: z.string(),
  sku: z.string().meta({ description: 'The product’s sku.' }),
  variantSku: z.string().nullable().meta({ description: 'The variant’s sku when the file is a variant’s.' }),
  title: z.string(),
  language: z.enum(['de', 'en']).nullable(),
  version: z.string(),
  fileName: z.string(),
  sortOrder: z.number().int(),
  file: storedFile,
};

const documentAnswer = z
  .object({
    result: z.enum(results),
    document: z.object({
      ...downloadFields,
      kind: z.enum(documentKinds),
      visibility: z.enum(documentVisibilities),
      companies: z.array(z.string()).meta({ description: 'The named companies’ customer numbers (visibility `companies`).' }),
    }),
  })
  .meta({ id: 'ProductDocumentAnswer', description: 'The document as stored.' });

const downloadAnswer = z
  .object({ result: z.enum(results), download: z.object(downloadFields) })
  .meta({ id: 'ProductDownloadAnswer', description: 'The downloadable product’s file as stored.' });

/** The body as it streams in (the parser below hands it on unread, whatever its Content-Type). */
const fileStream = z
  .custom<Readable>((value) => typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function', 'erp.file.required')
  .meta({ type: 'string', format: 'binary', description: `The file itself, at most ${maxMegabytes} MB; its type is judged from its bytes.` });

const announcedBytes = (request: FastifyRequest) => parseInput(announcedLengthHeaders, request.headers)['content-length'];

/**
 * A file refused for its size: the connection closes once the answer is sent. The rest of the body is never
 * read, and a connection kept open would wait for it until the server's request timeout.
 */
async function closingWhenTooLarge<T>(reply: FastifyReply, upload: () => Promise<T>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    if (isAppError(error) && error.statusCode === 413) reply.header('connection', 'close');
    throw error;
  }
}

export default async function productFileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const files = services.erpProductFiles;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    '/products/:sku/documents/:externalId',
    {
      config,
      schema: {
        tags,
        summary: 'Load a product document’s metadata',
        description:
          'Creates or updates the document with this key under the product or variant of {sku} (another sku than before moves it). Its file comes with PUT …/file; until then buyers do not see it. ' +
          'An unknown sku answers 404, an unknown company 422 naming the field.',
        params: productFileParams,
        body: documentBody,
        response: { 200: documentAnswer, 201: documentAnswer, 409: errorAnswerSchema, 422: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await files.putDocument(request.erp, request.params, request.body);
      return reply.code(answer.result === 'created' ? 201 : 200).send(answer);
    },
  );

  routes.put(
    '/products/:sku/downloads/:externalId',
    {
      config,
      schema: {
        tags,
        summary: 'Load a downloadable product’s file’s metadata',
        description:
          'Creates or updates the file with this key under the product or variant of {sku} (another sku than before moves it). The file comes with PUT …/file; a product with a stored download is a downloadable product, which its buyers download after ordering. ' +
          'An unknown sku answers 404.',
        params: productFileParams,
        body: downloadBody,
        response: { 200: downloadAnswer, 201: downloadAnswer, 409: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await files.putDownload(request.erp, request.params, request.body);
      return reply.code(answer.result === 'created' ? 201 : 200).send(answer);
    },
  );

  // The file parser lives in a scope of the two file routes alone: every Content-Type is handed on as the stream it is.
  await app.register(async (fileScope) => {
    fileScope.removeAllContentTypeParsers();
    fileScope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const fileRoutes = fileScope.withTypeProvider<ZodTypeProvider>();
    const fileDescription = (what: string) =>
      `Stores ${what} (the raw bytes as the body, at most ${maxMegabytes} MB, streamed). Its type is judged from its bytes, whatever Content-Type says; another type answers 400 and stores nothing, so does an empty body; ` +
      `over ${maxMegabytes} MB 413 (a larger Content-Length before anything is read). A file not loaded before, or one the sku does not name, answers 404. The same file for the same version again is \`unchanged\`; a file no row names any more leaves the shop.`;

    fileRoutes.put(
      '/products/:sku/documents/:externalId/file',
      {
        config,
        schema: {
          tags,
          summary: 'Load a product document’s file',
          description: `${fileDescription('the file of a document (a PDF or a picture: PNG, JPEG, WebP, GIF)')} A safety data sheet’s file of a new version goes to the companies that bought the product in the last 12 months: a notification and a mail to each of their users.`,
          consumes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/octet-stream'],
          params: productFileParams,
          body: fileStream,
          response: { 200: documentAnswer, 201: documentAnswer, 413: errorAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await closingWhenTooLarge(reply, () => files.putDocumentFile(request.erp, request.params, request.body, announcedBytes(request)));
        return reply.code(answer.result === 'created' ? 201 : 200).send(answer);
      },
    );

    fileRoutes.put(
      '/products/:sku/downloads/:externalId/file',
      {
        config,
        schema: {
          tags,
          summary: 'Load a downloadable product’s file',
          description: fileDescription('the file buyers download (a ZIP archive, a PDF or a picture)'),
          consumes: ['application/zip', 'application/pdf', 'application/octet-stream'],
          params: productFileParams,
          body: fileStream,
          response: { 200: downloadAnswer, 201: downloadAnswer, 413: errorAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await closingWhenTooLarge(reply, () => files.putDownloadFile(request.erp, request.params, request.body, announcedBytes(request)));
        return reply.code(answer.result === 'created' ? 201 : 200).send(answer);
      },
    );
  });

  routes.delete(
    '/products/:sku/documents/:externalId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a product document',
        description: 'Buyers no longer see it; its file leaves the shop. A document not loaded before, or one the sku does not name, answers 404.',
        params: productFileParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await files.removeDocument(request.erp, request.params);
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    '/products/:sku/downloads/:externalId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a downloadable product’s file',
        description: 'Its buyers can no longer download it; its file leaves the shop. A file not loaded before, or one the sku does not name, answers 404.',
        params: productFileParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await files.removeDownload(request.erp, request.params);
      return reply.code(204).send(null);
    },
  );
}
