import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { erpOrderDocument } from '../../modules/erp-orders/erp-order-document.ts';
import { shipmentAnswer, shipmentBody, shipmentParams } from '../../modules/erp-orders/erp-shipment-input.ts';
import type { Services } from '../../services.ts';
import { errorAnswerSchema } from '../erp-route-docs.ts';

// The orders going out to the ERP and what comes back (docs/decisions/0021-erp-event-feed.md):
//   GET  /erp/v1/orders/{orderNumber}         the whole order (after its order.placed event)
//   POST /erp/v1/orders/{orderNumber}/ack     the ERP took it under its own number
//   PUT  /erp/v1/orders/{orderNumber}/status  a status change into the order's timeline
//   PUT  /erp/v1/orders/{orderNumber}/shipments/{externalId}  a parcel: 201 created, 200 updated or unchanged

const orderParams = z.object({ orderNumber: z.string().min(1).max(100).meta({ description: 'The shop\'s order number, e.g. WEB-000123.' }) });

const ackBody = z
  .strictObject({ erpOrderNumber: z.string().trim().min(1).max(100).meta({ description: 'The ERP\'s own number for the order; the buyer sees it.' }) })
  .meta({ id: 'OrderAck', example: { erpOrderNumber: 'SO-2026-0042' } });

const ackAnswer = z.object({ orderNumber: z.string(), erpOrderNumber: z.string(), acknowledgedAt: z.string() }).meta({ id: 'OrderAckAnswer' });

const statusBody = z
  .strictObject({
    status: z.string().min(1).max(50).meta({ description: 'An id of the order status lookup (GET /api/lookup?lookupName=salesHeadStatus in the shop).' }),
    at: z.iso.datetime({ offset: true }).meta({ description: 'When the status changed, ISO 8601.' }),
  })
  .meta({ id: 'OrderStatusChange', example: { status: '3', at: '2026-11-26T10:00:00Z' } });

const statusAnswer = z
  .object({
    orderNumber: z.string(),
    status: z.string().meta({ description: 'The order\'s status now: that of its latest change by time.' }),
    statusTimeline: z.array(z.object({ status: z.string(), at: z.string() })),
  })
  .meta({ id: 'OrderStatusAnswer' });

export default async function orderRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/orders/:orderNumber',
    {
      config: { erpScope: 'orders:read' },
      schema: {
        tags: ['Orders'],
        summary: 'An order',
        description:
          'The order as placed: lines (a pre-order\'s per season) with unit prices and VAT, totals, PO number, requested delivery date, notes, ' +
          'addresses, payment and who placed it. Amounts in major units of `currency`. 404 order.not_found for an unknown number.',
        params: orderParams,
        response: { 200: erpOrderDocument },
      },
    },
    async (request) => services.erpOrders.get(request.erp, request.params.orderNumber),
  );

  routes.post(
    '/orders/:orderNumber/ack',
    {
      config: { erpScope: 'orders:write' },
      schema: {
        tags: ['Orders'],
        summary: 'Acknowledge an order',
        description:
          'The ERP took the order under its own number. The same number again answers the same; another number answers 409 ' +
          'erp.order.acknowledged with the stored one in details.',
        params: orderParams,
        body: ackBody,
        response: { 200: ackAnswer },
      },
    },
    async (request) => services.erpOrders.acknowledge(request.erp, request.params.orderNumber, request.body.erpOrderNumber),
  );

  routes.put(
    '/orders/:orderNumber/status',
    {
      config: { erpScope: 'orders:write' },
      schema: {
        tags: ['Orders'],
        summary: 'Change an order\'s status',
        description:
          'Adds the status at its time to the order\'s timeline (the buyer\'s order history shows it); the order takes the status of its latest ' +
          'change. The same status at the same time again changes nothing. 400 erp.order.status.unknown for an id the lookup does not have.',
        params: orderParams,
        body: statusBody,
        response: { 200: statusAnswer },
      },
    },
    async (request) => services.erpOrders.setStatus(request.erp, request.params.orderNumber, request.body),
  );

  routes.put(
    '/orders/:orderNumber/shipments/:externalId',
    {
      config: { erpScope: 'orders:write' },
      schema: {
        tags: ['Orders'],
        summary: 'Load a shipment',
        description:
          'Creates or replaces the order\'s parcel with this key; the buyer sees it in the order\'s detail at once. The same shipment again is ' +
          '`unchanged` and writes nothing. A line names an order line by `sku` (ordered without variant) or `variantSku`; a line the order does ' +
          'not have (erp.shipment.line.unknown) or more than was ordered over all the order\'s shipments (erp.shipment.line.over_shipped) answers 422 naming the line.',
        params: shipmentParams,
        body: shipmentBody,
        response: { 200: shipmentAnswer, 201: shipmentAnswer, 422: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await services.erpShipments.put(request.erp, request.params.orderNumber, request.params.externalId, request.body);
      return reply.code(answer.result === 'created' ? 201 : 200).send(answer);
    },
  );
}
