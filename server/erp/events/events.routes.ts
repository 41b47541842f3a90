import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { erpEventTypes, type ErpEventType } from '../../modules/erp-events/erp-event-types.ts';
import type { Services } from '../../services.ts';

// GET /erp/v1/events: the ordered event feed (docs/decisions/0021-erp-event-feed.md). The ERP keeps `next`
// and asks again with after={next}: it never misses an event and never gets one twice.

export const maxEventsPerPage = 500;

const eventsQuery = z.object({
  after: z.coerce.number().int().min(0).default(0).meta({ description: 'The seq to continue from: `next` of the previous answer (0 at first).' }),
  types: z
    .string()
    .optional()
    .meta({ description: `Comma-separated event types to answer (all when absent): ${erpEventTypes.join(', ')}.`, example: 'order.placed,order.cancelled' }),
  limit: z.coerce.number().int().min(1).max(maxEventsPerPage).default(100),
});

const event = z
  .object({
    id: z.number().int(),
    type: z.enum(erpEventTypes),
    seq: z.number().int().meta({ description: 'The event\'s place in the tenant\'s feed: increasing, without gaps in what was written.' }),
    occurredAt: z.string().meta({ description: 'When the change happened (ISO 8601, UTC).' }),
    data: z.record(z.string(), z.unknown()).meta({
      description:
        'Names the subject: orderNumber (order.*; read the order with GET /erp/v1/orders/{orderNumber}), id (signupRequest.created), ' +
        'id, externalId and customerNo (company.user.changed), id, externalId, customerNo and deleted (address.changed).',
    }),
  })
  .meta({ id: 'ErpEvent', example: { id: 812, type: 'order.placed', seq: 57, occurredAt: '2026-11-26T09:14:03.120Z', data: { orderNumber: 'WEB-000123' } } });

const eventsAnswer = z
  .object({
    events: z.array(event),
    next: z.number().int().meta({ description: 'Send as `after` next time: the last event\'s seq, or `after` when there was none.' }),
  })
  .meta({ id: 'ErpEventPage' });

/** The types filter: every name must be a known type (a typo would otherwise read as "nothing happened"). */
function typesOf(list: string | undefined): ErpEventType[] {
  if (list === undefined || list.trim() === '') return [];
  const types = list.split(',').map((type) => type.trim());
  for (const type of types) {
    if (!(erpEventTypes as readonly string[]).includes(type)) throw new AppError('validation', 'erp.events.type.unknown', { field: 'types', params: { type } });
  }
  return types as ErpEventType[];
}

export default async function eventRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/events',
    {
      config: { erpScope: 'orders:read' },
      schema: {
        tags: ['Events'],
        summary: 'The event feed',
        description:
          'Events after the seq `after`, in seq order, at most `limit` (default 100, at most 500). An event appears within a second of ' +
          'its change\'s commit, and never behind a seq already answered. Events are kept 30 days.',
        querystring: eventsQuery,
        response: { 200: eventsAnswer },
      },
    },
    async (request) => {
      const { after, limit, types } = request.query;
      return services.erpEvents.read(request.erp, { after, limit, types: typesOf(types) });
    },
  );
}
