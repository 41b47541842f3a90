import { moneyOut } from '../../../core/api-money.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { Row } from '../../db/schema.ts';
import type { PlacedBy } from '../sales-persons/acting-audit.ts';
import { defaultStatusId, type OrderStatusRef, type StatusNames } from './order-history-statuses.ts';
import type { OrderItemRow, OrderNoteRow, OrderPackRow, OrderRow, OrderShipmentRow, OrderStatusEventRow } from './order.repository.ts';
import { shipmentLinesOf } from './shipment-lines.ts';
import { safeWebUrl, trackingUrlOf } from './tracking-url.ts';

// An order as the API answers it (GET /api/order/{id}, POST /api/order/create): read from the snapshot
// written at checkout, never recomputed from today's catalogue. Amounts in major units with currency.
// toOrderView is the snapshot (also the confirmation mail's and document's content); toOrderDetail adds
// how the order went on: its status, timeline, parcels and the ERP's shipments.

/** The costs as written at checkout (cents), kept in orders.costs. */
export interface CostsSnapshot {
  goodsNetCents: number;
  discount: { treatment: 'deducted'; percent: number; netCents: number } | { treatment: 'included'; percent: number } | { treatment: 'none' };
  shippingNetCents: number;
  freightNetCents: number;
  vatByRate: { rateBp: number; netCents: number; vatCents: number }[];
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export interface AddressSnapshot {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  street: string | null;
  street2: string | null;
  zipCode: string | null;
  city: string | null;
  country: { code: string; name: string | null } | null;
  phoneNumber: string | null;
}

/** The address columns an order keeps a copy of. */
type SnapshotAddress = Pick<Row<'addresses'>, 'first_name' | 'last_name' | 'company_name' | 'street' | 'street2' | 'zip_code' | 'city' | 'country_code' | 'country_name' | 'phone_number'>;

/** An address as the order keeps it (orders.invoice_address): the copy the confirmation and the history show. */
export function addressSnapshotOf(address: SnapshotAddress): AddressSnapshot {
  return {
    firstName: address.first_name,
    lastName: address.last_name,
    companyName: address.company_name,
    street: address.street,
    street2: address.street2,
    zipCode: address.zip_code,
    city: address.city,
    country: address.country_code ? { code: address.country_code, name: address.country_name } : null,
    phoneNumber: address.phone_number,
  };
}

/** Where the order's confirmation document is served (GET /api/order/{id}/document). */
export function orderDocumentLink(orderId: number): string {
  return `/api/order/${orderId}/document`;
}

export function toOrderView(order: OrderRow, items: readonly OrderItemRow[], notes: readonly OrderNoteRow[]) {
  const currency = order.currency;
  const money = (cents: number) => moneyOut(cents, currency);
  const costs = parseJsonColumn<CostsSnapshot | null>(order.costs, null);
  const receiverAddress: AddressSnapshot = {
    firstName: order.receiver_first_name,
    lastName: order.receiver_last_name,
    companyName: order.receiver_company,
    street: order.receiver_street,
    street2: order.receiver_street2,
    zipCode: order.receiver_zip_code,
    city: order.receiver_city,
    country: order.receiver_country_code ? { code: order.receiver_country_code, name: order.receiver_country_name } : null,
    phoneNumber: order.receiver_phone,
  };
  return {
    _id: order.id,
    orderNumber: order.order_number,
    orderDate: order.order_date,
    orderType: order.order_type,
    /** The stored status id; `status` (toOrderDetail) is how it is shown. */
    orderStatus: order.status_id,
    deliveryStatus: order.delivery_status,
    deliveryDate: order.delivery_date,
    externalOrderNumber: order.external_order_number,
    /** The ERP's own number, once it took the order (POST /erp/v1/orders/{orderNumber}/ack); null before. */
    erpOrderNumber: order.erp_order_number,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    /** Paid online: until when the order waits for its payment (then it is cancelled), and when it was paid. */
    paymentDueAt: order.payment_due_at,
    paidAt: order.paid_at,
    shippingMethod: order.shipping_method_name,
    receiverAddress,
    invoiceAddress: parseJsonColumn<AddressSnapshot | null>(order.invoice_address, null),
    items: items.map((item) => ({
      sku: item.sku,
      variantSku: item.variant_sku,
      name: item.name,
      orderType: item.order_type,
      seasonId: item.season_id,
      quantity: item.quantity,
      backorderedQuantity: item.backordered_quantity,
      deliveryDate: item.delivery_date,
      price: money(item.unit_price_cents),
      lineNet: money(item.line_net_cents),
      vatRate: bpToPercent(item.vat_rate_bp),
    })),
    costs: {
      shippingPriceForOrder: money(order.shipping_price_cents),
      valueNet: money(order.net_total_cents),
      vat: money(order.vat_total_cents),
      valueGross: money(order.gross_total_cents),
      goodsNet: money(costs?.goodsNetCents ?? 0),
      freight: money(costs?.freightNetCents ?? 0),
      discount:
        costs?.discount.treatment === 'deducted'
          ? { treatment: 'deducted', percent: costs.discount.percent, ...money(costs.discount.netCents) }
          : (costs?.discount ?? { treatment: 'none' }),
      vatByRate: (costs?.vatByRate ?? []).map((share) => ({ vatRate: bpToPercent(share.rateBp), net: money(share.netCents), vat: money(share.vatCents) })),
    },
    notes: notes.map((note) => ({ deliveryDate: note.delivery_date, text: note.note })),
    /** Delivery notes the ERP linked to the order (links a browser would not open as a web page left out). */
    delDocumentsLinks: deliveryDocumentLinks(order.del_documents_links),
    documentLink: orderDocumentLink(order.id),
    /** A sales person placed it for the company: "placed by {name} for {companyName}"; null otherwise. */
    placedBy: parseJsonColumn<PlacedBy | null>(order.placed_by, null),
  };
}

export type OrderView = ReturnType<typeof toOrderView>;

function deliveryDocumentLinks(stored: string): string[] {
  const links = parseJsonColumn<unknown>(stored, []);
  if (!Array.isArray(links)) return [];
  return links.flatMap((link) => {
    const url = typeof link === 'string' ? safeWebUrl(link) : null;
    return url ? [url] : [];
  });
}

export interface OrderProgress {
  status: OrderStatusRef;
  /** Placed (the order date, the default status), then every change in time order. */
  statusTimeline: { statusId: string; name: string; at: string }[];
  packs: { carrier: string; trackingCode: string; trackingUrl: string | null; shippedAt: string | null }[];
  /** The parcels the ERP sent (PUT /erp/v1/orders/{orderNumber}/shipments/{externalId}), with what each holds. */
  shipments: OrderShipment[];
}

export interface OrderShipment {
  carrier: string;
  trackingCode: string | null;
  trackingUrl: string | null;
  shippedAt: string;
  /** The order lines in the parcel, named as the order has them (its line's name as written at checkout). */
  lines: { sku: string; variantSku: string | null; name: string; quantity: number }[];
  deliveryDocumentUrl: string | null;
}

/** A shipment as the buyer sees it: links only where a browser would open them as web pages. */
function shipmentOf(shipment: OrderShipmentRow, items: readonly Pick<OrderItemRow, 'sku' | 'variant_sku' | 'name'>[]): OrderShipment {
  const nameOf = (sku: string, variantSku: string | null) => items.find((item) => item.sku === sku && item.variant_sku === variantSku)?.name ?? variantSku ?? sku;
  return {
    carrier: shipment.carrier,
    trackingCode: shipment.tracking_code,
    trackingUrl: trackingUrlOf({ carrier: shipment.carrier, trackingCode: shipment.tracking_code ?? '', storedUrl: shipment.tracking_url }),
    shippedAt: shipment.shipped_at,
    lines: shipmentLinesOf(shipment.lines).map((line) => ({ ...line, name: nameOf(line.sku, line.variantSku) })),
    deliveryDocumentUrl: safeWebUrl(shipment.delivery_document_url),
  };
}

export function orderProgressOf(
  order: Pick<OrderRow, 'status_id' | 'order_date'>,
  statuses: StatusNames,
  events: readonly OrderStatusEventRow[],
  packs: readonly OrderPackRow[],
  shipments: readonly OrderShipmentRow[],
  items: readonly Pick<OrderItemRow, 'sku' | 'variant_sku' | 'name'>[],
): OrderProgress {
  const step = (statusId: string, at: string) => {
    const shown = statuses.statusOf(statusId);
    return { statusId: shown.id, name: shown.name, at };
  };
  return {
    status: statuses.statusOf(order.status_id),
    statusTimeline: [step(defaultStatusId, order.order_date), ...events.map((event) => step(event.status_id, event.occurred_at))],
    packs: packs.map((pack) => ({
      carrier: pack.carrier,
      trackingCode: pack.tracking_code,
      trackingUrl: trackingUrlOf({ carrier: pack.carrier, trackingCode: pack.tracking_code, storedUrl: pack.tracking_url }),
      shippedAt: pack.shipped_at,
    })),
    shipments: shipments.map((shipment) => shipmentOf(shipment, items)),
  };
}

/** The order as GET /api/order/{id} and POST /api/order/create answer it. */
export function toOrderDetail(order: OrderRow, items: readonly OrderItemRow[], notes: readonly OrderNoteRow[], progress: OrderProgress) {
  return { ...toOrderView(order, items, notes), ...progress };
}

export type OrderDetail = ReturnType<typeof toOrderDetail>;
