import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translatorFor } from '../../i18n.ts';
import { seasonRow } from '../../modules/erp-seasons/season-row.ts';
import { rowsBody, upsertAnswer, upsertAnswerSchema } from '../../modules/erp/row-results.ts';
import type { Services } from '../../services.ts';

// PUT /erp/v1/seasons: the pre-order seasons (server/modules/erp-seasons/seasons.service.ts).

export default async function seasonRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/seasons',
    {
      config: { erpScope: 'catalog:write' },
      schema: {
        tags: ['Catalogue'],
        summary: 'Load pre-order seasons',
        description: [
          'Creates and changes the pre-order seasons by their externalId: a name and the delivery date of the season’s pre-orders,',
          'shown in the order of their position. Stock rows name the seasons in their preStocks. Seasons are not deleted by this route.',
          'A row equal to what is stored answers `unchanged` and writes nothing.',
        ].join(' '),
        body: rowsBody(seasonRow),
        response: { 200: upsertAnswerSchema },
      },
    },
    async (request) => upsertAnswer(await services.erpSeasons.upsert(request.erp, request.body), translatorFor(request.ctx.locale)),
  );
}
