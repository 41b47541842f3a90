// The events the ERP's feed carries (GET /erp/v1/events; docs/decisions/0021-erp-event-feed.md). Thin:
// each names its subject, and the ERP reads the subject itself (an order by GET /erp/v1/orders/{orderNumber}).

export const erpEventTypes = ['order.placed', 'order.paid', 'order.cancelled', 'signupRequest.created', 'company.user.changed', 'address.changed'] as const;

export type ErpEventType = (typeof erpEventTypes)[number];

/** What each event's data names. */
export interface ErpEventData {
  'order.placed': { orderNumber: string };
  'order.paid': { orderNumber: string };
  'order.cancelled': { orderNumber: string };
  'signupRequest.created': { id: number };
  'company.user.changed': { id: number; externalId: string | null; customerNo: string | null };
  'address.changed': { id: number; externalId: string | null; customerNo: string | null; deleted: boolean };
}

export interface ErpEventNote<T extends ErpEventType = ErpEventType> {
  tenantId: number;
  type: T;
  data: ErpEventData[T];
  occurredAt: string;
}
