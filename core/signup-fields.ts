// The fields of a signup request (docs/product.md, Signup) and their length limits, shared by the API's validation
// (server/modules/signup/signup-input.ts) and the form of /signup (which must not bring the validation's
// libraries into the browser).

export const signupLimits = {
  companyName: 150,
  vatId: 30,
  customerNo: 30,
  street: 100,
  zipCode: 20,
  city: 100,
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  message: 2000,
} as const;

/** The fields of the request, in form order. */
export const signupFields = [
  'companyName',
  'vatId',
  'customerNo',
  'street',
  'zipCode',
  'city',
  'countryCode',
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
  'privacyAccepted',
] as const;

export type SignupField = (typeof signupFields)[number];

/** What the form posted, field by field (kept to fill the form again after a refusal). */
export type SignupValues = Record<SignupField, string>;
