import type { ErpContext } from '../access/erp-access.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { shipmentLinesOf, type ShipmentLine } from '../orders/shipment-lines.ts';
import { erpOrderOf } from './erp-order-lookup.ts';
import type { ErpOrderRepository } from './erp-order.repository.ts';
import type { ErpShipmentRepository, ShipmentRecord } from './erp-shipment.repository.ts';

// The parcels the ERP sends for an order (PUT /erp/v1/orders/{orderNumber}/shipments/{externalId},
// docs/erp-integration.md "Shipments"): the shipment keyed by the ERP's externalId is created or replaced
// whole; the same shipment again is unchanged and writes nothing. A line names an order line by its sku
// (a line ordered without variant) or variantSku; all shipments of the order together never hold more of
// a line than was ordered (a pre-order's lines of one sku count together). The buyer sees the shipments in
// the order's detail at once. Another tenant's order answers exactly like an unknown one.

export interface ShipmentInput {
  carrier: string;
  trackingCode?: string | undefined;
  trackingUrl?: string | undefined;
  shippedAt: string;
  lines?: { sku?: string | undefined; variantSku?: string | undefined; quantity: number }[] | undefined;
  deliveryDocumentUrl?: string | undefined;
}

export interface ShipmentAnswer {
  result: 'created' | 'updated' | 'unchanged';
  shipment: {
    orderNumber: string;
    externalId: string;
    carrier: string;
    trackingCode: string | null;
    trackingUrl: string | null;
    shippedAt: string;
    lines: ShipmentLine[];
    deliveryDocumentUrl: string | null;
  };
}

type OrderedLine = { sku: string; variant_sku: string | null; quantity: number };

/** The key an order line is counted under: its variant sku, or its sku when ordered without variant. */
const lineKey = (line: { sku: string; variantSku: string | null }) => (line.variantSku === null ? `sku:${line.sku}` : `variant:${line.variantSku}`);

/** The shipment's lines named as the order has them; a line the order does not have is refused naming it. */
function resolveLines(input: NonNullable<ShipmentInput['lines']>, ordered: readonly OrderedLine[]): ShipmentLine[] {
  return input.map((line, index) => {
    const item =
      line.variantSku !== undefined ? ordered.find((o) => o.variant_sku === line.variantSku) : ordered.find((o) => o.variant_sku === null && o.sku === line.sku);
    if (!item) {
      const field = line.variantSku !== undefined ? 'variantSku' : 'sku';
      throw new AppError('unprocessable', 'erp.shipment.line.unknown', { field: `lines.${index}.${field}`, params: { sku: line.variantSku ?? line.sku ?? '' } });
    }
    return { sku: item.sku, variantSku: item.variant_sku, quantity: line.quantity };
  });
}

/** Refuses the first line that would bring its order line's shipped total above what was ordered. */
function checkNotOverShipped(lines: readonly ShipmentLine[], ordered: readonly OrderedLine[], otherShipments: readonly ShipmentLine[][]): void {
  const orderedByKey = new Map<string, number>();
  for (const item of ordered) {
    const key = lineKey({ sku: item.sku, variantSku: item.variant_sku });
    orderedByKey.set(key, (orderedByKey.get(key) ?? 0) + item.quantity);
  }
  const shipped = new Map<string, number>();
  for (const line of otherShipments.flat()) shipped.set(lineKey(line), (shipped.get(lineKey(line)) ?? 0) + line.quantity);
  lines.forEach((line, index) => {
    const key = lineKey(line);
    const total = (shipped.get(key) ?? 0) + line.quantity;
    shipped.set(key, total);
    const orderedQuantity = orderedByKey.get(key) ?? 0;
    if (total > orderedQuantity) {
      throw new AppError('unprocessable', 'erp.shipment.line.over_shipped', {
        field: `lines.${index}.quantity`,
        params: { sku: line.variantSku ?? line.sku, ordered: orderedQuantity, shipped: total },
        details: { sku: line.sku, variantSku: line.variantSku, ordered: orderedQuantity, shipped: total },
      });
    }
  });
}

export function createErpShipments(deps: { orders: ErpOrderRepository; shipments: ErpShipmentRepository; clock: Clock }) {
  return {
    async put(ctx: ErpContext, orderNumber: string, externalId: string, input: ShipmentInput): Promise<ShipmentAnswer> {
      const order = await erpOrderOf(deps.orders, ctx, orderNumber);
      return deps.shipments.withOrderLocked(ctx.tenantId, order.id, async (tx) => {
        const [ordered, stored] = await Promise.all([tx.items(), tx.shipments()]);
        // 1. The lines as the order names them, and not more than ordered over all the order's shipments
        //    (this one's earlier version is replaced, so it does not count).
        const lines = resolveLines(input.lines ?? [], ordered);
        const previous = stored.find((shipment) => shipment.external_id === externalId);
        const others = stored.filter((shipment) => shipment !== previous).map((shipment) => shipmentLinesOf(shipment.lines));
        checkNotOverShipped(lines, ordered, others);

        // 2. The shipment as stored; identical to the stored one → unchanged, nothing written.
        const record: ShipmentRecord = {
          carrier: input.carrier,
          tracking_code: input.trackingCode ?? null,
          tracking_url: input.trackingUrl ?? null,
          shipped_at: new Date(input.shippedAt).toISOString(),
          lines: JSON.stringify(lines),
          delivery_document_url: input.deliveryDocumentUrl ?? null,
        };
        const same =
          previous !== undefined && (Object.keys(record) as (keyof ShipmentRecord)[]).every((column) => previous[column] === record[column]);
        if (!same) await tx.save(externalId, record, previous !== undefined, deps.clock.now().toISOString());

        return {
          result: same ? 'unchanged' : previous ? 'updated' : 'created',
          shipment: {
            orderNumber,
            externalId,
            carrier: record.carrier,
            trackingCode: record.tracking_code,
            trackingUrl: record.tracking_url,
            shippedAt: record.shipped_at,
            lines,
            deliveryDocumentUrl: record.delivery_document_url,
          },
        };
      });
    },
  };
}

export type ErpShipments = ReturnType<typeof createErpShipments>;
