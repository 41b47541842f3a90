import { z } from 'zod';

// The pieces every account list's query shares (the order history, the finance view, their exports and
// pages): an empty value counts as not given (a form's "all" choice sends `status=`), dates are calendar
// days, a range runs forwards, pages are bounded.

/** A calendar date as YYYY-MM-DD that exists (no 30 February). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'validation.date');

/** The schema, optional, with an empty value taken as not given. */
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `page` (default 1) and `pageSize` (default 20, at most 100). */
export const pageShape = {
  page: optional(z.coerce.number().int().min(1).max(10_000)).transform((value) => value ?? 1),
  pageSize: optional(z.coerce.number().int().min(1).max(100)).transform((value) => value ?? 20),
};

export const dateRangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.to >= query.from;
export const dateRangeProblem = { message: 'validation.date_range', path: ['to'] };
