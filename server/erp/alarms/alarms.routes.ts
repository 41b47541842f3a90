import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.ts';

// GET /erp/v1/alarms/demand: what buyers wait for (docs/product.md, Stock alarms and notifications), for
// purchasing. Per sku or variant sku of the client's tenant: the open (not fired) alarms, their summed wished
// quantity and the oldest one's date, in the order of the sku. The ERP asks again with after={next} until
// next is null.

export const maxDemandPerPage = 1000;

const demandQuery = z.object({
  after: z.string().min(1).max(64).optional().meta({ description: 'Continue after this: `next` of the previous answer (absent at first).', example: 'MAT-000120' }),
  limit: z.coerce.number().int().min(1).max(maxDemandPerPage).default(500),
});

const demandEntry = z
  .object({
    sku: z.string().meta({ description: 'The product\'s sku.' }),
    variantSku: z.string().nullable().meta({ description: 'The variant\'s sku when the alarms are for a variant; null for the product itself.' }),
    openAlarms: z.number().int().meta({ description: 'How many buyers wait for it (alarms not fired yet).' }),
    wishedQuantity: z.number().int().meta({ description: 'The quantities they wish, summed (each already a multiple of the batch size).' }),
    oldestAlarmAt: z.string().meta({ description: 'When the oldest of these alarms was set (ISO 8601, UTC).' }),
  })
  .meta({ id: 'AlarmDemand', example: { sku: 'MAT-000123', variantSku: 'MAT-000123-BL', openAlarms: 3, wishedQuantity: 60, oldestAlarmAt: '2026-11-02T08:15:00.000Z' } });

const demandAnswer = z
  .object({
    data: z.array(demandEntry),
    next: z.string().nullable().meta({ description: 'Send as `after` for the next page; null when this was the last.' }),
  })
  .meta({ id: 'AlarmDemandPage' });

export default async function erpAlarmRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/alarms/demand',
    {
      config: { erpScope: 'orders:read' },
      schema: {
        tags: ['Stock alarms'],
        summary: 'What buyers wait for',
        description:
          'The open stock alarms of the shop\'s buyers per sku or variant sku: how many wait, the quantity they wish in total and since ' +
          'when. Ordered by sku, at most `limit` (default 500, at most 1000) a page. An alarm that fired (the goods came back) no longer counts.',
        querystring: demandQuery,
        response: { 200: demandAnswer },
      },
    },
    async (request) => {
      const { after, limit } = request.query;
      return services.alarms.demand(request.erp, { after: after ?? null, limit });
    },
  );
}
