import { z } from 'zod';

// The pieces every account list's query shares (the order history, the finance view, their exports and
// pages): an empty value counts as not given (a form's "all" choice sends `status=`), dates are calendar
// days, a range runs forwards; paging is every list's (core/list-page.ts).

/** The schema, optional, with an empty value taken as not given. */
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const dateRangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.to >= query.from;
export const dateRangeProblem = { message: 'validation.date_range', path: ['to'] };
