import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translatorFor } from '../../i18n.ts';
import { stockRow } from '../../modules/erp-stock/stock-row.ts';
import { rowsBody, upsertAnswer, upsertAnswerSchema } from '../../modules/erp/row-results.ts';
import type { Services } from '../../services.ts';

// PUT /erp/v1/stock: stock of products and variants, pre-stock per season (server/modules/erp-stock/stock.service.ts).

export default async function stockRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/stock',
    {
      config: { erpScope: 'stock:write' },
      schema: {
        tags: ['Prices and stock'],
        summary: 'Load stock',
        description: [
          'Sets the stock of products (by sku) and variants (by variantSku), and a product’s pre-stock per season (seasons by their externalId).',
          'The shop’s listing filters and the search engine read the product’s stock; a variant’s stock is shown for that variant.',
          'A row equal to what is stored answers `unchanged` and writes nothing.',
        ].join(' '),
        body: rowsBody(stockRow),
        response: { 200: upsertAnswerSchema },
      },
    },
    async (request) => upsertAnswer(await services.erpStock.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );
}
