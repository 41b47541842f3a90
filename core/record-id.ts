import { z } from 'zod';

// A record id (a product, category, order, document, address, user, company, cart or wishlist) as every
// route, form and page reads it: a whole number from 1 to 2,147,483,647, the largest value of the
// databases' integer ids (PostgreSQL's `integer`; SQLite's ids stay in the same range), given as a JSON
// number or as its decimal digits the way the shop writes them. A sign, a space, a decimal point, an
// exponent ('1e3'), a hex prefix or a leading zero ('007') make it no id: each record has one spelling, so
// a URL, a cache key or a log line never names the same record two ways.

/** The largest record id: the databases' 32-bit integer. */
export const maxRecordId = 2_147_483_647;

/** Digits of 1 to 2,147,483,647 at most as long as the largest; the value is checked after reading. */
const recordIdDigits = /^[1-9]\d{0,9}$/;

/** The record id `value` gives, or null when it gives none. */
export function parseRecordId(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && recordIdDigits.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id >= 1 && id <= maxRecordId ? id : null;
}

/**
 * The one schema of a record id in a request body or form: missing is 'validation.required', anything
 * that is no record id 'validation.invalid' (both naming the field). Combine with `.optional()` or
 * `.nullish()` where the field may be left out. Marked pure so that pages which only read ids
 * (parseRecordId) do not carry the schema library to the browser.
 */
export const recordId = /* @__PURE__ */ z.unknown().transform((value, context): number => {
  const id = parseRecordId(value);
  if (id !== null) return id;
  context.addIssue({ code: 'custom', message: value === undefined ? 'validation.required' : 'validation.invalid' });
  return z.NEVER;
});
