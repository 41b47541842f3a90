import { z } from 'zod';
import { calendarDate } from '../../../core/calendar-date.ts';
import { accountListPageSize, pagingShape } from '../../../core/list-page.ts';
import { dateRangeInOrder, dateRangeProblem, optional } from '../../http/list-query.ts';

// What the order history may be asked (GET /api/order, its export, and the history page's loader): the
// page, the filters and the sort, each checked here so a bad value is a 400 with a message key. An empty
// value counts as not given (a form's "all" choice sends `status=`).

export const orderSorts = ['orderDate:desc', 'orderDate:asc', 'orderNumber:asc', 'orderNumber:desc', 'total:desc', 'total:asc'] as const;
export type OrderSort = (typeof orderSorts)[number];

export const orderFiltersShape = {
  /** Order number, PO number, or a line's sku, variant sku or name: any part of it, any case. */
  search: optional(z.string().trim().max(100)).transform((value) => (value ? value : undefined)),
  /** Order dates from and to (inclusive, the shop's days in Europe/Berlin). */
  from: optional(calendarDate),
  to: optional(calendarDate),
  /** A status id of the salesHeadStatus lookup. */
  status: optional(z.string().regex(/^[\w-]{1,20}$/, 'order.status.unknown')),
  orderType: optional(z.enum(['order', 'preOrder'])),
  sort: optional(z.enum(orderSorts)).transform((value): OrderSort => value ?? 'orderDate:desc'),
};

export const orderHistoryQuery = z
  .object({
    ...pagingShape(accountListPageSize),
    ...orderFiltersShape,
  })
  .refine(dateRangeInOrder, dateRangeProblem);

export type OrderHistoryQuery = z.infer<typeof orderHistoryQuery>;
export type OrderFilters = Pick<OrderHistoryQuery, 'search' | 'from' | 'to' | 'status' | 'orderType' | 'sort'>;

export const orderExportQuery = z
  .object({
    format: z.enum(['xlsx', 'csv']),
    withLines: optional(z.enum(['0', '1'])).transform((value) => value === '1'),
    ...orderFiltersShape,
  })
  .refine(dateRangeInOrder, dateRangeProblem);

export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** Reorder all lines of an order, or the ones named by their index in the order's items. */
export const reorderBody = z.object({
  lines: z.array(z.number().int().min(0).max(9_999)).min(1, 'validation.required').max(500, 'validation.too_many_items').optional(),
});
