import { z } from 'zod';
import type { AddressType } from '../../db/schema.ts';
import { isCountryCode } from './countries.ts';

// What a buyer sends to add or change an address (POST and PUT /api/address, and any page action that
// adds one at checkout). Every problem is a message key naming its field:
//   firstName or companyName   one of them (the receiver): 'address.name.required' on firstName
//   street, zipCode, city      required; zipCode letters, digits, spaces and hyphens ('address.zip_code.invalid')
//   country                    an ISO 3166-1 alpha-2 code, as "DE" or { code: "DE" } (the shape GET answers,
//                              so an address read can be sent back); any country of the world is accepted,
//                              the checkout decides whether it ships there ('address.country.invalid')
//   phoneNumber                optional; digits with + ( ) / . - and spaces, at least 3 digits ('address.phone.invalid')
//   type                       0 default, 1 shipping, 2 invoice, 3 post (POST: 1 when absent; PUT: unchanged)
//   isDefault                  the default of its type (POST: false when absent; PUT: unchanged)
// Text is trimmed; an empty optional field is stored as absent. Control characters never get this far
// (request normalisation refuses them); line breaks, tabs and
// bidirectional overrides are refused here: an address line is one plain line.

export const addressLimits = {
  firstName: 100,
  lastName: 100,
  companyName: 150,
  street: 100,
  street2: 100,
  addressline2: 100,
  apartment: 50,
  zipCode: 20,
  city: 100,
  state: 100,
  phoneNumber: 30,
} as const;

const missing = (input: unknown) => input === undefined || input === null;
const textError = (issue: { input?: unknown }) => (missing(issue.input) ? 'validation.required' : 'validation.invalid');
// One line of text as it goes onto a label: no line breaks or tabs, no bidirectional overrides (they
// make a label read differently from what is stored), no broken UTF-16.
const lineBreaksTabsAndOverrides = /[\r\n\t\u202a-\u202e\u2066-\u2069]/;
const isPlainLine = (value: string) => value.isWellFormed() && !lineBreaksTabsAndOverrides.test(value);

/** A required one-line text: trimmed, not empty, at most `max` characters. */
function requiredText(max: number) {
  return z.string({ error: textError }).trim().refine(isPlainLine, 'validation.invalid').min(1, 'validation.required').max(max, 'validation.too_long');
}

/** An optional one-line text: absent, null or blank all mean "none". */
function optionalText(max: number) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine(isPlainLine, 'validation.invalid')
    .max(max, 'validation.too_long')
    .nullish()
    .transform((value) => (value ? value : null));
}

const countryCode = z
  .string({ error: textError })
  .trim()
  .min(1, 'validation.required')
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, 'address.country.invalid');

const country = z.union([countryCode, z.object({ code: countryCode }).transform((value) => value.code)], {
  error: (issue) => (missing(issue.input) ? 'validation.required' : 'address.country.invalid'),
});

const phonePattern = /^\+?[0-9 ()/.-]+$/;
const phoneNumber = optionalText(addressLimits.phoneNumber).refine(
  (value) => value === null || (phonePattern.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 3),
  'address.phone.invalid',
);

const addressType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'validation.invalid' });

export const addressInputSchema = z
  .object({
    type: addressType.optional(),
    isDefault: z.boolean({ error: 'validation.invalid' }).optional(),
    firstName: optionalText(addressLimits.firstName),
    lastName: optionalText(addressLimits.lastName),
    companyName: optionalText(addressLimits.companyName),
    street: requiredText(addressLimits.street),
    street2: optionalText(addressLimits.street2),
    addressline2: optionalText(addressLimits.addressline2),
    apartment: optionalText(addressLimits.apartment),
    zipCode: requiredText(addressLimits.zipCode).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'address.zip_code.invalid'),
    city: requiredText(addressLimits.city),
    state: optionalText(addressLimits.state),
    country,
    phoneNumber,
  })
  .superRefine((value, context) => {
    if (!value.firstName && !value.companyName) context.addIssue({ code: 'custom', path: ['firstName'], message: 'address.name.required' });
  });

export type AddressInput = Omit<z.output<typeof addressInputSchema>, 'type'> & { type?: AddressType | undefined };
