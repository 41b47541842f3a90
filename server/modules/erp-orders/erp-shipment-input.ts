import { z } from 'zod';
import { hasControlCharacters } from '../../../core/input-text.ts';

// A parcel as the ERP sends it (PUT /erp/v1/orders/{orderNumber}/shipments/{externalId}). A malformed
// field is a 400 naming it (server/http/validation.ts); whether the lines are the order's and not more than
// it ordered is the service's (422 naming the line).

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasControlCharacters(value), 'validation.invalid');

/** A link the buyer opens in a new tab: http(s) only, never javascript: and the like. */
const webUrl = z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(2000, 'validation.too_long');

const shipmentLine = z
  .strictObject({
    sku: text(100).optional().meta({ description: 'The sku of an order line ordered without variant.' }),
    variantSku: text(100).optional().meta({ description: 'The variant sku of an order line of a variant.' }),
    quantity: z.number().int().min(1).max(1_000_000).meta({ description: 'How many of the line the parcel holds.' }),
  })
  .superRefine((line, context) => {
    // Exactly one of the two names the order line.
    if ((line.sku === undefined) === (line.variantSku === undefined)) context.addIssue({ code: 'custom', path: ['sku'], message: 'erp.shipment.line.sku_or_variant' });
  });

export const shipmentBody = z
  .strictObject({
    carrier: text(100).meta({ description: 'Who carries the parcel (DHL, DPD, UPS, GLS, a forwarder …).' }),
    trackingCode: text(100).optional().meta({ description: 'The carrier’s tracking code; with a common carrier the buyer gets a link to its tracking page.' }),
    trackingUrl: webUrl.optional().meta({ description: 'The tracking page (http or https); preferred to the one the shop builds from the code.' }),
    shippedAt: z.iso.datetime({ offset: true }).meta({ description: 'When the parcel left, ISO 8601.' }),
    lines: z.array(shipmentLine).max(1000).optional().meta({ description: 'What the parcel holds; left out: the ERP does not say.' }),
    deliveryDocumentUrl: webUrl.optional().meta({ description: 'The delivery note (http or https), linked for the buyer.' }),
  })
  .meta({
    id: 'Shipment',
    description: 'A parcel of the order; sending it again replaces it whole (a field left out is cleared).',
    example: {
      carrier: 'DHL',
      trackingCode: '00340434161094042557',
      shippedAt: '2026-11-27T14:30:00Z',
      lines: [{ sku: 'ART-1001', quantity: 2 }],
      deliveryDocumentUrl: 'https://erp.example.com/delivery-notes/LS-2026-0815.pdf',
    },
  });

export type ShipmentBody = z.output<typeof shipmentBody>;

export const shipmentParams = z.strictObject({
  orderNumber: z.string().min(1).max(100).meta({ description: 'The shop\'s order number, e.g. WEB-000123.' }),
  externalId: text(64).meta({ description: 'The ERP’s key of the shipment, unique per order; the same key always names the same parcel.' }),
});

export const shipmentAnswer = z
  .object({
    result: z.enum(['created', 'updated', 'unchanged']).meta({ description: '`unchanged` when the shipment was identical to the stored one: nothing was written.' }),
    shipment: z.object({
      orderNumber: z.string(),
      externalId: z.string(),
      carrier: z.string(),
      trackingCode: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      shippedAt: z.string(),
      lines: z.array(z.object({ sku: z.string(), variantSku: z.string().nullable(), quantity: z.number().int() })),
      deliveryDocumentUrl: z.string().nullable(),
    }),
  })
  .meta({ id: 'ShipmentAnswer', description: 'The shipment as stored; lines name the order line by its sku and, for a variant, its variant sku.' });
