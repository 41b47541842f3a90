import { z } from 'zod';

// Paging of every list the shop answers (the catalogue, the search, the order history, the finance list,
// the company's activity): `page` counts from 1, at most `maxPage`; `pageSize` is 1 to `maxPageSize`,
// and a missing or empty value is the list's own default (the catalogue's 15 and the search's 20 are the
// product reference's; the account lists show 20). Both are whole numbers written as digits without a
// leading zero, like a record id ('1e3', '007' and '1.5' are no page). The API refuses anything else with
// a 400 naming the field; a page's URL is read leniently instead (a hand-edited `?page=` shows page 1).

/** The furthest page of any list: deeper lists are narrowed with filters, not paged through. */
export const maxPage = 10_000;

/** The most entries one page of any list holds. */
export const maxPageSize = 100;

/** An account list's page size (the order history, the finance list, the company's activity) when none is asked for. */
export const accountListPageSize = 20;

const countDigits = /^[1-9]\d{0,8}$/;

function parsePositiveCount(value: unknown): number | null {
  const count = typeof value === 'number' ? value : typeof value === 'string' && countDigits.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(count) && count >= 1 ? count : null;
}

/** The page `value` names (1 to `maxPage`), or null when it names none. */
export function parsePage(value: unknown): number | null {
  const page = parsePositiveCount(value);
  return page !== null && page <= maxPage ? page : null;
}

/** The page a page's URL asks for with `?{name}=`; anything but a page within reach is page 1. */
export function pageOfUrl(search: URLSearchParams, name = 'page'): number {
  return parsePage(search.get(name)) ?? 1;
}

const notGiven = (value: unknown) => value === undefined || value === '';

/**
 * The one schema of `page` and `pageSize` in a list's query: a page beyond reach or no whole number is
 * 'validation.invalid', a page size above `maxPageSize` 'validation.page_size_too_large'.
 */
export function pagingShape(defaultPageSize: number) {
  return {
    page: z.unknown().optional().transform((value, context): number => {
      if (notGiven(value)) return 1;
      const page = parsePage(value);
      if (page !== null) return page;
      context.addIssue({ code: 'custom', message: 'validation.invalid' });
      return z.NEVER;
    }),
    pageSize: z.unknown().optional().transform((value, context): number => {
      if (notGiven(value)) return defaultPageSize;
      const pageSize = parsePositiveCount(value);
      if (pageSize !== null && pageSize <= maxPageSize) return pageSize;
      context.addIssue({ code: 'custom', message: pageSize === null ? 'validation.invalid' : 'validation.page_size_too_large' });
      return z.NEVER;
    }),
  };
}
