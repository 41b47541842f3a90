// The fields of a contact message (docs/product.md, Contact form) and their length limits, shared by the API's
// validation (server/modules/contact/contact-input.ts) and the form of /static/contact-us (which must not
// bring the validation's libraries into the browser).

export const contactLimits = {
  name: 150,
  email: 254,
  subject: 150,
  message: 5000,
} as const;

/** The fields of the message, in form order; name and email only where a visitor writes (an account names itself). */
export const contactFields = ['name', 'email', 'subject', 'message', 'privacyAccepted'] as const;

export type ContactField = (typeof contactFields)[number];

/** What the form posted, field by field (kept to fill the form again after a refusal). */
export type ContactValues = Record<ContactField, string>;
