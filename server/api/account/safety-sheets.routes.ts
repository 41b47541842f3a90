import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

// The safety data sheets the company received (docs/product.md, Product documents and downloads):
//   GET /api/account/safety-sheets → { data: [delivery] }: each version the company the caller acts for received,
//   newest first, with the document's current version. A full account acting for a company; the shared
//   guest 403 'error.login_required', a sales person who chose no company 403 'error.forbidden'.

export default async function safetySheetRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/account/safety-sheets', async (request) => ({ data: await services.safetySheets.list(request.ctx) }));
}
