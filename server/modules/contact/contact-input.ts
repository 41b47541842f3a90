import { z } from 'zod';
import { contactLimits } from '../../../core/contact-fields.ts';
import type { RequestContext } from '../../context.ts';
import { emailAddress, requiredLine, requiredText } from '../../http/field-schemas.ts';
import { meetsRequirement } from '../access/access-policy.ts';

// What a contact message carries (POST /api/contact and the form of /static/contact-us). Every problem is a
// message key naming its field:
//   subject          required, one line, trimmed, at most 150 characters
//   message          required, several lines, trimmed, at most 5,000 characters
//   name, email      who writes: required of a visitor (one line; an e-mail address, 'validation.email_invalid');
//                    a signed-in full account is named by the account, so what the body says is ignored
//   privacyAccepted  must be true ('contact.privacy.required')
// The rules of the fields are those of every person and message field (server/http/field-schemas.ts).

export { contactLimits };

const messageFields = {
  subject: requiredLine(contactLimits.subject),
  message: requiredText(contactLimits.message),
};
const privacyAccepted = z.literal(true, { error: 'contact.privacy.required' });

/** A message of a signed-in full account: `from` is null, the account says who writes. */
const accountMessageSchema = z.object({ ...messageFields, privacyAccepted }).transform((value) => ({ ...value, from: null }));

/** A message of a visitor (or the shared guest), who says who they are. */
const visitorMessageSchema = z
  .object({ ...messageFields, name: requiredLine(contactLimits.name), email: emailAddress(contactLimits.email), privacyAccepted })
  .transform(({ name, email, ...value }) => ({ ...value, from: { name, email } }));

export type ContactInput = z.output<typeof accountMessageSchema> | z.output<typeof visitorMessageSchema>;

/** Whether the caller writes as their account (a signed-in full account) rather than naming themselves. */
export const writesAsAccount = (ctx: RequestContext): boolean => meetsRequirement(ctx, 'accountUser');

/** The schema of the caller's message. */
export function contactInputSchemaFor(ctx: RequestContext): typeof accountMessageSchema | typeof visitorMessageSchema {
  return writesAsAccount(ctx) ? accountMessageSchema : visitorMessageSchema;
}
