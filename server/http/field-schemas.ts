import { z } from 'zod';
import { isCountryCode } from '../modules/addresses/countries.ts';

// The rules for the fields of a person, an address and a message, one set for every input that has them:
// the profile, an address, a signup request, a contact message and the customer admin's form of a company
// user. Each problem is a message key (parseInput names the field).

// One line of text as it goes onto a label or into a list: no line breaks or tabs, no bidirectional
// overrides (they make a name read differently from what is stored), no broken UTF-16.
const lineBreaksTabsAndOverrides = /[\r\n\t\u202a-\u202e\u2066-\u2069]/;
const isWellFormed = (value: string) => value.isWellFormed();
const isPlainLine = (value: string) => isWellFormed(value) && !lineBreaksTabsAndOverrides.test(value);

/**
 * What a value that is not a string is called: 'validation.invalid' by default; an address calls null
 * 'validation.required' too (parseInput already does so for a field left out).
 */
type NotText = string | ((issue: { input?: unknown }) => string);

/** A required one-line text: trimmed, not empty, at most `max` characters. */
export function requiredLine(max: number, notText: NotText = 'validation.invalid') {
  return z.string({ error: notText }).trim().refine(isPlainLine, 'validation.invalid').min(1, 'validation.required').max(max, 'validation.too_long');
}

/** An optional one-line text: absent, null or blank all mean "none" (null). */
export function optionalLine(max: number) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine(isPlainLine, 'validation.invalid')
    .max(max, 'validation.too_long')
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A required text of several lines (a message): trimmed, not empty, at most `max` characters, no broken UTF-16. */
export function requiredText(max: number) {
  return z.string({ error: 'validation.invalid' }).trim().refine(isWellFormed, 'validation.invalid').min(1, 'validation.required').max(max, 'validation.too_long');
}

/** An optional text of several lines: absent, null or blank all mean "none" (null). */
export function optionalText(max: number) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine(isWellFormed, 'validation.invalid')
    .max(max, 'validation.too_long')
    .nullish()
    .transform((value) => (value ? value : null));
}

const phonePattern = /^\+?[0-9 ()/.-]+$/;

/**
 * A phone number: digits with + ( ) / . - and spaces, at least 3 digits (`invalidKey` otherwise); null or
 * blank mean "none" (null). Left out is for the caller to say: `.optional()` keeps the stored one,
 * `.default(null)` means none.
 */
export function phoneNumber(max: number, invalidKey: string) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine(isPlainLine, 'validation.invalid')
    .max(max, 'validation.too_long')
    .refine((value) => value === '' || (phonePattern.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 3), invalidKey)
    .nullable()
    .transform((value) => (value ? value : null));
}

/** A required e-mail address, trimmed, at most `max` characters. */
export function emailAddress(max: number) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.too_long')
    .pipe(z.email({ error: 'validation.email_invalid' }));
}

/** How e-mail addresses are compared: without regard to case (as the users' e-mail addresses are). */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

/** A postal code: letters, digits, spaces and hyphens. */
export function zipCode(max: number, notText?: NotText) {
  return requiredLine(max, notText).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'address.zip_code.invalid');
}

/** An ISO 3166-1 alpha-2 country code, in either case; answered in capitals. */
export function countryCode(notText: NotText = 'validation.invalid') {
  return z
    .string({ error: notText })
    .trim()
    .min(1, 'validation.required')
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, 'address.country.invalid');
}
