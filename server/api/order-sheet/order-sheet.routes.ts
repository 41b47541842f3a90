import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import { sheetDownloadHeaders } from '../../modules/order-sheet/sheet-download-headers.ts';
import type { Services } from '../../services.ts';
import { confirmBody, pasteBody, pathImportId, pathLine, rowChangeBody, templateQuery, templateRequestOf } from './order-sheet-input.ts';

// Order sheets (docs/product.md, Order sheets; ADR 0024): an import is judged on the server and kept for
// 24 hours; nothing touches a cart before confirm.
//   POST /api/orderSheet/paste                    → the import ({ text, target })
//   GET  /api/orderSheet/template                 → the buyer's personalised XLSX sheet (?scope, type, category)
//   GET  /api/orderSheet/{importId}               → the import, judged again against today's catalogue
//   GET  /api/orderSheet/{importId}/corrections   → the rows as an XLSX file to correct and upload again
//   POST /api/orderSheet/{importId}/rows/{line}   → the import with the row changed ({ quantity?, quantities?, variantSku?, sku? })
//   POST /api/orderSheet/{importId}/confirm       → { added, lines, changes, basket } ({ mode: 'set' | 'add' }); once
// An unknown, expired or someone else's import answers 404 error.order_sheet_not_found alike.

export default async function orderSheetRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post('/orderSheet/paste', async (request) => {
    const body = parseInput(pasteBody, request.body);
    return services.orderSheet.pasteImport(request.ctx, body);
  });

  app.get('/orderSheet/template', async (request, reply) => {
    const sheet = await services.orderSheetTemplate(request.ctx, templateRequestOf(parseInput(templateQuery, request.query)));
    return reply.headers(sheetDownloadHeaders(sheet)).send(sheet.bytes);
  });

  app.get('/orderSheet/:importId', async (request) => {
    return services.orderSheet.getImport(request.ctx, pathImportId(request.params));
  });

  app.get('/orderSheet/:importId/corrections', async (request, reply) => {
    const file = await services.orderSheet.corrections(request.ctx, pathImportId(request.params));
    return reply.headers(sheetDownloadHeaders(file)).send(Buffer.from(file.bytes));
  });

  app.post('/orderSheet/:importId/rows/:line', async (request) => {
    const importId = pathImportId(request.params);
    const line = pathLine(request.params);
    return services.orderSheet.changeRow(request.ctx, importId, line, parseInput(rowChangeBody, request.body));
  });

  app.post('/orderSheet/:importId/confirm', async (request) => {
    const importId = pathImportId(request.params);
    const { mode } = parseInput(confirmBody, request.body);
    return services.orderSheet.confirm(request.ctx, importId, mode);
  });
}
