import { z } from 'zod';
import { supportedLocales } from '../../../core/locale.ts';
import { stockMailChoices } from '../../../core/stock-mail.ts';
import { emailAddress, phoneNumber, requiredLine } from '../../http/field-schemas.ts';

// What a user may change of their own profile (POST /api/user/currentUser, and the profile form of
// /my-account): every field is optional, a field sent is changed, one left out stays as it is.
//   firstName, lastName   required when sent: trimmed, one line, at most 100 characters
//   email                 an e-mail address, at most 254 characters ('validation.email_invalid'); unique within
//                         the tenant, compared without regard to case (the service: 409 'user.email.taken')
//   phone                 digits with + ( ) / . - and spaces, at least 3 digits ('user.phone.invalid');
//                         empty or null removes it
//   locale                'de' or 'en'
//   stockMail             'each' (a mail for each back-in-stock notification), 'digest' (one a day) or 'off'
//                         (docs/product.md, Stock alarms and notifications)
// Everything else about the account (username, company, role, the company's net or gross display) is
// shown but not changed here: a request naming it is refused (400 'user.field.not_changeable' naming the
// field), so a client never believes it changed something that stayed as it was.

export const profileLimits = { firstName: 100, lastName: 100, email: 254, phone: 30 } as const;

const changeable = {
  firstName: requiredLine(profileLimits.firstName).optional(),
  lastName: requiredLine(profileLimits.lastName).optional(),
  email: emailAddress(profileLimits.email).optional(),
  // Left out keeps the stored number; null or blank removes it.
  phone: phoneNumber(profileLimits.phone, 'user.phone.invalid').optional(),
  locale: z.enum(supportedLocales, { error: 'validation.invalid' }).optional(),
  stockMail: z.enum(stockMailChoices, { error: 'validation.invalid' }).optional(),
};

export const profileInputSchema = z
  .looseObject(changeable)
  .superRefine((value, context) => {
    const other = Object.keys(value).find((key) => !Object.hasOwn(changeable, key));
    if (other !== undefined) context.addIssue({ code: 'custom', path: [other], message: 'user.field.not_changeable' });
  })
  .transform(({ firstName, lastName, email, phone, locale, stockMail }) => ({ firstName, lastName, email, phone, locale, stockMail }));

export type ProfileInput = z.output<typeof profileInputSchema>;

