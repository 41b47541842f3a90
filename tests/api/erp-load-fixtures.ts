import { expect } from 'vitest';
import type { TestShop } from './helper.ts';

// The demo tenant and an API key come from the order fixtures: one way for every ERP test.
export { demoTenantId, erpKey } from './erp-order-fixtures.ts';

// What the ERP load tests (prices, stock, seasons) share: a key with scopes, a PUT with it, and products
// made directly in the test's database as the ERP's catalogue load leaves them.

export interface LoadAnswer {
  counts: { created: number; updated: number; unchanged: number; failed: number };
  rows: { line: number; key: string; result: string; errors?: { path: string; code: string; message: string }[] }[];
}

/** A PUT to the ERP API; `body` as JSON, or a string sent as NDJSON. */
export function erpPut(shop: TestShop, secret: string | null, path: string, body: unknown) {
  const ndjson = typeof body === 'string';
  return shop.app.inject({
    method: 'PUT',
    url: `/erp/v1${path}`,
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' },
    payload: ndjson ? body : JSON.stringify(body),
  });
}

/** A PUT that must answer 200; its per-row answer. */
export async function erpLoad(shop: TestShop, secret: string, path: string, rows: unknown[]): Promise<LoadAnswer> {
  const answer = await erpPut(shop, secret, path, rows);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LoadAnswer>();
}

/** Each row's result (and error codes by path), for a compact comparison. */
export function outcomes(answer: LoadAnswer) {
  return answer.rows.map((row) => ({
    line: row.line,
    key: row.key,
    result: row.result,
    ...(row.errors ? { errors: Object.fromEntries(row.errors.map((error) => [error.path, error.code])) } : {}),
  }));
}

/** A main category every demo buyer sees (not a deal, active, no parent). */
export async function visibleCategoryId(shop: TestShop, tenantId: number): Promise<number> {
  const category = await shop.db
    .selectFrom('categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('parent_id', 'is', null)
    .where('is_deal', '=', 0)
    .where('is_active', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return category.id;
}

export interface NewProduct {
  sku: string;
  priceCents?: number;
  stock?: number;
  /** The ERP's active flag; with hasPrice 0 the product is not shown (migration 0034). */
  erpActive?: 0 | 1;
  hasPrice?: 0 | 1;
  currency?: string;
  variants?: { variantSku: string; priceCents?: number | null; stock?: number }[];
}

/** A product as the catalogue load leaves it: is_active = erp_active and has_price. Answers its id. */
export async function insertProduct(shop: TestShop, tenantId: number, categoryId: number, product: NewProduct): Promise<number> {
  const erpActive = product.erpActive ?? 1;
  const hasPrice = product.hasPrice ?? 1;
  const row = await shop.db
    .insertInto('products')
    .values({
      tenant_id: tenantId,
      category_id: categoryId,
      sku: product.sku,
      name: `ERP-Artikel ${product.sku}`,
      name_en: null,
      description: null,
      description_en: null,
      price_cents: product.priceCents ?? 0,
      retail_price_cents: null,
      pre_order_price_cents: null,
      currency: product.currency ?? 'EUR',
      vat_rate_bp: 1900,
      stock: product.stock ?? 0,
      sales_unit_id: null,
      release_date: null,
      bestseller_rank: null,
      erp_active: erpActive,
      has_price: hasPrice,
      is_active: erpActive && hasPrice ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, variant] of (product.variants ?? []).entries()) {
    await shop.db
      .insertInto('product_variants')
      .values({
        tenant_id: tenantId,
        product_id: row.id,
        variant_sku: variant.variantSku,
        name: `ERP-Variante ${variant.variantSku}`,
        price_cents: variant.priceCents ?? null,
        stock: variant.stock ?? 0,
        sort_order: index,
      })
      .execute();
  }
  return row.id;
}

/** A tenant of its own (for another wholesaler's API key). */
export async function insertOtherTenant(shop: TestShop, slug: string): Promise<number> {
  return (await shop.db.insertInto('tenants').values({ slug, name: `Großhandel ${slug}` }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A company row as PUT /erp/v1/companies takes it: an ordinary German customer unless `fields` say otherwise. */
export const erpCompany = (externalId: string, fields: Record<string, unknown> = {}) => ({
  externalId,
  name: `Firma ${externalId}`,
  vatCountry: 'DE',
  showNetPrices: true,
  discountPercent: 0,
  discountType: null,
  freight: null,
  minimumOrderAmount: 0,
  blockedDelivery: false,
  active: true,
  usersSeeCompanyOrders: true,
  usersSeeFinance: false,
  ...fields,
});
