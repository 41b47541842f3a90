import { expect } from 'vitest';
import type { RequestContext } from '../../server/context.ts';
import type { Role } from '../../server/db/schema.ts';
import { callApi, type TestShop } from './helper.ts';
import { createCompany, createUser, insertOrder, type HistoryUser } from './order-history-fixtures.ts';

// What the review tests share: companies of their own with buyers, products they may see, orders that make
// a product bought (or not: cancelled, unpaid), and reviews written through the API.

export interface ReviewProduct {
  id: number;
  sku: string;
  name: string;
}

export interface Buyer extends HistoryUser {
  companyId: number;
}

/** Active products of active categories other than the deals and the discontinued, in id order. */
export function visibleProducts(shop: TestShop, tenantId: number) {
  return shop.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.sku', 'p.name'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.is_active', '=', 1)
    .where('c.is_active', '=', 1)
    .where('c.slug', 'not in', ['angebote', 'auslaufartikel'])
    .orderBy('p.id');
}

/** A company of the test's own with buyers of the given roles (signed in), by username. */
export async function companyWithBuyers(shop: TestShop, tenantId: number, customerNo: string, users: Record<string, Role>): Promise<Record<string, Buyer>> {
  const companyId = await createCompany(shop.db, tenantId, customerNo, 1);
  const buyers: Record<string, Buyer> = {};
  for (const [username, role] of Object.entries(users)) buyers[username] = { ...(await createUser(shop.db, tenantId, companyId, username, role)), companyId };
  return buyers;
}

let orders = 0;

/** An order of the buyer's company with a line of the product (of its variant, where named) in the payment state given. */
export async function buy(shop: TestShop, tenantId: number, buyer: Buyer, product: ReviewProduct, paymentStatus = 'open', variantSku: string | null = null): Promise<void> {
  orders += 1;
  await insertOrder(shop.db, tenantId, {
    companyId: buyer.companyId,
    userId: buyer.userId,
    orderNumber: `REV-${process.pid}-${orders}`,
    orderDate: '2026-10-01T10:00:00.000Z',
    paymentStatus,
    lines: [{ sku: product.sku, variantSku, name: product.name, quantity: 1, unitCents: 1000, productId: product.id }],
  });
}

/** A review's fields with a title and text; `extra` adds or replaces. */
export function reviewOf(productId: number, extra: Record<string, unknown> = {}) {
  return { productId, rating: 4, title: 'Solide Qualität', text: 'Gut verarbeitet.\nSchnell geliefert.', ...extra };
}

/** POST /api/review as the buyer, expected to be taken (201); answers the review. */
export async function submitted(shop: TestShop, auth: string, body: Record<string, unknown>) {
  const answer = await callApi(shop, auth, 'POST', '/api/review', body);
  expect(answer.statusCode, answer.raw).toBe(201);
  return answer.body.data as { _id: number; status?: string; updatedAt: string | null };
}

/** The kept summary row of a product (none before its first published review). */
export function statsOf(shop: TestShop, productId: number) {
  return shop.db.selectFrom('product_review_stats').select(['published_count', 'rating_sum', 'stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5']).where('product_id', '=', productId).executeTakeFirst();
}

/** The request context of a buyer, as a page loader has it. */
export function contextOf(tenantId: number, buyer: Buyer, role: Role): RequestContext {
  return { tenant: { id: tenantId, slug: 'demo' }, locale: 'de', identity: { sessionId: 1, userId: buyer.userId, role, companyId: buyer.companyId } };
}
