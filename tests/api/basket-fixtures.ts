import { expect } from 'vitest';
import type { TestShop } from './helper.ts';

// The seeded demo catalogue as the basket and wishlist tests need it: each product with its
// variants, pre-stocks (in season order) and customer prices, so a test can pick one by its traits.

export interface TestProduct {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  preOrderPriceCents: number | null;
  stock: number;
  batchSize: number;
  isStockFreeze: boolean;
  isPositiveStockOnly: boolean;
  isActive: boolean;
  variants: { variantSku: string; name: string; priceCents: number | null; stock: number }[];
  preStocks: number[];
  /** Customer prices by customer number. */
  customerPrices: Map<string, number>;
}

export async function loadCatalogue(shop: TestShop): Promise<{ products: TestProduct[]; seasonIds: number[]; tenantId: number }> {
  const db = shop.db;
  const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const [rows, variants, seasons, preStocks, prices] = await Promise.all([
    db.selectFrom('products').selectAll().where('tenant_id', '=', tenant.id).orderBy('id').execute(),
    db.selectFrom('product_variants').selectAll().where('tenant_id', '=', tenant.id).where('is_active', '=', 1).orderBy('sort_order').execute(),
    db.selectFrom('seasons').select('id').where('tenant_id', '=', tenant.id).orderBy('sort_order').orderBy('id').execute(),
    db.selectFrom('product_pre_stocks').selectAll().where('tenant_id', '=', tenant.id).execute(),
    db
      .selectFrom('customer_prices')
      .innerJoin('companies', 'companies.id', 'customer_prices.company_id')
      .select(['customer_prices.product_id', 'customer_prices.price_cents', 'companies.customer_no'])
      .where('customer_prices.tenant_id', '=', tenant.id)
      .execute(),
  ]);
  const seasonIds = seasons.map((s) => s.id);
  const products = rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    priceCents: row.price_cents,
    preOrderPriceCents: row.pre_order_price_cents,
    stock: row.stock,
    batchSize: row.sales_batch_size,
    isStockFreeze: row.is_stock_freeze === 1,
    isPositiveStockOnly: row.is_only_sellable_with_positive_stock === 1,
    isActive: row.is_active === 1,
    variants: variants
      .filter((v) => v.product_id === row.id)
      .map((v) => ({ variantSku: v.variant_sku, name: v.name, priceCents: v.price_cents, stock: v.stock })),
    preStocks: preStocks.some((p) => p.product_id === row.id)
      ? seasonIds.map((season) => preStocks.find((p) => p.product_id === row.id && p.season_id === season)?.quantity ?? 0)
      : [],
    customerPrices: new Map(prices.filter((p) => p.product_id === row.id).map((p) => [p.customer_no, p.price_cents])),
  }));
  return { products, seasonIds, tenantId: tenant.id };
}

/** The first active product with the given traits; fails the test when the seed has none. */
export function pick(products: readonly TestProduct[], wanted: (p: TestProduct) => boolean, what: string): TestProduct {
  const found = products.find((p) => p.isActive && wanted(p));
  expect(found, `the seeded catalogue has ${what}`).toBeDefined();
  return found as TestProduct;
}

/** A simple active product: no variants, no customer prices, batch size 1, plenty of stock. */
export function isPlain(p: TestProduct): boolean {
  return p.isActive && p.variants.length === 0 && p.customerPrices.size === 0 && p.batchSize === 1 && p.stock >= 100 && !p.isPositiveStockOnly && p.preStocks.length === 0;
}

export function orderLine(p: TestProduct, quantity: number, extra: Record<string, unknown> = {}) {
  return { _id: p.id, sku: p.sku, orderType: 'order', quantity, ...extra };
}

export function preOrderLine(p: TestProduct, quantities: number[], extra: Record<string, unknown> = {}) {
  return { _id: p.id, sku: p.sku, orderType: 'preOrder', quantities, ...extra };
}

/** Signs a demo account in and returns a small client for its API calls. */
export async function clientFor(shop: TestShop, account: Parameters<TestShop['login']>[0]) {
  const auth = await shop.login(account);
  const me = await shop.app.inject({ url: '/api/user/currentUser', headers: { authorization: auth } });
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await shop.app.inject({ method, url, headers: { authorization: auth }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { statusCode: response.statusCode, body: response.json() };
  };
  return {
    auth,
    userId: me.json<{ userId: number }>().userId,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
  };
}

export type ApiClient = Awaited<ReturnType<typeof clientFor>>;

/** Changes one site setting (as an admin would) and drops the cached settings. */
export async function setSiteSetting(shop: TestShop, tenantId: number, key: string, value: unknown): Promise<void> {
  const row = await shop.db.selectFrom('site_settings').select('settings').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  const settings = { ...JSON.parse(row.settings), [key]: value };
  await shop.db.updateTable('site_settings').set({ settings: JSON.stringify(settings) }).where('tenant_id', '=', tenantId).execute();
  shop.services.settings.clearCache();
}
