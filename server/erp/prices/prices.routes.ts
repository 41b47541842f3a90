import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translatorFor } from '../../i18n.ts';
import { priceRow } from '../../modules/erp-prices/price-row.ts';
import { rowsBody, upsertAnswer, upsertAnswerSchema } from '../../modules/erp/row-results.ts';
import type { Services } from '../../services.ts';

// PUT /erp/v1/prices: list, retail, pre-order, customer and tier prices (server/modules/erp-prices/prices.service.ts).

export default async function priceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/prices',
    {
      config: { erpScope: 'prices:write' },
      schema: {
        tags: ['Prices and stock'],
        summary: 'Load prices',
        description: [
          'Sets the prices of products (by sku) and variants (by variantSku): the list price, and for products the retail price,',
          'the pre-order price, the customer prices and the tier prices (by minimum quantity, for everyone or one company),',
          'customer and tier prices with the shop days they apply on (validFrom/validTo, inclusive).',
          'Only the fields sent change; amounts are in the product’s currency.',
          'A product the catalogue load created shows in the shop once its list price came (that row answers `created`).',
          'A row equal to what is stored answers `unchanged` and writes nothing.',
        ].join(' '),
        body: rowsBody(priceRow),
        response: { 200: upsertAnswerSchema },
      },
    },
    async (request) => upsertAnswer(await services.erpPrices.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );
}
