// The fields of the address book's form, in form order: the names the form posts are the address API's
// (server/modules/addresses/address-input.ts), so the action hands them to the address service as they are.

export const addressFormFields = ['type', 'companyName', 'firstName', 'lastName', 'street', 'street2', 'zipCode', 'city', 'country', 'phoneNumber', 'isDefault'] as const;

export type AddressFormField = (typeof addressFormFields)[number];

export type AddressFormValues = Record<AddressFormField, string>;

/** The `intent` of each form of /my-account/addresses: one action serves them all. */
export const addressIntents = { add: 'add', edit: 'edit', setDefault: 'setDefault', delete: 'delete' } as const;

/** What each success says (`?saved=`), as a message key. */
export const addressSavedMessages = {
  added: 'address_book.saved.added',
  changed: 'address_book.saved.changed',
  default: 'address_book.saved.default',
  deleted: 'address_book.saved.deleted',
} as const;

/** The search parameters that open a form on the page (plain links: they work without JavaScript). */
export const addressPageParams = { add: 'add', edit: 'edit', delete: 'delete' } as const;
