// The order history's URL: its path and the fields of its filter form (GET /api/order's parameters).

export const orderHistoryPath = '/my-account/order-history';

export const historyFields = ['search', 'from', 'to', 'status', 'orderType', 'sort'] as const;
export type HistoryField = (typeof historyFields)[number];

/** The detail page of an order. */
export const orderPath = (id: number) => `${orderHistoryPath}/${id}`;

/** The detail page's form posts that put an order (or one of its lines: `line`, its index) into the cart again. */
export const reorderIntent = 'reorder';
