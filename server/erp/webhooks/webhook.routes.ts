import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { erpEventTypes } from '../../modules/erp-events/erp-event-types.ts';
import type { Services } from '../../services.ts';

// /erp/v1/webhooks: endpoints the event feed's events are pushed to as they happen (docs/erp-integration.md,
// Webhooks), signed as the Standard Webhooks spec has it. An addition to GET /erp/v1/events, not a
// replacement: the feed stays the record to catch up from.

const webhookRegistration = z
  .strictObject({
    url: z.string().max(2000).meta({ description: 'Where events are sent: https (plain http only to 127.0.0.1 or localhost).' }),
    types: z.array(z.enum(erpEventTypes)).min(1).max(erpEventTypes.length).meta({ description: 'The event types to send.' }),
  })
  .meta({ id: 'WebhookRegistration', example: { url: 'https://erp.example.com/shop-events', types: ['order.placed', 'order.cancelled'] } });

const webhookChange = z
  .strictObject({
    url: webhookRegistration.shape.url.optional(),
    types: webhookRegistration.shape.types.optional(),
    enabled: z.boolean().optional().meta({
      description:
        'true sends again, from where it stopped: the event it failed on first, then every later one the feed still keeps (30 days), ' +
        'the retry state forgotten. false stops sending; events wait for it as long as the feed keeps them.',
    }),
  })
  .meta({ id: 'WebhookChange', description: 'What to change; a field left out stays as it is.', example: { enabled: true, url: 'https://erp.example.com/shop-events' } });

const webhookFields = {
  id: z.number().int(),
  url: z.string(),
  types: z.array(z.enum(erpEventTypes)),
  disabled: z.boolean().meta({ description: 'True after 24 hours of failed attempts (or when disabled by PATCH): nothing more is sent until it is enabled again.' }),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
};

const webhook = z
  .object(webhookFields)
  .meta({ id: 'Webhook', example: { id: 3, url: 'https://erp.example.com/shop-events', types: ['order.placed'], disabled: false, disabledAt: null, createdAt: '2026-11-26T09:00:00.000Z' } });

const createdWebhook = z
  .object({ ...webhookFields, secret: z.string().meta({ description: 'The signing secret (whsec_…), answered only here: keep it.' }) })
  .meta({ id: 'CreatedWebhook' });

const delivery = z
  .object({
    eventId: z.number().int().meta({ description: 'The event sent (its webhook-id header).' }),
    type: z.enum(erpEventTypes),
    attempt: z.number().int().meta({ description: '1 for the first attempt of the event, counting up with each retry.' }),
    status: z.number().int().nullable().meta({ description: 'The HTTP status answered; null when there was no answer.' }),
    error: z.string().nullable().meta({ description: 'Why there was no answer.' }),
    at: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });

const idParams = z.object({ id: z.coerce.number().int().min(1) });

export default async function webhookRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/webhooks',
    {
      config: { erpScope: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Register a webhook endpoint',
        description:
          'Events of the given types sequenced from now on are POSTed to the URL one at a time in seq order, signed with the answered ' +
          'secret (headers webhook-id, webhook-timestamp, webhook-signature). A 2xx takes an event; a 5xx, 408, 429 or no answer within ' +
          '10 s is retried with growing pauses (or after Retry-After) for 24 hours, then the endpoint is disabled; another 4xx skips the event.',
        body: webhookRegistration,
        response: { 201: createdWebhook },
      },
    },
    async (request, reply) => reply.code(201).send(await services.webhooks.register(request.erp, request.body)),
  );
  routes.get(
    '/webhooks',
    {
      config: { erpScope: 'webhooks:manage' },
      schema: { tags: ['Webhooks'], summary: 'The webhook endpoints', description: 'The tenant\'s endpoints, without their secrets.', response: { 200: z.array(webhook) } },
    },
    (request) => services.webhooks.list(request.erp),
  );
  routes.patch(
    '/webhooks/:id',
    {
      config: { erpScope: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'Change, enable or disable a webhook endpoint',
        description:
          'Changes the URL or the types, or enables the endpoint again after it was disabled: sending resumes with the event it ' +
          'stopped at (the webhook-id is the same as before, so drop what you already stored). A new URL is tried at once. The secret stays.',
        params: idParams,
        body: webhookChange,
        response: { 200: webhook },
      },
    },
    (request) => services.webhooks.change(request.erp, request.params.id, request.body),
  );
  routes.delete(
    '/webhooks/:id',
    {
      config: { erpScope: 'webhooks:manage' },
      schema: { tags: ['Webhooks'], summary: 'Remove a webhook endpoint', description: 'Nothing more is sent to it.', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await services.webhooks.remove(request.erp, request.params.id);
      return reply.code(204).send(null);
    },
  );
  routes.get(
    '/webhooks/:id/deliveries',
    {
      config: { erpScope: 'webhooks:manage' },
      schema: {
        tags: ['Webhooks'],
        summary: 'The last attempts of a webhook endpoint',
        description: 'The newest 50 attempts, newest first.',
        params: idParams,
        response: { 200: z.array(delivery) },
      },
    },
    (request) => services.webhooks.deliveries(request.erp, request.params.id),
  );
}
