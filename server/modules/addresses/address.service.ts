import type { RequestContext } from '../../context.ts';
import type { AddressType } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { mayChangeMasterData, requireAccess, requireCompany, type CompanyContext } from '../access/access-policy.ts';
import { auditHook } from '../sales-persons/acting-audit.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { AddressInput } from './address-input.ts';
import type { AddressFields, AddressRepository, AddressRow } from './address.repository.ts';
import { countryNameOf } from './countries.ts';

// The company address book (docs/product.md, Profile and address book). Addresses belong to the
// company the user acts for (a sales person: the customer they chose); every lookup is scoped to it, and
// another company's or tenant's id answers exactly like an unknown one (404 'address.not_found').
//
// Who may do what:
//   - nobody signed in: 401; the shared guest: 403 'error.login_required' (like cart and wishlist);
//   - every buyer (customer, customer admin, sales person for their current company, admin) reads all of
//     the company's addresses and manages its shipping addresses (type 1): add, change, delete, make one
//     the default shipping address;
//   - the company's master data, the default (0), invoice (2) and post (3) addresses, is changed only by
//     customer admins, sales persons and admins: a plain customer gets 403 'address.master_data.forbidden'
//     when adding, changing or deleting one, or when turning a shipping address into one;
//   - `blockUsersToAddNewAddress` (the user's flag) refuses adding (403 'address.adding.blocked') and
//     changing (403 'address.changing.blocked'): a blocked user could otherwise turn an existing address
//     into a new one. Deleting stays allowed: it adds no destination.
// Rules:
//   - at most one default per type: making one the default takes it from the previous one of that type, in
//     the same transaction (the company's row is locked, so parallel writes never leave two);
//   - the last address of types 0 and 2 cannot be deleted (409 'address.delete.invoice_required'): the
//     checkout needs the company's invoice address (its invoice address, else its default address);
//   - at most `maxAddressesPerCompany` addresses (409 'address.limit_reached');
//   - deleting is safe for the order history: orders keep their own snapshot of both addresses.
// For the checkout: `checkoutAddresses` (the shipping choices and the read-only invoice address) and
// `usableForOrder` / `addressProblemForOrder` (an address without a country cannot be ordered to).

export const maxAddressesPerCompany = 200;

/** An address as the API answers it. */
export interface Address {
  _id: number;
  /** 0 default, 1 shipping, 2 invoice, 3 post. */
  type: AddressType;
  /** The default of its type. */
  isDefault: boolean;
  firstName: string;
  lastName: string;
  companyName: string;
  street: string;
  street2: string;
  addressline2: string;
  apartment: string;
  zipCode: string;
  city: string;
  state: string;
  /** Null when the address has no country (it cannot be used for an order then). */
  country: { code: string; name: string } | null;
  phoneNumber: string;
}

export const addressTypes = { default: 0, shipping: 1, invoice: 2, post: 3 } as const satisfies Record<string, AddressType>;

/** The message key of an address without a country. */
export const addressMissingCountry = 'address.missing.country';

/** Why an address cannot receive an order, as a message key; null when it can. */
export function addressProblemForOrder(address: Pick<Address, 'country'>): typeof addressMissingCountry | null {
  return address.country && address.country.code ? null : addressMissingCountry;
}

/** An address can be used for an order when it has a country. */
export function usableForOrder(address: Pick<Address, 'country'>): boolean {
  return addressProblemForOrder(address) === null;
}

/** Types that are the company's master data (see above). */
const masterDataTypes: ReadonlySet<AddressType> = new Set<AddressType>([addressTypes.default, addressTypes.invoice, addressTypes.post]);

export function toAddress(row: AddressRow, locale: RequestContext['locale']): Address {
  const code = row.country_code?.trim() ?? '';
  return {
    _id: row.id,
    type: row.type,
    isDefault: row.is_default === 1,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    companyName: row.company_name ?? '',
    street: row.street ?? '',
    street2: row.street2 ?? '',
    addressline2: row.addressline2 ?? '',
    apartment: row.apartment ?? '',
    zipCode: row.zip_code ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    country: code ? { code, name: countryNameOf(code, locale, row.country_name) } : null,
    phoneNumber: row.phone_number ?? '',
  };
}

interface AddressDeps {
  addresses: AddressRepository;
  users: Pick<UserRepository, 'findById'>;
  /** Told after a commit that wrote an ERP event, to sequence it soon (ADR 0021). */
  erpEvents: { afterCommit(): void };
}

type BuyerContext = CompanyContext;

/** The address book is the company's: a caller acting for none has none. */
function companyBuyerOf(requestCtx: RequestContext): BuyerContext {
  return requireCompany(requireAccess(requestCtx, 'buyer'));
}

function checkTypeAllowed(ctx: BuyerContext, type: AddressType): void {
  if (masterDataTypes.has(type) && !mayChangeMasterData(ctx.identity)) throw new AppError('forbidden', 'address.master_data.forbidden', { field: 'type' });
}

const notFound = () => new AppError('not_found', 'address.not_found');

function fieldsOf(input: AddressInput, type: AddressType): AddressFields {
  return {
    type,
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    street: input.street,
    street2: input.street2,
    addressline2: input.addressline2,
    apartment: input.apartment,
    zipCode: input.zipCode,
    city: input.city,
    state: input.state,
    countryCode: input.country,
    // Stored in the shop's default language, as imported addresses carry it; answers use the reader's.
    countryName: countryNameOf(input.country, 'de'),
    phoneNumber: input.phoneNumber,
  };
}

export function createAddressService({ addresses, users, erpEvents }: AddressDeps) {
  /** Refuses a write when the user's blockUsersToAddNewAddress is set. */
  async function checkNotBlocked(ctx: BuyerContext, messageKey: 'address.adding.blocked' | 'address.changing.blocked'): Promise<void> {
    const user = await users.findById(ctx.tenant.id, ctx.identity.userId);
    if (!user) throw new AppError('unauthorized', 'error.unauthorized');
    if (user.block_users_to_add_new_address === 1) throw new AppError('forbidden', messageKey);
  }

  async function listOf(ctx: BuyerContext): Promise<Address[]> {
    return (await addresses.list(ctx.tenant.id, ctx.identity.companyId)).map((row) => toAddress(row, ctx.locale));
  }

  return {
    /** GET /api/address: the company's addresses, by type, each type's default first. */
    async list(requestCtx: RequestContext): Promise<{ data: Address[] }> {
      const ctx = companyBuyerOf(requestCtx);
      return { data: await listOf(ctx) };
    },

    /**
     * The entitlement checks of adding, before any input is read: a guest, a blocked user (and, for the
     * master data types, a plain customer) is refused whatever they send.
     */
    async checkMayAdd(requestCtx: RequestContext): Promise<void> {
      await checkNotBlocked(companyBuyerOf(requestCtx), 'address.adding.blocked');
    },

    /** The entitlement checks of changing, before any input is read. */
    async checkMayChange(requestCtx: RequestContext): Promise<void> {
      await checkNotBlocked(companyBuyerOf(requestCtx), 'address.changing.blocked');
    },

    /** POST /api/address: adds an address to the company (a shipping address unless `type` says otherwise). */
    async create(requestCtx: RequestContext, input: AddressInput): Promise<Address> {
      const ctx = companyBuyerOf(requestCtx);
      await checkNotBlocked(ctx, 'address.adding.blocked');
      const type = input.type ?? addressTypes.shipping;
      checkTypeAllowed(ctx, type);
      const row = await addresses.create(ctx.tenant.id, ctx.identity.companyId, fieldsOf(input, type), input.isDefault ?? false, maxAddressesPerCompany, auditHook(ctx, 'address.added'));
      if (!row) throw new AppError('conflict', 'address.limit_reached', { params: { max: maxAddressesPerCompany } });
      erpEvents.afterCommit();
      return toAddress(row, ctx.locale);
    },

    /** PUT /api/address/{id}: replaces the address's fields; `type` and `isDefault` stay as they are when absent. */
    async update(requestCtx: RequestContext, id: number, input: AddressInput): Promise<Address> {
      const ctx = companyBuyerOf(requestCtx);
      await checkNotBlocked(ctx, 'address.changing.blocked');
      const row = await addresses.update(ctx.tenant.id, ctx.identity.companyId, id, (current) => {
        const type = input.type ?? current.type;
        checkTypeAllowed(ctx, current.type);
        checkTypeAllowed(ctx, type);
        // A changed type starts as an ordinary address of its new type unless asked otherwise.
        const isDefault = input.isDefault ?? (type === current.type && current.is_default === 1);
        return { fields: fieldsOf(input, type), isDefault };
      }, auditHook(ctx, 'address.changed'));
      if (!row) throw notFound();
      erpEvents.afterCommit();
      return toAddress(row, ctx.locale);
    },

    /** DELETE /api/address/{id}. */
    async remove(requestCtx: RequestContext, id: number): Promise<void> {
      const ctx = companyBuyerOf(requestCtx);
      const deleted = await addresses.delete(ctx.tenant.id, ctx.identity.companyId, id, (current, others) => {
        checkTypeAllowed(ctx, current.type);
        const billing = (row: AddressRow) => row.type === addressTypes.default || row.type === addressTypes.invoice;
        if (billing(current) && !others.some(billing)) throw new AppError('conflict', 'address.delete.invoice_required');
      }, auditHook(ctx, 'address.deleted'));
      if (!deleted) throw notFound();
      erpEvents.afterCommit();
    },

    /**
     * What the checkout offers: the shipping choices, the default shipping address first, then
     * the company's default address, then the other shipping addresses; and the invoice address, shown
     * read-only: the company's invoice address, else its default address (each type's default first).
     * Addresses without a country are included (the page shows them with 'address.missing.country').
     */
    async checkoutAddresses(requestCtx: RequestContext): Promise<{ shipping: Address[]; invoice: Address | null }> {
      const ctx = companyBuyerOf(requestCtx);
      const all = await listOf(ctx);
      const ofType = (type: AddressType) => all.filter((address) => address.type === type);
      const shippingAddresses = ofType(addressTypes.shipping);
      const shipping = [
        ...shippingAddresses.filter((address) => address.isDefault),
        ...ofType(addressTypes.default),
        ...shippingAddresses.filter((address) => !address.isDefault),
      ];
      const invoice = ofType(addressTypes.invoice)[0] ?? ofType(addressTypes.default)[0] ?? null;
      return { shipping, invoice };
    },

    /** One of the company's addresses (the order's shipping address); 404 'address.not_found' like the API. */
    async findForCompany(requestCtx: RequestContext, id: number): Promise<Address> {
      const ctx = companyBuyerOf(requestCtx);
      const row = await addresses.find(ctx.tenant.id, ctx.identity.companyId, id);
      if (!row) throw notFound();
      return toAddress(row, ctx.locale);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
