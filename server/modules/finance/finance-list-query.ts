import { z } from 'zod';
import { calendarDate } from '../../../core/calendar-date.ts';
import { accountListPageSize, pagingShape } from '../../../core/list-page.ts';
import { dateRangeInOrder, dateRangeProblem, optional } from '../../http/list-query.ts';
import { shownPaymentStatuses } from '../../../core/finance-summary.ts';

// What the finance view may be asked (GET /api/account/list, its export, and the invoices page's loader):
// the page, the filters and the sort, each checked here so a bad value is a 400 with a message key. An
// empty value counts as not given (a form's "all" choice sends `status=`).

export const financeSorts = ['docDate:desc', 'docDate:asc', 'dueDate:asc', 'amount:desc', 'amount:asc'] as const;
export type FinanceSort = (typeof financeSorts)[number];

const financeFiltersShape = {
  type: optional(z.enum(['invoice', 'credit'])),
  /** The status as shown (core/finance-summary.ts): the four split the documents without overlap. */
  status: optional(z.enum(shownPaymentStatuses)),
  /** Document dates from and to, inclusive. */
  from: optional(calendarDate),
  to: optional(calendarDate),
  /** Any part of the document number or the external (ERP) number, any case; lower-cased here. */
  search: optional(z.string().trim().max(100)).transform((value) => (value ? value.toLowerCase() : undefined)),
  sort: optional(z.enum(financeSorts)).transform((value): FinanceSort => value ?? 'docDate:desc'),
};

export const financeListQuery = z
  .object({
    ...pagingShape(accountListPageSize),
    ...financeFiltersShape,
  })
  .refine(dateRangeInOrder, dateRangeProblem);

export type FinanceListQuery = z.infer<typeof financeListQuery>;
export type FinanceFilters = Pick<FinanceListQuery, 'type' | 'status' | 'from' | 'to' | 'search'>;

export const financeExportQuery = z
  .object({
    format: z.enum(['xlsx', 'csv']),
    ...financeFiltersShape,
  })
  .refine(dateRangeInOrder, dateRangeProblem);

export type FinanceExportQuery = z.infer<typeof financeExportQuery>;
