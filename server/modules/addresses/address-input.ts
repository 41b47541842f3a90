import { z } from 'zod';
import type { AddressType } from '../../db/schema.ts';
import { countryCode, optionalLine, phoneNumber, requiredLine, zipCode } from '../../http/field-schemas.ts';

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
// (request normalisation refuses them); line breaks, tabs and bidirectional overrides are refused by the
// field rules (server/http/field-schemas.ts): an address line is one plain line.

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
// A required field sent as null is missing too (an address read and sent back may carry nulls).
const textError = (issue: { input?: unknown }) => (missing(issue.input) ? 'validation.required' : 'validation.invalid');
const requiredText = (max: number) => requiredLine(max, textError);
const code = countryCode(textError);

const country = z.union([code, z.object({ code }).transform((value) => value.code)], {
  error: (issue) => (missing(issue.input) ? 'validation.required' : 'address.country.invalid'),
});

const addressType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'validation.invalid' });

export const addressInputSchema = z
  .object({
    type: addressType.optional(),
    isDefault: z.boolean({ error: 'validation.invalid' }).optional(),
    firstName: optionalLine(addressLimits.firstName),
    lastName: optionalLine(addressLimits.lastName),
    companyName: optionalLine(addressLimits.companyName),
    street: requiredText(addressLimits.street),
    street2: optionalLine(addressLimits.street2),
    addressline2: optionalLine(addressLimits.addressline2),
    apartment: optionalLine(addressLimits.apartment),
    zipCode: zipCode(addressLimits.zipCode, textError),
    city: requiredText(addressLimits.city),
    state: optionalLine(addressLimits.state),
    country,
    phoneNumber: phoneNumber(addressLimits.phoneNumber, 'address.phone.invalid').default(null),
  })
  .superRefine((value, context) => {
    if (!value.firstName && !value.companyName) context.addIssue({ code: 'custom', path: ['firstName'], message: 'address.name.required' });
  });

export type AddressInput = Omit<z.output<typeof addressInputSchema>, 'type'> & { type?: AddressType | undefined };
