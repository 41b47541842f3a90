import type { Database } from '../../db/database.ts';

// What a checkout reads about the buyer, on the order's transaction: the user's and the company's flags
// and terms, the chosen address and payment method. (Shipping methods come from the site configuration,
// the same data the browser prices the cart with.) Every lookup is scoped to the tenant and, for company
// data, to the company: a foreign id finds nothing.

export interface CheckoutBuyer {
  is_active: number;
  is_locked: number;
  /** Where the order confirmation goes. */
  email: string;
  user_min_cart_amount_cents: number;
  company_id: number;
  company_is_active: number;
  blocked_delivery: number;
  show_net_prices: number;
  discount_type: string | null;
  discount_percent_bp: number;
  freight_expense_cents: number | null;
  freight_expense_until_cents: number | null;
  company_min_cart_amount_cents: number;
  company_name: string;
  /** The company's VAT country: decides the VAT rate its order is charged. */
  vat_country_code: string;
}

const addressColumns = [
  'id',
  'type',
  'company_name',
  'first_name',
  'last_name',
  'street',
  'street2',
  'addressline2',
  'apartment',
  'zip_code',
  'city',
  'state',
  'country_code',
  'country_name',
  'phone_number',
] as const;

export function createCheckoutDataRepository(db: Database) {
  return {
    findBuyer(tenantId: number, userId: number, companyId: number): Promise<CheckoutBuyer | undefined> {
      return db
        .selectFrom('users as u')
        .innerJoin('companies as c', (join) => join.on('c.id', '=', companyId).on('c.tenant_id', '=', tenantId))
        .select([
          'u.is_active',
          'u.is_locked',
          'u.email',
          'u.min_cart_amount_cents as user_min_cart_amount_cents',
          'c.id as company_id',
          'c.is_active as company_is_active',
          'c.blocked_delivery',
          'c.show_net_prices',
          'c.discount_type',
          'c.discount_percent_bp',
          'c.freight_expense_cents',
          'c.freight_expense_until_cents',
          'c.min_cart_amount_cents as company_min_cart_amount_cents',
          'c.name as company_name',
          'c.vat_country_code',
        ])
        .where('u.tenant_id', '=', tenantId)
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The chosen shipping address and the company's invoice address (type 2, else its default address,
     * type 0), in one query: a checkout needs both.
     */
    async findAddresses(tenantId: number, companyId: number, addressId: number) {
      const rows = await db
        .selectFrom('addresses')
        .select([...addressColumns, 'is_default'])
        .where('tenant_id', '=', tenantId)
        .where('company_id', '=', companyId)
        .where((eb) => eb.or([eb('id', '=', addressId), eb('type', 'in', [0, 2])]))
        .execute();
      const invoiceCandidates = rows
        .filter((row) => row.type === 0 || row.type === 2)
        .sort((a, b) => b.type - a.type || b.is_default - a.is_default || a.id - b.id);
      const strip = (row: (typeof rows)[number] | undefined) => {
        if (!row) return undefined;
        const { is_default: _isDefault, ...address } = row;
        return address;
      };
      return { address: strip(rows.find((row) => row.id === addressId)), invoiceAddress: strip(invoiceCandidates[0]) };
    },

    findPaymentMethod(tenantId: number, methodId: number) {
      return db
        .selectFrom('payment_methods')
        .select(['id', 'code', 'name_de', 'name_en'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', methodId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
    },
  };
}

export type CheckoutDataRepository = ReturnType<typeof createCheckoutDataRepository>;
export type CheckoutAddress = NonNullable<Awaited<ReturnType<CheckoutDataRepository['findAddresses']>>['address']>;
