import { z } from 'zod';
import { isValidVatId, normaliseVatId } from '../../../core/vat-id.ts';
import { isCountryCode } from '../addresses/countries.ts';
import { signupLimits } from '../../../core/signup-fields.ts';

// What a signup request carries (POST /api/user/requestAccount and the form of /signup; issue 12 item 3).
// Every problem is a message key naming its field:
//   companyName, street, city, firstName, lastName   required, one line, trimmed (limits below)
//   zipCode        required; letters, digits, spaces and hyphens ('address.zip_code.invalid')
//   countryCode    an ISO 3166-1 alpha-2 code ('address.country.invalid')
//   email          an e-mail address ('validation.email_invalid')
//   vatId          optional; normalised and checked per EU member state (core/vat-id.ts; 'signup.vat_id.invalid')
//   customerNo     optional; the customer number, if the company already buys from the seller
//   phone          optional; digits with + ( ) / . - and spaces, at least 3 digits ('user.phone.invalid')
//   message        optional; several lines
//   privacyAccepted  must be true ('signup.privacy.required')
// Text is trimmed and an empty optional field is absent. Line breaks, tabs and bidirectional overrides
// are refused in one-line fields (they make a name read differently from what is stored).

export { signupFields, signupLimits, type SignupField } from '../../../core/signup-fields.ts';

const lineBreaksTabsAndOverrides = /[\r\n\t\u202a-\u202e\u2066-\u2069]/;
const isPlainLine = (value: string) => value.isWellFormed() && !lineBreaksTabsAndOverrides.test(value);

function requiredLine(max: number) {
  return z.string({ error: 'validation.invalid' }).trim().refine(isPlainLine, 'validation.invalid').min(1, 'validation.required').max(max, 'validation.too_long');
}

function optionalLine(max: number) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine(isPlainLine, 'validation.invalid')
    .max(max, 'validation.too_long')
    .nullish()
    .transform((value) => (value ? value : null));
}

const phonePattern = /^\+?[0-9 ()/.-]+$/;

export const signupInputSchema = z
  .object({
    companyName: requiredLine(signupLimits.companyName),
    vatId: optionalLine(signupLimits.vatId),
    customerNo: optionalLine(signupLimits.customerNo),
    street: requiredLine(signupLimits.street),
    zipCode: requiredLine(signupLimits.zipCode).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'address.zip_code.invalid'),
    city: requiredLine(signupLimits.city),
    countryCode: z
      .string({ error: 'validation.invalid' })
      .trim()
      .min(1, 'validation.required')
      .transform((value) => value.toUpperCase())
      .refine(isCountryCode, 'address.country.invalid'),
    firstName: requiredLine(signupLimits.firstName),
    lastName: requiredLine(signupLimits.lastName),
    email: z
      .string({ error: 'validation.invalid' })
      .trim()
      .min(1, 'validation.required')
      .max(signupLimits.email, 'validation.too_long')
      .pipe(z.email({ error: 'validation.email_invalid' })),
    phone: optionalLine(signupLimits.phone).refine(
      (value) => value === null || (phonePattern.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 3),
      'user.phone.invalid',
    ),
    message: z
      .string({ error: 'validation.invalid' })
      .trim()
      .refine((value) => value.isWellFormed(), 'validation.invalid')
      .max(signupLimits.message, 'validation.too_long')
      .nullish()
      .transform((value) => (value ? value : null)),
    privacyAccepted: z.literal(true, { error: 'signup.privacy.required' }),
  })
  // The VAT id's format depends on the country: checked once both are known, and kept normalised.
  .transform((value, context) => {
    if (value.vatId === null) return value;
    const vatId = normaliseVatId(value.vatId, value.countryCode);
    if (!isValidVatId(vatId, value.countryCode)) {
      context.addIssue({ code: 'custom', path: ['vatId'], message: 'signup.vat_id.invalid' });
      return z.NEVER;
    }
    return { ...value, vatId };
  });

export type SignupInput = z.output<typeof signupInputSchema>;
