import { expect } from 'vitest';
import type { ErpScope } from '../../server/modules/access/erp-access.ts';
import type { TestShop } from './helper.ts';

// What the ERP event and order tests share: API keys, ERP requests, and placing an order as a buyer
// through the storefront API (a basket of one product, then POST /api/order/create).

/** An event as GET /erp/v1/events answers it. */
export interface FeedEvent {
  id: number;
  type: string;
  seq: number;
  occurredAt: string;
  data: Record<string, unknown>;
}

export async function demoTenantId(shop: TestShop): Promise<number> {
  return (await shop.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
}

/** A key of a new API client of the tenant with these scopes. */
export async function erpKey(shop: TestShop, tenantId: number, scopes: ErpScope[]): Promise<string> {
  const { secret } = await shop.services.apiClients.create({ tenantId, name: `ERP ${scopes.join(' ')} ${Math.random()}`, scopes, expiresAt: null });
  return secret;
}

/** An ERP request: status and parsed body. */
export async function erpCall(app: TestShop['app'], secret: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: secret ? { authorization: `Bearer ${secret}` } : {}, ...(payload ? { payload } : {}) });
  return { statusCode: response.statusCode, body: response.body ? response.json() : null };
}

/** A second tenant with nothing but itself: its keys must never reach the demo tenant's data. */
export async function otherTenant(shop: TestShop, slug: string): Promise<number> {
  return (await shop.db.insertInto('tenants').values({ slug, name: `Anderer Großhandel ${slug}` }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A product any demo buyer can order one by one (stock that may run into backorder, no batch size). */
export async function orderableProduct(shop: TestShop) {
  return shop.db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('is_only_sellable_with_positive_stock', '=', 0)
    .where('is_active', '=', 1)
    .where('sales_batch_size', '=', 1)
    .where('price_cents', '>', 1000)
    .where('category_id', 'not in', shop.db.selectFrom('categories').select('id').where('slug', 'in', ['angebote', 'auslaufartikel']))
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
}

export async function shippingAddressOf(shop: TestShop, customerNo: string): Promise<number> {
  const company = await shop.db.selectFrom('companies').select('id').where('customer_no', '=', customerNo).executeTakeFirstOrThrow();
  return (await shop.db.selectFrom('addresses').select('id').where('company_id', '=', company.id).where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
}

/** Puts the product into the buyer's order cart; `authorization` is a storefront session's header value. */
export async function fillBasket(app: TestShop['app'], authorization: string, product: { id: number; sku: string }, quantity = 1): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/basket', headers: { authorization }, payload: { items: [{ _id: product.id, sku: product.sku, orderType: 'order', quantity }] } });
  expect(response.statusCode, response.body).toBe(200);
}

/** POST /api/order/create for the buyer's order cart, paid on account; extra fields go into the body. */
export function placeOrder(app: TestShop['app'], authorization: string, key: string, addressId: number, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/order/create',
    headers: { authorization, 'idempotency-key': key },
    payload: { orderType: 'order', shippingAddressId: addressId, shippingMethodId: 1, paymentMethodId: 1, termsAccepted: true, ...extra },
  });
}
