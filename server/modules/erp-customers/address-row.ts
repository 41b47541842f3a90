import { z } from 'zod';
import type { AddressType } from '../../db/schema.ts';
import { countryCode, optionalLine, phoneNumber, requiredLine, zipCode } from '../../http/field-schemas.ts';
import { addressLimits } from '../addresses/address-input.ts';
import { addressTypes } from '../addresses/address.service.ts';
import { countryNameOf } from '../addresses/countries.ts';
import { flag } from './erp-values.ts';
import { externalIdSchema } from './external-id.ts';

// An address of a company's address book as the ERP sends it (PUT /erp/v1/addresses; docs/product.md,
// Entities "Address" and Profile and address book). The fields follow the address book's rules
// (address-input.ts): a receiver (first name or company name), street, zip code, city and country required.
// `isDefault` is the address book's "default of its type": left out, the stored mark stays (none for a new
// address); one address per company and type holds it, so marking one takes it from the others.

export const erpAddressTypes = Object.keys(addressTypes) as (keyof typeof addressTypes)[];

export const addressRowSchema = z
  .strictObject({
    externalId: externalIdSchema.meta({ description: 'The ERP’s key of the address (unique in the shop).' }),
    companyExternalId: externalIdSchema.meta({ description: 'The customer number of the company whose address book holds it (PUT /erp/v1/companies first).' }),
    type: z
      .enum(erpAddressTypes as ['default', 'shipping', 'invoice', 'post'], { error: 'validation.invalid' })
      .meta({ description: '`default` (the company’s main address), `shipping`, `invoice` or `post`. Buyers choose among the shipping addresses and the default address at checkout; the invoice address (else the default address) is billed.' }),
    isDefault: z.boolean().optional().meta({ description: 'The default of its type in the company’s address book; left out keeps the stored mark.' }),
    firstName: optionalLine(addressLimits.firstName),
    lastName: optionalLine(addressLimits.lastName),
    companyName: optionalLine(addressLimits.companyName),
    street: requiredLine(addressLimits.street),
    street2: optionalLine(addressLimits.street2),
    zip: zipCode(addressLimits.zipCode),
    city: requiredLine(addressLimits.city),
    state: optionalLine(addressLimits.state),
    country: countryCode().meta({ description: 'ISO 3166-1 alpha-2 code; the storefront shows its name in the reader’s language.' }),
    phone: phoneNumber(addressLimits.phoneNumber, 'address.phone.invalid').optional().default(null),
  })
  .superRefine((value, context) => {
    if (!value.firstName && !value.companyName) context.addIssue({ code: 'custom', path: ['firstName'], message: 'address.name.required' });
  })
  .meta({
    id: 'AddressRow',
    description: 'An address of a company’s address book.',
    example: {
      externalId: 'A-10001-2',
      companyExternalId: '10001',
      type: 'shipping',
      isDefault: true,
      firstName: 'Warenannahme',
      lastName: 'Lager Süd',
      companyName: 'Muster Baubedarf GmbH',
      street: 'Lagerweg 3',
      street2: 'Tor 2',
      zip: '21079',
      city: 'Hamburg',
      state: null,
      country: 'DE',
      phone: '+49 40 555011',
    },
  });

export type AddressRow = z.output<typeof addressRowSchema>;

/** The columns an address row writes; is_default only when the row sent it. */
export interface AddressColumns {
  company_id: number;
  type: AddressType;
  is_default?: 0 | 1;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  street: string;
  street2: string | null;
  zip_code: string;
  city: string;
  state: string | null;
  country_code: string;
  country_name: string;
  phone_number: string | null;
}

export function addressColumnsOf(row: AddressRow, companyId: number): AddressColumns {
  return {
    company_id: companyId,
    type: addressTypes[row.type],
    ...(row.isDefault !== undefined ? { is_default: flag(row.isDefault) } : {}),
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    street: row.street,
    street2: row.street2,
    zip_code: row.zip,
    city: row.city,
    state: row.state,
    country_code: row.country,
    // Stored in the shop's default language, as the address book stores it; answers use the reader's.
    country_name: countryNameOf(row.country, 'de'),
    phone_number: row.phone,
  };
}

export type StoredAddressColumns = { [K in keyof AddressColumns]-?: AddressColumns[K] | null };

/** Whether the stored address already holds every column the row writes. */
export function sameAddress(stored: StoredAddressColumns, next: AddressColumns): boolean {
  return (Object.keys(next) as (keyof AddressColumns)[]).every((column) => stored[column] === next[column]);
}
