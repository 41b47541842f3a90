import { z } from 'zod';
import { recordId } from '../../../core/record-id.ts';
import { emailAddress, phoneNumber, requiredLine } from '../../http/field-schemas.ts';
import { profileLimits } from '../users/profile-input.ts';

// What a customer admin sends to create or change a user of their company (POST /api/user/saveCompanyUser,
// and the form of /my-account/users):
//   _id             the user to change; left out (or null) creates one
//   firstName, lastName   required: trimmed, one line, at most 100 characters (the profile's rule)
//   email           required, an e-mail address, at most 254 characters ('validation.email_invalid'); unique within
//                   the tenant without regard to case (the service: 409 'user.email.taken', as the profile)
//   username        required, 3 to 64 letters, digits and . _ - @ + (no spaces: it is typed at every sign-in);
//                   unique within the tenant without regard to case (the service: 409 'company_user.username.taken')
//   phone           optional, the profile's rule; empty or null removes it, left out keeps it
//   active, locked, customerAdmin   required booleans (a save says the whole state, so a missing flag never
//                   unlocks or promotes anyone by default)
// Anything else (a role, a company, a password) is refused (400 'user.field.not_changeable' naming the field):
// a new user's company is the admin's, the role follows customerAdmin, and the password is the user's own.

export const companyUserLimits = { username: { min: 3, max: 64 }, email: profileLimits.email } as const;

const usernamePattern = /^[\p{L}\p{N}._@+-]+$/u;

/** A username: 3 to 64 letters, digits and . _ - @ + (no spaces: it is typed at every sign-in). */
export const usernameSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(1, 'validation.required')
  .min(companyUserLimits.username.min, 'company_user.username.too_short')
  .max(companyUserLimits.username.max, 'validation.too_long')
  .regex(usernamePattern, 'company_user.username.invalid');

const fields = {
  _id: recordId.nullish(),
  firstName: requiredLine(profileLimits.firstName),
  lastName: requiredLine(profileLimits.lastName),
  email: emailAddress(companyUserLimits.email),
  username: usernameSchema,
  // Left out keeps the stored number; null or blank removes it.
  phone: phoneNumber(profileLimits.phone, 'user.phone.invalid').optional(),
  active: z.boolean({ error: 'validation.invalid' }),
  locked: z.boolean({ error: 'validation.invalid' }),
  customerAdmin: z.boolean({ error: 'validation.invalid' }),
};

export const companyUserInputSchema = z
  .looseObject(fields)
  .superRefine((value, context) => {
    const other = Object.keys(value).find((key) => !Object.hasOwn(fields, key));
    if (other !== undefined) context.addIssue({ code: 'custom', path: [other], message: 'user.field.not_changeable' });
  })
  .transform(({ _id, firstName, lastName, email, username, phone, active, locked, customerAdmin }) => ({
    _id: _id ?? null,
    firstName,
    lastName,
    email,
    username,
    phone,
    active,
    locked,
    customerAdmin,
  }));

export type CompanyUserInput = z.output<typeof companyUserInputSchema>;

/** A user named by id alone (the invitation sent again): `{_id}`. */
export const companyUserIdSchema = z.strictObject({ _id: recordId });
