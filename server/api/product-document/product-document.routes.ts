import type { FastifyInstance } from 'fastify';
import { pathRecordId } from '../../http/url-record-id.ts';
import { parseInput } from '../../http/validation.ts';
import { sendStoredFile } from '../../modules/product-files/send-stored-file.ts';
import type { Services } from '../../services.ts';
import { detailQuery } from '../material/material-query.ts';

// Product documents (docs/product.md, Product documents and downloads):
//   GET /api/material/{id}/documents ?sku=   → { data: ProductDocument[] } (the documents the reader may see;
//                                              sku: the variant the page stands for, whose documents come first)
//   GET /api/product-document/{id}          → the file, with its name, one byte range, its ETag and 304
// Everyone signed in asks, the shared guest included; which documents they get is the documents' rule
// (server/modules/access/product-documents.ts). A product or document they may not see is a 404 like an
// unknown one.

export default async function productDocumentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/material/:id/documents', async (request) => {
    const id = pathRecordId(request.params, 'error.product_not_found');
    const { sku } = parseInput(detailQuery, request.query);
    return { data: await services.productDocuments.listForProduct(request.ctx, id, sku) };
  });

  app.get('/product-document/:id', async (request, reply) => {
    const id = pathRecordId(request.params, 'product_document.not_found');
    return sendStoredFile(request, reply, await services.productDocuments.fileOf(request.ctx, id));
  });
}
