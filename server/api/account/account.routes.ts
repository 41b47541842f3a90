import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.ts';
import { streamExport } from '../../lib/export/stream-export.ts';
import { financeExportQuery, financeListQuery } from '../../modules/finance/finance-list-query.ts';
import type { Services } from '../../services.ts';

// The finance view (docs/product.md, Finance):
//   GET /api/account/list         → { data: [document], meta: { total, page, pageSize }, financeStatus }
//                                   (page, pageSize, type, status, from, to, search, sort)
//   GET /api/account/list/export  → the filtered list as XLSX or CSV (format and the list's filters)
// The account's: 401 without a session, 403 error.login_required for the shared guest, 403 'finance.not_shared'
// for a plain customer of a company that keeps its finance documents to its admins; then the input (400).

export default async function accountRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/account/list', async (request) => {
    const view = await services.finance.viewFor(request.ctx);
    return view.list(parseInput(financeListQuery, request.query));
  });

  app.get('/account/list/export', async (request, reply) => {
    const view = await services.finance.viewFor(request.ctx);
    return streamExport(reply, view.exportDocuments(parseInput(financeExportQuery, request.query)));
  });
}
