import { z } from 'zod';
import { countryCode, optionalLine, requiredLine } from '../../http/field-schemas.ts';
import { amountSchema, flag, percentSchema } from './erp-values.ts';
import { externalIdSchema } from './external-id.ts';

// A customer company as the ERP sends it (PUT /erp/v1/companies; docs/product.md, Entities "Company" and
// "Discount, shipping and minimum order amount"). The row is the whole record: every field is written as
// sent. The key is the company's customer number, which the storefront shows and sales persons search by.

export const companyRowSchema = z
  .strictObject({
    externalId: externalIdSchema.meta({ description: 'The customer number (unique in the shop); the storefront shows it and sales persons search by it.' }),
    name: requiredLine(150),
    vatCountry: countryCode().meta({ description: 'ISO 3166-1 alpha-2 code of the company’s VAT country: decides the VAT rate its prices carry.' }),
    showNetPrices: z.boolean().meta({ description: 'The company’s users see prices net (true) or gross (false).' }),
    discountPercent: percentSchema.meta({ description: 'The customer discount in percent (0 to 100, at most two decimals); 0 for none.' }),
    discountType: optionalLine(30).meta({
      description:
        'How the discount applies: `percent` (or `invoice`, `deducted`) takes it off the goods at checkout, `price` (or `included`) says it is already in the customer prices; none or anything else grants nothing.',
    }),
    freight: z
      .strictObject({
        amount: amountSchema.meta({ description: 'Surcharge on the shipping price, in the shop’s currency.' }),
        freeFrom: amountSchema.meta({ description: 'Net cart amount above which the surcharge is not charged.' }),
      })
      .nullable()
      .meta({ description: 'The company’s freight surcharge, charged while the cart amount is at or below `freeFrom`; null for none.' }),
    minimumOrderAmount: amountSchema.meta({ description: 'Net cart amount each order must reach, in the shop’s currency; 0 for the shop’s own minimum.' }),
    blockedDelivery: z.boolean().meta({ description: 'Nobody may order for delivery to the company (its users still sign in and browse).' }),
    active: z.boolean().meta({ description: 'false blocks the company: its users still sign in and browse, but nobody orders for it.' }),
    usersSeeCompanyOrders: z.boolean().meta({ description: 'Users who are not customer admins see all the company’s orders (true) or only their own.' }),
    usersSeeFinance: z.boolean().meta({ description: 'Users who are not customer admins see the company’s invoices and credits.' }),
  })
  .meta({
    id: 'CompanyRow',
    description: 'A customer company, keyed by its customer number.',
    example: {
      externalId: '10001',
      name: 'Muster Baubedarf GmbH',
      vatCountry: 'DE',
      showNetPrices: true,
      discountPercent: 3,
      discountType: 'percent',
      freight: { amount: 15, freeFrom: 300 },
      minimumOrderAmount: 50,
      blockedDelivery: false,
      active: true,
      usersSeeCompanyOrders: true,
      usersSeeFinance: false,
    },
  });

export type CompanyRow = z.output<typeof companyRowSchema>;

/** The columns a company row writes (everything of the company but its key, id and maintenance flag). */
export interface CompanyColumns {
  name: string;
  vat_country_code: string;
  show_net_prices: 0 | 1;
  discount_type: string | null;
  discount_percent_bp: number;
  freight_expense_cents: number | null;
  freight_expense_until_cents: number | null;
  min_cart_amount_cents: number;
  blocked_delivery: 0 | 1;
  is_active: 0 | 1;
  users_see_company_orders: 0 | 1;
  users_see_finance: 0 | 1;
}

export const companyColumnNames = [
  'name',
  'vat_country_code',
  'show_net_prices',
  'discount_type',
  'discount_percent_bp',
  'freight_expense_cents',
  'freight_expense_until_cents',
  'min_cart_amount_cents',
  'blocked_delivery',
  'is_active',
  'users_see_company_orders',
  'users_see_finance',
] as const satisfies readonly (keyof CompanyColumns)[];

export function companyColumnsOf(row: CompanyRow): CompanyColumns {
  return {
    name: row.name,
    vat_country_code: row.vatCountry,
    show_net_prices: flag(row.showNetPrices),
    discount_type: row.discountType,
    discount_percent_bp: row.discountPercent,
    freight_expense_cents: row.freight?.amount ?? null,
    freight_expense_until_cents: row.freight?.freeFrom ?? null,
    min_cart_amount_cents: row.minimumOrderAmount,
    blocked_delivery: flag(row.blockedDelivery),
    is_active: flag(row.active),
    users_see_company_orders: flag(row.usersSeeCompanyOrders),
    users_see_finance: flag(row.usersSeeFinance),
  };
}

/** Whether the stored company already holds exactly these columns. */
export function sameCompany(stored: CompanyColumns, next: CompanyColumns): boolean {
  return companyColumnNames.every((column) => stored[column] === next[column]);
}
