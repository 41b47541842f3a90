import { z } from 'zod';
import { signupLimits } from '../../../core/signup-fields.ts';
import { isValidVatId, normaliseVatId } from '../../../core/vat-id.ts';
import { countryCode, emailAddress, optionalLine, optionalText, phoneNumber, requiredLine, zipCode } from '../../http/field-schemas.ts';

// What a signup request carries (POST /api/user/requestAccount and the form of /signup).
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
// Text is trimmed and an empty optional field is absent; the rules of person and address fields are those
// of the profile and the address book (server/http/field-schemas.ts).

export { signupFields, signupLimits, type SignupField } from '../../../core/signup-fields.ts';

export const signupInputSchema = z
  .object({
    companyName: requiredLine(signupLimits.companyName),
    vatId: optionalLine(signupLimits.vatId),
    customerNo: optionalLine(signupLimits.customerNo),
    street: requiredLine(signupLimits.street),
    zipCode: zipCode(signupLimits.zipCode),
    city: requiredLine(signupLimits.city),
    countryCode: countryCode(),
    firstName: requiredLine(signupLimits.firstName),
    lastName: requiredLine(signupLimits.lastName),
    email: emailAddress(signupLimits.email),
    phone: phoneNumber(signupLimits.phone, 'user.phone.invalid').default(null),
    message: optionalText(signupLimits.message),
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
