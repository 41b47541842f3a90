// The fields of the checkout's "new shipping address" form, in form order: the names the form posts
// are the address API's field names (server/modules/addresses/address-input.ts), so the action hands
// them to the address service as they are.

export const newAddressFields = ['companyName', 'firstName', 'lastName', 'street', 'street2', 'zipCode', 'city', 'country', 'phoneNumber'] as const;

export type NewAddressField = (typeof newAddressFields)[number];
