import { moneyOut } from '../../../core/api-money.ts';
import { bpToPercent } from '../../../core/vat.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { OrderItemRow, OrderNoteRow, OrderRow } from './order.repository.ts';

// An order as the API answers it (GET /api/order/{id}, POST /api/order/create): read from the snapshot
// written at checkout, never recomputed from today's catalogue. Amounts in major units with currency.

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
    orderStatus: order.status_id,
    deliveryDate: order.delivery_date,
    externalOrderNumber: order.external_order_number,
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
  };
}

export type OrderView = ReturnType<typeof toOrderView>;
