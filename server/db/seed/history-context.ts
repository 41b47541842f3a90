import type { Kysely } from 'kysely';
import type { CompanyFreight, ShippingMethodRates } from '../../../core/shipping-price.ts';
import type { DB, Row } from '../schema.ts';
import { inactiveCategory } from './catalog-words.ts';
import { generateProduct, type GeneratedProduct } from './product-generator.ts';

// What the order history generator (order-history.ts) reads from the seeded database: the seller, the
// shipping and payment methods, the seasons, a company with its addresses and VAT rates, and the
// products it may order. Everything else it computes.

/** The products orders are made of: the first few hundred generated products that are on sale. */
export const historyCatalogueSize = 400;

export interface HistoryProduct extends GeneratedProduct {
  id: number;
  /** Variant sku → variant id. */
  variantIds: ReadonlyMap<string, number>;
}

export interface HistoryShippingMethod {
  id: number;
  name: string;
  rates: ShippingMethodRates;
}

export interface HistoryPaymentMethod {
  id: number;
  name: string;
}

export interface HistoryContext {
  tenantId: number;
  /** The moment the history ends (SEED_TIME): nothing happens after it. */
  cutoffMs: number;
  /** The seller snapshot { name, address, postCode, city, countryCode, countryName, phone, email, logoUrl } as JSON. */
  sellerJson: string;
  products: readonly HistoryProduct[];
  /** By name: 'Standardversand', 'Expressversand', 'Speditionsversand'. */
  shippingMethods: ReadonlyMap<string, HistoryShippingMethod>;
  /** By code: 'invoice', 'prepayment'. */
  paymentMethods: ReadonlyMap<string, HistoryPaymentMethod>;
  /** Season date ('2027-03-01') → season id, for pre-order lines of seasons that still exist. */
  seasonIds: ReadonlyMap<string, number>;
}

export interface HistoryCompany {
  id: number;
  customerNo: string;
  name: string;
  countryCode: string;
  showNetPrices: boolean;
  discountType: string | null;
  discountPercentBp: number;
  freight: CompanyFreight | null;
  /** The company's addresses, the default (invoice) address first. */
  addresses: readonly Row<'addresses'>[];
  vatRates: { standard: number; reduced: number };
}

export async function loadHistoryContext(db: Kysely<DB>, tenantId: number, cutoffMs: number, productCount: number): Promise<HistoryContext> {
  const [seller, methods, rates, payments, seasons, products] = await Promise.all([
    db.selectFrom('seller_companies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow(),
    db.selectFrom('shipping_methods').select(['id', 'name', 'is_active']).where('tenant_id', '=', tenantId).execute(),
    db
      .selectFrom('shipping_method_countries as c')
      .innerJoin('shipping_methods as m', 'm.id', 'c.shipping_method_id')
      .select(['c.shipping_method_id', 'c.country_code', 'c.price_cents', 'c.currency', 'c.limit_type', 'c.limit_value', 'c.limit_cart_amount_cents'])
      .where('m.tenant_id', '=', tenantId)
      .execute(),
    db.selectFrom('payment_methods').select(['id', 'code', 'name_de']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('seasons').select(['id', 'date']).where('tenant_id', '=', tenantId).execute(),
    loadHistoryProducts(db, tenantId, productCount),
  ]);
  const sellerJson = JSON.stringify({
    name: seller.name,
    address: seller.address,
    postCode: seller.post_code,
    city: seller.city,
    countryCode: seller.country_code,
    countryName: seller.country_name,
    phone: seller.phone,
    email: seller.email,
    logoUrl: seller.logo_url,
  });
  const shippingMethods = new Map(
    methods.map((m) => {
      const countries = rates
        .filter((r) => r.shipping_method_id === m.id)
        .map((r) => ({
          code: r.country_code,
          priceCents: r.price_cents,
          currency: r.currency,
          limit: r.limit_type === null || r.limit_value === null || r.limit_cart_amount_cents === null ? null : { type: r.limit_type, value: r.limit_value, cartAmountCents: r.limit_cart_amount_cents },
        }));
      return [m.name, { id: m.id, name: m.name, rates: { isActive: m.is_active === 1, countries } }];
    }),
  );
  return {
    tenantId,
    cutoffMs,
    sellerJson,
    products,
    shippingMethods,
    paymentMethods: new Map(payments.map((p) => [p.code, { id: p.id, name: p.name_de }])),
    seasonIds: new Map(seasons.map((s) => [s.date, s.id])),
  };
}

async function loadHistoryProducts(db: Kysely<DB>, tenantId: number, productCount: number): Promise<HistoryProduct[]> {
  const count = Math.min(productCount, historyCatalogueSize);
  const generated = Array.from({ length: count }, (_, k) => generateProduct(k + 1)).filter((p) => p.isActive && p.categorySlug !== inactiveCategory.slug);
  if (generated.length === 0) return [];
  const rows = await db.selectFrom('products').select(['id', 'sku']).where('tenant_id', '=', tenantId).where('sku', 'in', generated.map((p) => p.sku)).execute();
  if (rows.length === 0) return [];
  const variants = await db
    .selectFrom('product_variants')
    .select(['id', 'variant_sku'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', 'in', rows.map((r) => r.id))
    .execute();
  const idBySku = new Map(rows.map((r) => [r.sku, r.id]));
  const variantIds = new Map(variants.map((v) => [v.variant_sku, v.id]));
  return generated.flatMap((p) => {
    const id = idBySku.get(p.sku);
    return id === undefined ? [] : [{ ...p, id, variantIds }];
  });
}

export async function loadHistoryCompany(db: Kysely<DB>, tenantId: number, customerNo: string): Promise<HistoryCompany | undefined> {
  const company = await db.selectFrom('companies').selectAll().where('tenant_id', '=', tenantId).where('customer_no', '=', customerNo).executeTakeFirst();
  if (!company) return undefined;
  const [addresses, vat] = await Promise.all([
    db.selectFrom('addresses').selectAll().where('company_id', '=', company.id).orderBy('type').orderBy('id').execute(),
    db.selectFrom('vat_rates').select(['tax_category', 'rate_bp']).where('tenant_id', '=', tenantId).where('country_code', '=', company.vat_country_code).execute(),
  ]);
  const rate = (category: string) => vat.find((v) => v.tax_category === category)?.rate_bp ?? 0;
  return {
    id: company.id,
    customerNo: company.customer_no,
    name: company.name,
    countryCode: company.vat_country_code,
    showNetPrices: company.show_net_prices === 1,
    discountType: company.discount_type,
    discountPercentBp: company.discount_percent_bp,
    freight:
      company.freight_expense_cents !== null && company.freight_expense_until_cents !== null
        ? { freightExpenseCents: company.freight_expense_cents, freightExpenseUntilCents: company.freight_expense_until_cents }
        : null,
    addresses,
    vatRates: { standard: rate('standard'), reduced: rate('reduced') },
  };
}
