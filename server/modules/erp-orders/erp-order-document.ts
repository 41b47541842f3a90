import { z } from 'zod';
import { amountOut } from '../../../core/api-money.ts';
import { bpToPercent } from '../../../core/basis-points.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { AddressSnapshot, CostsSnapshot } from '../orders/order-view.ts';
import type { PlacedBy } from '../sales-persons/acting-audit.ts';
import type { ErpOrderItemRow, ErpOrderRow } from './erp-order.repository.ts';

// The order as the ERP takes it (GET /erp/v1/orders/{orderNumber}): the snapshot written at checkout
// (orders never change after; only their status, payment and the ERP's own number move), never
// recomputed from today's catalogue. Amounts are major units in the order's one currency.

const amount = z.number().meta({ description: 'In major units of the order\'s currency (12.5 is 12,50 €).' });

const address = z
  .object({
    companyName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    street: z.string().nullable(),
    street2: z.string().nullable(),
    zipCode: z.string().nullable(),
    city: z.string().nullable(),
    countryCode: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2.' }),
    countryName: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'OrderAddress', description: 'An address as the order keeps it: a copy made at checkout.' });

const line = z
  .object({
    sku: z.string(),
    variantSku: z.string().nullable(),
    name: z.string().meta({ description: 'The name in the buyer\'s language at checkout.' }),
    orderType: z.enum(['order', 'preOrder']),
    season: z
      .object({ id: z.number().int(), externalId: z.string().nullable() })
      .nullable()
      .meta({ description: 'A pre-order line\'s season (a pre-order has one line per season and product); null for an order line.' }),
    deliveryDate: z.string().nullable().meta({ description: 'YYYY-MM-DD: the requested date of an order line, the season\'s date of a pre-order line.' }),
    quantity: z.number().int(),
    allocatedQuantity: z.number().int().meta({ description: 'Taken from stock (or the season\'s pre-stock) at checkout.' }),
    backorderedQuantity: z.number().int(),
    unitPrice: amount.meta({ description: 'Net unit price the buyer pays (after customer prices and the type\'s price).' }),
    vatRate: z.number().meta({ description: 'VAT rate of the line in percent (19 for 19 %).' }),
    lineNet: amount,
    customAttributes: z.string().nullable(),
  })
  .meta({ id: 'OrderLine' });

export const erpOrderDocument = z
  .object({
    orderNumber: z.string(),
    orderType: z.enum(['order', 'preOrder']),
    orderDate: z.string().meta({ description: 'When it was placed (ISO 8601, UTC).' }),
    erpOrderNumber: z.string().nullable().meta({ description: 'The ERP\'s number, once it acknowledged the order.' }),
    acknowledgedAt: z.string().nullable(),
    status: z.string().meta({ description: 'An id of the order status lookup.' }),
    externalOrderNumber: z.string().nullable().meta({ description: 'The buyer\'s purchase order (PO) number.' }),
    requestedDeliveryDate: z.string().nullable().meta({ description: 'YYYY-MM-DD the buyer asked delivery for (order type order); null for none.' }),
    notes: z.array(z.object({ deliveryDate: z.string().nullable(), text: z.string() })),
    currency: z.string(),
    lines: z.array(line),
    totals: z.object({
      goodsNet: amount,
      discountPercent: z.number(),
      discount: amount.meta({ description: 'Deducted from the goods (0 when the discount is in the prices or there is none).' }),
      shipping: amount.meta({ description: 'Net shipping, freight included.' }),
      freight: amount,
      net: amount,
      vat: amount,
      gross: amount,
      vatByRate: z.array(z.object({ vatRate: z.number(), net: amount, vat: amount })),
    }),
    shippingAddress: address,
    invoiceAddress: address.nullable(),
    shippingMethod: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
    payment: z.object({
      methodId: z.number().int().nullable(),
      method: z.string().nullable().meta({ description: 'The method\'s name in the buyer\'s language.' }),
      status: z.string().nullable().meta({ description: 'open (on account), awaiting / failed (online, unpaid), paid, cancelled, refund_due.' }),
      dueAt: z.string().nullable().meta({ description: 'Paid online: cancelled when unpaid at this time.' }),
      paidAt: z.string().nullable(),
    }),
    placedBy: z.object({
      userId: z.number().int().nullable(),
      userExternalId: z.string().nullable(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      customerNo: z.string().meta({ description: 'The company\'s customer number.' }),
      companyName: z.string(),
      salesPerson: z.string().nullable().meta({ description: 'A sales person who placed it for the company; null otherwise.' }),
    }),
    locale: z.string().nullable(),
  })
  .meta({ id: 'ErpOrder', description: 'An order as placed in the shop, from its snapshot.' });

export type ErpOrderDocument = z.infer<typeof erpOrderDocument>;

function addressOf(snapshot: AddressSnapshot): z.infer<typeof address> {
  return {
    companyName: snapshot.companyName,
    firstName: snapshot.firstName,
    lastName: snapshot.lastName,
    street: snapshot.street,
    street2: snapshot.street2,
    zipCode: snapshot.zipCode,
    city: snapshot.city,
    countryCode: snapshot.country?.code ?? null,
    countryName: snapshot.country?.name ?? null,
    phone: snapshot.phoneNumber,
  };
}

export function toErpOrderDocument(order: ErpOrderRow, items: readonly ErpOrderItemRow[], notes: readonly { delivery_date: string | null; note: string }[]): ErpOrderDocument {
  const costs = parseJsonColumn<CostsSnapshot | null>(order.costs, null);
  const invoice = parseJsonColumn<AddressSnapshot | null>(order.invoice_address, null);
  const salesPerson = parseJsonColumn<PlacedBy | null>(order.placed_by, null);
  const userName = [order.user_first_name, order.user_last_name].filter(Boolean).join(' ');
  const freightCents = costs?.freightNetCents ?? 0;
  return {
    orderNumber: order.order_number,
    orderType: order.order_type,
    orderDate: order.order_date,
    erpOrderNumber: order.erp_order_number,
    acknowledgedAt: order.erp_acknowledged_at,
    status: order.status_id,
    externalOrderNumber: order.external_order_number,
    requestedDeliveryDate: order.delivery_date,
    notes: notes.map((note) => ({ deliveryDate: note.delivery_date, text: note.note })),
    currency: order.currency,
    lines: items.map((item) => ({
      sku: item.sku,
      variantSku: item.variant_sku,
      name: item.name,
      orderType: item.order_type,
      season: item.season_id === null ? null : { id: item.season_id, externalId: item.season_external_id },
      deliveryDate: item.delivery_date,
      quantity: item.quantity,
      allocatedQuantity: item.allocated_quantity,
      backorderedQuantity: item.backordered_quantity,
      unitPrice: amountOut(item.unit_price_cents),
      vatRate: bpToPercent(item.vat_rate_bp),
      lineNet: amountOut(item.line_net_cents),
      customAttributes: item.custom_attributes,
    })),
    totals: {
      goodsNet: amountOut(costs?.goodsNetCents ?? 0),
      discountPercent: bpToPercent(order.discount_percent_bp),
      discount: amountOut(order.discount_cents),
      shipping: amountOut(order.shipping_price_cents),
      freight: amountOut(freightCents),
      net: amountOut(order.net_total_cents),
      vat: amountOut(order.vat_total_cents),
      gross: amountOut(order.gross_total_cents),
      vatByRate: (costs?.vatByRate ?? []).map((share) => ({ vatRate: bpToPercent(share.rateBp), net: amountOut(share.netCents), vat: amountOut(share.vatCents) })),
    },
    shippingAddress: {
      companyName: order.receiver_company,
      firstName: order.receiver_first_name,
      lastName: order.receiver_last_name,
      street: order.receiver_street,
      street2: order.receiver_street2,
      zipCode: order.receiver_zip_code,
      city: order.receiver_city,
      countryCode: order.receiver_country_code,
      countryName: order.receiver_country_name,
      phone: order.receiver_phone,
    },
    invoiceAddress: invoice ? addressOf(invoice) : null,
    shippingMethod: { id: order.shipping_method_id, name: order.shipping_method_name },
    payment: { methodId: order.payment_method_id, method: order.payment_method, status: order.payment_status, dueAt: order.payment_due_at, paidAt: order.paid_at },
    placedBy: {
      userId: order.user_id,
      userExternalId: order.user_external_id,
      email: order.user_email,
      name: userName === '' ? null : userName,
      customerNo: order.customer_no,
      companyName: order.company_name,
      salesPerson: salesPerson?.name ?? null,
    },
    locale: order.locale,
  };
}
